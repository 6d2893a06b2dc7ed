// Section 7: many groups. A real redis-server holding N streams of one
// consumer group each, the real window polling it for a while in a child
// process (this executable with --scale-child), so its peak RSS is its own.
#pragma once

#include <QList>
#include <QString>
#include <functional>

namespace pelscope::bench {

struct ScaleResult
{
    int groups = 0;
    QString error;
    double seconds = 0;    // how long the window polled
    int ticks = 0;         // snapshots the window applied
    double baseMb = 0;     // the window shown, before the first snapshot
    double peakMb = 0;     // VmHWM at the end
    double endMb = 0;      // VmRSS at the end
    double historyMb = 0;  // HistoryStore::bytesUsed() at the end
    double applyP95Ms = 0; // snapshot → ConnectionView::applySnapshot → overview repainted
    double applyMedianMs = 0;
    double stallMaxMs = 0;  // the GUI thread's longest gap between 10 ms timer ticks while polling
    double quitMs = 0;      // from the quit request to the window, its threads and history gone
    double estimatedUs = 0; // the probe's estimate of one tick's server time (mean)
    double measuredUs = 0;  // INFO commandstats: server time per tick (mean)
    double pollMs = 0;      // a tick's round trip as the poller measured it (mean)
    double kbPerGroup() const { return groups > 0 ? (peakMb - baseMb) * 1024.0 / groups : 0; }
};

// In the parent: a server per size, the children one after another.
QList<ScaleResult> runScaleBench(const QList<int> &groupCounts, double seconds, const std::function<void(const QString &)> &progress);

// In the child: `pelscope-bench --scale-child URL,SECONDS`; prints one line of JSON.
int scaleChildMain(const QString &argument);

} // namespace pelscope::bench
