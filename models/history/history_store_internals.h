// The inside of HistoryStore, shared by its three parts: history_store.cpp
// (appending polls, closing buckets, forgetting), history_store_tiers.cpp
// (the time rings' sizes and the memory budget) and history_queries.cpp
// (what the charts and rules read back). Include it from those files only.
#pragma once

#include "history_store.h"
#include "tail_series.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace pelscope {

namespace history_detail {

inline constexpr qint64 kHashNodeOverhead = 2 * sizeof(void *); // QHash span bookkeeping, roughly

// First index in [0, n) for which before(i) is false; before must be monotonic.
template<typename Pred>
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

// Slot numbers are the tiers' rings' (Ring::slot): a series holds the slots
// its group lived in, no more.
struct SeriesData
{
    TailSeries raw;          // tier 0
    TailSeries mean, lo, hi; // tier 1
    Accumulator open;
    TailSeries lo2, hi2; // tier 2
    TailSeries mean2;    // tier 2, rates only: the others draw lo2 or hi2
    Accumulator open2;

    void clear() { *this = SeriesData{}; }
    qint64 bytes() const { return raw.bytes() + mean.bytes() + lo.bytes() + hi.bytes() + lo2.bytes() + hi2.bytes() + mean2.bytes(); }
};

struct ConsumerHistory
{
    QByteArray name;
    bool used = false;
    TailSeries pending, idle; // tier 0 only
    qint64 lastSeenMs = 0;
    quint64 serial = 0;
};

} // namespace history_detail

using namespace history_detail;

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
    StatusSince since;   // when lastStatus began, from recorded polls, recorded changes and live verdicts
    HistoryStore::ClimbMemo climb;
    bool released = false; // gone from the server: series and consumers given up (releaseSeries)
};

struct HistoryStore::Source
{
    const TailSeries *raw = nullptr;
    const SeriesData *buckets = nullptr; // null: tier 0 only
    Pick pick = Pick::Hi;
};

} // namespace pelscope
