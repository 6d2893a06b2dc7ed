// Compact in-memory time series for one connection: every poll for the last
// hour, 10 s buckets (mean, min, max) and 2 min buckets (min, max) for a day,
// on shared time axes.
// Feeds the charts (decimated to what a plot can show) and the history rules.
#pragma once

#include "../snapshot/snapshot.h"
#include "group_key.h"
#include "poll_values.h"

#include <QHash>
#include <QHashFunctions>
#include <QList>
#include <QVector>
#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace pelscope {

// Per consumer, last hour only.
enum class ConsumerMetric { Pending, IdleSeconds };

// Points in time order. t is seconds since the epoch (server time), which is
// what QCPAxisTickerDateTime expects. NaN in v is a gap ("unknown").
// lo/hi is the range a point stands for: equal to v for a raw poll, the
// bucket's min and max otherwise, so a chart can draw a band.
// For 10 s buckets v is the value that must not hide trouble: the max for
// lag, pending, idle and consumers total, the min for consumers alive, the
// mean for rates. Decimated output carries each pixel's min and max of v.
struct SeriesWindow
{
    QVector<double> t;
    QVector<double> v;
    QVector<double> lo;
    QVector<double> hi;
    int tier = 0; // coarsest tier used: 0 every poll, 1 10 s buckets, 2 2 min buckets
    bool decimated = false;
};

// One 10 s bucket of one series; NaN statistics when count is 0.
struct BucketStats
{
    qint64 startMs = 0;
    double mean = 0;
    double lo = 0;
    double hi = 0;
    int count = 0; // polls with a known value
};

// What the latest polls said about a group's progress, for rules.
struct GroupProgress
{
    qint64 firstSeenMs = 0;
    qint64 lastSeenMs = 0;
    qint64 lastReadAdvanceMs = 0; // entries-read or last-delivered-id last moved; firstSeenMs until then
    bool readAdvanceSeen = false;
    std::optional<qint64> lag; // from the latest poll that had the group
    std::optional<qint64> pending;
    std::optional<qint64> entriesRead;
};

struct StatusChange
{
    qint64 atMs = 0;
    Health from = Health::Ok;
    Health to = Health::Ok;
    QList<Reason> reasons;
    bool firstSeen = false; // the group's first verdict since Pelscope watched it: `from` means nothing
};

// Since when a group has had its status, from its recorded changes.
struct StatusSince
{
    qint64 atMs = 0;
    // It already had this status when recording began: the trouble started
    // at or before atMs.
    bool atLeast = false;
    // Derived from the data (IncidentMark::Basis::Derived): "≈", with the
    // code of what it rests on (derivedFromText).
    QByteArray derivedFrom;
};

// When a subject's incident began: its IncidentMark, or the recorded
// history's start of its status when that is earlier (a recorder that ran
// before this window opened). Null while the verdict is OK.
std::optional<StatusSince> incidentSince(const HealthVerdict &verdict, std::optional<StatusSince> recorded);

// One group's values at one recorded poll, as the on-disk history keeps
// them (Metric order; NaN unknown), replayed into the store when a
// connection opens so its charts start with the past.
struct RecordedValues
{
    GroupKey key;
    float values[MetricCount];
    std::optional<Health> status;
};

