#include "incident_tracker.h"

#include "../snapshot/format.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace pelscope {

size_t qHash(const IncidentTracker::Subject &s, size_t seed) noexcept
{
    return qHashMulti(seed, quint8(s.kind), s.key, s.group);
}

std::optional<qint64> entriesAddedOf(const StreamSnapshot &s)
{
    std::optional<qint64> added = s.entriesAdded;
    for (const GroupSnapshot &g : s.groups)
        if (g.entriesRead && g.lag && *g.lag >= 0 && *g.entriesRead >= 0 && (!added || *g.entriesRead + *g.lag > *added))
            added = *g.entriesRead + *g.lag;
    return added;
}

const char *derivedFromText(const QByteArray &code)
{
    if (code == "oldest_idle")
        return QT_TRANSLATE_NOOP("Health", "from the oldest pending entry's idle time");
    if (code == "behind")
        return QT_TRANSLATE_NOOP("Health", "from the oldest unread entry's ID");
    if (code == "consumer_idle")
        return QT_TRANSLATE_NOOP("Health", "from a stalled consumer's idle time");
    if (code == "overdue")
        return QT_TRANSLATE_NOOP("Health", "from the oldest overdue item's due time");
    if (code == "processing")
        return QT_TRANSLATE_NOOP("Health", "from the oldest processing item's time");
    if (code == "unserved")
        return QT_TRANSLATE_NOOP("Health", "from how long no worker has taken an item");
    if (code == "oldest_waiting")
        return QT_TRANSLATE_NOOP("Health", "from the oldest waiting job's enqueue time");
    return QT_TRANSLATE_NOOP("Health", "from the data");
}

QString incidentSinceText(const HealthVerdict &v, qint64 nowMs)
{
    const IncidentMark &i = v.incident;
    if (v.status == Health::Ok || i.sinceMs <= 0)
        return {};
    const QString at = QDateTime::fromMSecsSinceEpoch(i.sinceMs, Qt::UTC).toString(Qt::ISODate);
    const QString ago = formatDuration(std::max<qint64>(0, nowMs - i.sinceMs));
    switch (i.basis) {
    case IncidentMark::Basis::Derived: return fillText(QStringLiteral("since about %1 (%2 ago, %3)"), at, ago, QString::fromLatin1(derivedFromText(i.derivedFrom)));
    case IncidentMark::Basis::Watching: return fillText(QStringLiteral("since at least %1 (%2 ago: already when watching began)"), at, ago);
    case IncidentMark::Basis::Observed: break;
    }
    return fillText(QStringLiteral("since %1 (%2 ago)"), at, ago);
}

namespace {

using Start = std::optional<std::pair<qint64, QByteArray>>;

// An age `ageMs` read at `nowMs` that is past `thresholdMs` crossed it at
// nowMs - ageMs + thresholdMs; the earliest such crossing is kept.
void crossing(Start &best, std::optional<qint64> ageMs, qint64 thresholdMs, qint64 nowMs, const char *code)
{
    if (!ageMs || *ageMs < thresholdMs)
        return;
    const qint64 at = nowMs - *ageMs + thresholdMs;
    if (!best || at < best->first)
        best = std::pair{at, QByteArray(code)};
}

Reason heldReason(Health level, qint64 lastSeenAgoMs, qint64 dwellMs, const QList<Reason> &evidence)
{
    const QList<ReasonArg> args{ReasonArg::duration(lastSeenAgoMs), ReasonArg::duration(dwellMs),
                                ReasonArg::note(Reason::joined("evidence", evidence))};
    return level == Health::Crit
               ? healthReason("held", QT_TRANSLATE_NOOP("Health", "CRIT held: its evidence was last seen %1 ago, and a better status shows only once %2 pass without it (%3)"), args)
               : healthReason("held", QT_TRANSLATE_NOOP("Health", "WARN held: its evidence was last seen %1 ago, and OK shows only once %2 pass without it (%3)"), args);
}

} // namespace

Start derivedStart(const GroupSnapshot &g, const HealthThresholds &all, qint64 nowMs)
{
    const HealthThresholds &t = all;
    Start best;
    const qint64 idleWarn = g.taskiq ? t.taskiqIdleTimeoutMs : t.oldestIdleWarnMs;
    crossing(best, g.oldestIdleMs, idleWarn, nowMs, "oldest_idle");
    // Only this tick's own reading of "behind": a carried one would date its crossing wrong.
    if (g.oldestUnreadReadAtMs == 0)
        crossing(best, g.oldestUnreadAgeMs, t.behindWarnMs, nowMs, "behind");
    const qint64 consumerWarn = g.taskiq ? t.taskiqIdleTimeoutMs : t.consumerIdleWarnMs;
    for (const StalledConsumer &c : stalledConsumers(g, consumerWarn))
        crossing(best, c.idleMs, consumerWarn, nowMs, "consumer_idle");
    return best;
}

