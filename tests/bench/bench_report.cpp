#include "bench_report.h"

#include "text/fill_text.h"

#include <QLocale>
#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace pelscope::bench {

namespace {

QString pel(qint64 p)
{
    int e = 0;
    qint64 v = p;
    while (v >= 10 && v % 10 == 0) {
        v /= 10;
        ++e;
    }
    return v == 1 && e >= 3 ? QStringLiteral("1e%1").arg(e) : QLocale::c().toString(p);
}

QString ratio(double a, double b)
{
    if (b <= 0 || a <= 0)
        return QStringLiteral("—");
    return num(a / b, 2) + QStringLiteral("×");
}

QString msText(double ms)
{
    return ms < 10 ? QString::number(ms, 'f', 2) : QString::number(ms, 'f', 1);
}

QString scenarioName(const Scenario &s)
{
    return fillText(QStringLiteral("%1 × %2"), pel(s.pending), s.consumers);
}

QString costCell(const ToolCost &c, double value)
{
    return c.ran ? num(value) : QStringLiteral("n/a");
}

QString row(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
}

QString header(const QStringList &cells)
{
    QString out = row(cells);
    QStringList dashes;
    for (qsizetype i = 0; i < cells.size(); ++i)
        dashes << (i < 2 ? QStringLiteral("---") : QStringLiteral("---:"));
    return out + row(dashes);
}

double tvdAt(const Scenario &s, int tick)
{
    for (const AccuracyPoint &p : s.accuracy)
        if (p.tick == tick)
            return p.tvd;
    return -1;
}

QString goalsTable(const QList<Goal> &goals)
{
    QString out = QStringLiteral("| goal | measured | verdict |\n|---|---|---|\n");
    for (const Goal &g : goals)
        out += row({g.text, g.measured, QStringLiteral("**%1**").arg(verdictText(g.verdict))});
    return out;
}

QString cpuTable(const BenchResults &r)
{
    QString out = header({QStringLiteral("PEL × consumers"), QStringLiteral("idle µs/s"), QStringLiteral("Pelscope"), QStringLiteral("naive"),
                          QStringLiteral("exporter -check-streams"), QStringLiteral("exporter -check-single-streams"),
                          QStringLiteral("naive ÷ Pelscope"), QStringLiteral("exporter ÷ Pelscope")});
    for (const Scenario &s : r.scenarios) {
        if (!s.error.isEmpty()) {
            out += row({scenarioName(s), s.error, {}, {}, {}, {}, {}, {}});
            continue;
        }
        out += row({scenarioName(s), num(s.idleCpuUsPerSecond), num(s.pelscope.cpuUs()), costCell(s.naive, s.naive.cpuUs()),
                    costCell(s.exporterPattern, s.exporterPattern.cpuUs()), costCell(s.exporterSingle, s.exporterSingle.cpuUs()),
                    ratio(s.naive.cpuUs(), s.pelscope.cpuUs()),
                    s.exporterPattern.ran ? ratio(s.exporterPattern.cpuUs(), s.pelscope.cpuUs()) + QStringLiteral(" / ")
                                                + ratio(s.exporterSingle.cpuUs(), s.pelscope.cpuUs())
                                          : QStringLiteral("n/a")});
    }
    return out;
}

QString commandTable(const BenchResults &r)
{
    QString out =
        header({QStringLiteral("PEL × consumers"), QStringLiteral("Pelscope all"), QStringLiteral("Pelscope stream"), QStringLiteral("naive"),
                QStringLiteral("exporter -check-streams: stream / total"), QStringLiteral("exporter single: stream / total"),
                QStringLiteral("naive ÷ Pelscope"), QStringLiteral("exporter stream ÷ Pelscope stream")});
    for (const Scenario &s : r.scenarios) {
        if (!s.error.isEmpty())
            continue;
        const auto exp = [](const ToolCost &c) {
            return c.ran ? num(c.streamUs()) + QStringLiteral(" / ") + num(c.commandUs()) : QStringLiteral("n/a");
        };
        out += row({scenarioName(s), num(s.pelscope.commandUs()), num(s.pelscope.streamUs()), costCell(s.naive, s.naive.commandUs()),
                    exp(s.exporterPattern), exp(s.exporterSingle), ratio(s.naive.commandUs(), s.pelscope.commandUs()),
                    s.exporterPattern.ran ? ratio(s.exporterPattern.streamUs(), s.pelscope.streamUs()) + QStringLiteral(" / ")
                                                + ratio(s.exporterSingle.streamUs(), s.pelscope.streamUs())
                                          : QStringLiteral("n/a")});
    }
    return out;
}

QString transportTable(const BenchResults &r)
{
    QString out = header({QStringLiteral("PEL × consumers"), QStringLiteral("commands/tick"), QStringLiteral("round trips/tick"),
                          QStringLiteral("bytes out/tick"), QStringLiteral("bytes in/tick"), QStringLiteral("server bytes out/tick: Pelscope"),
                          QStringLiteral("naive"), QStringLiteral("exporter -check-streams"), QStringLiteral("client ms/tick: Pelscope / naive")});
    for (const Scenario &s : r.scenarios) {
        if (!s.error.isEmpty())
            continue;
        const QString rt = s.roundTripsMin == s.roundTripsMax ? QString::number(s.roundTripsMin)
                                                              : fillText(QStringLiteral("%1–%2"), s.roundTripsMin, s.roundTripsMax);
        out += row({scenarioName(s), num(s.commandsPerTick), rt, num(s.bytesOutPerTick, 0), num(s.bytesInPerTick, 0), num(s.pelscope.netOut(), 0),
                    costCell(s.naive, s.naive.netOut()), costCell(s.exporterPattern, s.exporterPattern.netOut()),
                    QStringLiteral("%1 / %2").arg(num(s.pelscope.clientMsPerTick), num(s.naive.clientMsPerTick))});
    }
    return out;
}

QString formsTable(const BenchResults &r)
{
    QStringList forms;
    for (const Scenario &s : r.scenarios)
        for (auto it = s.forms.cbegin(); it != s.forms.cend(); ++it)
            if (!forms.contains(it.key()))
                forms << it.key();
    std::sort(forms.begin(), forms.end());
    QStringList head{QStringLiteral("command (median / max µs)")};
    for (const Scenario &s : r.scenarios)
        if (s.error.isEmpty())
            head << scenarioName(s);
    QString out = header(head);
    for (const QString &f : std::as_const(forms)) {
        QStringList cells{QStringLiteral("`%1`").arg(f)};
        for (const Scenario &s : r.scenarios) {
            if (!s.error.isEmpty())
                continue;
            const auto it = s.forms.constFind(f);
            cells << (it == s.forms.cend() ? QStringLiteral("") : fillText(QStringLiteral("%1 / %2"), it->median(), it->max()));
        }
        out += row(cells);
    }
    return out;
}

// What Pelscope's ticks were made of in the cost window: calls per tick and
// server µs per call, from commandstats.
QString breakdownTable(const BenchResults &r)
{
    QStringList commands;
    for (const Scenario &s : r.scenarios)
        for (auto it = s.pelscope.window.commands.cbegin(); it != s.pelscope.window.commands.cend(); ++it)
            if (!commands.contains(it.key()))
                commands << it.key();
    std::sort(commands.begin(), commands.end());
    QStringList head{QStringLiteral("command (calls/tick × µs/call)")};
    for (const Scenario &s : r.scenarios)
        if (s.error.isEmpty())
            head << scenarioName(s);
    QString out = header(head);
    for (const QString &c : std::as_const(commands)) {
        QStringList cells{QStringLiteral("`%1`").arg(c)};
        for (const Scenario &s : r.scenarios) {
            if (!s.error.isEmpty())
                continue;
            const CommandStat st = s.pelscope.window.commands.value(c);
            cells << (st.calls == 0 || s.pelscope.ticks == 0
                          ? QString()
                          : QStringLiteral("%1 × %2").arg(num(double(st.calls) / s.pelscope.ticks, 2), num(double(st.usec) / double(st.calls))));
        }
        out += row(cells);
    }
    return out;
}

QString accuracyTable(const BenchResults &r)
{
    QString out =
        header({QStringLiteral("PEL × consumers"), QStringLiteral("ticks"), QStringLiteral("bracket held"),
                QStringLiteral("median bracket [low, high] vs truth (ms)"), QStringLiteral("histogram"), QStringLiteral("TVD @1"),
                QStringLiteral("@10"), QStringLiteral("@50"), QStringLiteral("@100"), QStringLiteral("last"), QStringLiteral("entries it rests on")});
    for (const Scenario &s : r.scenarios) {
        if (!s.error.isEmpty() || s.accuracy.isEmpty())
            continue;
        const AccuracyPoint &mid = s.accuracy.at(s.accuracy.size() / 2);
        const auto tvd = [&](int t) {
            const double v = tvdAt(s, t);
            return v < 0 ? QStringLiteral("") : QString::number(v, 'f', 3);
        };
        out += row({scenarioName(s), QString::number(s.accuracy.size()), fillText(QStringLiteral("%1/%2"), s.bracketHeld(), s.accuracy.size()),
                    fillText(QStringLiteral("[%1, %2] vs %3"), mid.lowMs, mid.highMs, mid.truthLo + 1),
                    s.sampled        ? QStringLiteral("sampled")
                    : s.scanComplete ? QStringLiteral("exact (walked)")
                                     : QStringLiteral("walking"),
                    tvd(1), tvd(10), tvd(50), tvd(100), QString::number(s.accuracy.last().tvd, 'f', 3), num(double(s.accuracy.last().inspected), 0)});
    }
    return out;
}

QString uiTable(const BenchResults &r)
{
    QString out =
        header({QStringLiteral("series × 24 h"), QStringLiteral("points/series (decimated)"), QStringLiteral("window() + setSeries median / p95 ms"),
                QStringLiteral("of which window() median ms"), QStringLiteral("replot median / p95 ms"),
                QStringLiteral("update total median / p95 ms"), QStringLiteral("raw: points/series"), QStringLiteral("raw replot median / p95 ms")});
    for (const ReplotResult &p : r.ui.replot)
        out += row({QString::number(p.series), num(p.pointsPerSeries, 0), msText(p.fetch.median) + QStringLiteral(" / ") + msText(p.fetch.p95),
                    msText(p.window.median), msText(p.replot.median) + QStringLiteral(" / ") + msText(p.replot.p95),
                    QStringLiteral("**%1 / %2**").arg(msText(p.total.median), msText(p.total.p95)), num(p.rawPointsPerSeries, 0),
                    msText(p.rawReplot.median) + QStringLiteral(" / ") + msText(p.rawReplot.p95)});
    out += QStringLiteral("\n");
    out += header(
        {QStringLiteral("view"), QStringLiteral("what is timed"), QStringLiteral("median ms"), QStringLiteral("p95 ms"), QStringLiteral("max ms")});
    if (r.ui.groupPage.median > 0)
        out +=
            row({QStringLiteral("group page, 24 h window (3 charts, 5 series)"), QStringLiteral("`GroupPage::applySnapshot` + replot of its charts"),
                 msText(r.ui.groupPage.median), msText(r.ui.groupPage.p95), msText(r.ui.groupPage.max)});
    for (const TableResult &t : r.ui.table)
        out += row({QStringLiteral("overview table, %1 rows").arg(t.rows),
                    QStringLiteral("snapshot emitted on a worker thread → `ConnectionView::applySnapshot` → table repainted"),
                    msText(t.arrivalToRepaint.median), msText(t.arrivalToRepaint.p95), msText(t.arrivalToRepaint.max)});
    return out;
}

QString memoryTable(const BenchResults &r)
{
    QString out = header({QStringLiteral("groups × 24 h"), QStringLiteral("RSS before history MB"), QStringLiteral("RSS with 24 h MB"),
                          QStringLiteral("peak RSS MB"), QStringLiteral("history store MB (bytesUsed)"), QStringLiteral("malloc in use MB"),
                          QStringLiteral("RSS after 1 h soak MB"), QStringLiteral("growth"), QStringLiteral("fill s / soak s")});
    for (const MemoryResult &m : r.memory) {
        if (!m.error.isEmpty()) {
            out += row({QString::number(m.groups), m.error, {}, {}, {}, {}, {}, {}, {}});
            continue;
        }
        out += row({QString::number(m.groups), num(m.baseMb), num(m.fullMb), num(m.peakMb), num(m.storeMb), num(m.heapMb), num(m.afterSoakMb),
                    QString::number(m.growthPercent(), 'f', 2) + QLatin1Char('%'),
                    QStringLiteral("%1 / %2").arg(num(m.fillSeconds), num(m.soakSeconds))});
    }
    return out;
}

QString queueTable(const QList<QueueCostResult> &rows)
{
    QString out;
    QTextStream s(&out);
    s << "| items per queue | delayed queues + reliable lists | server µs per tick | µs per queue | µs a call | one `LRANGE 0 -1` of a processing list µs | fill s |\n"
      << "| ---: | ---: | ---: | ---: | --- | ---: | ---: |\n";
    for (const QueueCostResult &r : rows) {
        if (!r.error.isEmpty()) {
            s << "| " << num(r.items, 0) << " | " << r.delayed << " + " << r.lists << " | failed: " << r.error << " | | |\n";
            continue;
        }
        s << "| " << num(r.items, 0) << " | " << r.delayed << " + " << r.lists << " | " << num(r.usPerTick) << " | " << num(r.usPerQueue)
          << " | " << r.perCall << " | " << num(r.naiveUs) << " | " << num(r.fillSeconds) << " |\n";
    }
    return out;
}

QString frameworkTable(const QList<FrameworkCostResult> &rows)
{
    QString out;
    QTextStream s(&out);
    s << "| framework | queues | jobs in all (waiting; as many scheduled) | server µs per tick | µs a call | fill s |\n"
      << "| --- | ---: | ---: | ---: | --- | ---: |\n";
    for (const FrameworkCostResult &r : rows) {
        if (!r.error.isEmpty())
            s << "| " << r.framework << " | " << r.queues << " | " << num(r.jobs, 0) << " | failed: " << r.error << " | |\n";
        else
            s << "| " << r.framework << " | " << r.queues << " | " << num(r.jobs, 0) << " | " << num(r.usPerTick) << " | " << r.perCall << " | "
              << num(r.fillSeconds) << " |\n";
    }
    return out;
}

QString longRunTables(const BenchResults &r)
{
    QString out;
    QTextStream s(&out);
    if (!r.sweeps.isEmpty()) {
        s << "What one discovery sweep costs (`SCAN … TYPE stream` over the whole keyspace, the COUNT and pages a poll "
             "that SweepPace gives that keyspace; INFO commandstats):\n\n"
          << "| keys | COUNT | pages a poll | pages a sweep | server ms a sweep | slowest page ms | polls a sweep | pause between sweeps |\n"
          << "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
        for (const SweepCostResult &x : r.sweeps) {
            if (!x.error.isEmpty()) {
                s << "| " << num(x.keys, 0) << " | failed: " << x.error << " |||||||\n";
                continue;
            }
            s << "| " << num(x.keys, 0) << " | " << x.count << " | " << x.pagesPerTick << " | " << x.pages << " | " << num(x.serverMs) << " | "
              << num(x.maxPageMs) << " | " << num(x.pollsPerSweep) << " | " << (x.pauseMs == 0 ? QStringLiteral("none") : fillText(QStringLiteral("%1 s"), x.pauseMs / 1000)) << " |\n";
        }
        s << "\n";
    }
    if (!r.longRuns.isEmpty()) {
        s << "The window (this program's child with the app's main window, offscreen, 1 s polls, on-disk history) and "
             "`pelscope-cli exporter --record`, side by side on one real redis-server, under churn: `streams` makes five "
             "30-second streams a second (a group and one pending entry each, then DEL); `consumers` five short-lived "
             "consumers a second on one group (XGROUP DELCONSUMER after 30 s). RSS from /proc every 10 s; growth is the "
             "least-squares slope after the first three minutes. Shown ÷ live: the groups of live churn streams in the "
             "window's last snapshot and in a scrape of the exporter, every second after the first 40 s (once the first streams lived their 30 s).\n\n"
          << "| churn | minutes | window RSS MB (3 min → end) | window MB a minute | its history store MB (3 min → end) | exporter RSS MB (3 min → end) | "
             "exporter MB a minute | live groups (median) | window shows (min / p10) | exporter shows (min / p10) |\n"
          << "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
        const auto pct = [](double v) { return v < 0 ? QStringLiteral("–") : fillText(QStringLiteral("%1 %"), num(v * 100.0)); };
        // From the third minute, where the slope starts: the first samples are the program starting.
        const auto span = [](const QList<QPointF> &mb) {
            const auto at3 = std::find_if(mb.cbegin(), mb.cend(), [](const QPointF &p) { return p.x() >= 3.0; });
            return at3 == mb.cend() ? QStringLiteral("–") : fillText(QStringLiteral("%1 → %2"), num(at3->y()), num(mb.last().y()));
        };
        for (const LongRunResult &x : r.longRuns) {
            if (!x.error.isEmpty() || x.windowMb.isEmpty()) {
                s << "| " << x.scenario << " | failed: " << x.error << " ||||||||\n";
                continue;
            }
            s << "| " << x.scenario << " | " << num(x.minutes) << " | " << span(x.windowMb) << " | "
              << QString::number(x.windowSlope, 'f', 2) << " | " << span(x.storeMb) << " | " << span(x.exporterMb) << " | "
              << QString::number(x.exporterSlope, 'f', 2) << " | " << (x.scenario == QLatin1String("streams") ? num(x.liveMedian, 0) : QStringLiteral("–"))
              << " | " << pct(x.windowShareMin) << " / " << pct(x.windowShareP10) << " | " << pct(x.exporterShareMin) << " / "
              << pct(x.exporterShareP10) << " |\n";
        }
    }
    return out;
}

QString scaleTable(const QList<ScaleResult> &rows)
{
    QString out;
    QTextStream s(&out);
    s << "| groups × connections | polled s / ticks | groups read per tick (all every N ticks) | RSS before MB | peak RSS MB | KB per group | "
         "history store MB | snapshot → repainted overview median / p95 ms (the history's thread included) | "
         "of which the window's thread median / p95 ms | longest GUI stall ms (steady / first read of every group) | "
         "quit ms | estimate µs per tick | measured µs per tick | estimate ÷ measured | round trip ms |\n"
      << "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    for (const ScaleResult &x : rows) {
        if (!x.error.isEmpty()) {
            s << "| " << num(x.groups) << " | " << x.error << " |||||||||||||\n";
            continue;
        }
        const QString steady = x.steadyReached ? num(x.stallMaxMs) : QStringLiteral("not reached");
        s << "| " << num(x.groups, 0) << " × " << x.connections << " | " << num(x.seconds, 0) << " / " << x.ticks << " | "
          << num(double(x.groupsRead), 0) << " (" << x.refreshTicks << ") | " << num(x.baseMb) << " | " << num(x.peakMb) << " | "
          << num(x.kbPerGroup()) << " | " << num(x.historyMb) << " | " << num(x.applyMedianMs) << " / " << num(x.applyP95Ms) << " | " << num(x.windowMedianMs) << " / "
          << num(x.windowP95Ms) << " | " << steady
          << " / " << num(x.startupStallMs) << " | " << num(x.quitMs) << " | " << num(x.estimatedUs) << " | " << num(x.measuredUs) << " | "
          << (x.measuredUs > 0 ? QString::number(x.estimatedUs / x.measuredUs, 'f', 2) : QStringLiteral("—")) << " | " << num(x.pollMs) << " |\n";
    }
    return out;
}

