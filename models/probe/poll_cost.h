// Estimated server time of the commands one tick sends, for --poll-budget.
// Measured with redis-server 7.0 on a cold cache (a poller ticks once a
// second, so each command finds the server's caches cold): a fixed cost per
// command plus a term per element it walks or returns. An estimate, meant to
// rank and ration reads; docs/BENCHMARKS.md holds the measured figures.
#pragma once

#include <QtGlobal>

namespace pelscope::pollcost {

constexpr double Time = 4;
constexpr double Xlen = 6;
// first-entry and last-entry come back whole: big entries cost more.
inline double xinfoStream(qint64 lastReplyBytes)
{
    return 20 + double(lastReplyBytes) / 500.0;
}
inline double xinfoGroups(qint64 groups)
{
    return 10 + 1.0 * double(groups);
}
// XPENDING key group start end COUNT n: O(log N) seek plus n entries returned.
inline double pendingRange(qint64 count)
{
    return 10 + 0.5 * double(count);
}
// XINFO CONSUMERS and the XPENDING summary visit every consumer (~1 µs each cold:
// 204-213 µs at 200 consumers, paced 100 ms apart).
inline double perConsumer(qint64 consumers)
{
    return 5 + 1.0 * double(consumers);
}
inline double scanPage(int count)
{
    return 5 + 1.2 * double(count);
}
inline double revRange(qint64 count)
{
    return 10 + 0.5 * double(count);
}

// The figures above are cold ones: a command alone on a quiet server. In a
// pipeline the server's caches stay warm and the fixed part shrinks: with
// 1,000 groups (3,000 commands a tick) commandstats measured XLEN 0.33 µs,
// XPENDING 1.07, XINFO GROUPS 1.18, XRANGE 1.37, XINFO STREAM 3.79 per call,
// about a tenth of the cold figures (3.9, 12.2, 8.7, -, 22). So a tick's
// estimate is the cold sum scaled by warmth(commands) = W + (1 - W) * C / n.
// Calibrated from `./dev bench` section 7 (commandstats usec per tick over a
// minute of the window polling 10, 100, 1,000 and 10,000 groups, divided by
// the cold sum the probe planned): 0.32 at 31 commands, 0.118 at ~300, 0.098
// at ~3,000, 0.109 at ~6,000; W = 0.10 and C = 7 fit all four within 7%.
// Before (W 0.11, C 20) the estimate was 2.1x the measured time at 10 groups.
constexpr double WarmShare = 0.10;
constexpr double ColdCommands = 7;
inline double warmth(qint64 commands)
{
    if (commands <= ColdCommands)
        return 1.0;
    return WarmShare + (1.0 - WarmShare) * ColdCommands / double(commands);
}

} // namespace pelscope::pollcost
