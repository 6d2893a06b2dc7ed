// The figures kept per group and poll, computed one way for the window's
// in-memory history and for the on-disk history: lag, pending, oldest
// pending idle (seconds), in and out rates (entries per second of server
// time, from the counters' change since the previous poll), consumers alive
// (idle below a threshold) and total, how far behind in time (the age of the
// oldest unread entry, seconds; 0 when nothing is unread). NaN where unknown.
#pragma once

#include "group_key.h"
#include "../snapshot/snapshot.h"

#include <QHash>
#include <QList>

#include <limits>

namespace pelscope {

// Per group. Rates are per second of server time.
enum class Metric { Lag, Pending, OldestIdleSeconds, InRate, OutRate, ConsumersAlive, ConsumersTotal, BehindSeconds };
inline constexpr int MetricCount = 8;
// Unknown, in a series: a gap, never a zero.
inline constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// The value that stands for a bucket of polls: the side of the range that
// must not hide trouble, or the mean where the average is the truth (rates).
enum class Pick { Mean, Lo, Hi };
inline Pick pickFor(Metric m)
{
    switch (m) {
    case Metric::InRate:
    case Metric::OutRate: return Pick::Mean;
    case Metric::ConsumersAlive: return Pick::Lo;
    default: return Pick::Hi;
    }
}

class PollValues
{
public:
    struct Group
    {
        GroupKey key;
        float values[MetricCount];
    };

    // A consumer counts as alive while its idle time is below this.
    void setAliveIdleMs(qint64 ms) { m_aliveIdleMs = ms; }
    // Every group of `snapshot`, in its order; the counters are remembered
    // for the next call's rates. A stream not read this tick (readAtMs before
    // takenAtMs) repeats the values of its last read.
    QList<Group> compute(const Snapshot &snapshot);
    void clear();

private:
    struct Baseline
    {
        double value = 0;
        qint64 atMs = 0;
    };
    double inRate(const StreamSnapshot &stream, qint64 nowMs);

    qint64 m_aliveIdleMs = 60'000;
    QHash<QByteArray, Baseline> m_added; // per stream: entries added
    QHash<GroupKey, Baseline> m_read;    // per group: entries read
    QHash<GroupKey, Group> m_carried;    // per group: its values when last read
    bool m_rationed = false;
};

} // namespace pelscope
