// HistoryStore, the reading half: the groups and consumers held, the series
// a chart asks for (the finest data for each part of the range, decimated to
// the pixels), bucket statistics for the rules, and the memory in use.
#include "history_store_internals.h"

#include "series_decimator.h"

namespace pelscope {

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

std::optional<StatusSince> HistoryStore::statusSince(const GroupKey &key, Health status) const
{
    const GroupHistory *h = find(key);
    if (!h || !h->judged || h->lastStatus != status)
        return std::nullopt;
    return h->since;
}

std::optional<StatusSince> incidentSince(const HealthVerdict &v, std::optional<StatusSince> recorded)
{
    if (v.status == Health::Ok)
        return std::nullopt;
    std::optional<StatusSince> out;
    const IncidentMark &i = v.incident;
    if (i.sinceMs > 0)
        out = StatusSince{i.sinceMs, i.basis == IncidentMark::Basis::Watching, i.basis == IncidentMark::Basis::Derived ? i.derivedFrom : QByteArray()};
    if (recorded && recorded->atMs > 0 && (!out || recorded->atMs < out->atMs))
        out = recorded;
    return out;
}

SeriesWindow HistoryStore::window(const GroupKey &key, Metric metric, qint64 fromMs, qint64 toMs, int maxPoints) const
{
    const GroupHistory *h = find(key);
    if (!h)
        return {};
    const SeriesData &s = h->series[int(metric)];
    return collect(Source{&s.raw, &s, pickFor(metric)}, fromMs, toMs, maxPoints);
}

SeriesWindow HistoryStore::consumerWindow(const GroupKey &key, const QByteArray &consumer, ConsumerMetric metric, qint64 fromMs, qint64 toMs,
                                          int maxPoints) const
{
    const GroupHistory *h = find(key);
    const int k = h ? h->consumerIndex.value(consumer, -1) : -1;
    if (k < 0)
        return {};
    const ConsumerHistory &c = h->consumers[k];
    return collect(Source{metric == ConsumerMetric::Pending ? &c.pending : &c.idle, nullptr, Pick::Hi}, fromMs, toMs, maxPoints);
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
        b0 = partitionPoint(m_r1.size,
                            [&](int i) { return bucketStart(i) < retainFrom || (coarse && bucketStart(i) < finerFrom) || bucketTime(i) < fromMs; });
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
            const qint64 n = m_r2.slot(i);
            const double lo = s.lo2.at(n), hi = s.hi2.at(n);
            put(coarseTime(i), src.pick == Pick::Mean ? s.mean2.at(n) : src.pick == Pick::Lo ? lo : hi, lo, hi);
        }
    }
    for (int i = b0; i < b1; ++i) {
        const qint64 n = m_r1.slot(i);
        const SeriesData &s = *src.buckets;
        const double lo = s.lo.at(n), hi = s.hi.at(n);
        put(bucketTime(i), src.pick == Pick::Mean ? s.mean.at(n) : src.pick == Pick::Lo ? lo : hi, lo, hi);
    }
    for (int i = r0; i < r1; ++i) {
        const double v = src.raw->at(m_r0.slot(i));
        put(m_t0[m_r0.phys(i)], v, v, v);
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
        const qint64 n = m_r1.slot(i);
        out.append(BucketStats{m_t1[p], s.mean.at(n), s.lo.at(n), s.hi.at(n), m_n1[p]});
    }
    if (m_openBucketMs >= fromMs && m_openBucketMs <= toMs)
        out.append(BucketStats{m_openBucketMs, s.open.mean(), s.open.lo, s.open.hi, m_openPolls});
    return out;
}

HistoryStore::Held HistoryStore::held() const
{
    Held out;
    out.groups = int(m_groups.size());
    for (const auto &hp : m_groups)
        if (hp->progress.lastSeenMs < m_latestMs - GoneAfterMs)
            ++out.goneGroups;
    out.consumers = m_consumerCount;
    out.bytes = bytesUsed();
    return out;
}

qint64 HistoryStore::bytesUsed() const
{
    qint64 b = sizeof(*this);
    b += m_t0.capacity() * qint64(sizeof(qint64)) + m_t1.capacity() * qint64(sizeof(qint64)) + m_n1.capacity() * qint64(sizeof(int))
         + m_t2.capacity() * qint64(sizeof(qint64));
    b += qint64(m_groups.capacity()) * qint64(sizeof(void *));
    b += m_index.capacity() * (qint64(sizeof(GroupKey) + sizeof(void *)) + kHashNodeOverhead);
    b += qint64(m_groups.size()) * 64; // the rate baselines (PollValues), per group roughly
    for (const auto &hp : m_groups) {
        const GroupHistory &h = *hp;
        // Keys usually share the snapshot's bytes; counted anyway.
        b += qint64(sizeof(GroupHistory)) + h.key.stream.capacity() + h.key.group.capacity() + h.lastDeliveredId.capacity();
        for (const SeriesData &s : h.series)
            b += s.bytes();
        b += qint64(h.consumers.capacity() * sizeof(ConsumerHistory));
        for (const ConsumerHistory &c : h.consumers)
            b += c.name.capacity() + c.pending.bytes() + c.idle.bytes();
        b += h.consumerIndex.capacity() * (qint64(sizeof(QByteArray) + sizeof(int)) + kHashNodeOverhead);
        b += h.lastNames.capacity() * qint64(sizeof(QByteArray)) + h.lastSlots.capacity() * qint64(sizeof(int));
        b += h.changes.capacity() * qint64(sizeof(StatusChange));
        for (const StatusChange &c : h.changes) {
            b += c.reasons.capacity() * qint64(sizeof(Reason));
            for (const Reason &r : c.reasons)
                b += r.code.capacity() + r.text.capacity() + r.args.capacity() * qint64(sizeof(ReasonArg) + 32); // an arg's value, roughly
        }
    }
    return b;
}

} // namespace pelscope
