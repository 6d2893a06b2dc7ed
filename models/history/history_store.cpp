// Ring buffers on shared time axes: one slot per poll (tier 0) and per 10 s
// bucket (tier 1) is used by every series at once, so an append is a few
// float stores per group; a series holds the slots its group lived in.
#include "history_store_internals.h"

#include "series_decimator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelscope {

HistoryStore::HistoryStore()
{
    clear();
}

HistoryStore::~HistoryStore() = default;

void HistoryStore::clear()
{
    m_t0 = QVector<qint64>(Tier0InitialCapacity, 0);
    m_r0 = Ring{0, 0, Tier0InitialCapacity, 0};
    m_t1 = QVector<qint64>(Tier1InitialCapacity, 0);
    m_n1 = QVector<int>(Tier1InitialCapacity, 0);
    m_r1 = Ring{0, 0, Tier1InitialCapacity, 0};
    m_t2 = QVector<qint64>(Tier2InitialCapacity, 0);
    m_r2 = Ring{0, 0, Tier2InitialCapacity, 0};
    m_limits = TierLimits{};
    m_openCoarseMs = -1;
    m_openBucketMs = -1;
    m_openPolls = 0;
    m_latestMs = 0;
    m_typicalIntervalMs = 0;
    m_dropped = 0;
    m_consumerCount = 0;
    m_groups.clear();
    m_index.clear();
    m_lastOrder.clear();
    m_values.clear();
}

HistoryStore::GroupHistory &HistoryStore::groupFor(const GroupKey &key, qint64 nowMs)
{
    if (GroupHistory *h = m_index.value(key))
        return *h;
    auto h = std::make_unique<GroupHistory>();
    h->key = key;
    h->progress.firstSeenMs = nowMs;
    h->progress.lastReadAdvanceMs = nowMs;
    GroupHistory *raw = h.get();
    m_groups.push_back(std::move(h));
    m_index.insert(key, raw);
    return *raw;
}

// A group gone from the server (unseen for ReleaseAfterMs) keeps its place, its
// status, since when and its changes, but not its series or consumers: the
// on-disk history has them. A short-lived stream then costs a fixed few
// hundred bytes (the window grew ~2 MB a minute under five new 30-second
// streams a second while gone groups kept theirs).
void HistoryStore::releaseSeries(GroupHistory &h)
{
    for (SeriesData &s : h.series)
        s.clear();
    m_consumerCount -= h.consumersUsed;
    h.consumers.clear();
    h.consumers.shrink_to_fit();
    h.consumerIndex.clear();
    h.consumerIndex.squeeze();
    h.consumersUsed = 0;
    h.lastNames.clear();
    h.lastSlots.clear();
    h.released = true;
}

HistoryStore::GroupHistory *HistoryStore::find(const GroupKey &key) const
{
    // After an append the rules ask for every group in the snapshot's order:
    // the one asked last and the next are looked at before the index.
    for (std::size_t i = m_nextInOrder; i < m_lastOrder.size() && i <= m_nextInOrder + 1; ++i)
        if (m_lastOrder[i]->key == key) {
            m_nextInOrder = i;
            return m_lastOrder[i];
        }
    return m_index.value(key);
}

qint64 HistoryStore::beginPoll(qint64 now)
{
    // Charts and binary searches need an increasing axis; a server clock
    // stepping back (failover to a skewed replica) pauses history instead.
    if (m_r0.size > 0 && now <= m_latestMs) {
        ++m_dropped;
        return -1;
    }
    // Time nobody recorded (the window closed, the laptop asleep, a recorder
    // stopped) is a gap: an all-unknown poll right after the last one keeps
    // a chart from drawing a line across it.
    if (m_r0.size > 0) {
        const qint64 interval = now - m_latestMs;
        if (interval > std::max<qint64>(kMinGapMs, 3 * m_typicalIntervalMs)) {
            beginPollAt(m_latestMs + 1); // nothing written in it
        } else {
            m_typicalIntervalMs = m_typicalIntervalMs == 0 ? interval : (3 * m_typicalIntervalMs + interval) / 4;
        }
    }
    return beginPollAt(now);
}

qint64 HistoryStore::beginPollAt(qint64 now)
{
    const qint64 bucket = now - (((now % BucketMs) + BucketMs) % BucketMs);
    if (m_openBucketMs != -1 && bucket != m_openBucketMs)
        closeBucket(now);
    m_openBucketMs = bucket;
    ++m_openPolls;
    const qint64 slot = takeTier0Slot(now);
    m_latestMs = now;
    ++m_serial;
    return slot;
}

