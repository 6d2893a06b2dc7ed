// Will a backlog clear by itself, and when: its recent values (a group's lag,
// a queue's due, listed or waiting items), thinned to about 32 a rate window
// whatever the poll interval, fitted by least squares (DrainForecast).
// IncidentTracker keeps one per group and queue.
#pragma once

#include "../snapshot/snapshot.h"

#include <deque>
#include <optional>

namespace pelscope {

// How long a fit needs before it says anything: "watch must give the state
// after at most 30 s of polls" (issue 50), and less is one batch's noise.
inline constexpr qint64 kDrainMinBasisMs = 30'000;

class BacklogSeries
{
public:
    // The forecast with `backlog` now, over the last `windowMs` of polls;
    // `in` and `out` are a group's rates (null for queues).
    DrainForecast forecast(qint64 nowMs, std::optional<qint64> backlog, qint64 windowMs, const std::optional<WindowRate> &in,
                           const std::optional<WindowRate> &out);
    // The largest change between two kept values: a batch reader's batch.
    qint64 largestStep() const;

private:
    struct Sample
    {
        qint64 atMs = 0;
        qint64 value = 0;
    };
    void add(qint64 nowMs, qint64 value, qint64 windowMs);
    std::deque<Sample> m_samples;
};

} // namespace pelscope