QString historyTables(const HistoryBenchResult &h)
{
    if (!h.error.isEmpty())
        return QStringLiteral("Not measured: %1\n").arg(h.error);
    QString out = header({QStringLiteral("what"), QStringLiteral("median"), QStringLiteral("p99"), QStringLiteral("max"), QStringLiteral("n")});
    auto line = [&](const QString &what, const Spread &s, const QString &unit, int decimals) {
        out += row({what, QString::number(s.median, 'f', decimals) + unit, QString::number(s.p99, 'f', decimals) + unit,
                    QString::number(s.max, 'f', decimals) + unit, QString::number(s.count)});
    };
    line(QStringLiteral("GUI thread per tick, %1 groups (`HistorySession::admit` + `record`)").arg(h.groups), h.guiUs, QStringLiteral(" µs"), 1);
    line(QStringLiteral("writer thread per tick, %1 groups (`HistoryRecorder::record`: figures + one transaction)").arg(h.groups), h.writerMs,
         QStringLiteral(" ms"), 2);
    line(fillText(QStringLiteral("a window opening a day of %1 groups (%2 polls replayed): start → charts ready"), h.groups, h.openPolls), h.openMs,
         QStringLiteral(" ms"), 0);
    line(fillText(QStringLiteral("one scrape of `/metrics`, %1 groups (%2 KB), client side"), h.scrapeGroups, h.scrapeBytes / 1024), h.scrapeMs,
         QStringLiteral(" ms"), 2);
    out += fillText(QStringLiteral("\nDatabase size for %1 groups (pages in use after the retention pass): %2 MB after a day, %3 after 14 days.\n\n"),
                    h.groups, num(h.mb24h), std::isnan(h.mb14d) ? QStringLiteral("not measured (--quick)") : num(h.mb14d) + QStringLiteral(" MB"));
    const double perGroup = double(h.scrapeBytes) / h.scrapeGroups;
    out += fillText(QStringLiteral("A scrape of %1 groups: pelscope-cli exporter %2 KB (%3 bytes a group); with --delivery-histogram "
                                   "--consumer-series %4 KB; redis_exporter -check-streams %5.\n\n"),
                    h.scrapeGroups, h.scrapeBytes / 1024, num(perGroup, 0), h.scrapeBytesDetailed / 1024,
                    h.redisExporterBytes < 0 ? QStringLiteral("not run")
                                             : fillText(QStringLiteral("%1 KB (%2 bytes a group)"), h.redisExporterBytes / 1024,
                                                        num(double(h.redisExporterBytes) / h.scrapeGroups, 0)));
    out += fillText(QStringLiteral("Redis's cost of a Prometheus endpoint for %1 groups, by scrape interval (server time per second of wall time, "
                                   "and per minute):\n\n"),
                    h.scrapeGroups);
    out += header({QStringLiteral("endpoint"), QStringLiteral("scraped every"), QStringLiteral("commands/s"), QStringLiteral("commandstats µs/s"),
                   QStringLiteral("commandstats ms a minute"), QStringLiteral("main-thread CPU µs/s")});
    for (const ExporterCost &c : h.costs)
        out += row({c.tool, num(c.scrapeEveryS, 1) + QStringLiteral(" s"), num(c.commandsPerSecond), num(c.commandUsPerSecond),
                    num(c.commandUsPerSecond * 60 / 1000.0, 1), num(c.cpuUsPerSecond)});
    return out;
}