void HistoryStore::appendRecorded(qint64 atMs, const QList<RecordedValues> &rows)
{
    const qint64 slot = beginPoll(atMs);
    if (slot < 0)
        return;
    for (const RecordedValues &row : rows) {
        GroupHistory &h = groupFor(row.key, atMs);
        if (h.serial == m_serial)
            continue;
        h.serial = m_serial;
        h.released = false; // back: its series start again
        for (int m = 0; m < MetricCount; ++m) {
            h.series[m].raw.set(slot, row.values[m], m_r0.cap);
            h.series[m].open.add(row.values[m]);
        }
        h.progress.lastSeenMs = atMs;
        if (!std::isnan(row.values[int(Metric::Lag)]))
            h.progress.lag = qint64(row.values[int(Metric::Lag)]);
        if (!std::isnan(row.values[int(Metric::Pending)]))
            h.progress.pending = qint64(row.values[int(Metric::Pending)]);
        // A recording holds no entries-read, but its out rate says the group
        // read: "no entry read for ..." must not count from the recording's
        // start (the first live poll said the demo's analytics had stalled
        // for 30 minutes, and the next one took it back).
        if (row.values[int(Metric::OutRate)] > 0) {
            h.progress.lastReadAdvanceMs = atMs;
            h.progress.readAdvanceSeen = true;
        }
        if (row.status && (!h.judged || *row.status != h.lastStatus)) {
            // The recorded status becomes the baseline: the first live verdict
            // after it is a change only if it differs. Since when: this poll,
            // "at least" when it is the first recorded.
            h.since = StatusSince{atMs, !h.judged, {}};
            h.lastStatus = *row.status;
            h.judged = true;
        }
    }
    applyBudget();
}

void HistoryStore::append(const Snapshot &snapshot)
{
    if (snapshot.isNull())
        return;
    const SnapshotData &d = snapshot.data();
    const qint64 now = d.takenAtMs;
    const qint64 slot = beginPoll(now);
    if (slot < 0)
        return;

    const QList<PollValues::Group> values = m_values.compute(snapshot);
    // Most polls list the same groups in the same order as the last one: the
    // group at the same place is tried before the index (10,000 lookups were
    // a third of an append).
    std::vector<GroupHistory *> order;
    order.reserve(values.size());
    qsizetype next = 0;
    for (const StreamSnapshot &s : d.streams) {
        for (const GroupSnapshot &g : s.groups) {
            const PollValues::Group &v = values.at(next++);
            const std::size_t at = order.size();
            GroupHistory &h = at < m_lastOrder.size() && m_lastOrder[at]->key == v.key ? *m_lastOrder[at] : groupFor(v.key, now);
            order.push_back(&h);
            if (h.serial == m_serial)
                continue; // a group listed twice: the first one counts
            h.serial = m_serial;
            h.released = false; // back: its series start again
            for (int m = 0; m < MetricCount; ++m) {
                h.series[m].raw.set(slot, v.values[m], m_r0.cap);
                h.series[m].open.add(v.values[m]);
            }

            GroupProgress &p = h.progress;
            // The first live poll of a group known from a recording that ended
            // a while ago: what it read in between is unknown, so the stall
            // clock starts again here (a recording that runs up to now goes on).
            if (!p.entriesRead && h.lastDeliveredId.isEmpty() && now - p.lastSeenMs > RecordingJoinMs) {
                p.lastReadAdvanceMs = now;
                p.readAdvanceSeen = false;
            }
            const bool readMoved = g.entriesRead && p.entriesRead && *g.entriesRead != *p.entriesRead;
            const bool idMoved = !g.lastDeliveredId.isEmpty() && !h.lastDeliveredId.isEmpty() && g.lastDeliveredId != h.lastDeliveredId;
            if (readMoved || idMoved) {
                p.lastReadAdvanceMs = now;
                p.readAdvanceSeen = true;
            }
            if (g.entriesRead)
                p.entriesRead = g.entriesRead;
            if (!g.lastDeliveredId.isEmpty())
                h.lastDeliveredId = g.lastDeliveredId;
            p.lastSeenMs = now;
            p.lag = g.lag;
            p.pending = g.pending;

            updateConsumers(h, g, slot, now);
        }
    }
    m_lastOrder = std::move(order);
    m_nextInOrder = 0;
    applyBudget();
}

