// pelscope-bench: `./dev bench [--quick]`. Starts its own redis-server
// instances, measures Pelscope against the naive approach and redis_exporter,
// the UI and memory, prints a table and writes BENCHMARKS.md with plots.
#include "bench_plots.h"
#include "bench_report.h"
#include "exporter_runner.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <spdlog/spdlog.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>

using namespace pelscope;
using namespace pelscope::bench;

int main(int argc, char **argv)
{
    // Measured offscreen, whatever the desktop: the figures must not depend on it.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("pelscope-bench"));
    spdlog::set_level(spdlog::level::warn);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Pelscope's benchmarks: server cost per tick against the naive approach and redis_exporter, accuracy, UI and memory.\n"
                       "The full run writes docs/BENCHMARKS.md; --quick writes next to this program unless --out is given."));
    parser.addHelpOption();
    QCommandLineOption quickOpt(QStringLiteral("quick"), QStringLiteral("PEL sizes 1e3 and 1e5 only, fewer repetitions (< 3 min)."));
    QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("Directory for BENCHMARKS.md and benchmarks/*.png."), QStringLiteral("dir"));
    QCommandLineOption onlyOpt(QStringLiteral("only"), QStringLiteral("Comma-separated sections: cost,ui,memory,history,scale,queues,frameworks,longrun,churn,forecast (default: all but churn)."),
                               QStringLiteral("sections"));
    QCommandLineOption childOpt(QStringLiteral("memory-child"), QStringLiteral("Internal: one memory case."), QStringLiteral("groups"));
    QCommandLineOption longRunChildOpt(QStringLiteral("longrun-child"), QStringLiteral("Internal: the window of a long run."), QStringLiteral("url"));
    longRunChildOpt.setFlags(QCommandLineOption::HiddenFromHelp);
    childOpt.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption scaleChildOpt(QStringLiteral("scale-child"), QStringLiteral("Internal: one scale case."), QStringLiteral("url,seconds"));
    scaleChildOpt.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption scaleCasesOpt(QStringLiteral("scale-cases"),
                                     QStringLiteral("The many-groups cases to run, groups[xconnections] comma-separated (e.g. 10000,10000x20)."),
                                     QStringLiteral("cases"));
    parser.addOptions({quickOpt, outOpt, onlyOpt, childOpt, scaleChildOpt, longRunChildOpt, scaleCasesOpt});
    parser.process(app);

    if (parser.isSet(childOpt))
        return memoryChildMain(parser.value(childOpt).toInt());
    if (parser.isSet(longRunChildOpt))
        return longRunChildMain(parser.value(longRunChildOpt));
    if (parser.isSet(scaleChildOpt))
        return scaleChildMain(parser.value(scaleChildOpt));

    const bool quick = parser.isSet(quickOpt);
    const QStringList only = parser.value(onlyOpt).split(QLatin1Char(','), Qt::SkipEmptyParts);
    const auto want = [&](const char *section) { return only.isEmpty() || only.contains(QLatin1String(section)); };
    const QString outDir = parser.isSet(outOpt) ? parser.value(outOpt)
                           // A quick or partial run never overwrites the full report in docs/.
                           : quick || !only.isEmpty() ? QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("quick-results"))
                                                      : QDir(QStringLiteral(PELSCOPE_SOURCE_DIR)).filePath(QStringLiteral("docs"));
    const QString plotDir = QDir(outDir).filePath(QStringLiteral("benchmarks"));
    QDir().mkpath(plotDir);

    if (test::RedisServer::executable().isEmpty()) {
        std::fprintf(stderr, "pelscope-bench: redis-server not found: install it with `sudo apt-get install redis-server` (./dev deps does)\n");
        return 2;
    }

    QElapsedTimer clock;
    clock.start();
    const auto progress = [&](const QString &msg) {
        const qint64 s = clock.elapsed() / 1000;
        std::fprintf(stderr, "[bench %02lld:%02lld] %s\n", s / 60, s % 60, qPrintable(msg));
        std::fflush(stderr);
    };

    BenchResults r;
    r.quick = quick;
    r.commandLine = QCoreApplication::arguments().join(QLatin1Char(' '));
    r.machine = collectMachineInfo(QStringLiteral(PELSCOPE_SOURCE_DIR));
    progress(fillText(QStringLiteral("%1 run on %2 cores (%3), redis-server %4, load %5"), quick ? QStringLiteral("quick") : QStringLiteral("full"),
                      r.machine.cores, r.machine.cpuModel, r.machine.redisVersion, r.machine.loadAtStart));
    if (ExporterRunner::executable().isEmpty()) {
        r.exporterNote = QStringLiteral("prometheus-redis-exporter is not installed (Debian package prometheus-redis-exporter; "
                                        "`./dev deps` installs it where apt has it), so the redis_exporter columns are empty "
                                        "and its goal is not measured.");
        progress(r.exporterNote);
    }

    if (want("cost")) {
        CostConfig cfg;
        cfg.quick = quick;
        if (quick) {
            cfg.costTicks = 50;
            cfg.rounds = 2;
            cfg.slowlogTicks = 25;
            cfg.accuracyTicks = 100;
            cfg.exporterScrapes = 16;
            cfg.idleSeconds = 0.7;
        }
        const QList<qint64> pels = quick ? QList<qint64>{1'000, 100'000} : QList<qint64>{1'000, 100'000, 1'000'000};
        QList<std::pair<qint64, int>> grid;
        for (qint64 p : pels) {
            grid.append({p, 10});
            if (p == pels.last())
                grid.append({p, 200}); // the per-command goal is stated for up to 200 consumers
            grid.append({p, 1000});
        }
        r.scenarios = runCostBench(cfg, grid, progress);
        for (const Scenario &s : std::as_const(r.scenarios))
            if (!s.error.isEmpty())
                progress(fillText(QStringLiteral("scenario %1 × %2 failed: %3"), s.pending, s.consumers, s.error));
    }
    if (want("ui"))
        r.ui = runUiBench(quick, QDir(plotDir).filePath(QStringLiteral("chart-20-series.png")), progress);
    if (want("memory"))
        r.memory = runMemoryBench(quick ? QList<int>{10, 50} : QList<int>{10, 50, 200}, progress);

    if (want("history"))
        r.history = runHistoryBench(quick, progress);
    if (want("scale")) {
        // The last case: 20 connections of 500 groups each, on the all-connections tab.
        QList<ScaleCase> cases =
            quick ? QList<ScaleCase>{{10}, {100}, {1'000}} : QList<ScaleCase>{{10}, {100}, {1'000}, {10'000}, {10'000, 20}};
        if (parser.isSet(scaleCasesOpt)) {
            cases.clear();
            for (const QString &c : parser.value(scaleCasesOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                const QStringList parts = c.split(QLatin1Char('x'));
                cases.append(ScaleCase{parts.value(0).toInt(), std::max(1, parts.value(1, QStringLiteral("1")).toInt())});
            }
        }
        r.scale = runScaleBench(cases, quick ? 20 : 60, progress);
    }
    if (want("queues")) // the 100 queues of a million items each: ~10 GB in redis-server, a few minutes to fill
        r.queues = runQueueBench(quick ? QList<qint64>{100, 10'000} : QList<qint64>{100, 10'000, 1'000'000}, 100, progress);
    // 100 queues of each framework: 10,000 and 1,000,000 jobs in all (--quick: 100 and 10,000 a queue), and
    // 10,000,000 (100,000 a queue) in the full run; the 1,000,000 a queue (10^8 jobs a framework, > 20 GB) is not run.
    if (want("frameworks"))
        r.frameworks = runFrameworkBench(quick ? QList<qint64>{10'000, 1'000'000} : QList<qint64>{10'000, 1'000'000, 10'000'000}, 100, progress);

    // Issue 34: a sweep's cost at 150, 10,000 and 3,000,000 keys; ten minutes (--quick: four) of each churn.
    if (want("longrun")) {
        r.sweeps = runSweepCostBench(quick ? QList<qint64>{150, 10'000, 1'000'000} : QList<qint64>{150, 10'000, 3'000'000}, progress);
        r.longRuns = runLongRunBench({QStringLiteral("streams"), QStringLiteral("consumers")}, quick ? 4.0 : 10.0, progress);
    } else if (want("churn")) { // the stream churn alone
        r.longRuns = runLongRunBench({QStringLiteral("streams")}, quick ? 4.0 : 10.0, progress);
    }

    if (want("forecast"))
        r.forecast = runForecastBench(10'000, quick ? 90 : 180, progress);

    r.seconds = clock.elapsed() / 1000.0;
    r.loadAtEnd = loadAverage();
    const QString prefix = QStringLiteral("benchmarks/");
    r.plots = renderPlots(r, plotDir, prefix);
    if (!r.ui.plotPng.isEmpty())
        r.plots << prefix + QStringLiteral("chart-20-series.png");

    const QList<Goal> goals = evaluateGoals(r);
    std::fputs(qPrintable(consoleReport(r, goals)), stdout);
    const QString mdPath = QDir(outDir).filePath(QStringLiteral("BENCHMARKS.md"));
    QFile md(mdPath);
    if (!md.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        std::fprintf(stderr, "pelscope-bench: cannot write %s\n", qPrintable(mdPath));
        return 1;
    }
    md.write(markdownReport(r, goals).toUtf8());
    progress(fillText(QStringLiteral("wrote %1 and %2 plots in %3"), mdPath, r.plots.size(), plotDir));
    return 0;
}
