// Ring buffers on shared time axes: one slot per poll (tier 0) and per 10 s
// bucket (tier 1) is used by every series at once, so an append is a few
// float stores per group and allocates nothing once a group exists.
#include "history_store.h"

#include "series_decimator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelscope {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr qint64 kHashNodeOverhead = 2 * sizeof(void *); // QHash span bookkeeping, roughly


QVector<float> nanVector(int n) { return QVector<float>(n, kNaN); }

qint64 bytesOf(const QVector<float> &v) { return v.capacity() * qint64(sizeof(float)); }

// The value of a 10 s bucket a chart line shows: the side of the range that
// must not hide trouble, or the mean where the average is the truth (rates).
enum class Pick { Mean, Lo, Hi };

Pick pickFor(Metric m)
{
    switch (m) {
    case Metric::InRate:
    case Metric::OutRate: return Pick::Mean;
    case Metric::ConsumersAlive: return Pick::Lo;
    default: return Pick::Hi;
    }
}

// First index in [0, n) for which before(i) is false; before must be monotonic.
template <typename Pred>
int partitionPoint(int n, Pred before)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (before(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// Oldest first into a larger buffer; only when polls come faster than 1 Hz.
template <typename T>
void regrow(QVector<T> &v, int head, int size, int oldCap, int newCap, T fill)
{
    QVector<T> out(newCap, fill);
    for (int i = 0; i < size; ++i)
        out[i] = v[(head + i) % oldCap];
    v = std::move(out);
}

// Tier-1 statistics of the open bucket, summed until it closes.
struct Accumulator
{
    double sum = 0;
    int count = 0;
    float lo = kNaN, hi = kNaN;

    void add(float v)
    {
        if (std::isnan(v))
            return;
        sum += v;
        lo = count ? std::min(lo, v) : v;
        hi = count ? std::max(hi, v) : v;
        ++count;
    }
    float mean() const { return count ? float(sum / count) : kNaN; }
    // A closed tier-1 bucket joins the open tier-2 one: the mean stays weighted by polls.
    void merge(const Accumulator &b)
    {
        if (b.count == 0)
            return;
        sum += b.sum;
        lo = count ? std::min(lo, b.lo) : b.lo;
        hi = count ? std::max(hi, b.hi) : b.hi;
        count += b.count;
    }
};

struct SeriesData
{
    QVector<float> raw;           // tier 0, indexed like m_t0
    QVector<float> mean, lo, hi;  // tier 1, indexed like m_t1
    Accumulator open;
    QVector<float> lo2, hi2;      // tier 2, indexed like m_t2
    QVector<float> mean2;         // tier 2, rates only: the others draw lo2 or hi2
    Accumulator open2;
};

struct ConsumerHistory
{
    QByteArray name;
    bool used = false;
    QVector<float> pending, idle; // tier 0 only
    qint64 lastSeenMs = 0;
    quint64 serial = 0;
};

} // namespace

struct HistoryStore::GroupHistory
{
    GroupKey key;
    SeriesData series[MetricCount];
    quint64 serial = 0; // == m_serial when the latest snapshot had the group

    GroupProgress progress;
    QByteArray lastDeliveredId;

    std::vector<ConsumerHistory> consumers; // slots, reused once a consumer ages out
    QHash<QByteArray, int> consumerIndex;
    int consumersUsed = 0;
    // The consumer list rarely changes between polls: remember its slots.
    QList<QByteArray> lastNames;
    QList<int> lastSlots;

    QList<StatusChange> changes;
    Health lastStatus = Health::Ok;
    bool judged = false; // a verdict was recorded: the next one can be a change
};

struct HistoryStore::Source
{
    const QVector<float> *raw = nullptr;
    const SeriesData *buckets = nullptr; // null: tier 0 only
    Pick pick = Pick::Hi;
};

HistoryStore::HistoryStore()
{
    clear();
}

HistoryStore::~HistoryStore() = default;

void HistoryStore::clear()
{
    m_t0 = QVector<qint64>(Tier0InitialCapacity, 0);
    m_r0 = Ring{0, 0, Tier0InitialCapacity};
    m_t1 = QVector<qint64>(Tier1Capacity, 0);
    m_n1 = QVector<int>(Tier1Capacity, 0);
    m_r1 = Ring{0, 0, Tier1Capacity};
    m_t2 = QVector<qint64>(Tier2Capacity, 0);
    m_r2 = Ring{0, 0, Tier2Capacity};
    m_openCoarseMs = -1;
    m_openBucketMs = -1;
    m_openPolls = 0;
    m_latestMs = 0;
    m_typicalIntervalMs = 0;
    m_dropped = 0;
    m_consumerCount = 0;
    m_groups.clear();
    m_index.clear();
    m_values.clear();
}

HistoryStore::GroupHistory &HistoryStore::groupFor(const GroupKey &key, qint64 nowMs)
{
    if (GroupHistory *h = m_index.value(key))
        return *h;
    auto h = std::make_unique<GroupHistory>();
    h->key = key;
    for (int m = 0; m < MetricCount; ++m) {
        SeriesData &s = h->series[m];
        s.raw = nanVector(m_r0.cap);
        s.mean = nanVector(m_r1.cap);
        s.lo = nanVector(m_r1.cap);
        s.hi = nanVector(m_r1.cap);
        s.lo2 = nanVector(m_r2.cap);
        s.hi2 = nanVector(m_r2.cap);
        if (pickFor(Metric(m)) == Pick::Mean)
            s.mean2 = nanVector(m_r2.cap);
    }
    h->progress.firstSeenMs = nowMs;
    h->progress.lastReadAdvanceMs = nowMs;
    GroupHistory *raw = h.get();
    m_groups.push_back(std::move(h));
    m_index.insert(key, raw);
    return *raw;
}

const HistoryStore::GroupHistory *HistoryStore::find(const GroupKey &key) const
{
    return m_index.value(key);
}

int HistoryStore::beginPoll(qint64 now)
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
            const int gapSlot = beginPollAt(m_latestMs + 1);
            endPoll(gapSlot);
        } else {
            m_typicalIntervalMs = m_typicalIntervalMs == 0 ? interval : (3 * m_typicalIntervalMs + interval) / 4;
        }
    }
    return beginPollAt(now);
}