void HistoryStore::updateConsumers(GroupHistory &h, const GroupSnapshot &g, qint64 slot, qint64 now)
{
    const QList<ConsumerSnapshot> &list = g.consumerList;
    bool same = list.size() == h.lastNames.size();
    for (qsizetype i = 0; same && i < list.size(); ++i)
        same = list.at(i).name == h.lastNames.at(i);
    if (!same) {
        h.lastNames.clear();
        h.lastSlots.clear();
        for (const ConsumerSnapshot &c : list) {
            int k = h.consumerIndex.value(c.name, -1);
            if (k < 0 && h.consumersUsed < ConsumersPerGroupLimit && m_consumerCount < ConsumersLimit) {
                k = int(std::find_if(h.consumers.begin(), h.consumers.end(), [](const ConsumerHistory &x) { return !x.used; }) - h.consumers.begin());
                if (k == int(h.consumers.size()))
                    h.consumers.emplace_back();
                ConsumerHistory &ch = h.consumers[k];
                ch.name = c.name;
                ch.used = true;
                ch.pending.clear();
                ch.idle.clear();
                h.consumerIndex.insert(c.name, k);
                ++h.consumersUsed;
                ++m_consumerCount;
            }
            h.lastNames.append(c.name);
            h.lastSlots.append(k);
        }
    }
    for (qsizetype i = 0; i < list.size(); ++i) {
        const int k = h.lastSlots.at(i);
        if (k < 0)
            continue; // over the tracking limit
        const ConsumerSnapshot &c = list.at(i);
        ConsumerHistory &ch = h.consumers[k];
        ch.pending.set(slot, float(c.pending), m_r0.cap);
        ch.idle.set(slot, c.idleMs ? float(*c.idleMs) / 1000.0f : kNaN, m_r0.cap);
        ch.lastSeenMs = now;
        ch.serial = m_serial;
    }
}

qint64 HistoryStore::takeTier0Slot(qint64 now)
{
    while (m_r0.size > 0 && m_t0[m_r0.phys(0)] < now - Tier0SpanMs)
        m_r0.popFront();
    makeRoom(Tier::Raw, m_limits.raw);
    m_t0[m_r0.phys(m_r0.size)] = now;
    ++m_r0.size;
    return m_r0.newest();
}

void HistoryStore::closeBucket(qint64 now)
{
    while (m_r1.size > 0 && m_t1[m_r1.phys(0)] < now - Tier1SpanMs)
        m_r1.popFront();
    makeRoom(Tier::Buckets, m_limits.buckets);
    const int at = m_r1.phys(m_r1.size);
    ++m_r1.size;
    m_t1[at] = m_openBucketMs;
    m_n1[at] = m_openPolls;
    const qint64 slot = m_r1.newest();
    m_openPolls = 0;
    const qint64 coarse = m_openBucketMs - (((m_openBucketMs % CoarseBucketMs) + CoarseBucketMs) % CoarseBucketMs);
    if (m_openCoarseMs != -1 && coarse != m_openCoarseMs)
        closeCoarseBucket(now);
    m_openCoarseMs = coarse;
    for (const auto &h : m_groups)
        for (SeriesData &s : h->series) {
            if (s.open.count == 0)
                continue; // unknown all through the bucket: nothing to hold (a gone group's series stay empty)
            s.mean.set(slot, s.open.mean(), m_r1.cap);
            s.lo.set(slot, s.open.lo, m_r1.cap);
            s.hi.set(slot, s.open.hi, m_r1.cap);
            s.open2.merge(s.open);
            s.open = Accumulator{};
        }
    forgetOld(now);
}

// Tier 2 is fed by closed tier-1 buckets, so it costs nothing per poll.
void HistoryStore::closeCoarseBucket(qint64 now)
{
    while (m_r2.size > 0 && m_t2[m_r2.phys(0)] < now - Tier1SpanMs)
        m_r2.popFront();
    makeRoom(Tier::Coarse, m_limits.coarse);
    m_t2[m_r2.phys(m_r2.size)] = m_openCoarseMs;
    ++m_r2.size;
    const qint64 slot = m_r2.newest();
    for (const auto &h : m_groups)
        for (int m = 0; m < MetricCount; ++m) {
            SeriesData &s = h->series[m];
            if (s.open2.count == 0)
                continue;
            s.lo2.set(slot, s.open2.lo, m_r2.cap);
            s.hi2.set(slot, s.open2.hi, m_r2.cap);
            if (pickFor(Metric(m)) == Pick::Mean)
                s.mean2.set(slot, s.open2.mean(), m_r2.cap);
            s.open2 = Accumulator{};
        }
}

