#include "gui_bench.h"

#include "render_wait.h"

#include "pages/group_page.h"
#include "main_window.h"
#include "synthetic_history.h"
#include "charts/time_chart_widget.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTableView>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>

namespace pelscope::bench {

namespace {

constexpr qint64 kDayMs = 86'400'000;
constexpr qint64 kStartMs = 1'700'000'000'000;

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double msSince(qint64 ns)
{
    return double(nowNs() - ns) / 1e6;
}

// The raw day an undecimated chart would hold: 86,400 points of a lag-like walk.
QVector<double> rawDay(quint32 seed)
{
    QRandomGenerator rng(seed);
    QVector<double> v(int(kDayMs / 1000));
    double lag = 0;
    for (double &x : v) {
        lag = std::max(0.0, (lag + (rng.generateDouble() - 0.5) * 40.0 + (rng.bounded(5000) == 0 ? 20'000 : 0)) * 0.999);
        x = lag;
    }
    return v;
}

} // namespace

Percentiles Percentiles::of(QList<double> ms)
{
    Percentiles p;
    if (ms.isEmpty())
        return p;
    std::sort(ms.begin(), ms.end());
    p.median = ms.at(ms.size() / 2);
    p.p95 = ms.at(std::min<qsizetype>(ms.size() - 1, qsizetype(double(ms.size()) * 0.95)));
    p.max = ms.last();
    return p;
}

UiResults runUiBench(bool quick, const QString &samplePngPath, const std::function<void(const QString &)> &progress)
{
    UiResults out;
    const QList<int> seriesCounts{20, 200};
    const int maxSeries = seriesCounts.last();

    progress(QStringLiteral("UI: filling a history store with 24 h × %1 groups").arg(maxSeries));
    SharedHistoryStore store; // as the window holds it: every read under its lock
    SyntheticFeed feed(maxSeries);
    const QList<GroupKey> keys = feed.keys();
    const qint64 startNs = nowNs();
    Snapshot last;
    for (qint64 at : dayOfPolls(kStartMs)) {
        last = {};
        last = feed.next(at);
        store.write([&](HistoryStore &h) { h.append(last); });
    }
    out.feedSeconds = msSince(startNs) / 1000.0;
    const qint64 nowMs = store.read([](const HistoryStore &h) { return h.latestMs(); });
    QVector<double> rawT(int(kDayMs / 1000));
    for (int i = 0; i < rawT.size(); ++i)
        rawT[i] = double(nowMs - kDayMs + 1000) / 1000.0 + i;

    for (int series : seriesCounts) {
        progress(QStringLiteral("UI: chart with %1 series over 24 h").arg(series));
        ReplotResult r;
        r.series = series;
        // The group page's chart widget, fed the way the group page feeds it.
        TimeChartWidget chart(QStringLiteral("lag, %1 groups").arg(series));
        chart.resize(1200, 500);
        for (int i = 0; i < series; ++i)
            chart.addSeries(QStringLiteral("%1/%2").arg(QString::fromLatin1(keys.at(i).stream), QString::fromLatin1(keys.at(i).group)),
                            QColor::fromHsv((i * 47) % 360, 200, 200));
        chart.legend->setVisible(series <= 20);
        chart.show();
        chart.replot();
        const int points = std::max(200, chart.width() / 2); // as GroupPage::updateCharts
        QList<double> fetch, windowOnly, replot, total;
        const int reps = quick ? (series > 20 ? 8 : 20) : 60;
        for (int rep = 0; rep <= reps; ++rep) {
            const qint64 t0 = nowNs();
            qint64 inWindow = 0;
            for (int i = 0; i < series; ++i) {
                const qint64 w0 = nowNs();
                const SeriesWindow w = store.read([&](const HistoryStore &h) { return h.window(keys.at(i), Metric::Lag, nowMs - kDayMs, nowMs, points); });
                inWindow += nowNs() - w0;
                chart.setSeries(i, w.t, w.v);
                r.pointsPerSeries = int(w.t.size());
            }
            const double f = msSince(t0);
            const qint64 t1 = nowNs();
            chart.setTimeWindow(double(nowMs) / 1000.0, double(kDayMs) / 1000.0);
            chart.replot(QCustomPlot::rpImmediateRefresh);
            const double p = msSince(t1);
            if (rep == 0)
                continue; // the first paint builds caches
            fetch.append(f);
            windowOnly.append(double(inWindow) / 1e6);
            replot.append(p);
            total.append(f + p);
        }
        r.fetch = Percentiles::of(fetch);
        r.window = Percentiles::of(windowOnly);
        r.replot = Percentiles::of(replot);
        r.total = Percentiles::of(total);
        if (series == seriesCounts.first() && !samplePngPath.isEmpty()) {
            chart.savePng(samplePngPath, 1200, 500);
            out.plotPng = samplePngPath;
        }

        // Raw: the whole day per series, set once (straight into the graphs:
        // setSeries rescans every graph on each call), then replot only.
        double hi = 0;
        for (int i = 0; i < series; ++i) {
            const QVector<double> v = rawDay(quint32(i + 1));
            chart.graph(i)->setData(rawT, v, true);
            hi = std::max(hi, *std::max_element(v.begin(), v.end()));
        }
        chart.yAxis->setRange(0, hi * 1.08);
        r.rawPointsPerSeries = int(rawT.size());
        QList<double> raw;
        const int rawReps = quick ? 4 : 15;
        for (int rep = 0; rep <= rawReps; ++rep) {
            const qint64 t1 = nowNs();
            chart.replot(QCustomPlot::rpImmediateRefresh);
            if (rep > 0)
                raw.append(msSince(t1));
        }
        r.rawReplot = Percentiles::of(raw);
        out.replot.append(r);
    }

    {
        // The real group page on its 24 h window: three charts, five series.
        progress(QStringLiteral("UI: group page, 24 h window"));
        GroupPage page(&store);
        page.resize(1280, 720);
        page.showGroup(keys.first().stream, keys.first().group);
        page.setWindowSeconds(86'400);
        page.show();
        page.applySnapshot(last);
        QCoreApplication::processEvents();
        QList<double> ms;
        const int reps = quick ? 20 : 60;
        for (int rep = 0; rep <= reps; ++rep) {
            const qint64 t0 = nowNs();
            page.applySnapshot(last);
            for (TimeChartWidget *c : page.charts())
                c->replot(QCustomPlot::rpImmediateRefresh);
            if (rep > 0)
                ms.append(msSince(t0));
            QCoreApplication::processEvents(); // the page's own queued replots, untimed
        }
        out.groupPage = Percentiles::of(ms);
    }

    // A snapshot crosses from a poller thread (queued, as in the app) to the
    // main window, which keeps history, applies it and repaints the table.
    QThread worker;
    worker.setObjectName(QStringLiteral("bench-poller"));
    QObject emitter;
    emitter.moveToThread(&worker);
    worker.start();
    for (int rows : {20, 200}) {
        progress(QStringLiteral("UI: snapshot to repainted table, %1 rows").arg(rows));
        MainWindow mainWindow;
        mainWindow.resize(1280, 720);
        ConnectionView &window = *mainWindow.addConnection();
        mainWindow.show();
        SyntheticFeed tableFeed(rows);
        // Ten minutes of history first: the rules look back five.
        qint64 at = kStartMs;
        for (int i = 0; i < 600; ++i, at += 1000)
            applyAndRender(window, tableFeed.next(at));
        QCoreApplication::processEvents();
        TableResult r;
        r.rows = rows;
        QList<double> ms;
        const int reps = quick ? 60 : 200;
        std::atomic<qint64> sentNs{0};
        QEventLoop loop;
        std::function<void(int)> step = [&](int i) {
            if (i > reps) {
                loop.quit();
                return;
            }
            at += 1000;
            Snapshot s = tableFeed.next(at);
            QMetaObject::invokeMethod(
                &emitter,
                [&, s, i] {
                    sentNs = nowNs();
                    QMetaObject::invokeMethod(
                        &window,
                        [&, s, i] {
                            applyAndRender(window, s); // judged on the history's thread, then rendered
                            window.overviewTable()->viewport()->repaint();
                            if (i > 0)
                                ms.append(msSince(sentNs));
                            step(i + 1);
                        },
                        Qt::QueuedConnection);
                },
                Qt::QueuedConnection);
        };
        step(0);
        loop.exec();
        r.arrivalToRepaint = Percentiles::of(ms);
        out.table.append(r);
    }
    worker.quit();
    worker.wait();
    return out;
}

} // namespace pelscope::bench