Start derivedStart(const DelayedQueueSnapshot &q, const HealthThresholds &t, qint64 nowMs)
{
    Start best;
    crossing(best, q.oldestOverdueMs, t.delayedOverdueWarnMs, nowMs, "overdue");
    return best;
}

Start derivedStart(const ListQueueSnapshot &q, const HealthThresholds &t, qint64 nowMs)
{
    Start best;
    crossing(best, q.oldestProcessingAgeMs, t.processingTimeoutMs, nowMs, "processing");
    crossing(best, q.unservedForMs, t.unservedWarnMs, nowMs, "unserved");
    return best;
}

Start derivedStart(const JobQueueSnapshot &q, const HealthThresholds &t, qint64 nowMs)
{
    Start best;
    if (q.waiting && *q.waiting > 0)
        crossing(best, q.oldestWaitingMs, t.behindWarnMs, nowMs, "oldest_waiting");
    crossing(best, q.oldestOverdueMs, t.delayedOverdueWarnMs, nowMs, "overdue");
    return best;
}

std::optional<WindowRate> IncidentTracker::Counter::rate(qint64 nowMs, qint64 value, qint64 windowMs)
{
    if (!samples.empty() && value < samples.back().value)
        samples.clear(); // reset (XSETID, a new stream by the same name): a new baseline
    if (!samples.empty() && nowMs <= samples.back().atMs)
        return std::nullopt; // the server's clock did not move
    // Keep one sample at or just before the window's start, none older.
    while (samples.size() > 1 && samples[1].atMs <= nowMs - windowMs)
        samples.pop_front();
    std::optional<WindowRate> out;
    if (!samples.empty()) {
        const Sample &base = samples.front();
        out = WindowRate{double(value - base.value) * 1000.0 / double(nowMs - base.atMs), nowMs - base.atMs};
    }
    if (samples.empty() || nowMs - samples.back().atMs >= windowMs / 32)
        samples.push_back({nowMs, value});
    return out;
}

void IncidentTracker::clear()
{
    m_tracks.clear();
    m_added.clear();
}

IncidentTracker::Track &IncidentTracker::track(const Subject &s, bool *isNew)
{
    auto it = m_tracks.find(s);
    *isNew = it == m_tracks.end();
    if (*isNew)
        it = m_tracks.insert(s, Track{});
    it->seenTick = m_tick;
    return *it;
}

void IncidentTracker::followClaim(Track &t, const GroupSnapshot &g, HealthVerdict &raw, qint64 nowMs)
{
    // Only a consumer list read this tick says who holds what now.
    const bool fresh = !g.consumerList.isEmpty() && (!g.consumersAgeMs || *g.consumersAgeMs == 0);
    if (!fresh) {
        if (t.claim)
            addReason(raw, Health::Warn,
                      healthReason("recovering",
                                   QT_TRANSLATE_NOOP("Health", "recovering: %1 entries claimed %2 ago from %3 to %4, not yet seen acknowledged"),
                                   {ReasonArg::count(t.claim->claimed), ReasonArg::duration(nowMs - t.claim->atMs),
                                    ReasonArg::name(t.claim->from.join(", ")), ReasonArg::name(t.claim->receiver)}));
        return;
    }
    if (raw.stalled.isEmpty() && t.stalled.isEmpty() && !t.claim) {
        // Nobody holds old work, and nothing was claimed: nothing to follow
        // (most groups, most polls: no per-consumer table kept for them).
        t.consumerPending.clear();
        return;
    }
    QHash<QByteArray, qint64> now;
    for (const ConsumerSnapshot &c : g.consumerList)
        now.insert(c.name, c.pending);
    if (!t.consumerPending.isEmpty() && !t.stalled.isEmpty()) {
        // Entries that left the stalled consumers, and the consumer they
        // went to: the one whose holding rose the most. Gone without a
        // receiver is acknowledged or deleted: resolved, not a claim.
        qint64 left = 0;
        QList<QByteArray> from;
        for (const StalledConsumer &c : std::as_const(t.stalled)) {
            const qint64 went = t.consumerPending.value(c.name, c.pending) - now.value(c.name, 0);
            if (went > 0) {
                left += went;
                from << c.name;
            }
        }
        QByteArray receiver;
        qint64 rise = 0;
        for (auto it = now.cbegin(); it != now.cend(); ++it) {
            const bool wasStalled = std::any_of(t.stalled.cbegin(), t.stalled.cend(), [&](const StalledConsumer &c) { return c.name == it.key(); });
            const qint64 up = it.value() - t.consumerPending.value(it.key(), 0);
            if (!wasStalled && up > rise) {
                rise = up;
                receiver = it.key();
            }
        }
        if (left > 0 && rise > 0)
            t.claim = Claim{receiver, from, t.consumerPending.value(receiver, 0), std::min(left, rise), nowMs};
    }
    if (t.claim) {
        const qint64 held = std::min(now.value(t.claim->receiver, 0) - t.claim->baseline, t.claim->claimed);
        if (held <= 0 || !now.contains(t.claim->receiver))
            t.claim.reset(); // the receiver no longer holds them: acknowledged (or it is gone)
        else
            addReason(raw, Health::Warn,
                      healthReason("recovering",
                                   QT_TRANSLATE_NOOP("Health", "recovering: %1 of the %2 entries claimed %3 ago from %4 still held by %5, not acknowledged yet"),
                                   {ReasonArg::count(held), ReasonArg::count(t.claim->claimed), ReasonArg::duration(nowMs - t.claim->atMs),
                                    ReasonArg::name(t.claim->from.join(", ")), ReasonArg::name(t.claim->receiver)}));
    }
    t.consumerPending = std::move(now);
    t.stalled = raw.stalled;
    raw.incident.recovering = t.claim.has_value();
}

