// Section 9: the server time a tick spends on job frameworks' queues (BullMQ,
// Sidekiq, RQ, Celery: 100 queues each, their keys laid out as each framework
// writes them), against their size: bounded commands, so flat in it.
#pragma once

#include <QList>
#include <QString>

#include <functional>

namespace pelscope::bench {

struct FrameworkCostResult
{
    QString framework;
    qint64 jobs = 0; // in all its queues together (waiting; as many again scheduled)
    int queues = 0;
    int ticks = 0;
    double usPerTick = 0; // INFO commandstats usec of every command but the bench's own ÷ ticks
    double fillSeconds = 0;
    QString perCall; // "llen 0.21, zcount 0.65, …": µs a call of each command
    QString error;
};

QList<FrameworkCostResult> runFrameworkBench(const QList<qint64> &totalJobs, int queues, const std::function<void(const QString &)> &progress);

} // namespace pelscope::bench