// Once a bucket: groups unseen for a day go, and of the groups gone from the
// server only the GoneGroupsKept last seen stay; consumers unseen for an
// hour free their slot, stream rate baselines older than an hour are dropped.
void HistoryStore::forgetOld(qint64 now)
{
    // The oldest-seen gone groups past the allowance go with the day-old ones.
    qint64 forgetBefore = now - Tier1SpanMs;
    QList<qint64> gone;
    for (const auto &hp : m_groups)
        if (hp->progress.lastSeenMs < now - GoneAfterMs)
            gone.append(hp->progress.lastSeenMs);
    if (gone.size() > GoneGroupsKept) {
        std::nth_element(gone.begin(), gone.begin() + (gone.size() - GoneGroupsKept), gone.end());
        forgetBefore = std::max(forgetBefore, gone.at(gone.size() - GoneGroupsKept)); // keeps the newest GoneGroupsKept (ties: fewer)
    }
    for (std::size_t i = 0; i < m_groups.size();) {
        GroupHistory &h = *m_groups[i];
        if (h.progress.lastSeenMs < forgetBefore) {
            m_consumerCount -= h.consumersUsed;
            m_index.remove(h.key);
            m_lastOrder.clear(); // it may point at this one
            m_nextInOrder = 0;
            m_groups[i] = std::move(m_groups.back());
            m_groups.pop_back();
            continue;
        }
        ++i;
    }
    for (const auto &hp : m_groups)
        if (!hp->released && hp->progress.lastSeenMs < now - ReleaseAfterMs && m_serial - hp->serial >= kReleaseAfterPolls)
            releaseSeries(*hp);
    const qint64 rawStart = m_r0.size ? m_t0[m_r0.phys(0)] : now;
    for (const auto &hp : m_groups) {
        GroupHistory &h = *hp;
        bool freed = false;
        for (ConsumerHistory &c : h.consumers) {
            if (c.used && c.lastSeenMs < rawStart) {
                h.consumerIndex.remove(c.name);
                c = ConsumerHistory{};
                --h.consumersUsed;
                --m_consumerCount;
                freed = true;
            }
        }
        if (freed) {
            h.lastNames.clear(); // rebuild slots (and maybe track a waiting consumer)
            h.lastSlots.clear();
        }
    }
    // Freed room can go to consumers of other groups that were over the limit.
    if (m_consumerCount < ConsumersLimit)
        for (const auto &hp : m_groups)
            if (hp->lastSlots.contains(-1)) {
                hp->lastNames.clear();
                hp->lastSlots.clear();
            }
}

HistoryStore::ClimbMemo *HistoryStore::climbMemo(const GroupKey &key) const
{
    GroupHistory *h = find(key);
    return h ? &h->climb : nullptr;
}

void HistoryStore::recordVerdict(const GroupKey &key, qint64 atMs, const HealthVerdict &verdict)
{
    GroupHistory *h = find(key);
    if (!h || (h->judged && verdict.status == h->lastStatus))
        return;
    // The first verdict is not a transition: it was never seen OK before it.
    h->changes.append(StatusChange{atMs, h->judged ? h->lastStatus : verdict.status, verdict.status, verdict.reasons, !h->judged});
    h->since = StatusSince{atMs, !h->judged, {}};
    h->judged = true;
    if (h->changes.size() > StatusChangeLimit)
        h->changes.removeFirst();
    h->lastStatus = verdict.status;
}

void HistoryStore::addRecordedChange(const GroupKey &key, const StatusChange &change)
{
    GroupHistory *h = m_index.value(key);
    if (!h)
        return; // no recorded values for it in the last day
    h->changes.append(change);
    if (h->changes.size() > StatusChangeLimit)
        h->changes.removeFirst();
    // The live verdict goes on from the recorded one: the same status again
    // is not a change (nor a "first seen"), and keeps the earlier "since".
    if (!h->judged || change.to != h->lastStatus)
        h->since = StatusSince{change.atMs, !h->judged || change.firstSeen, {}};
    h->judged = true;
    h->lastStatus = change.to;
}

} // namespace pelscope
