// StreamProbe, the planning half: what to ask each tick within the poll
// budget, and the discovery state (the replies are parsed in
// stream_probe_replies.cpp).
#include "stream_probe.h"

#include "../snapshot/dlq_layout.h"
#include "../health/health_rules.h"
#include "../redis/redis_error.h"
#include "../snapshot/format.h"
#include "../snapshot/stream_id.h"
#include "../text/fill_text.h"
#include "poll_cost.h"

#include <QRandomGenerator>

#include <algorithm>

namespace pelscope {

StreamProbe::StreamProbe(ProbeConfig config)
    : m_config(std::move(config))
    , m_pace(m_config.scanCount)
{
    for (const QByteArray &k : std::as_const(m_config.streams))
        m_streams.insert(k);
    m_sweeping = m_config.streams.isEmpty();
}

bool StreamProbe::discoveryComplete() const
{
    return !m_config.streams.isEmpty() || m_sweptOnce;
}

QList<QByteArray> StreamProbe::knownStreams() const
{
    QList<QByteArray> keys(m_streams.cbegin(), m_streams.cend());
    std::sort(keys.begin(), keys.end());
    return keys;
}

RedisCommand StreamProbe::scanCommand() const
{
    return {"SCAN", m_scanCursor, "MATCH", m_config.match, "COUNT", QByteArray::number(m_pace.count()), "TYPE", "stream"};
}

bool StreamProbe::wantsAnotherPage() const
{
    return m_sweeping && m_sweptOnce && m_scanPlanned && m_config.streams.isEmpty() && !m_config.oneShot
        && m_pagesThisTick < m_pace.pagesPerTick();
}

void StreamProbe::rereadGroup(const QByteArray &stream, const QByteArray &group)
{
    if (auto it = m_groupState.find(GroupKey{stream, group}); it != m_groupState.end())
        it->second.consumersWanted = true;
}

void StreamProbe::restartDiscovery()
{
    if (!m_config.streams.isEmpty())
        return;
    m_scanCursor = "0";
    m_found.clear();
    m_sweepPages = 0;
    m_sweepKeys = 0;
    m_sweeping = true;
}

void StreamProbe::endFirstSweepEarly(const QString &spent)
{
    m_sweptOnce = true;
    m_discoveryGap =
        fillText(QStringLiteral("discovery incomplete: the first SCAN sweep used its %1 budget after %2 pages; %3 streams found so far%4"), spent,
                 m_sweepPages, m_streams.size(),
                 m_config.oneShot ? QStringLiteral(", others may exist") : QStringLiteral(", the sweep goes on with the ticks"));
    if (m_config.oneShot)
        m_sweeping = false;
}

void StreamProbe::setStreams(const QList<QByteArray> &keys)
{
    m_config.streams = keys;
    m_streams = QSet<QByteArray>(keys.cbegin(), keys.cend());
    m_sweeping = false;
    m_found.clear();
}

RedisBatch StreamProbe::planTick()
{
    ++m_tick;
    m_layout.clear();
    m_optional.clear();
    m_requiredUs = 0;
    RedisBatch batch;
    add(batch, SlotKind::Time, {"TIME"});
    m_requiredUs += pollcost::Time;

    m_pagesThisTick = 0;
    m_scanPlanned = false;
    if (m_config.streams.isEmpty() && !m_config.oneShot) {
        if (!m_sweeping && m_lastNowMs - m_lastSweepEndMs >= m_pace.pauseMs(m_config.rescanIntervalMs)) {
            m_sweeping = true;
            m_scanCursor = "0";
            m_found.clear();
            m_sweepPages = 0;
            m_sweepKeys = 0;
            m_scanDueTick = m_tick;
        }
        if (m_sweeping)
            offer(batch, pollcost::scanPage(m_pace.count()), qint64(m_tick - m_scanDueTick), QStringLiteral("SCAN"), [this](RedisBatch &b) {
                add(b, SlotKind::Scan, scanCommand());
                m_scanPlanned = true;
            });
    }

    qint64 consumerBudget = m_config.consumerBudgetPerTick;
    for (const QByteArray &key : streamsToRead()) {
        StreamState &ss = m_streamState[key];
        planStream(batch, key, ss);
        add(batch, SlotKind::XinfoGroups, {"XINFO", "GROUPS", key}, key);
        m_requiredUs += pollcost::xinfoGroups(ss.groups.size());
        // Categories of the newest dead letters: a bounded read, every 10th tick.
        if (sourceFromDlqName(key)) {
            const DlqState &ds = m_dlqState[key];
            if (m_config.oneShot || ds.sampledTick == 0 || m_tick - ds.sampledTick >= 10)
                offer(batch, pollcost::revRange(50), ds.sampledTick == 0 ? qint64(m_tick) : qint64(m_tick - ds.sampledTick - 10),
                      QStringLiteral("dead letters of %1").arg(displayBytes(key)), [this, key](RedisBatch &b) {
                          add(b, SlotKind::DlqSample, {"XREVRANGE", key, "+", "-", "COUNT", "50"}, key, "\x01dlq");
                      });
            else if (ds.newestWanted) // the sample would say it; between samples, one entry
                offer(batch, pollcost::revRange(1), 0, QStringLiteral("newest dead letter of %1").arg(displayBytes(key)), [this, key](RedisBatch &b) {
                    add(b, SlotKind::DlqNewest, {"XREVRANGE", key, "+", "-", "COUNT", "1"}, key, "\x01dlq");
                });
        }
        for (const QByteArray &group : std::as_const(ss.groups))
            planGroup(batch, key, group, consumerBudget);
    }
    choose(batch);
    return batch;
}

bool StreamProbe::isGroupless(const QByteArray &key) const
{
    if (!m_config.streams.isEmpty() || sourceFromDlqName(key)) // named streams and dead letters are always read
        return false;
    const auto it = m_streamState.find(key);
    return it != m_streamState.end() && it->second.lastRead.readAtMs != 0 && it->second.groups.isEmpty();
}

QList<QByteArray> StreamProbe::streamsToRead()
{
    // A stream read once and found without a consumer group is not a group:
    // it stays out of the groups' share and is looked at again (has someone
    // made a group on it?) in a slow turn of its own, kGrouplessPerTick a
    // tick. RQ keeps one such stream per job result: thousands of them must
    // not slow the groups down.
    QList<QByteArray> all, groupless;
    for (const QByteArray &key : knownStreams())
        (isGroupless(key) ? groupless : all).append(key);
    QList<QByteArray> out = groupedStreamsToRead(all);
    if (m_config.oneShot || groupless.size() <= kGrouplessPerTick)
        return out + groupless;
    const qsizetype start = std::upper_bound(groupless.cbegin(), groupless.cend(), m_grouplessAfter) - groupless.cbegin();
    for (qsizetype n = 0; n < kGrouplessPerTick; ++n) {
        m_grouplessAfter = groupless.at((start + n) % groupless.size());
        out.append(m_grouplessAfter);
    }
    return out;
}

QList<QByteArray> StreamProbe::groupedStreamsToRead(const QList<QByteArray> &all)
{
    m_groupsKnown = 0;
    for (const QByteArray &key : all) {
        const auto it = m_streamState.find(key);
        m_groupsKnown += it == m_streamState.end() ? 1 : std::max<qsizetype>(1, it->second.groups.size());
    }
    const qint64 share = m_config.groupsPerTick;
    if (m_config.oneShot || share <= 0 || m_groupsKnown <= share)
        return all;
    // Dead-letter streams every tick (their growth is the alarm), streams
    // never read next, then the turn, from where the last tick stopped.
    QList<QByteArray> out;
    QSet<QByteArray> taken;
    qint64 groups = 0;
    auto take = [&](const QByteArray &key) {
        if (taken.contains(key))
            return;
        taken.insert(key);
        out.append(key);
        const auto it = m_streamState.find(key);
        groups += it == m_streamState.end() ? 1 : std::max<qsizetype>(1, it->second.groups.size());
    };
    for (const QByteArray &key : all)
        if (sourceFromDlqName(key))
            take(key);
    for (const QByteArray &key : all)
        if (const auto it = m_streamState.find(key); groups < share && (it == m_streamState.end() || it->second.lastRead.readAtMs == 0))
            take(key);
    const qsizetype start = std::upper_bound(all.cbegin(), all.cend(), m_turnAfter) - all.cbegin();
    for (qsizetype n = 0; n < all.size() && groups < share; ++n) {
        const QByteArray &key = all.at((start + n) % all.size());
        take(key);
        m_turnAfter = key;
    }
    return out;
}

// XINFO STREAM when something depends on its fresh fields (a lag Redis cannot
// report is estimated from them; dead-letter growth and age), else every
// streamInfoEveryTicks; XLEN keeps the length fresh in between.
void StreamProbe::planStream(RedisBatch &batch, const QByteArray &key, StreamState &ss)
{
    const bool big = ss.lastInfoBytes > m_config.bigStreamReplyBytes;
    const quint64 every = quint64(std::max(m_config.streamInfoEveryTicks, big ? 10 : 1));
    const bool needed = m_config.oneShot || ss.lastInfoTick == 0 || ((ss.lagUnknown || sourceFromDlqName(key)) && !big);
    const double infoUs = pollcost::xinfoStream(ss.lastInfoBytes);
    if (needed) {
        add(batch, SlotKind::XinfoStream, {"XINFO", "STREAM", key}, key);
        m_requiredUs += infoUs;
        return;
    }
    m_requiredUs += pollcost::Xlen;
    if (m_tick - ss.lastInfoTick < every) {
        add(batch, SlotKind::Xlen, {"XLEN", key}, key);
        return;
    }
    Optional o;
    o.costUs = std::max(0.0, infoUs - pollcost::Xlen);
    o.overdue = qint64(m_tick - ss.lastInfoTick - every);
    o.what = QStringLiteral("stream %1").arg(displayBytes(key));
    o.add = [this, key](RedisBatch &b) { add(b, SlotKind::XinfoStream, {"XINFO", "STREAM", key}, key); };
    o.instead = [this, key](RedisBatch &b) { add(b, SlotKind::Xlen, {"XLEN", key}, key); };
    queue(batch, std::move(o));
}

void StreamProbe::planGroup(RedisBatch &batch, const QByteArray &stream, const QByteArray &group, qint64 &consumerBudget)
{
    GroupState &st = m_groupState[GroupKey{stream, group}];
    const qint64 pending = st.pending;
    const QString name = QStringLiteral("%1/%2").arg(displayBytes(stream), displayBytes(group));

    // Head sample, or the whole PEL when it is small (exact everything).
    // Every tick: the oldest-idle bracket rests on it.
    qint64 head = m_config.headSample;
    if (m_config.oneShot)
        head = std::max<qint64>(head, std::min<qint64>(pending + 1, m_config.pelBudget));
    else if (pending < m_config.smallPel)
        head = std::max<qint64>(head, m_config.smallPel);
    add(batch, SlotKind::Head, {"XPENDING", stream, group, "-", "+", QByteArray::number(head)}, stream, group, head);
    // The cost is in the entries returned, not the COUNT asked: a PEL of 3 returns 3.
    m_requiredUs += pollcost::pendingRange(std::min<qint64>(head, pending + 1));

    // The histogram: a walk page (PEL within budget) or random probes between
    // the head and the group's position (over budget), every tick until the
    // histogram is known, then every settledEveryTicks.
    const bool wholeInHead = pending < head;
    const bool walk = !wholeInHead && !m_config.oneShot && pending <= m_config.pelBudget;
    const auto lo = StreamId::parse(st.minId);
    const auto hi = StreamId::parse(st.lastDeliveredId);
    const bool probe = !wholeInHead && pending > m_config.pelBudget && lo && hi && hi->ms >= lo->ms;
    if (walk || probe) {
        const bool settled = walk ? st.haveComplete : qsizetype(st.samples.size()) >= m_config.sampleWindow / 4;
        const quint64 every = settled && !m_config.oneShot ? quint64(std::max(1, m_config.settledEveryTicks)) : 1;
        if (st.pelReadTick == 0 || m_tick - st.pelReadTick >= every) {
            Optional o;
            o.overdue = qint64(m_tick - st.pelReadTick - every);
            o.what = QStringLiteral("the PEL of %1").arg(name);
            if (walk) {
                o.costUs = pollcost::pendingRange(std::min<qint64>(m_config.walkPage, pending));
                o.add = [this, stream, group, &st](RedisBatch &b) {
                    const QByteArray start = st.walking ? "(" + st.walkCursor : QByteArray("-");
                    add(b, SlotKind::Walk, {"XPENDING", stream, group, start, "+", QByteArray::number(m_config.walkPage)}, stream, group,
                        m_config.walkPage);
                    st.pelReadTick = m_tick;
                };
            } else {
                const int probes = m_config.oneShot ? 20 : m_config.samplesPerTick;
                o.costUs = probes * pollcost::pendingRange(m_config.sampleSize);
                o.add = [this, stream, group, &st, probes, lo = *lo, hi = *hi](RedisBatch &b) {
                    for (int i = 0; i < probes; ++i) {
                        const quint64 ms = lo.ms + QRandomGenerator::global()->bounded(quint64(hi.ms - lo.ms + 1));
                        add(b, SlotKind::Sample, {"XPENDING", stream, group, QByteArray::number(ms), "+", QByteArray::number(m_config.sampleSize)},
                            stream, group, m_config.sampleSize);
                    }
                    st.pelReadTick = m_tick;
                };
            }
            queue(batch, std::move(o));
        }
    }

    // How far behind in time: the first entry after the group's position,
    // one O(log N) XRANGE; its ID's timestamp against the server's TIME.
    // The first unread entry stays the same while the group does not move:
    // read again only when it moved, or now and then (a trim may remove it).
    // An entry's body comes with its ID, so a stream of 30 MB values is not
    // read every tick.
    constexpr quint64 kUnreadRecheckTicks = 30;
    const bool known = !st.unreadId.isEmpty() && st.unreadAfter == st.lastDeliveredId && m_tick - st.unreadTick < kUnreadRecheckTicks;
    if (!st.lastDeliveredId.isEmpty() && !st.caughtUp && !known) {
        Optional o;
        o.costUs = pollcost::revRange(1);
        o.overdue = 0;
        o.what = QStringLiteral("how far behind %1 is").arg(name);
        o.add = [this, stream, group, &st](RedisBatch &b) {
            add(b, SlotKind::Unread, {"XRANGE", stream, "(" + st.lastDeliveredId, "+", "COUNT", "1"}, stream, group, 1);
            st.unreadAfter = st.lastDeliveredId;
            st.unreadTick = m_tick;
            st.unreadId.clear(); // until the reply says
        };
        queue(batch, std::move(o));
    }

    // XINFO CONSUMERS costs O(consumers): rationed by consumer count.
    const qint64 every = qint64(m_config.consumersEveryTicks) * std::max<qint64>(1, st.consumerCount / 200);
    const bool due = m_config.oneShot || !st.consumersRead || st.consumersWanted || m_tick - st.consumersTick >= quint64(every);
    if (due && (consumerBudget > 0 || !st.consumersRead || st.consumersWanted || m_config.oneShot)) {
        consumerBudget -= std::max<qint64>(st.consumerCount, 1);
        const bool summary = m_config.oneShot || st.consumerCount <= m_config.summaryMaxConsumers;
        Optional o;
        o.costUs = pollcost::perConsumer(st.consumerCount) * (summary ? 2 : 1);
        o.overdue = st.consumersRead ? qint64(m_tick - st.consumersTick) - every : m_config.starvedAfterTicks;
        o.what = QStringLiteral("consumers of %1").arg(name);
        o.add = [this, stream, group, summary, &st](RedisBatch &b) {
            add(b, SlotKind::Consumers, {"XINFO", "CONSUMERS", stream, group}, stream, group);
            if (summary)
                add(b, SlotKind::Summary, {"XPENDING", stream, group}, stream, group);
            else
                st.pendingMaxId.reset(); // unknown rather than old
        };
        queue(batch, std::move(o));
    }
}

void StreamProbe::offer(RedisBatch &batch, double costUs, qint64 overdue, const QString &what, std::function<void(RedisBatch &)> addRead)
{
    Optional o;
    o.costUs = costUs;
    o.overdue = overdue;
    o.what = what;
    o.add = std::move(addRead);
    queue(batch, std::move(o));
}

// Without a budget (or for a one-shot snapshot) an optional read goes out at once.
void StreamProbe::queue(RedisBatch &batch, Optional o)
{
    if (m_config.pollBudgetUs <= 0 || m_config.oneShot) {
        o.add(batch);
        m_requiredUs += o.costUs;
        return;
    }
    m_optional.push_back(std::move(o));
}

// Spends what the budget leaves after the reads every tick needs on the
// optional reads that waited longest; the others wait for a later tick.
void StreamProbe::choose(RedisBatch &batch)
{
    m_budget = BudgetOutcome{};
    // Every cost so far is a cold one: scaled by how long this tick's pipeline is.
    const double warm = pollcost::warmth(qint64(batch.size() + m_optional.size()));
    m_requiredUs *= warm;
    for (Optional &o : m_optional)
        o.costUs *= warm;
    double spent = m_requiredUs;
    const double budget = double(m_config.pollBudgetUs);
    std::stable_sort(m_optional.begin(), m_optional.end(), [](const Optional &a, const Optional &b) { return a.overdue > b.overdue; });
    QStringList starved;
    for (Optional &o : m_optional) {
        if (spent + o.costUs <= budget) {
            o.add(batch);
            spent += o.costUs;
            continue;
        }
        if (o.instead)
            o.instead(batch);
        ++m_budget.deferred;
        if (o.overdue >= m_config.starvedAfterTicks || m_requiredUs + o.costUs > budget)
            starved << fillText(QStringLiteral("%1 (≈%2 µs)"), o.what, qRound64(o.costUs));
    }
    m_optional.clear();
    m_budget.estimatedUs = qRound64(spent);
    QStringList why;
    if (budget > 0 && m_requiredUs > budget)
        why << QStringLiteral("every tick needs ≈%1 µs (TIME, XINFO GROUPS and XLEN per stream, the head of every PEL)").arg(qRound64(m_requiredUs));
    if (!starved.isEmpty()) {
        const qsizetype n = starved.size();
        if (n > 3)
            starved = starved.mid(0, 3) << QStringLiteral("%1 more").arg(n - 3);
        why << fillText(QStringLiteral("left out (too big for the budget, or waiting %1+ ticks): %2"), m_config.starvedAfterTicks,
                        starved.join(QStringLiteral(", ")));
    }
    m_budget.tooSmall = !why.isEmpty();
    if (m_budget.tooSmall)
        m_budget.note = fillText(QStringLiteral("poll budget %1 µs/tick is too small: %2"), m_config.pollBudgetUs, why.join(QStringLiteral("; ")));
}

} // namespace pelscope