int HistoryStore::beginPollAt(qint64 now)
{
    const qint64 bucket = now - (((now % BucketMs) + BucketMs) % BucketMs);
    if (m_openBucketMs != -1 && bucket != m_openBucketMs)
        closeBucket(now);
    m_openBucketMs = bucket;
    ++m_openPolls;
    const int slot = takeTier0Slot(now);
    m_latestMs = now;
    ++m_serial;
    return slot;
}

// Groups and consumers the poll did not mention: unknown at this slot.
void HistoryStore::endPoll(int slot)
{
    for (const auto &hp : m_groups) {
        GroupHistory &h = *hp;
        if (h.serial == m_serial)
            continue;
        for (SeriesData &s : h.series)
            s.raw[slot] = kNaN;
        for (ConsumerHistory &c : h.consumers)
            if (c.used) {
                c.pending[slot] = kNaN;
                c.idle[slot] = kNaN;
            }
    }
}

void HistoryStore::appendRecorded(qint64 atMs, const QList<RecordedValues> &rows)
{
    const int slot = beginPoll(atMs);
    if (slot < 0)
        return;
    for (const RecordedValues &row : rows) {
        GroupHistory &h = groupFor(row.key, atMs);
        if (h.serial == m_serial)
            continue;
        h.serial = m_serial;
        for (int m = 0; m < MetricCount; ++m) {
            h.series[m].raw[slot] = row.values[m];
            h.series[m].open.add(row.values[m]);
        }
        h.progress.lastSeenMs = atMs;
        if (!std::isnan(row.values[int(Metric::Lag)]))
            h.progress.lag = qint64(row.values[int(Metric::Lag)]);
        if (!std::isnan(row.values[int(Metric::Pending)]))
            h.progress.pending = qint64(row.values[int(Metric::Pending)]);
        if (row.status && (!h.judged || *row.status != h.lastStatus)) {
            // The recorded status becomes the baseline: the first live verdict
            // after it is a change only if it differs.
            h.lastStatus = *row.status;
            h.judged = true;
        }
    }
    endPoll(slot);
}