void IncidentTracker::judgeTrend(Track &t, const GroupSnapshot &g, HealthVerdict &raw, qint64 nowMs, const HealthThresholds &th)
{
    if (th.trendWindowMs <= 0 || !g.lag) {
        t.lagReadings.clear();
        return;
    }
    const qint64 every = th.trendWindowMs / 10;
    if (t.lagReadings.empty() || nowMs - t.lagReadings.back().atMs >= every)
        t.lagReadings.push_back({nowMs, *g.lag});
    while (!t.lagReadings.empty() && t.lagReadings.front().atMs < nowMs - th.trendWindowMs)
        t.lagReadings.pop_front();
    // Ten readings spanning the window (and now): lag above zero in each,
    // never lower than the one before, higher at the end, and the group
    // read something meanwhile (a group that reads nothing is stalled, not
    // slow). A healthy batch reader's lag falls at each batch, a burst's
    // after it: neither is ever falling behind by this.
    if (t.lagReadings.size() < 10 || nowMs - t.lagReadings.front().atMs < th.trendWindowMs - every)
        return;
    qint64 previous = t.lagReadings.front().value;
    if (previous <= 0)
        return;
    for (const Sample &s : t.lagReadings) {
        if (s.value < previous || s.value <= 0)
            return;
        previous = s.value;
    }
    // Risen by more than a batch reader's sawtooth can by its phase alone:
    // twice the largest step between two polls of the last minute.
    if (previous - t.lagReadings.front().value <= 2 * t.backlog.largestStep() || !g.outRate || g.outRate->perSecond <= 0)
        return;
    addReason(raw, Health::Warn,
              healthReason("falling_behind", QT_TRANSLATE_NOOP("Health", "falling behind: lag never fell over the last %1 while the group reads (%2 → %3)"),
                           {ReasonArg::duration(nowMs - t.lagReadings.front().atMs), ReasonArg::count(t.lagReadings.front().value), ReasonArg::count(previous)}));
}

