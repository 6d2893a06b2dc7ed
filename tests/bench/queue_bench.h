// Section 8: the server time a tick spends on delayed queues and reliable
// lists, against their size (it should not grow with it: O(log N) commands and
// a bounded LRANGE sample).
#pragma once

#include <QList>
#include <QString>

#include <functional>

namespace pelscope::bench {

struct QueueCostResult
{
    qint64 items = 0; // per queue (a reliable list: in its main list and in processing each)
    int delayed = 0, lists = 0;
    int ticks = 0;
    double usPerTick = 0;  // INFO commandstats usec of the queue commands ÷ ticks
    double usPerQueue = 0; // ÷ queues as well
    double fillSeconds = 0;
    QString perCall; // "zcard 0.21, zcount 0.65, …": µs a call of each command
    double naiveUs = 0; // one LRANGE 0 -1 of a processing list (the articles' recovery script), for comparison
    QString error;
};

QList<QueueCostResult> runQueueBench(const QList<qint64> &sizes, int queues, const std::function<void(const QString &)> &progress);

} // namespace pelscope::bench
