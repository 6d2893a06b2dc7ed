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
    // The sums of the fit and the largest step over m_samples, kept as
    // samples come and go (a poll then adds only its own point: 10,000
    // groups' fits took ~5 ms a poll when each summed its window); summed
    // afresh, from a new t = 0, every kResumAfter changes or when the
    // largest step leaves the window.
    void refreshSums();
    void include(const Sample &s, double sign);
    static constexpr int kResumAfter = 64;
    std::deque<Sample> m_samples;
    bool m_dirty = true;     // the sums must be recomputed
    bool m_stepDirty = true; // the largest step must be recomputed
    int m_changes = 0;       // since the last full sum
    qint64 m_originMs = 0;   // t = 0 of the sums
    double m_n = 0, m_st = 0, m_sv = 0, m_stt = 0, m_stv = 0;
    qint64 m_step = 0;
};

} // namespace pelscope
