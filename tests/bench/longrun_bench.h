// Section 10: long runs (issue 34). What a discovery sweep costs at a given
// keyspace, and the window's and the exporter's memory, and the share of live
// groups they show, over minutes of churn on a real redis-server: short-lived
// streams (five new 30-second streams a second, each with a group and one
// pending entry) and short-lived consumers (five a second on one group,
// removed with XGROUP DELCONSUMER after 30 s).
#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <functional>

namespace pelscope::bench {

struct SweepCostResult
{
    qint64 keys = 0;
    int count = 0;        // COUNT of each page, as SweepPace sets it for this keyspace
    int pagesPerTick = 0; // pages a poll sends
    qint64 pages = 0;     // one whole sweep
    double serverMs = 0;  // INFO commandstats usec of the sweep's SCANs
    double maxPageMs = 0; // the slowest page: what one call can hold the server
    double pollsPerSweep = 0;
    qint64 pauseMs = 0; // between sweeps
    QString error;
};

struct LongRunResult
{
    QString scenario; // "streams" or "consumers"
    double minutes = 0;
    QList<QPointF> windowMb, exporterMb; // (minute, RSS MB)
    QList<QPointF> storeMb;              // (minute, the window's HistoryStore::bytesUsed() in MB)
    double windowSlope = 0, exporterSlope = 0; // MB a minute after the first three
    // Streams only: shown ÷ live groups, sampled every second after the first 10 s.
    double windowShareMin = -1, windowShareP10 = -1, exporterShareMin = -1, exporterShareP10 = -1;
    double liveMedian = 0;
    QString error;
};

QList<SweepCostResult> runSweepCostBench(const QList<qint64> &keyspaces, const std::function<void(const QString &)> &progress);
// `scenarios`: "streams", "consumers".
QList<LongRunResult> runLongRunBench(const QStringList &scenarios, double minutes, const std::function<void(const QString &)> &progress);

// In the child (--longrun-child URL): the app's window on that server,
// printing a line of JSON a second (RSS, groups shown) until killed.
int longRunChildMain(const QString &url);

} // namespace pelscope::bench
