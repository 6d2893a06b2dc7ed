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

// The figures above are for a tick of a few dozen commands, whose caches are
// cold. In a long pipeline the server's caches stay warm and the fixed part
// shrinks: with 1,000 groups (3,000 commands a tick) commandstats measured
// XLEN 0.33 µs, XPENDING 1.07, XINFO GROUPS 1.18, XRANGE 1.37, XINFO STREAM
// 3.79 per call, about a ninth of the cold figures (3.9, 12.2, 8.7, -, 22).
// So a tick's estimate is the cold sum scaled by warmth(commands): the first
// ~20 commands pay the cold price, the rest the warm one. Without it the
// estimate was 26× the measured time at 100 and 1,000 groups (./dev bench,
// section 7, holds the figures).
constexpr double WarmShare = 0.11;
constexpr double ColdCommands = 20;
inline double warmth(qint64 commands)
{
    if (commands <= ColdCommands)
        return 1.0;
    return WarmShare + (1.0 - WarmShare) * ColdCommands / double(commands);
}

} // namespace pelscope::pollcost
