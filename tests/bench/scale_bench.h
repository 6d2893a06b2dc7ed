// Section 7: many groups. A real redis-server holding N streams of one
// consumer group each, the real window polling it for a while in a child
// process (this executable with --scale-child), so its peak RSS is its own.
#pragma once

#include <QList>
#include <QString>
#include <functional>

namespace pelscope::bench {

// `groups` in all, split over `connections` (the all-connections tab).
struct ScaleCase
{
    int groups = 0;
    int connections = 1;
};

struct ScaleResult
{
    int groups = 0;
    int connections = 1;
    QString error;
    double seconds = 0;    // how long the window polled
    int ticks = 0;         // snapshots the window applied
    double baseMb = 0;     // the window shown, before the first snapshot
    double peakMb = 0;     // VmHWM at the end
    double endMb = 0;      // VmRSS at the end
    double historyMb = 0;  // HistoryStore::bytesUsed() at the end
    double applyP95Ms = 0; // snapshot → ConnectionView::applySnapshot → judged on the history's thread → overview repainted
    double applyMedianMs = 0;
    double windowP95Ms = 0; // of it, the window's thread: the judged snapshot's arrival → overview repainted
    double windowMedianMs = 0;
    // The GUI thread's longest gap between 10 ms timer ticks while polling,
    // sorting, filtering and scrolling, once every group has been read once;
    // and before that (rows and their history being created).
    double stallMaxMs = 0;
    double startupStallMs = 0;
    bool steadyReached = false;
    qint64 refreshTicks = 1; // ticks to read every group (streams read in turn past groupsPerTick)
    qint64 groupsRead = 0;   // per tick
    double quitMs = 0;       // from the quit request to the window, its threads and history gone
    double estimatedUs = 0;  // the probe's estimate of one tick's server time (mean)
    double measuredUs = 0;   // INFO commandstats: server time per tick (mean)
    double pollMs = 0;       // a tick's round trip as the poller measured it (mean)
    double kbPerGroup() const { return groups > 0 ? (peakMb - baseMb) * 1024.0 / groups : 0; }
};

// In the parent: a server per size, the children one after another.
QList<ScaleResult> runScaleBench(const QList<ScaleCase> &cases, double seconds, const std::function<void(const QString &)> &progress);

// In the child: `pelscope-bench --scale-child URL,SECONDS`; prints one line of JSON.
int scaleChildMain(const QString &argument);

} // namespace pelscope::bench