HealthVerdict IncidentTracker::judge(Track &t, HealthVerdict raw, qint64 nowMs, const HealthThresholds &th, Start derived)
{
    const bool first = t.lastPollMs == 0;
    if (!first && nowMs > t.lastPollMs)
        t.intervalMs = nowMs - t.lastPollMs;
    t.lastPollMs = nowMs;
    const Health evidence = raw.status;
    const Health before = t.evidence;
    t.evidence = evidence;
    for (const Health level : {Health::Warn, Health::Crit})
        if (int(evidence) >= int(level)) {
            t.lastAtMs[int(level)] = nowMs;
            if (evidence == level)
                t.lastReasons[int(level)] = raw.reasons;
        }
    // The status shown: the worst level whose evidence was seen within the
    // dwell. Three polls at least, so a slow poll interval still needs the
    // evidence absent from more than one poll.
    const qint64 dwell = std::max(th.recoverAfterMs, 3 * t.intervalMs);
    Health status = evidence;
    for (const Health level : {Health::Crit, Health::Warn})
        if (int(level) > int(status) && t.lastAtMs[int(level)] > 0 && nowMs - t.lastAtMs[int(level)] < dwell) {
            status = level;
            break;
        }
    HealthVerdict v = std::move(raw);
    if (status != evidence) {
        v.status = status;
        v.reasons << heldReason(status, nowMs - t.lastAtMs[int(status)], dwell, t.lastReasons[int(status)]);
    }

    IncidentMark &inc = t.incident;
    if (status != Health::Ok) {
        if (inc.sinceMs == 0) {
            inc = IncidentMark{};
            if (first && derived) {
                inc.sinceMs = std::min(derived->first, nowMs);
                inc.basis = IncidentMark::Basis::Derived;
                inc.derivedFrom = derived->second;
            } else {
                inc.sinceMs = nowMs;
                inc.basis = first ? IncidentMark::Basis::Watching : IncidentMark::Basis::Observed;
            }
        } else if (inc.basis == IncidentMark::Basis::Watching && derived && derived->first < inc.sinceMs) {
            // Seen only "at least since the first poll", and now the data dates it.
            inc.sinceMs = derived->first;
            inc.basis = IncidentMark::Basis::Derived;
            inc.derivedFrom = derived->second;
        }
        inc.quietSinceMs = 0;
        if (int(status) > int(inc.worst)) {
            inc.worst = status;
            inc.worstAtMs = nowMs;
        }
        if (int(evidence) < int(status) && int(before) >= int(status))
            ++inc.dips;
    } else if (inc.sinceMs != 0) {
        if (inc.quietSinceMs == 0)
            inc.quietSinceMs = nowMs;
        if (nowMs - inc.quietSinceMs >= th.incidentEndAfterMs)
            inc = IncidentMark{};
    }
    inc.evidence = evidence;
    const bool recovering = v.incident.recovering;
    v.incident = inc;
    v.incident.recovering = recovering;
    t.shown = v;
    return v;
}

// A framework's dead letters that keep growing are an incident however many
// there were before (a failed set growing 7 -> 30 with every job's attempts
// exhausted was OK for 12 polls, issue 46): the count's rise over
// trend_window from its least value in it, WARN at failed_growth_warn. A
// retry set (Sidekiq's `retry`) growing is failures too, each with attempts
// left: 16 -> 45 was OK for 15 polls.
void IncidentTracker::watchFailures(Track &t, JobQueueSnapshot &q, qint64 nowMs) const
{
    const qint64 window = m_thresholds.trendWindowMs;
    const bool retries = std::any_of(q.parts.cbegin(), q.parts.cend(), [](const JobPart &p) { return p.role == JobPart::Role::Retries; });
    const std::optional<qint64> failed = retries ? q.scheduled : q.failed;
    if (!failed || window <= 0 || m_thresholds.failedGrowthWarn <= 0)
        return;
    std::deque<Sample> &seen = t.failedReadings;
    if (seen.empty() || seen.back().value != *failed || nowMs - seen.back().atMs >= window / 10)
        seen.push_back({nowMs, *failed});
    while (seen.size() > 1 && nowMs - seen.front().atMs > window)
        seen.pop_front();
    const auto least = std::min_element(seen.cbegin(), seen.cend(), [](const Sample &a, const Sample &b) { return a.value < b.value; });
    const qint64 grew = *failed - least->value;
    if (grew < m_thresholds.failedGrowthWarn)
        return;
    const QList<ReasonArg> args{ReasonArg::count(grew), ReasonArg::duration(nowMs - least->atMs), ReasonArg::count(least->value),
                                ReasonArg::count(*failed)};
    Reason why = retries ? Reason{"retries_growing", "JobRules", QT_TRANSLATE_NOOP("JobRules", "%1 more failed job(s) waiting to be retried in %2 (%3 → %4)"), args}
                 : q.newestFailure.isEmpty()
                     ? Reason{"failures_growing", "JobRules", QT_TRANSLATE_NOOP("JobRules", "%1 more failed job(s) in %2 (%3 → %4)"), args}
                     : Reason{"failures_growing", "JobRules", QT_TRANSLATE_NOOP("JobRules", "%1 more failed job(s) in %2 (%3 → %4); the newest: %5"),
                              args + QList<ReasonArg>{ReasonArg::text(q.newestFailure.left(200))}};
    addReason(q.health, Health::Warn, std::move(why));
}