void HistoryStore::append(const Snapshot &snapshot)
{
    if (snapshot.isNull())
        return;
    const SnapshotData &d = snapshot.data();
    const qint64 now = d.takenAtMs;
    const int slot = beginPoll(now);
    if (slot < 0)
        return;

    const QList<PollValues::Group> values = m_values.compute(snapshot);
    qsizetype next = 0;
    for (const StreamSnapshot &s : d.streams) {
        for (const GroupSnapshot &g : s.groups) {
            const PollValues::Group &v = values.at(next++);
            GroupHistory &h = groupFor(v.key, now);
            if (h.serial == m_serial)
                continue; // a group listed twice: the first one counts
            h.serial = m_serial;
            for (int m = 0; m < MetricCount; ++m) {
                h.series[m].raw[slot] = v.values[m];
                h.series[m].open.add(v.values[m]);
            }

            GroupProgress &p = h.progress;
            const bool readMoved = g.entriesRead && p.entriesRead && *g.entriesRead != *p.entriesRead;
            const bool idMoved = !g.lastDeliveredId.isEmpty() && !h.lastDeliveredId.isEmpty()
                                 && g.lastDeliveredId != h.lastDeliveredId;
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
    endPoll(slot);
}

void HistoryStore::updateConsumers(GroupHistory &h, const GroupSnapshot &g, int slot, qint64 now)
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
                k = int(std::find_if(h.consumers.begin(), h.consumers.end(),
                                     [](const ConsumerHistory &x) { return !x.used; }) - h.consumers.begin());
                if (k == int(h.consumers.size()))
                    h.consumers.emplace_back();
                ConsumerHistory &ch = h.consumers[k];
                ch.name = c.name;
                ch.used = true;
                ch.pending = nanVector(m_r0.cap);
                ch.idle = nanVector(m_r0.cap);
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
        ch.pending[slot] = float(c.pending);
        ch.idle[slot] = c.idleMs ? float(*c.idleMs) / 1000.0f : kNaN;
        ch.lastSeenMs = now;
        ch.serial = m_serial;
    }
    for (ConsumerHistory &ch : h.consumers)
        if (ch.used && ch.serial != m_serial) {
            ch.pending[slot] = kNaN;
            ch.idle[slot] = kNaN;
        }
}

int HistoryStore::takeTier0Slot(qint64 now)
{
    while (m_r0.size > 0 && m_t0[m_r0.phys(0)] < now - Tier0SpanMs)
        m_r0.popFront();
    if (m_r0.size == m_r0.cap) {
        if (m_r0.cap < Tier0MaxCapacity)
            growTier0(std::min(m_r0.cap * 2, Tier0MaxCapacity));
        else
            m_r0.popFront();
    }
    const int slot = m_r0.phys(m_r0.size);
    ++m_r0.size;
    m_t0[slot] = now;
    return slot;
}

void HistoryStore::growTier0(int newCap)
{
    const Ring r = m_r0;
    regrow(m_t0, r.head, r.size, r.cap, newCap, qint64(0));
    for (const auto &h : m_groups) {
        for (SeriesData &s : h->series)
            regrow(s.raw, r.head, r.size, r.cap, newCap, kNaN);
        for (ConsumerHistory &c : h->consumers)
            if (c.used) {
                regrow(c.pending, r.head, r.size, r.cap, newCap, kNaN);
                regrow(c.idle, r.head, r.size, r.cap, newCap, kNaN);
            }
    }
    m_r0 = Ring{0, r.size, newCap};
}

