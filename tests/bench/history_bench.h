// The on-disk history and the Prometheus endpoint: what recording costs per
// tick (GUI thread and writer thread), how large the file grows for 50 groups
// over a day and over 14 days, how long a window takes to load a day, how
// fast `pelscope-cli exporter` answers a scrape with 1,000 groups, and what
// the exporter costs Redis with 1 and 5 scrapes per second, side by side
// with redis_exporter's.
#pragma once

#include <QList>
#include <QString>

#include <functional>

namespace pelscope::bench {

// Median, 99th percentile and maximum of a set of timings.
struct Spread
{
    double median = 0, p99 = 0, max = 0;
    int count = 0;
    static Spread of(QList<double> values);
};

struct ExporterCost
{
    QString tool; // "pelscope-cli exporter", "redis_exporter -check-streams"
    double scrapeEveryS = 1; // seconds between scrapes
    double seconds = 0;
    double commandsPerSecond = 0;
    double commandUsPerSecond = 0; // INFO commandstats server time
    double cpuUsPerSecond = 0;     // main-thread CPU, idle rate taken out
};

struct HistoryBenchResult
{
    int groups = 50;
    int ticks = 0;
    Spread guiUs;     // HistorySession::admit + record on the GUI thread, µs
    Spread writerMs;  // HistoryRecorder::record (figures + one transaction), ms
    double mb24h = 0; // used pages after a day, MB
    double mb14d = 0; // after 14 days and the retention pass; NaN when not run (--quick)
    Spread openMs;    // a window's HistorySession: start → a day of 50 groups in the store
    int openPolls = 0;
    int scrapeGroups = 1000;
    Spread scrapeMs; // one GET /metrics, client side
    qint64 scrapeBytes = 0;            // pelscope-cli exporter, as it starts
    qint64 scrapeBytesDetailed = 0;    // with --delivery-histogram --consumer-series
    qint64 redisExporterBytes = -1;    // redis_exporter -check-streams, the same server; -1 not run
    QList<ExporterCost> costs;
    QString error;
};

HistoryBenchResult runHistoryBench(bool quick, const std::function<void(const QString &)> &progress);

} // namespace pelscope::bench