void IncidentTracker::apply(SnapshotData &data)
{
    ++m_tick;
    const qint64 now = data.takenAtMs;
    bool isNew = false;
    for (StreamSnapshot &s : data.streams) {
        const bool carried = s.carriedAt(now) || s.stale;
        if (carried) {
            // Read in an earlier tick (rationed, or its node silent): what was
            // shown for it then stands, and its clocks do not move.
            for (GroupSnapshot &g : s.groups) {
                Track &t = track({Subject::Kind::Group, s.key, g.name}, &isNew);
                if (!isNew)
                    g.health = t.shown;
            }
            continue;
        }
        // Most deployments have no per-group overrides: no copy per group then.
        const bool overridden = !m_thresholds.groupOverrides.isEmpty();
        const qint64 window = overridden ? m_thresholds.forGroup(s.key, {}).rateWindowMs : m_thresholds.rateWindowMs;
        if (const std::optional<qint64> added = entriesAddedOf(s))
            s.inRate = m_added[s.key].rate(now, *added, window);
        for (GroupSnapshot &g : s.groups) {
            HealthThresholds copy;
            if (overridden)
                copy = m_thresholds.forGroup(s.key, g.name);
            const HealthThresholds &th = overridden ? copy : m_thresholds;
            Track &t = track({Subject::Kind::Group, s.key, g.name}, &isNew);
            if (g.entriesRead)
                g.outRate = t.read.rate(now, *g.entriesRead, th.rateWindowMs);
            HealthVerdict raw = g.health;
            followClaim(t, g, raw, now);
            judgeTrend(t, g, raw, now, th);
            g.health = judge(t, std::move(raw), now, th, derivedStart(g, th, now));
            g.health.drain = t.backlog.forecast(now, g.lag, th.rateWindowMs, s.inRate, g.outRate);
            if (!th.runbooks.isEmpty() && g.health.status != Health::Ok)
                g.health.runbook = th.runbooks.urlFor(fillText(QStringLiteral("%1/%2"), displayBytes(s.key), displayBytes(g.name)), g.health);
            t.shown.drain = g.health.drain;
            t.shown.runbook = g.health.runbook;
        }
    }
    // A queue's backlog: what is due (delayed), listed (a reliable list's
    // main list), waiting (a job queue; its figures' size for the other kinds).
    const auto queue = [&](Subject subject, HealthVerdict &health, std::optional<std::pair<qint64, QByteArray>> derived, std::optional<qint64> backlog) {
        Track &t = track(subject, &isNew);
        health = judge(t, health, now, m_thresholds, std::move(derived));
        health.drain = t.backlog.forecast(now, backlog, m_thresholds.rateWindowMs, std::nullopt, std::nullopt);
        if (!m_thresholds.runbooks.isEmpty() && health.status != Health::Ok)
            health.runbook = m_thresholds.runbooks.urlFor(displayBytes(subject.key), health);
    };
    for (DelayedQueueSnapshot &q : data.delayedQueues)
        if (q.error.isEmpty())
            queue({Subject::Kind::Delayed, q.key, {}}, q.health, derivedStart(q, m_thresholds, now), q.due);
    for (ListQueueSnapshot &q : data.listQueues)
        if (q.error.isEmpty())
            queue({Subject::Kind::List, q.key, {}}, q.health, derivedStart(q, m_thresholds, now), q.length);
    for (JobQueueSnapshot &q : data.jobQueues)
        if (q.error.isEmpty()) {
            const Subject subject{Subject::Kind::Job, jobQueueId(q), {}};
            watchFailures(track(subject, &isNew), q, now);
            queue(subject, q.health, derivedStart(q, m_thresholds, now), jobFigures(q).size);
        }
    for (JobQueueSnapshot &q : data.jobQueues) // by the key it is known by, not its identity's bytes
        if (q.error.isEmpty() && !m_thresholds.runbooks.isEmpty() && q.health.status != Health::Ok)
            q.health.runbook = m_thresholds.runbooks.urlFor(displayBytes(q.key), q.health);

    // What the server no longer has goes (a stream per request would
    // otherwise be kept for ever).
    m_tracks.removeIf([this](const QHash<Subject, Track>::iterator &it) { return it->seenTick != m_tick; });
    if (m_added.size() > data.streams.size()) {
        QSet<QByteArray> present;
        for (const StreamSnapshot &s : std::as_const(data.streams))
            present.insert(s.key);
        m_added.removeIf([&](const QHash<QByteArray, Counter>::iterator &it) { return !present.contains(it.key()); });
    }
}

} // namespace pelscope
