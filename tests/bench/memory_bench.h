// Section 5: the app's memory with a day of history. Each case runs in a child
// process (this executable with --memory-child), so its peak RSS is its own.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <functional>

namespace pelscope::bench {

struct MemoryResult
{
    int groups = 0;
    QString error;
    double baseMb = 0;      // QApplication + main window, before any history
    double fullMb = 0;      // RSS once 24 h of history are in the store
    double afterSoakMb = 0; // RSS after one more (accelerated) hour
    double peakMb = 0;      // VmHWM at the end
    double storeMb = 0;     // the window's HistoryStore::bytesUsed()
    double heapMb = 0;      // malloc's bytes in use at the end
    double fillSeconds = 0, soakSeconds = 0;
    double growthPercent() const { return fullMb > 0 ? (afterSoakMb - fullMb) * 100.0 / fullMb : 0; }
};

// In the parent: runs the children one after another.
QList<MemoryResult> runMemoryBench(const QList<int> &groupCounts, const std::function<void(const QString &)> &progress);

// A field of /proc/self/status in MB ("VmRSS", "VmHWM"); 0 where there is none.
double statusMb(const QByteArray &field);

// In the child: fills, soaks, prints one line of JSON. Returns the exit code.
int memoryChildMain(int groups);

} // namespace pelscope::bench
