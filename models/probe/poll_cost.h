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
inline double xinfoStream(qint64 lastReplyBytes) { return 20 + double(lastReplyBytes) / 500.0; }
inline double xinfoGroups(qint64 groups) { return 10 + 1.0 * double(groups); }
// XPENDING key group start end COUNT n: O(log N) seek plus n entries returned.
inline double pendingRange(qint64 count) { return 10 + 0.5 * double(count); }
// XINFO CONSUMERS and the XPENDING summary visit every consumer (~1 µs each cold:
// 204-213 µs at 200 consumers, paced 100 ms apart).
inline double perConsumer(qint64 consumers) { return 5 + 1.0 * double(consumers); }
inline double scanPage(int count) { return 5 + 1.2 * double(count); }
inline double revRange(qint64 count) { return 10 + 0.5 * double(count); }

} // namespace pelscope::pollcost
