// Turns the measurements into goals marked MET or MISSED, a console table and
// docs/BENCHMARKS.md.
#pragma once

#include "cost_bench.h"
#include "framework_bench.h"
#include "machine_info.h"
#include "memory_bench.h"
#include "gui_bench.h"
#include "history_bench.h"
#include "longrun_bench.h"
#include "forecast_bench.h"
#include "queue_bench.h"
#include "scale_bench.h"

#include <QStringList>

#include <optional>

namespace pelscope::bench {

struct BenchResults
{
    bool quick = false;
    MachineInfo machine;
    QList<Scenario> scenarios;
    UiResults ui;
    QList<MemoryResult> memory;
    std::optional<HistoryBenchResult> history;
    QList<ScaleResult> scale;
    QList<QueueCostResult> queues;
    QList<FrameworkCostResult> frameworks;
    QList<SweepCostResult> sweeps;
    QList<LongRunResult> longRuns;
    std::optional<ForecastCostResult> forecast;
    double seconds = 0;
    QString loadAtEnd;
    QString exporterNote; // empty when it ran
    QStringList plots;    // relative to the report's directory
    QString commandLine;

    const Scenario *find(qint64 pending, int consumers) const;
    qint64 largestPel() const;
};

enum class Verdict { Met, Missed, NotMeasured };

struct Goal
{
    QString text;
    QString measured;
    Verdict verdict = Verdict::NotMeasured;
};

QList<Goal> evaluateGoals(const BenchResults &r);
QString verdictText(Verdict v);
QString consoleReport(const BenchResults &r, const QList<Goal> &goals);
QString markdownReport(const BenchResults &r, const QList<Goal> &goals);

// 1234567 -> "1,234,567"; 12.345 -> "12.3".
QString num(double v, int decimalsBelow100 = 1);

} // namespace pelscope::bench