QString tablesSection(const BenchResults &r)
{
    QString out;
    QTextStream s(&out);
    s << "### 1. Server cost per tick\n\n"
      << "Redis main-thread CPU per tick or scrape, µs (`used_cpu_sys_main_thread` + `used_cpu_user_main_thread` deltas, "
         "the server's idle rate and the meter's own INFO calls subtracted):\n\n"
      << cpuTable(r) << "\n"
      << "`INFO commandstats` server time per tick or scrape, µs (\"stream\" = `xinfo|*`, `xpending`, `xrange`, "
         "`xrevrange`, `xlen`, `scan`, `type`; the meter's INFO taken out):\n\n"
      << commandTable(r) << "\n"
      << "Pelscope's ticks in that window, by command (commandstats: calls per tick × server µs per call):\n\n"
      << breakdownTable(r) << "\n"
      << "### 2. Round trips and bytes per tick\n\n"
      << "Pelscope's transport counters (`SnapshotData.stats`), and the server's `total_net_output_bytes` per tick or scrape "
         "for each tool:\n\n"
      << transportTable(r) << "\n"
      << "Server time per call of each command Pelscope sends (`SLOWLOG` with a 0 µs threshold over "
      << "the ticks after the cost window; median / max µs). The goal is judged on the median: a single call's time "
         "also counts the server being descheduled on this shared machine, which the max shows:\n\n"
      << formsTable(r) << "\n"
      << "### 3. Accuracy\n\n"
      << "Oldest pending idle: Pelscope's bracket [`oldestIdleMs`, `oldestIdleUpperMs`] against the true oldest idle "
         "(a whole-PEL `XPENDING` out of band; nothing touches the PEL while the monitors run). "
         "Delivery counts: total-variation distance (TVD) of Pelscope's histogram from the true one, by tick:\n\n"
      << accuracyTable(r) << "\n"
      << "### 4. UI\n\n"
      << uiTable(r) << "\n"
      << "### 5. Memory\n\n"
      << memoryTable(r);
    if (r.history)
        s << "\n### 6. History and the Prometheus endpoint\n\n" << historyTables(*r.history);
    if (!r.scale.isEmpty())
        s << "\n### 7. Many groups\n\n" << scaleTable(r.scale);
    if (!r.queues.isEmpty())
        s << "\n### 8. Delayed queues and reliable lists\n\n" << queueTable(r.queues);
    if (!r.frameworks.isEmpty())
        s << "\n### 9. Job frameworks\n\n" << frameworkTable(r.frameworks);
    if (!r.sweeps.isEmpty() || !r.longRuns.isEmpty())
        s << "\n### 10. Long runs\n\n" << longRunTables(r);
    if (const auto &f = r.forecast) {
        s << "\n### 11. The drain forecast\n\n"
          << "| groups | polls | incident tracker a poll median / p95 ms | of which the forecasts median / p95 ms | states at the last poll |\n"
          << "|---:|---:|---:|---:|---|\n"
          << "| " << num(f->groups, 0) << " | " << f->polls << " | " << num(f->trackerMedianMs) << " / " << num(f->trackerP95Ms) << " | "
          << num(f->forecastMedianMs) << " / " << num(f->forecastP95Ms) << " | " << f->states << " |\n";
    }
    return out;
}

} // namespace