class HistoryStore
{
public:
    static constexpr qint64 Tier0SpanMs = 3'600'000;
    static constexpr qint64 BucketMs = 10'000;
    static constexpr qint64 Tier1SpanMs = 86'400'000;
    // Every ring starts small and grows by half when full, up to its capacity
    // and the memory budget's limit; a group's series hold only the slots it
    // lived in (TailSeries): a group costs what it has recorded, not a day's
    // worth up front (10,000 groups used to take 10 GB at the start).
    static constexpr int Tier0InitialCapacity = 64;
    static constexpr int Tier0MaxCapacity = 4 * 3'600; // faster polls cover less than an hour
    static constexpr int Tier1InitialCapacity = 16;
    static constexpr int Tier1Capacity = int(Tier1SpanMs / BucketMs);
    // Tier 2 exists for wide windows only: a day drawn in a few hundred pixel
    // columns reads 720 buckets per series instead of ~12,000 polls and buckets.
    static constexpr qint64 CoarseBucketMs = 120'000;
    static constexpr int Tier2InitialCapacity = 8;
    static constexpr int Tier2Capacity = int(Tier1SpanMs / CoarseBucketMs) + 1;
    // What the series of every group may take together. Above it (about 250
    // groups with a full day) every tier keeps a shorter span, never less
    // than the floors below; the on-disk history keeps the rest.
    static constexpr qint64 DefaultMemoryBudget = 256LL * 1024 * 1024;
    static constexpr int Tier0Floor = 120; // 2 min at 1 Hz
    static constexpr int Tier1Floor = 180; // 30 min of 10 s buckets
    static constexpr int Tier2Floor = 30;  // 1 h of 2 min buckets
    static constexpr int StatusChangeLimit = 500;
    // Groups gone from the server (unseen for GoneAfterMs) kept in memory, the
    // most recently seen first; the on-disk history keeps them all. Short-lived
    // streams (a reply stream per request, a stream per job) would otherwise
    // hold a day of series each, and the window grew without end under churn.
    static constexpr int GoneGroupsKept = 200;
    static constexpr qint64 GoneAfterMs = 30'000;
    // A group missing from the polls this long, and from this many polls,
    // gives its series and consumers up (the file keeps them): a stream is
    // missing from a poll only when it is gone (a stream read in turn stays
    // in every snapshot). No poll at all (an outage, a recording gap) is
    // not a missed poll.
    static constexpr qint64 ReleaseAfterMs = 10'000;
    static constexpr quint64 kReleaseAfterPolls = 3;
    // A recording whose last poll of a group is older than this when the
    // first live poll comes did not watch it up to now: the stall clock
    // starts again (applyHistoryRules' "no entry read ...").
    static constexpr qint64 RecordingJoinMs = 60'000;
    static constexpr int ConsumersPerGroupLimit = 32;
    static constexpr int ConsumersLimit = 1'024;

    HistoryStore();
    ~HistoryStore();
    HistoryStore(const HistoryStore &) = delete;
    HistoryStore &operator=(const HistoryStore &) = delete;

    // Snapshots whose server time does not move forward are dropped. Time
    // not recorded (a jump of more than 3 polls, and at least kMinGapMs) is
    // kept as a gap: charts break there instead of drawing across it.
    void append(const Snapshot &snapshot);
    // A recorded poll (the on-disk history): the same tiers, rules' baseline and gaps.
    void appendRecorded(qint64 atMs, const QList<RecordedValues> &rows);
    static constexpr qint64 kMinGapMs = 30'000;
    // Records a status change when the verdict's status differs from the last one (Ok at first).
    void recordVerdict(const GroupKey &key, qint64 atMs, const HealthVerdict &verdict);
    // A status change read from the on-disk history (before this window watched).
    void addRecordedChange(const GroupKey &key, const StatusChange &change);
    void clear();
    // A consumer counts as alive while its idle time is below this.
    void setConsumerAliveIdleMs(qint64 ms)
    {
        m_aliveIdleMs = ms;
        m_values.setAliveIdleMs(ms);
    }

    QList<GroupKey> groups() const; // sorted
    QList<QByteArray> consumers(const GroupKey &key) const;
    SeriesWindow window(const GroupKey &key, Metric metric, qint64 fromMs, qint64 toMs, int maxPoints = 2000) const;
    SeriesWindow consumerWindow(const GroupKey &key, const QByteArray &consumer, ConsumerMetric metric, qint64 fromMs, qint64 toMs,
                                int maxPoints = 2000) const;
    // 10 s buckets starting in [fromMs, toMs], the still-open one included.
    QVector<BucketStats> buckets(const GroupKey &key, Metric metric, qint64 fromMs, qint64 toMs) const;
    // The pending-climbing rule's last evaluation for a group: the floors it
    // rests on change only when a 10 s bucket closes, so with 10,000 groups
    // it is not worked out again every poll (null for an unknown group).
    struct ClimbMemo
    {
        qint64 bucketMs = -1;               // the open bucket it was evaluated in
        std::optional<double> from, lowest; // climbing: the first floor, and the last one
    };
    ClimbMemo *climbMemo(const GroupKey &key) const;
    qint64 openBucketMs() const { return m_openBucketMs; }
    std::optional<GroupProgress> progress(const GroupKey &key) const;
    QList<StatusChange> statusChanges(const GroupKey &key) const;
    // Since when `key` has had `status`: the recorded poll, recorded change
    // or live verdict it began with; null when its last status is another.
    std::optional<StatusSince> statusSince(const GroupKey &key, Health status) const;