void HistoryStore::closeBucket(qint64 now)
{
    while (m_r1.size > 0 && m_t1[m_r1.phys(0)] < now - Tier1SpanMs)
        m_r1.popFront();
    if (m_r1.size == m_r1.cap)
        m_r1.popFront();
    const int slot = m_r1.phys(m_r1.size);
    ++m_r1.size;
    m_t1[slot] = m_openBucketMs;
    m_n1[slot] = m_openPolls;
    m_openPolls = 0;
    const qint64 coarse = m_openBucketMs - (((m_openBucketMs % CoarseBucketMs) + CoarseBucketMs) % CoarseBucketMs);
    if (m_openCoarseMs != -1 && coarse != m_openCoarseMs)
        closeCoarseBucket(now);
    m_openCoarseMs = coarse;
    for (const auto &h : m_groups)
        for (SeriesData &s : h->series) {
            s.mean[slot] = s.open.mean();
            s.lo[slot] = s.open.lo;
            s.hi[slot] = s.open.hi;
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
    if (m_r2.size == m_r2.cap)
        m_r2.popFront();
    const int slot = m_r2.phys(m_r2.size);
    ++m_r2.size;
    m_t2[slot] = m_openCoarseMs;
    for (const auto &h : m_groups)
        for (SeriesData &s : h->series) {
            s.lo2[slot] = s.open2.lo;
            s.hi2[slot] = s.open2.hi;
            if (!s.mean2.isEmpty())
                s.mean2[slot] = s.open2.mean();
            s.open2 = Accumulator{};
        }
}

// Once a bucket: groups unseen for a day go, consumers unseen for an hour
// free their slot, stream rate baselines older than an hour are dropped.
void HistoryStore::forgetOld(qint64 now)
{
    for (std::size_t i = 0; i < m_groups.size();) {
        GroupHistory &h = *m_groups[i];
        if (h.progress.lastSeenMs < now - Tier1SpanMs) {
            m_consumerCount -= h.consumersUsed;
            m_index.remove(h.key);
            m_groups[i] = std::move(m_groups.back());
            m_groups.pop_back();
            continue;
        }
        ++i;
    }
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

void HistoryStore::recordVerdict(const GroupKey &key, qint64 atMs, const HealthVerdict &verdict)
{
    GroupHistory *h = m_index.value(key);
    if (!h || (h->judged && verdict.status == h->lastStatus))
        return;
    // The first verdict is not a transition: it was never seen OK before it.
    h->changes.append(StatusChange{atMs, h->judged ? h->lastStatus : verdict.status, verdict.status, verdict.reasons, !h->judged});
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
}

QList<GroupKey> HistoryStore::groups() const
{
    QList<GroupKey> keys = m_index.keys();
    std::sort(keys.begin(), keys.end());
    return keys;
}

QList<QByteArray> HistoryStore::consumers(const GroupKey &key) const
{
    QList<QByteArray> names;
    if (const GroupHistory *h = find(key))
        for (const ConsumerHistory &c : h->consumers)
            if (c.used)
                names.append(c.name);
    std::sort(names.begin(), names.end());
    return names;
}

std::optional<GroupProgress> HistoryStore::progress(const GroupKey &key) const
{
    if (const GroupHistory *h = find(key))
        return h->progress;
    return std::nullopt;
}

QList<StatusChange> HistoryStore::statusChanges(const GroupKey &key) const
{
    const GroupHistory *h = find(key);
    return h ? h->changes : QList<StatusChange>{};
}

SeriesWindow HistoryStore::window(const GroupKey &key, Metric metric, qint64 fromMs, qint64 toMs, int maxPoints) const
{
    const GroupHistory *h = find(key);
    if (!h)
        return {};
    const SeriesData &s = h->series[int(metric)];
    return collect(Source{&s.raw, &s, pickFor(metric)}, fromMs, toMs, maxPoints);
}

SeriesWindow HistoryStore::consumerWindow(const GroupKey &key, const QByteArray &consumer, ConsumerMetric metric,
                                          qint64 fromMs, qint64 toMs, int maxPoints) const
{
    const GroupHistory *h = find(key);
    const int k = h ? h->consumerIndex.value(consumer, -1) : -1;
    if (k < 0)
        return {};
    const ConsumerHistory &c = h->consumers[k];
    return collect(Source{metric == ConsumerMetric::Pending ? &c.pending : &c.idle, nullptr, Pick::Hi},
                   fromMs, toMs, maxPoints);
}

// The finest data available for each part of the range: buckets older than
// the first retained poll, then every poll. When a pixel column spans more
// than a 2 min bucket, closed 2 min buckets replace both up to their end: a
// column still gets its min and max, from a tenth of the points.
SeriesWindow HistoryStore::collect(const Source &src, qint64 fromMs, qint64 toMs, int maxPoints) const
{
    SeriesWindow out;
    fromMs = std::max(fromMs, m_latestMs - Tier1SpanMs);
    if (toMs < fromMs || m_r0.size == 0)
        return out;
    maxPoints = std::max(maxPoints, 2);
    const int columns = maxPoints / 2;
    const qint64 rawStart = m_t0[m_r0.phys(0)];
    const qint64 retainFrom = m_latestMs - Tier1SpanMs;
    const bool coarse = src.buckets && m_r2.size > 0 && (toMs - fromMs) / columns >= CoarseBucketMs;
    // Finer tiers start where the closed 2 min buckets end.
    const qint64 finerFrom = coarse ? m_t2[m_r2.phys(m_r2.size - 1)] + CoarseBucketMs : fromMs;

    auto coarseStart = [&](int i) { return m_t2[m_r2.phys(i)]; };
    auto coarseTime = [&](int i) { return coarseStart(i) + CoarseBucketMs / 2; };
    int c0 = 0, c1 = 0;
    if (coarse) {
        c0 = partitionPoint(m_r2.size, [&](int i) { return coarseStart(i) < retainFrom || coarseTime(i) < fromMs; });
        c1 = std::max(c0, partitionPoint(m_r2.size, [&](int i) { return coarseTime(i) <= toMs; }));
    }
    auto bucketStart = [&](int i) { return m_t1[m_r1.phys(i)]; };
    // A bucket is drawn at its middle, but before the first raw poll.
    auto bucketTime = [&](int i) { return std::min(bucketStart(i) + BucketMs / 2, rawStart - 1); };
    int b0 = 0, b1 = 0;
    if (src.buckets) {
        b0 = partitionPoint(m_r1.size, [&](int i) {
            return bucketStart(i) < retainFrom || (coarse && bucketStart(i) < finerFrom) || bucketTime(i) < fromMs;
        });
        b1 = partitionPoint(m_r1.size, [&](int i) { return bucketStart(i) < rawStart && bucketTime(i) <= toMs; });
        b1 = std::max(b0, b1);
    }
    const qint64 rawFrom = std::max(fromMs, finerFrom);
    const int r0 = partitionPoint(m_r0.size, [&](int i) { return m_t0[m_r0.phys(i)] < rawFrom; });
    const int r1 = std::max(r0, partitionPoint(m_r0.size, [&](int i) { return m_t0[m_r0.phys(i)] <= toMs; }));
    const int count = (c1 - c0) + (b1 - b0) + (r1 - r0);
    if (count == 0)
        return out;

    out.tier = c1 > c0 ? 2 : b1 > b0 ? 1 : 0;
    out.decimated = count > maxPoints;
    const int reserve = std::min(count, maxPoints);
    out.t.reserve(reserve);
    out.v.reserve(reserve);
    out.lo.reserve(reserve);
    out.hi.reserve(reserve);

    Decimator dec(out, fromMs, toMs, columns);
    auto put = [&](qint64 tMs, double v, double lo, double hi) {
        if (out.decimated) {
            dec.add(tMs, v, lo, hi);
        } else {
            out.t.append(double(tMs) / 1000.0);
            out.v.append(v);
            out.lo.append(lo);
            out.hi.append(hi);
        }
    };
    if (coarse) {
        const SeriesData &s = *src.buckets;
        for (int i = c0; i < c1; ++i) {
            const int p = m_r2.phys(i);
            const double v = src.pick == Pick::Mean ? s.mean2[p] : src.pick == Pick::Lo ? s.lo2[p] : s.hi2[p];
            put(coarseTime(i), v, s.lo2[p], s.hi2[p]);
        }
    }
    for (int i = b0; i < b1; ++i) {
        const int p = m_r1.phys(i);
        const SeriesData &s = *src.buckets;
        const double v = src.pick == Pick::Mean ? s.mean[p] : src.pick == Pick::Lo ? s.lo[p] : s.hi[p];
        put(bucketTime(i), v, s.lo[p], s.hi[p]);
    }
    for (int i = r0; i < r1; ++i) {
        const int p = m_r0.phys(i);
        const double v = (*src.raw)[p];
        put(m_t0[p], v, v, v);
    }
    if (out.decimated)
        dec.flush();
    return out;
}

QVector<BucketStats> HistoryStore::buckets(const GroupKey &key, Metric metric, qint64 fromMs, qint64 toMs) const
{
    QVector<BucketStats> out;
    const GroupHistory *h = find(key);
    if (!h)
        return out;
    fromMs = std::max(fromMs, m_latestMs - Tier1SpanMs);
    const SeriesData &s = h->series[int(metric)];
    const int b0 = partitionPoint(m_r1.size, [&](int i) { return m_t1[m_r1.phys(i)] < fromMs; });
    for (int i = b0; i < m_r1.size; ++i) {
        const int p = m_r1.phys(i);
        if (m_t1[p] > toMs)
            break;
        out.append(BucketStats{m_t1[p], s.mean[p], s.lo[p], s.hi[p], m_n1[p]});
    }
    if (m_openBucketMs >= fromMs && m_openBucketMs <= toMs)
        out.append(BucketStats{m_openBucketMs, s.open.mean(), s.open.lo, s.open.hi, m_openPolls});
    return out;
}

qint64 HistoryStore::bytesUsed() const
{
    qint64 b = sizeof(*this);
    b += m_t0.capacity() * qint64(sizeof(qint64)) + m_t1.capacity() * qint64(sizeof(qint64))
         + m_n1.capacity() * qint64(sizeof(int)) + m_t2.capacity() * qint64(sizeof(qint64));
    b += qint64(m_groups.capacity()) * qint64(sizeof(void *));
    b += m_index.capacity() * (qint64(sizeof(GroupKey) + sizeof(void *)) + kHashNodeOverhead);
    b += qint64(m_groups.size()) * 64; // the rate baselines (PollValues), per group roughly
    for (const auto &hp : m_groups) {
        const GroupHistory &h = *hp;
        // Keys usually share the snapshot's bytes; counted anyway.
        b += qint64(sizeof(GroupHistory)) + h.key.stream.capacity() + h.key.group.capacity()
             + h.lastDeliveredId.capacity();
        for (const SeriesData &s : h.series)
            b += bytesOf(s.raw) + bytesOf(s.mean) + bytesOf(s.lo) + bytesOf(s.hi) + bytesOf(s.lo2) + bytesOf(s.hi2)
                 + bytesOf(s.mean2);
        b += qint64(h.consumers.capacity() * sizeof(ConsumerHistory));
        for (const ConsumerHistory &c : h.consumers)
            b += c.name.capacity() + bytesOf(c.pending) + bytesOf(c.idle);
        b += h.consumerIndex.capacity() * (qint64(sizeof(QByteArray) + sizeof(int)) + kHashNodeOverhead);
        b += h.lastNames.capacity() * qint64(sizeof(QByteArray)) + h.lastSlots.capacity() * qint64(sizeof(int));
        b += h.changes.capacity() * qint64(sizeof(StatusChange));
        for (const StatusChange &c : h.changes) {
            b += c.reasons.capacity() * qint64(sizeof(QString));
            for (const QString &r : c.reasons)
                b += r.capacity() * qint64(sizeof(QChar));
        }
    }
    return b;
}

} // namespace pelscope