QString num(double v, int decimalsBelow100)
{
    if (std::isnan(v))
        return QStringLiteral("—");
    if (std::abs(v) >= 100 || decimalsBelow100 == 0)
        return QLocale::c().toString(std::llround(v));
    QLocale l = QLocale::c();
    return l.toString(v, 'f', decimalsBelow100);
}

QString verdictText(Verdict v)
{
    switch (v) {
    case Verdict::Met: return QStringLiteral("MET");
    case Verdict::Missed: return QStringLiteral("MISSED");
    case Verdict::NotMeasured: return QStringLiteral("NOT MEASURED");
    }
    return {};
}

const Scenario *BenchResults::find(qint64 pending, int consumers) const
{
    for (const Scenario &s : scenarios)
        if (s.pending == pending && s.consumers == consumers && s.error.isEmpty())
            return &s;
    return nullptr;
}

qint64 BenchResults::largestPel() const
{
    qint64 p = 0;
    for (const Scenario &s : scenarios)
        p = std::max(p, s.pending);
    return p;
}

QList<Goal> evaluateGoals(const BenchResults &r)
{
    QList<Goal> goals;
    const qint64 big = r.largestPel();
    const QString bigName = pel(big) + (r.quick ? QStringLiteral(" (quick run: stands in for 1e6)") : QString());

    {
        Goal g{QStringLiteral("Server cost per tick does not grow with the PEL: %1 within 1.5× of 1e3").arg(bigName), {}, Verdict::Met};
        QStringList parts;
        for (int c : {10, 1000}) {
            const Scenario *lo = r.find(1000, c), *hi = r.find(big, c);
            if (!lo || !hi) {
                g.verdict = Verdict::NotMeasured;
                continue;
            }
            const double cpu = hi->pelscope.cpuUs() / lo->pelscope.cpuUs();
            const double cmd = hi->pelscope.commandUs() / lo->pelscope.commandUs();
            parts << fillText(QStringLiteral("%1 consumers: CPU %2×, commands %3×"), c, num(cpu, 2), num(cmd, 2));
            if (!(cpu <= 1.5 && cmd <= 1.5) && g.verdict == Verdict::Met)
                g.verdict = Verdict::Missed;
        }
        g.measured = parts.join(QStringLiteral("; "));
        goals << g;
    }
    {
        Goal g{QStringLiteral("At %1, at least 1,000× below the naive approach").arg(bigName), {}, Verdict::Met};
        QStringList parts;
        for (int c : {10, 1000}) {
            const Scenario *s = r.find(big, c);
            if (!s || !s->naive.ran) {
                g.verdict = Verdict::NotMeasured;
                continue;
            }
            const double cpu = s->naive.cpuUs() / s->pelscope.cpuUs();
            const double cmd = s->naive.commandUs() / s->pelscope.commandUs();
            parts << fillText(QStringLiteral("%1 consumers: CPU %2×, commands %3×"), c, num(cpu, 0), num(cmd, 0));
            if (!(cpu >= 1000 && cmd >= 1000) && g.verdict == Verdict::Met)
                g.verdict = Verdict::Missed;
        }
        g.measured = parts.join(QStringLiteral("; "));
        goals << g;
    }
    {
        Goal g{QStringLiteral("Stream-related server time per tick ≤ redis_exporter's per scrape (-check-streams and "
                              "-check-single-streams), same stream and group"),
               {},
               Verdict::Met};
        QStringList over;
        int compared = 0;
        double worst = 0;
        for (const Scenario &s : r.scenarios) {
            if (!s.error.isEmpty() || !s.exporterPattern.ran || !s.exporterSingle.ran)
                continue;
            ++compared;
            const double exp = std::min(s.exporterPattern.streamUs(), s.exporterSingle.streamUs());
            worst = std::max(worst, s.pelscope.streamUs() / exp);
            if (s.pelscope.streamUs() > exp)
                over << QStringLiteral("%1: %2 vs %3 µs").arg(scenarioName(s), num(s.pelscope.streamUs()), num(exp));
        }
        if (compared == 0) {
            g.verdict = Verdict::NotMeasured;
            g.measured = r.exporterNote.isEmpty() ? QStringLiteral("exporter did not run") : r.exporterNote;
        } else if (over.isEmpty()) {
            g.measured = fillText(QStringLiteral("at or below in all %1 scenarios (highest Pelscope ÷ exporter: %2×)"), compared, num(worst, 2));
        } else {
            g.verdict = Verdict::Missed;
            g.measured = fillText(QStringLiteral("above in %1 of %2 (Pelscope vs the cheaper exporter mode): %3"), over.size(), compared,
                                  over.join(QStringLiteral("; ")));
        }
        goals << g;
    }
    {
        Goal g{QStringLiteral("Exactly one round trip per node per tick"), {}, Verdict::Met};
        int lo = 1 << 30, hi = 0, n = 0;
        for (const Scenario &s : r.scenarios) {
            if (!s.error.isEmpty())
                continue;
            lo = std::min(lo, s.roundTripsMin);
            hi = std::max(hi, s.roundTripsMax);
            ++n;
        }
        g.verdict = n == 0 ? Verdict::NotMeasured : (lo == 1 && hi == 1 ? Verdict::Met : Verdict::Missed);
        g.measured = fillText(QStringLiteral("%1–%2 round trips per tick over %3 scenarios"), lo, hi, n);
        goals << g;
    }
    {
        Goal g{QStringLiteral("No single command Pelscope sends takes more than 100 µs of server time (groups of up to 200 consumers)"),
               {},
               Verdict::Met};
        // Judged on each command's median: a single call's SLOWLOG time also
        // counts the server being descheduled on a shared machine (max shown).
        QStringList over;
        qint64 worst = 0, worstMax = 0;
        QString worstWhat;
        for (const Scenario &s : r.scenarios) {
            if (!s.error.isEmpty() || s.consumers > 200)
                continue;
            for (auto it = s.forms.cbegin(); it != s.forms.cend(); ++it) {
                if (it->median() > worst) {
                    worst = it->median();
                    worstWhat = QStringLiteral("`%1` at %2").arg(it.key(), scenarioName(s));
                }
                worstMax = std::max(worstMax, it->max());
                if (it->median() > 100)
                    over << fillText(QStringLiteral("`%1` at %2: median %3 µs (max %4)"), it.key(), scenarioName(s), it->median(), it->max());
            }
        }
        if (worst == 0)
            g.verdict = Verdict::NotMeasured;
        else if (!over.isEmpty())
            g.verdict = Verdict::Missed;
        g.measured = over.isEmpty() ? fillText(QStringLiteral("slowest median %1 µs (%2); slowest single call %3 µs"), worst, worstWhat, worstMax)
                                    : over.join(QStringLiteral("; "));
        const bool onlyConsumers = !over.isEmpty() && std::all_of(over.cbegin(), over.cend(), [](const QString &o) {
            return o.startsWith(QStringLiteral("`XINFO CONSUMERS`"));
        });
        if (onlyConsumers)
            g.measured += QStringLiteral(". Every other command stays under 100 µs. XINFO CONSUMERS is Redis's only source of "
                                         "consumers' idle times and visits every consumer (~1 µs each on a cold cache), with no "
                                         "COUNT or cursor: at 200 consumers no command that shows them can meet the goal. "
                                         "Pelscope reads it every 10th tick (less with more consumers); `--poll-budget 100` "
                                         "enforces the goal by leaving it out, and the status bar says so");
        goals << g;
    }
    {
        Goal g{QStringLiteral("The oldest-idle bracket contains the true oldest idle at every tick"), {}, Verdict::Met};
        int held = 0, total = 0;
        for (const Scenario &s : r.scenarios) {
            held += s.bracketHeld();
            total += int(s.accuracy.size());
        }
        g.verdict = total == 0 ? Verdict::NotMeasured : held == total ? Verdict::Met : Verdict::Missed;
        g.measured = fillText(QStringLiteral("%1 of %2 ticks"), held, total);
        goals << g;
    }
    for (const ReplotResult &p : r.ui.replot) {
        const double limit = p.series <= 20 ? 8 : 16;
        Goal g{fillText(QStringLiteral("Replot p95 ≤ %1 ms for %2 series over 24 h (the group page's chart widget: window() + setSeries + replot)"),
                        limit, p.series),
               {},
               p.total.p95 <= limit ? Verdict::Met : Verdict::Missed};
        g.measured =
            QStringLiteral("p95 %1 ms (median %2; raw 24 h: p95 %3 ms)").arg(msText(p.total.p95), msText(p.total.median), msText(p.rawReplot.p95));
        goals << g;
    }
    {
        Goal g{QStringLiteral("≤ 150 MB RSS for 50 groups × 24 h"), {}, Verdict::NotMeasured};
        for (const MemoryResult &m : r.memory)
            if (m.groups == 50 && m.error.isEmpty()) {
                g.verdict = m.peakMb <= 150 ? Verdict::Met : Verdict::Missed;
                g.measured = QStringLiteral("peak %1 MB").arg(num(m.peakMb));
            }
        goals << g;
    }
    {
        Goal g{QStringLiteral("Under 1% RSS growth over a 1-hour soak"), {}, Verdict::NotMeasured};
        QStringList parts;
        bool all = true, any = false;
        for (const MemoryResult &m : r.memory) {
            if (!m.error.isEmpty())
                continue;
            any = true;
            all = all && m.growthPercent() < 1.0;
            parts << fillText(QStringLiteral("%1 groups: %2%"), m.groups, QString::number(m.growthPercent(), 'f', 2));
        }
        if (any)
            g.verdict = all ? Verdict::Met : Verdict::Missed;
        g.measured = parts.join(QStringLiteral("; "));
        goals << g;
    }
    if (r.history && r.history->error.isEmpty()) {
        const HistoryBenchResult &h = *r.history;
        auto goal = [&](const QString &text, bool met, const QString &measured) {
            goals << Goal{text, measured, met ? Verdict::Met : Verdict::Missed};
        };
        goal(QStringLiteral("History write cost per tick for 50 groups: ≤ 0.5 ms on the GUI thread"), h.guiUs.p99 <= 500,
             QStringLiteral("p99 %1 µs (median %2)").arg(num(h.guiUs.p99), num(h.guiUs.median)));
        goal(QStringLiteral("… and ≤ 5 ms on the writer thread"), h.writerMs.p99 <= 5,
             QStringLiteral("p99 %1 ms (median %2)").arg(QString::number(h.writerMs.p99, 'f', 2), QString::number(h.writerMs.median, 'f', 2)));
        if (!std::isnan(h.mb14d))
            goal(QStringLiteral("Database ≤ 150 MB for 50 groups × 14 days"), h.mb14d <= 150,
                 QStringLiteral("%1 MB (a day: %2 MB)").arg(num(h.mb14d), num(h.mb24h)));
        goal(QStringLiteral("A window opens 24 h of history for 50 groups in ≤ 300 ms"), h.openMs.median <= 300,
             QStringLiteral("median %1 ms (max %2)").arg(num(h.openMs.median, 0), num(h.openMs.max, 0)));
        goal(QStringLiteral("Exporter scrape p99 ≤ 5 ms with 1,000 groups"), h.scrapeMs.p99 <= 5,
             QStringLiteral("p99 %1 ms (median %2)").arg(QString::number(h.scrapeMs.p99, 'f', 2), QString::number(h.scrapeMs.median, 'f', 2)));
        QStringList costs;
        double one = 0, five = 0, pacedUs = -1, theirsUs = -1, teamEvery = 0;
        for (const ExporterCost &c : h.costs) {
            const bool ours = c.tool.startsWith(QLatin1String("pelscope"));
            if (c.scrapeEveryS > 1.5) { // a team's scrape interval
                (ours ? pacedUs : theirsUs) = c.commandUsPerSecond;
                teamEvery = c.scrapeEveryS;
                continue;
            }
            costs << fillText(QStringLiteral("%1 at %2/s: %3 commands/s"), c.tool.section(QLatin1Char(' '), 0, 0), num(1.0 / c.scrapeEveryS, 0),
                              num(c.commandsPerSecond));
            if (ours)
                (c.scrapeEveryS >= 1.0 ? one : five) = c.commandsPerSecond;
        }
        goal(QStringLiteral("More scrapers cost Redis nothing: pelscope-cli exporter --interval 1s: commands/s at 5 scrapes/s within 10% of 1 scrape/s"),
             one > 0 && five <= one * 1.1, costs.join(QStringLiteral("; ")));
        if (pacedUs >= 0 && theirsUs >= 0)
            goal(fillText(QStringLiteral("At a team's scrape interval (%1 s) pelscope-cli exporter costs Redis less a minute than redis_exporter"), num(teamEvery, 0)),
                 pacedUs < theirsUs,
                 fillText(QStringLiteral("%1 vs %2 ms of commandstats time a minute (%3 groups)"), num(pacedUs * 60 / 1000.0, 1),
                          num(theirsUs * 60 / 1000.0, 1), h.scrapeGroups));
        if (h.redisExporterBytes > 0)
            goal(QStringLiteral("A scrape costs no more bytes a group than redis_exporter's, by default"), h.scrapeBytes <= h.redisExporterBytes,
                 fillText(QStringLiteral("%1 vs %2 bytes a group (with --delivery-histogram --consumer-series: %3)"),
                          num(double(h.scrapeBytes) / h.scrapeGroups, 0), num(double(h.redisExporterBytes) / h.scrapeGroups, 0),
                          num(double(h.scrapeBytesDetailed) / h.scrapeGroups, 0)));
    }
    if (!r.scale.isEmpty()) {
        auto goal = [&](const QString &text, bool met, const QString &measured) {
            goals << Goal{text, measured, met ? Verdict::Met : Verdict::Missed};
        };
        // The figures at size: the largest single connection, and the all-connections case.
        auto largest = [&](bool several) {
            const ScaleResult *big = nullptr;
            for (const ScaleResult &x : r.scale)
                if (x.error.isEmpty() && (x.connections > 1) == several && (!big || x.groups > big->groups))
                    big = &x;
            return big;
        };
        for (const ScaleResult *big : {largest(false), largest(true)}) {
            if (!big)
                continue;
            const QString at = big->connections > 1 ? fillText(QStringLiteral("%1 connections × %2 groups, all-connections tab"), big->connections,
                                                               num(big->groups / big->connections, 0))
                                                    : QStringLiteral("%1 groups").arg(num(big->groups));
            const QString of = big->connections > 1 ? QStringLiteral(" (20 connections × 500 groups)") : QString();
            const bool size = big->groups >= 10'000;
            goal(QStringLiteral("The window with 10,000 groups%1: ≤ 1 GB peak RSS").arg(of), size && big->peakMb <= 1024,
                 QStringLiteral("%1: peak %2 MB (%3 KB per group)").arg(at, num(big->peakMb), num(big->kbPerGroup())));
            // The window's thread's share: the history's append and rules run on a
            // thread of their own (LiveHistory), so the window is free meanwhile.
            goal(QStringLiteral("The window's thread: judged snapshot → repainted overview ≤ 50 ms p95 at 10,000 rows%1").arg(of),
                 size && big->windowP95Ms <= 50,
                 fillText(QStringLiteral("%1: p95 %2 ms on the window's thread; %3 ms from the poll, the history's thread included"), at,
                          num(big->windowP95Ms), num(big->applyP95Ms)));
            goal(QStringLiteral("The GUI thread's longest stall ≤ 100 ms while polling, sorting, filtering and scrolling%1").arg(of),
                 big->steadyReached && big->stallMaxMs <= 100,
                 fillText(QStringLiteral("%1: %2 ms once every group was read; %3 ms while the first %4 ticks read them for the first time"), at,
                          big->steadyReached ? num(big->stallMaxMs) : QStringLiteral("not reached"), num(big->startupStallMs), big->refreshTicks));
            goal(QStringLiteral("Quitting takes ≤ 1 s at any size%1").arg(of), big->quitMs <= 1000,
                 QStringLiteral("%1: %2 ms").arg(at, num(big->quitMs)));
        }
        QStringList ratios;
        bool within = true;
        for (const ScaleResult &x : r.scale) {
            if (!x.error.isEmpty() || x.measuredUs <= 0 || x.connections > 1)
                continue;
            const double ratio = x.estimatedUs / x.measuredUs;
            within = within && ratio >= 0.5 && ratio <= 2.0;
            ratios << QStringLiteral("%1 groups: ×%2").arg(num(x.groups, 0), QString::number(ratio, 'f', 2));
        }
        goal(QStringLiteral("The poll-cost estimate within 2× of the server's measured time"), within && !ratios.isEmpty(),
             ratios.join(QStringLiteral("; ")));
    }
    if (r.queues.size() >= 2) {
        // Flat in the queues' size: the largest size costs at most 2× the next smaller one (100× fewer items).
        // Not 1×: even O(1) calls (ZCARD, LLEN) cost ~2× more in a 10 GB dataset than in a 100 MB one (cache
        // and TLB misses), and ZCOUNT is O(log N).
        // The smallest row (100 items) is Redis's compact encoding (listpack: up to 128 members), whose calls
        // are the cheapest; it is shown, not the baseline.
        const QueueCostResult &small = r.queues.at(r.queues.size() >= 3 ? r.queues.size() - 2 : 0), &large = r.queues.last();
        const bool measured = small.error.isEmpty() && large.error.isEmpty() && small.usPerTick > 0;
        const double ratio = measured ? large.usPerTick / small.usPerTick : 0;
        goals << Goal{QStringLiteral("Queues' server time per tick flat in their size: %1 items ≤ 2× %2 items (100× the items)")
                          .arg(num(large.items, 0), num(small.items, 0)),
                      measured ? fillText(QStringLiteral("%1 queues: %2 µs at %3 items, %4 µs at %5 (×%6)"), small.delayed + small.lists,
                                          num(small.usPerTick), num(small.items, 0), num(large.usPerTick), num(large.items, 0),
                                          QString::number(ratio, 'f', 2))
                               : large.error + small.error,
                      !measured ? Verdict::NotMeasured : ratio <= 2.0 ? Verdict::Met : Verdict::Missed};
    }
    // Each framework flat in its jobs: each size at most 2× the next smaller one (10× or 100× the jobs). The
    // smallest (100 a queue) is Redis's compact encoding, the cheapest calls, as for the queues above.
    for (qsizetype i = 0; i + 1 < r.frameworks.size(); ++i) {
        const FrameworkCostResult &small = r.frameworks.at(i), &large = r.frameworks.at(i + 1);
        if (small.framework != large.framework)
            continue;
        const bool measured = small.error.isEmpty() && large.error.isEmpty() && small.usPerTick > 0;
        const double ratio = measured ? large.usPerTick / small.usPerTick : 0;
        goals << Goal{fillText(QStringLiteral("%1: server time per tick flat in the jobs: %2 jobs ≤ 2× %3"), small.framework, num(large.jobs, 0),
                               num(small.jobs, 0)),
                      measured ? fillText(QStringLiteral("%1 queues: %2 µs, %3 µs (×%4)"), small.queues, num(small.usPerTick), num(large.usPerTick),
                                          QString::number(ratio, 'f', 2))
                               : large.error + small.error,
                      !measured ? Verdict::NotMeasured : ratio <= 2.0 ? Verdict::Met : Verdict::Missed};
    }
    if (const auto &f = r.forecast) {
        // A tenth of the 50 ms the window has for a poll of 10,000 groups (section 7): the forecast runs on the
        // history's thread, before the rendering, so what it costs comes out of that budget.
        goals << Goal{fillText(QStringLiteral("The drain forecast at %1 groups: ≤ 5 ms a poll (p95), a tenth of the 50 ms snapshot → repaint budget"),
                               num(f->groups, 0)),
                      fillText(QStringLiteral("p95 %1 ms (median %2) of the incident tracker's p95 %3 ms"), num(f->forecastP95Ms), num(f->forecastMedianMs),
                               num(f->trackerP95Ms)),
                      f->polls == 0 ? Verdict::NotMeasured : f->forecastP95Ms <= 5.0 ? Verdict::Met : Verdict::Missed};
    }
    for (const LongRunResult &x : r.longRuns) {
        const bool measured = x.error.isEmpty() && x.windowMb.size() >= 4;
        goals << Goal{fillText(QStringLiteral("%1 churn: the window grows at most 1 MB a minute after the first three"), x.scenario),
                      measured ? fillText(QStringLiteral("%1 MB a minute (%2 MB at the end of %3 min)"), QString::number(x.windowSlope, 'f', 2),
                                          num(x.windowMb.last().y()), num(x.minutes))
                               : x.error,
                      !measured ? Verdict::NotMeasured : x.windowSlope <= 1.0 ? Verdict::Met : Verdict::Missed};
        if (x.scenario != QLatin1String("streams"))
            continue;
        const bool shares = measured && x.windowShareMin >= 0 && x.exporterShareMin >= 0;
        goals << Goal{QStringLiteral("Stream churn: the window and the exporter show at least 90 % of the live groups at any moment"),
                      shares ? fillText(QStringLiteral("window %1 %, exporter %2 % at the least (of %3 live)"), num(x.windowShareMin * 100.0),
                                        num(x.exporterShareMin * 100.0), num(x.liveMedian, 0))
                             : x.error,
                      !shares ? Verdict::NotMeasured
                      : x.windowShareMin >= 0.9 && x.exporterShareMin >= 0.9 ? Verdict::Met
                                                                             : Verdict::Missed};
    }
    return goals;
}