    qint64 latestMs() const { return m_latestMs; } // 0 when empty
    qint64 droppedSnapshots() const { return m_dropped; }
    // Allocated capacity of every buffer, plus estimated container overhead.
    qint64 bytesUsed() const;
    // What the window holds in memory, as said under the history's tooltip:
    // groups (those gone from the server among them), consumers, bytes.
    struct Held
    {
        int groups = 0, goneGroups = 0, consumers = 0;
        qint64 bytes = 0;
    };
    Held held() const;
    int groupCount() const { return int(m_groups.size()); }
    void setMemoryBudget(qint64 bytes) { m_budgetBytes = std::max<qint64>(bytes, 1); }
    qint64 memoryBudget() const { return m_budgetBytes; }
    // How far back each tier reaches at most now (the budget's verdict for
    // this many groups): polls, 10 s buckets, 2 min buckets.
    struct TierLimits
    {
        int raw = Tier0MaxCapacity, buckets = Tier1Capacity, coarse = Tier2Capacity;
    };
    TierLimits tierLimits() const { return m_limits; }

private:
    // A tier's time axis: `size` slots from `head`, in `cap`. Slots are also
    // numbered for ever (`first` is the oldest held), which is how series
    // address them: a series does not move when its axis grows or drops.
    struct Ring
    {
        int head = 0, size = 0, cap = 0;
        qint64 first = 0;
        int phys(int i) const
        {
            const int p = head + i;
            return p >= cap ? p - cap : p;
        }
        qint64 slot(int i) const { return first + i; }
        qint64 newest() const { return first + size - 1; }
        void popFront()
        {
            head = head + 1 == cap ? 0 : head + 1;
            --size;
            ++first;
        }
    };
    struct GroupHistory;
    struct Source;

    GroupHistory &groupFor(const GroupKey &key, qint64 nowMs);
    void releaseSeries(GroupHistory &h);
    qint64 beginPoll(qint64 nowMs); // the tier-0 slot of a new poll, -1 when dropped
    qint64 beginPollAt(qint64 nowMs);
    qint64 takeTier0Slot(qint64 nowMs);
    enum class Tier { Raw, Buckets, Coarse };
    Ring &ring(Tier tier);
    // Moves a tier's axis and every group's buffers of it into `newCap`
    // slots, oldest first; when shrinking, the oldest go.
    void resizeTier(Tier tier, int newCap);
    // Room for one more slot: grows the ring when full and under its limit.
    void makeRoom(Tier tier, int limit);
    void applyBudget();
    void closeBucket(qint64 nowMs);
    void closeCoarseBucket(qint64 nowMs);
    void forgetOld(qint64 nowMs);
    void updateConsumers(GroupHistory &h, const GroupSnapshot &g, qint64 slot, qint64 nowMs);
    GroupHistory *find(const GroupKey &key) const;
    SeriesWindow collect(const Source &src, qint64 fromMs, qint64 toMs, int maxPoints) const;

    QVector<qint64> m_t0; // poll times, shared by every tier-0 series
    Ring m_r0;
    QVector<qint64> m_t1; // bucket starts, shared by every tier-1 series
    QVector<int> m_n1;    // polls per bucket
    Ring m_r1;
    QVector<qint64> m_t2; // 2 min bucket starts, filled from closed tier-1 buckets
    Ring m_r2;
    qint64 m_openCoarseMs = -1;
    qint64 m_openBucketMs = -1;
    int m_openPolls = 0;
    qint64 m_latestMs = 0;
    qint64 m_typicalIntervalMs = 0; // smoothed time between polls, for gaps
    quint64 m_serial = 0;
    qint64 m_dropped = 0;
    qint64 m_aliveIdleMs = 60'000;
    int m_consumerCount = 0;
    qint64 m_budgetBytes = DefaultMemoryBudget;
    TierLimits m_limits;
    std::vector<std::unique_ptr<GroupHistory>> m_groups;
    QHash<GroupKey, GroupHistory *> m_index;
    std::vector<GroupHistory *> m_lastOrder; // the last append's groups, in its order
    mutable std::size_t m_nextInOrder = 0;   // where find() looks first
    PollValues m_values;                     // the per-poll figures, computed as the on-disk history computes them
};

} // namespace pelscope
