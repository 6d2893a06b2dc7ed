#include "history_rules.h"

#include "../health/health_rules.h"
#include "../snapshot/format.h"

#include <cmath>
#include <QCoreApplication>

namespace pelscope {

namespace {

void checkStalled(const GroupProgress &p, const HistoryRuleThresholds &t, qint64 nowMs, HealthVerdict &v)
{
    if (!p.lag || *p.lag <= 0)
        return; // nothing waiting, or lag unknown (the snapshot rules already say so)
    const qint64 quiet = nowMs - p.lastReadAdvanceMs;
    if (quiet < t.stalledAfterMs)
        return;
    // Before the first observed move we only know how long we have watched.
    addReason(v, Health::Crit,
              healthReasonChosen("stalled", p.readAdvanceSeen ? QT_TRANSLATE_NOOP("Health", "stalled: lag %1 and no entry read for %2")
                                                        : QT_TRANSLATE_NOOP("Health", "stalled: lag %1 and no entry read in %2 of watching"),
                           {ReasonArg::count(*p.lag), ReasonArg::duration(quiet)}));
}

// Floors (the lowest pending of each 10 s bucket) never falling and rising
// in steps over the window. They change only when a bucket closes, or when the
// open bucket's floor falls (which can only end a climb): between those the
// last evaluation stands (HistoryStore::ClimbMemo).
std::optional<std::pair<double, double>> climbOf(const HistoryStore &store, const GroupKey &key, const HistoryRuleThresholds &t, qint64 nowMs)
{
    QVector<double> floors;
    for (const BucketStats &b : store.buckets(key, Metric::Pending, nowMs - t.climbWindowMs, nowMs))
        if (!std::isnan(b.lo))
            floors.append(b.lo);
    if (floors.size() < std::max(2, t.climbMinBuckets))
        return std::nullopt;
    int steps = 0;
    for (qsizetype i = 1; i < floors.size(); ++i) {
        if (floors[i] < floors[i - 1])
            return std::nullopt;
        steps += floors[i] > floors[i - 1];
    }
    if (steps < t.climbMinSteps || floors.last() - floors.first() < double(t.climbMinRise))
        return std::nullopt;
    return std::pair{floors.first(), floors.last()};
}

void checkClimbing(const HistoryStore &store, const GroupKey &key, const GroupProgress &p, const HistoryRuleThresholds &t, qint64 nowMs,
                   HealthVerdict &v)
{
    if (p.firstSeenMs > nowMs - t.climbWindowMs)
        return; // not watched for the whole window
    HistoryStore::ClimbMemo *memo = store.climbMemo(key);
    std::optional<std::pair<double, double>> climb;
    const bool fresh = memo && memo->bucketMs == store.openBucketMs() && (!memo->from || double(p.pending.value_or(0)) >= *memo->lowest);
    if (fresh && memo->from) {
        climb = std::pair{*memo->from, *memo->lowest};
    } else if (!fresh) {
        climb = climbOf(store, key, t, nowMs);
        if (memo)
            *memo = {store.openBucketMs(), climb ? std::optional(climb->first) : std::nullopt, climb ? std::optional(climb->second) : std::nullopt};
    }
    if (!climb)
        return;
    const qint64 now = p.pending.value_or(qint64(climb->second));
    addReason(v, Health::Warn,
              healthReason("pending_climbing", QT_TRANSLATE_NOOP("Health", "pending climbing: %1 → %2 over %3"),
                           {ReasonArg::count(qint64(climb->first)), ReasonArg::count(now), ReasonArg::duration(t.climbWindowMs)}));
}

} // namespace

HealthVerdict applyHistoryRules(const HistoryStore &store, const GroupKey &key, HealthVerdict base, const HistoryRuleThresholds &t, qint64 nowMs)
{
    const std::optional<GroupProgress> p = store.progress(key);
    if (!p || p->lastSeenMs != store.latestMs())
        return base;
    checkStalled(*p, t, nowMs, base);
    checkClimbing(store, key, *p, t, nowMs, base);
    return base;
}

QHash<GroupKey, HealthVerdict> appendAndEvaluate(HistoryStore &store, const Snapshot &snapshot, const HistoryRuleThresholds &t)
{
    QHash<GroupKey, HealthVerdict> changed;
    if (snapshot.isNull())
        return changed;
    store.append(snapshot);
    const qint64 now = snapshot->takenAtMs;
    if (store.latestMs() != now)
        return changed; // not appended: server time failed to move forward
    for (const StreamSnapshot &s : snapshot->streams)
        for (const GroupSnapshot &g : s.groups) {
            const GroupKey key{s.key, g.name};
            HealthVerdict v = applyHistoryRules(store, key, g.health, t, now);
            store.recordVerdict(key, now, v);
            if (v.status != g.health.status || v.reasons.size() != g.health.reasons.size()) // the rules only add
                changed.insert(key, std::move(v));
        }
    return changed;
}

} // namespace pelscope
