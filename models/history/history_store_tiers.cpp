// HistoryStore, the time rings: each tier's axis grows by half when full up
// to its limit, and every tier shrinks together when the memory budget says
// the groups held need it (the series follow: TailSeries::limitTo).
#include "history_store_internals.h"

#include <type_traits>

namespace pelscope {

HistoryStore::Ring &HistoryStore::ring(Tier tier)
{
    switch (tier) {
    case Tier::Raw: return m_r0;
    case Tier::Buckets: return m_r1;
    case Tier::Coarse: break;
    }
    return m_r2;
}

void HistoryStore::makeRoom(Tier tier, int limit)
{
    Ring &r = ring(tier);
    if (r.size < r.cap)
        return;
    if (r.cap < limit) // by half again, not double: what is allocated follows what is held (an hour of polls, a day of buckets)
        resizeTier(tier, std::min(std::max(r.cap + 16, r.cap * 3 / 2), limit));
    else
        r.popFront();
}

void HistoryStore::resizeTier(Tier tier, int newCap)
{
    const Ring r = ring(tier);
    const int keep = std::min(r.size, newCap);
    const int skip = r.size - keep; // shrinking: the oldest go
    const auto move = [&](auto &v, auto fill) {
        std::remove_reference_t<decltype(v)> out(newCap, fill);
        for (int i = 0; i < keep; ++i)
            out[i] = v[r.phys(skip + i)];
        v = std::move(out);
    };
    // The series keep their slots: only a ring that shrank below what one
    // holds makes it give up its oldest.
    switch (tier) {
    case Tier::Raw:
        move(m_t0, qint64(0));
        for (const auto &h : m_groups) {
            for (SeriesData &s : h->series)
                s.raw.limitTo(newCap);
            for (ConsumerHistory &c : h->consumers) {
                c.pending.limitTo(newCap);
                c.idle.limitTo(newCap);
            }
        }
        break;
    case Tier::Buckets:
        move(m_t1, qint64(0));
        move(m_n1, 0);
        for (const auto &h : m_groups)
            for (SeriesData &s : h->series) {
                s.mean.limitTo(newCap);
                s.lo.limitTo(newCap);
                s.hi.limitTo(newCap);
            }
        break;
    case Tier::Coarse:
        move(m_t2, qint64(0));
        for (const auto &h : m_groups)
            for (SeriesData &s : h->series) {
                s.lo2.limitTo(newCap);
                s.hi2.limitTo(newCap);
                s.mean2.limitTo(newCap);
            }
        break;
    }
    ring(tier) = Ring{0, keep, newCap, r.first + skip};
}

// The budget's limits for the groups and consumers held now: a full day for
// each while they fit, else every tier's span cut by the same factor (down to
// the floors). A ring above its new limit gives up its oldest slots at once.
void HistoryStore::applyBudget()
{
    constexpr qint64 kFloat = sizeof(float);
    const qint64 groups = qint64(m_groups.size());
    if (groups == 0)
        return;
    // Per slot of each tier, for all groups: eight series (three buffers a
    // bucket, two or three a coarse bucket), two buffers a tracked consumer.
    const qint64 perRaw = (groups * MetricCount + 2LL * m_consumerCount) * kFloat;
    const qint64 perBucket = groups * MetricCount * 3 * kFloat;
    const qint64 perCoarse = groups * MetricCount * 3 * kFloat;
    const double full = double(perRaw) * Tier0MaxCapacity / 4 + double(perBucket) * Tier1Capacity + double(perCoarse) * Tier2Capacity;
    const double f = std::min(1.0, double(m_budgetBytes) / full);
    TierLimits limits;
    if (f < 1.0) {
        limits.raw = std::clamp(int(double(Tier0MaxCapacity) / 4 * f), Tier0Floor, Tier0MaxCapacity);
        limits.buckets = std::clamp(int(Tier1Capacity * f), Tier1Floor, Tier1Capacity);
        limits.coarse = std::clamp(int(Tier2Capacity * f), Tier2Floor, Tier2Capacity);
    }
    m_limits = limits;
    if (m_r0.cap > limits.raw)
        resizeTier(Tier::Raw, limits.raw);
    if (m_r1.cap > limits.buckets)
        resizeTier(Tier::Buckets, limits.buckets);
    if (m_r2.cap > limits.coarse)
        resizeTier(Tier::Coarse, limits.coarse);
}

} // namespace pelscope