QString consoleReport(const BenchResults &r, const QList<Goal> &goals)
{
    QString out;
    QTextStream s(&out);
    s << "\n== Pelscope benchmarks (" << (r.quick ? "quick" : "full") << " run, " << num(r.seconds, 0) << " s) ==\n\n"
      << goalsTable(goals) << "\n"
      << tablesSection(r);
    if (!r.exporterNote.isEmpty())
        s << "\nNote: " << r.exporterNote << "\n";
    return out;
}

QString markdownReport(const BenchResults &r, const QList<Goal> &goals)
{
    const MachineInfo &m = r.machine;
    QString out;
    QTextStream s(&out);
    s << "# Benchmarks\n\n"
      << "Generated by `./dev bench" << (r.quick ? " --quick" : "") << "` (`tests/bench/`, the `pelscope-bench` program). "
      << "Every figure below comes from one run on one machine; the tools were measured one after the other against "
         "the same private `redis-server` for each scenario, so compare them as ratios. The machine is shared with "
         "builds, so absolute figures move between runs.\n\n"
      << "## Run\n\n"
      << "| | |\n|---|---|\n"
      << "| date (UTC) | " << m.date << " |\n"
      << "| run | " << (r.quick ? "quick" : "full") << ", " << num(r.seconds, 0) << " s |\n"
      << "| commit | " << (m.commit.isEmpty() ? QStringLiteral("?") : m.commit) << " |\n"
      << "| machine | " << m.cores << " cores, " << m.cpuModel << ", " << QString::number(m.ramGiB, 'f', 1) << " GiB RAM |\n"
      << "| system | " << m.os << ", kernel " << m.kernel << " |\n"
      << "| load average (start / end) | " << m.loadAtStart << " / " << r.loadAtEnd << " |\n"
      << "| Redis | redis-server " << m.redisVersion << " |\n"
      << "| redis_exporter | "
      << (m.exporterVersion.isEmpty() ? QStringLiteral("not installed") : QStringLiteral("Debian prometheus-redis-exporter ") + m.exporterVersion)
      << " |\n"
      << "| Qt / QCustomPlot | " << m.qt << " / " << m.qcustomplot << " (`QT_QPA_PLATFORM=offscreen`) |\n\n";
    if (!r.exporterNote.isEmpty())
        s << "**Note:** " << r.exporterNote << "\n\n";
    s << "## Goals\n\n"
      << goalsTable(goals) << "\n"
      << "## Results\n\n"
      << tablesSection(r) << "\n";
    if (!r.plots.isEmpty()) {
        s << "## Plots\n\n";
        for (const QString &p : r.plots)
            s << "![" << p.section(QLatin1Char('/'), -1).section(QLatin1Char('.'), 0, 0) << "](" << p << ")\n\n";
    }
    s << "## Method\n\n"
      << "- **Scenarios.** One stream (`bench:orders`), one group, P pending entries spread evenly over C consumers; "
         "a fresh `redis-server` for each scenario (`--save \"\"`, no AOF). The fixture is one `redis-cli --pipe` run: "
         "XADD with time-based IDs (1,000 per ms, in the past), XREADGROUP per consumer, then XCLAIM … RETRYCOUNT on a "
         "subset: the first 25 entries 25 times (a poisoned head, which also resets their idle, so the oldest idle is "
         "*not* at the head), ~10% 2–4 times, ~1% 5–9 times.\n"
      << "- **Pelscope.** The real `StreamPoller`/`StreamProbe` in continuous mode with the default `ProbeConfig` "
         "(SCAN discovery; every tick TIME, XLEN, XINFO GROUPS and the head sample of 20; a walk page of 100 up to 10,000 "
         "entries, or 2 probes × 10 above, every tick until the histogram is known, then every 10th tick; XINFO STREAM and "
         "XINFO CONSUMERS every 10th tick), one tick every 100 ms. "
         "The cost windows ("
      << r.scenarios.value(0).pelscope.ticks
      << " ticks per scenario in all) run in interleaved rounds: every scenario's server and fixture stand ready, and "
         "each round visits every scenario in turn (idle rate, then Pelscope for a part of its ticks, then the naive "
         "approach, then both exporters), so that the load of this shared machine weighs on all scenarios alike. One "
         "poller per scenario serves all of its windows, paused in between, and the first window starts after 40 "
         "settling ticks: the figures are those of a dashboard that has been running (histogram known, reads on their "
         "settled cadences), as a dashboard left open runs for hours; the start-up shows in the accuracy ticks. The "
         "windows add up to a multiple of every rationed cadence, so rationed reads are averaged in exactly. Afterwards, per scenario, a fresh "
         "poller runs with SLOWLOG on for the per-command figures, and on "
         "(10-consumer scenarios) for the accuracy figures, which count its ticks from its first. Every tool is paced "
         "(100 ms), not run back to back: on this machine a command reaching an idle server costs 2–5× what it costs "
         "right after another one (caches), and a real poller ticks every second.\n"
      << "- **Naive.** One pipelined batch per tick (every 100 ms, or back to back when a tick takes longer): `XPENDING k g`, `XPENDING k g - + P`, "
         "`XINFO STREAM k FULL` "
         "(default COUNT 10; `COUNT 0` would be far worse).\n"
      << "- **redis_exporter.** Debian's `prometheus-redis-exporter` started with `-check-streams bench:*` "
         "(SCAN) or `-check-single-streams bench:orders`, `-redis-only-metrics`, scraped over HTTP every 100 ms. "
         "Its total includes INFO, CONFIG GET, SLOWLOG, LATENCY and its per-scrape connection set-up; \"stream\" counts "
         "only `xinfo|*`, `xpending`, `xrange`, `xrevrange`, `xlen`, `scan`, `type`.\n"
      << "- **Server cost.** `INFO cpu commandstats stats` before and after each window. CPU: the server's idle rate "
         "(measured per scenario) × window length and the meter's fixed cost (median of empty windows) are subtracted. "
         "Commandstats: the meter's own INFO is taken out.\n"
      << "- **Accuracy.** The truth is one whole-PEL `XPENDING` (after `TIME`) before the monitors run; since nothing "
         "touches the PEL, the true oldest idle at a tick's server time follows exactly (±1 ms, plus the tick's own "
         "duration). A tick holds when `oldestIdleMs` ≤ truth ≤ `oldestIdleUpperMs`; a missing bound is a miss.\n"
      << "- **UI.** A day of 1 Hz history for 200 synthetic groups in one `HistoryStore` (the first 23 h at one poll per "
         "10 s bucket, all that tier 1 keeps, then the last hour at 1 Hz: the store ends exactly as full as after 86,400 "
         "polls). The chart is the group page's own `TimeChartWidget` (1200×500, `phFastPolylines`, adaptive sampling), "
         "one lag series per group, fed as `GroupPage::updateCharts` feeds it: `window(key, Lag, now − 24 h, now, "
         "max(200, width/2))` and `setSeries` for every series, then `setTimeWindow` and `replot(rpImmediateRefresh)`. "
         "Raw: all 86,400 points per series set once, replot only. The group page row is the real `GroupPage` on its "
         "24 h window. The table row: a snapshot emitted on a worker thread, queued to the GUI thread, "
         "`ConnectionView::applySnapshot` (history, history rules, models) then `viewport()->repaint()` of the overview table, "
         "after 10 minutes of history.\n"
      << "- **Memory.** A child process per case: `QApplication` (offscreen) and the shown `MainWindow` with one connection tab, which keeps the "
         "history itself; every poll of a day (as above) goes through `ConnectionView::applySnapshot` as fast as possible, then "
         "a 1-hour soak (3,600 polls at 1 Hz). RSS from `/proc/self/status` (VmRSS, VmHWM). 5 consumers per group.\n"
      << "- **History.** 50 synthetic groups through the real `HistoryRecorder` into a SQLite file in a temporary directory: "
         "polls spaced so the file ends exactly as full as after polling at 1 Hz (one per 2 min bucket before the last day, "
         "one per 10 s bucket in the last day, every second in the last hour), then the retention pass; the size is the pages "
         "in use. The writer's time is per 1 Hz tick of the last hour. The GUI thread's share is what the window adds per "
         "tick (`HistorySession::admit` + `record`, which posts the poll to the writer thread). Opening: a `HistorySession` "
         "started on the day's file until its `pastReplayed` signal (thread, file, read, replay into the store).\n"
      << "- **Many groups.** A fresh `redis-server` per case with N streams of one group each (two entries, one read and "
         "pending by one consumer), built by a script in pages of 1,000; the last case splits 10,000 over 20 connections "
         "(`--match scale:C:*` each) shown on the all-connections tab. A child process runs the real `MainWindow` (offscreen, "
         "1280×720) polling every second, its history in a temporary directory, for the stated time, while a timer does what an "
         "operator does every 1.5 s in turn: sort by lag, filter, clear the filter, scroll half-way, sort worst-first. "
         "RSS from `/proc/self/status`; KB per group is (peak − before) ÷ groups. The stall is the GUI thread's longest gap "
         "between the ticks of a 10 ms timer: steady once every group has been read once, and apart from that the ticks that "
         "read groups for the first time (rows and their history created). Snapshot → repainted overview: the newest snapshot, "
         "its time moved on a second each time (the history appends it and runs its rules as for a poll), through "
         "`ConnectionView::applySnapshot` (judged on the history's thread, then rendered) and a `repaint()` of the overview "
         "table, 20 times 250 ms apart; the window's thread's part runs from the judged snapshot's arrival there (the queued "
         "call to the connection's `HistorySession`, seen by an event filter) to the end of the repaint. Quit: `close()` and "
         "destruction of the window (pollers, reader, history writer stopped). The estimate is the probe's `stats.estimatedUs` "
         "averaged over the ticks (times the connections); measured is `INFO commandstats` usec summed over every command the "
         "window sent (its connection set-up and discovery included) ÷ ticks.\n"
      << "- **Drain forecast.** In process, no server: 10,000 groups (100 streams of 100) polled once a second for three "
         "minutes (--quick: 90 s), a third draining, a third growing, a third steady at batchy paces; each poll through "
         "`IncidentTracker::apply` (rates, incidents, trend and the forecasts: what the history's thread runs before a poll is "
         "rendered), then, side by side, one `BacklogSeries::forecast` a group on the rates the tracker found. Timed from the "
         "second minute on, when the rate window is full.\n"
      << "- **Queues.** A fresh `redis-server` per size with as many delayed queues (sorted sets, half the members due) as "
         "reliable lists (a main list and a processing list of that many JSON items each, timestamps up to 15 minutes old), "
         "built by scripts; the real poller (`pollTicks`, 30 ticks 100 ms apart) with the queues named. Server time is "
         "`INFO commandstats` usec of ZCARD, ZCOUNT, ZRANGE, ZRANGEBYSCORE, LLEN and LRANGE ÷ ticks; then one `LRANGE 0 -1` "
         "of one processing list for comparison.\n"
      << "- **Prometheus endpoint.** A fresh `redis-server` with 1,000 streams (20 entries, a group with 5 pending each); "
         "`pelscope-cli exporter --interval 1s`, scraped over HTTP one request at a time (client-side time, Qt's "
         "QNetworkAccessManager on loopback). Redis's cost per second with 1 and 5 scrapes per second for each endpoint, "
         "and at a team's scrape interval (15 s over 60 s; 5 s over 20 s with --quick) for `pelscope-cli exporter` as it "
         "starts (no --interval: it follows its scrapes, two scrapes set the pace first), measured as in section 1 "
         "(commandstats, CPU with the idle rate taken out); redis_exporter with `-check-streams bench:*` against the same "
         "server. Bytes a group: one scrape's body ÷ 1,000, as each starts, and `pelscope-cli exporter "
         "--delivery-histogram --consumer-series`.\n";
    return out;
}

} // namespace pelscope::bench
