#include "scale_bench.h"

#include "connection_view.h"
#include "itemmodels/group_table_model.h"
#include "pages/all_connections_page.h"
#include "main_window.h"
#include "memory_bench.h"
#include "pages/overview_page.h"
#include "values/connection_options.h"
#include "group_fixtures.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "render_wait.h"
#include "session/connection_session.h"
#include "text/fill_text.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QScrollBar>
#include <QLineEdit>
#include <QJsonObject>
#include <QProcess>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace pelscope::bench {

namespace {

double percentile(QList<double> v, double p)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.at(std::min<qsizetype>(v.size() - 1, qsizetype(p * double(v.size()))));
}

// N streams of one group each, with the demo's shape of a group: entries
// added, some read and pending, one consumer (test::addScaleGroups). With
// several connections, connection c's streams are scale:c:i (its --match scale:c:*).
bool buildGroups(test::RedisOracle &db, int groups, int connections, QString *error)
{
    const int each = groups / std::max(1, connections);
    for (int c = 0; c < connections; ++c) {
        const QByteArray prefix = connections > 1 ? "scale:" + QByteArray::number(c) + ":" : QByteArray("scale:");
        *error = test::addScaleGroups(db, prefix, each);
        if (!error->isEmpty())
            return false;
    }
    return true;
}

qint64 serverUsec(test::RedisOracle &db, qint64 *calls)
{
    const auto stats = db.commandStats();
    qint64 usec = 0;
    *calls = 0;
    for (auto it = stats.cbegin(); it != stats.cend(); ++it) {
        if (it.key() == QLatin1String("config") || it.key() == QLatin1String("info"))
            continue; // the bench's own
        usec += it->usec;
        *calls += it->calls;
    }
    return usec;
}

} // namespace

int scaleChildMain(const QString &argument)
{
    const QStringList parts = argument.split(QLatin1Char(','));
    const auto parsed = parseRedisUrl(parts.value(0));
    const double seconds = parts.value(1).toDouble();
    const int connections = std::max(1, parts.value(2).toInt());
    if (!parsed.options || seconds <= 0) {
        std::fprintf(stderr, "scale child: bad argument %s\n", qPrintable(argument));
        return 2;
    }
    QTemporaryDir historyDir;
    QJsonObject o;
    auto mainWindow = std::make_unique<MainWindow>();
    mainWindow->resize(1280, 720);
    mainWindow->show();
    QCoreApplication::processEvents();
    o[QStringLiteral("baseMb")] = statusMb("VmRSS");

    QList<ConnectionView *> views;
    for (int c = 0; c < connections; ++c) {
        ConnectionRequest request;
        request.options = *parsed.options;
        request.intervalMs = 1000;
        request.label = connections > 1 ? QStringLiteral("scale %1").arg(c) : QStringLiteral("scale");
        if (connections > 1)
            request.probe.match = "scale:" + QByteArray::number(c) + ":*";
        request.history.dir = historyDir.path() + QStringLiteral("/%1").arg(c); // each its own file and lease
        views << mainWindow->openConnection(request);
    }
    ConnectionView *view = views.first();
    // One connection: its tab; several: the all-connections tab (what they are measured on).
    OverviewPage *overview = connections > 1 ? mainWindow->allConnections()->overview() : view->overview();
    if (connections > 1)
        mainWindow->showAllConnections();
    QTableView *table = overview->table();

    // The GUI thread's longest gap between ticks of a 10 ms timer: a stall.
    // Until every group has been read once (streams are read in turn past
    // groupsPerTick) rows and their history are being created: measured
    // apart from the steady state after it.
    QElapsedTimer gap;
    gap.start();
    double startupStallMs = 0, steadyStallMs = 0;
    enum class Phase { First, Startup, Steady, Done } phase = Phase::First;
    QTimer probe;
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const double ms = double(gap.nsecsElapsed()) / 1e6 - 10.0;
        if (phase == Phase::Startup)
            startupStallMs = std::max(startupStallMs, ms);
        else if (phase == Phase::Steady)
            steadyStallMs = std::max(steadyStallMs, ms);
        gap.restart();
    });
    probe.start(10);
    int ticks = 0;
    qint64 refreshTicks = 1, groupsRead = 0;
    double estimatedUs = 0, pollMs = 0;
    for (ConnectionView *v : std::as_const(views))
        QObject::connect(v->session(), &ConnectionSession::snapshotReady, [&, v](const Snapshot &s) {
            if (v != view)
                return; // figures of the first connection stand for all
            ++ticks;
            refreshTicks = s->stats.refreshTicks;
            groupsRead = s->stats.groupsRead;
            if (phase == Phase::First)
                phase = Phase::Startup; // the first snapshot builds its rows once
            else if (phase == Phase::Startup && ticks >= refreshTicks + 2)
                phase = Phase::Steady;
            estimatedUs += double(s->stats.estimatedUs);
            pollMs += double(s->stats.durationMs);
        });

    // What an operator does meanwhile, every 1.5 s in turn: sort by lag, filter,
    // clear the filter, scroll half-way, sort worst-first again.
    QLineEdit *filter = overview->findChild<QLineEdit *>();
    int step = 0;
    QTimer operatorActions;
    QObject::connect(&operatorActions, &QTimer::timeout, [&] {
        switch (step++ % 5) {
        case 0: table->sortByColumn(GroupTableModel::Lag, Qt::DescendingOrder); break;
        case 1:
            if (filter)
                filter->setText(QStringLiteral("scale:1"));
            break;
        case 2:
            if (filter)
                filter->clear();
            break;
        case 3: table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum() / 2); break;
        default: table->sortByColumn(GroupTableModel::Status, Qt::DescendingOrder); break;
        }
    });
    operatorActions.start(1500);

    QEventLoop loop;
    QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    const bool steadyReached = phase == Phase::Steady;
    phase = Phase::Done; // what follows is the bench's own
    operatorActions.stop();
    if (filter)
        filter->clear();
    o[QStringLiteral("ticks")] = ticks;
    o[QStringLiteral("startupStallMs")] = startupStallMs;
    o[QStringLiteral("stallMaxMs")] = steadyStallMs;
    o[QStringLiteral("steadyReached")] = steadyReached;
    o[QStringLiteral("refreshTicks")] = double(refreshTicks);
    o[QStringLiteral("groupsRead")] = double(groupsRead);
    o[QStringLiteral("estimatedUs")] = ticks ? estimatedUs / ticks : 0;
    o[QStringLiteral("pollMs")] = ticks ? pollMs / ticks : 0;
    double historyMb = 0;
    for (ConnectionView *v : std::as_const(views))
        historyMb += double(v->history().read([](const HistoryStore &h) { return h.bytesUsed(); })) / (1024.0 * 1024.0);
    o[QStringLiteral("historyMb")] = historyMb;

    // Snapshot → repainted overview, on the newest snapshot (its time moved
    // on a second each time, so the history takes every one). Spaced like
    // polls, 250 ms apart, so each meets what a poll meets (the history writer
    // and the poller busy on the other core), not a backlog of twenty.
    QList<double> applyMs, windowMs;
    const Snapshot last = view->lastSnapshot();
    if (!last.isNull()) {
        for (int i = 1; i <= 20; ++i) {
            QEventLoop pause;
            QTimer::singleShot(250, &pause, &QEventLoop::quit);
            pause.exec();
            SnapshotData d = last.data();
            d.takenAtMs += i * 1000LL; // a poll later: the history appends it and runs its rules, as for a real one
            const Snapshot s(std::move(d));
            // The history's thread judges it, the tab renders it; then the table is repainted.
            const RenderTiming rendered = applyAndRender(*view, s);
            QElapsedTimer t;
            t.start();
            table->viewport()->repaint();
            const double repaintMs = double(t.nsecsElapsed()) / 1e6;
            applyMs << rendered.totalMs + repaintMs;
            windowMs << rendered.windowMs + repaintMs;
        }
    }
    o[QStringLiteral("applyP95Ms")] = percentile(applyMs, 0.95);
    o[QStringLiteral("applyMedianMs")] = percentile(applyMs, 0.5);
    o[QStringLiteral("windowP95Ms")] = percentile(windowMs, 0.95);
    o[QStringLiteral("windowMedianMs")] = percentile(windowMs, 0.5);
    o[QStringLiteral("peakMb")] = statusMb("VmHWM");
    o[QStringLiteral("endMb")] = statusMb("VmRSS");

    // What Ctrl+Q does: close the window, stop the pollers and the history writer.
    QElapsedTimer quit;
    quit.start();
    mainWindow->close();
    mainWindow.reset();
    QCoreApplication::processEvents();
    o[QStringLiteral("quitMs")] = double(quit.nsecsElapsed()) / 1e6;
    std::fputs(QJsonDocument(o).toJson(QJsonDocument::Compact).append('\n').constData(), stdout);
    std::fflush(stdout);
    return 0;
}

QList<ScaleResult> runScaleBench(const QList<ScaleCase> &cases, double seconds, const std::function<void(const QString &)> &progress)
{
    QList<ScaleResult> out;
    for (const ScaleCase &c : cases) {
        const int groups = c.groups;
        ScaleResult r;
        r.groups = groups;
        r.connections = c.connections;
        r.seconds = seconds;
        test::RedisServer server;
        test::RedisOracle db;
        QString error;
        if (!server.start(&error) || !db.connectUrl(server.url()) || !buildGroups(db, groups, c.connections, &error)) {
            r.error = error.isEmpty() ? QStringLiteral("could not start or fill redis-server") : error;
            out.append(r);
            continue;
        }
        progress(fillText(QStringLiteral("scale: %1 groups on %2 connection(s), the window polling for %3 s (child process)"), groups, c.connections,
                          seconds));
        db.command({"CONFIG", "RESETSTAT"});
        QProcess child;
        child.setStandardErrorFile(QProcess::nullDevice()); // Qt's offscreen plugin chatter
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("--scale-child"), fillText(QStringLiteral("%1,%2,%3"), server.url(), seconds, c.connections)});
        if (!child.waitForFinished(int(seconds * 1000) + 300'000) || child.exitCode() != 0) {
            r.error = QStringLiteral("child failed (exit %1)").arg(child.exitCode());
            out.append(r);
            continue;
        }
        qint64 calls = 0;
        const qint64 usec = serverUsec(db, &calls);
        const QByteArray line = child.readAllStandardOutput().trimmed().split('\n').last();
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.isEmpty()) {
            r.error = QStringLiteral("unreadable child output: %1").arg(QString::fromUtf8(line));
            out.append(r);
            continue;
        }
        r.ticks = o.value(QStringLiteral("ticks")).toInt();
        r.baseMb = o.value(QStringLiteral("baseMb")).toDouble();
        r.peakMb = o.value(QStringLiteral("peakMb")).toDouble();
        r.endMb = o.value(QStringLiteral("endMb")).toDouble();
        r.historyMb = o.value(QStringLiteral("historyMb")).toDouble();
        r.applyP95Ms = o.value(QStringLiteral("applyP95Ms")).toDouble();
        r.applyMedianMs = o.value(QStringLiteral("applyMedianMs")).toDouble();
        r.windowP95Ms = o.value(QStringLiteral("windowP95Ms")).toDouble();
        r.windowMedianMs = o.value(QStringLiteral("windowMedianMs")).toDouble();
        r.stallMaxMs = o.value(QStringLiteral("stallMaxMs")).toDouble();
        r.startupStallMs = o.value(QStringLiteral("startupStallMs")).toDouble();
        r.steadyReached = o.value(QStringLiteral("steadyReached")).toBool();
        r.refreshTicks = qint64(o.value(QStringLiteral("refreshTicks")).toDouble());
        r.groupsRead = qint64(o.value(QStringLiteral("groupsRead")).toDouble());
        r.quitMs = o.value(QStringLiteral("quitMs")).toDouble();
        // Every connection reads its own share alike: the first one's estimate stands for each.
        r.estimatedUs = o.value(QStringLiteral("estimatedUs")).toDouble() * c.connections;
        r.pollMs = o.value(QStringLiteral("pollMs")).toDouble();
        // The window's first poll (discovery, one-off reads) counts too: a mean over every tick it sent.
        r.measuredUs = r.ticks > 0 ? double(usec) / r.ticks : 0;
        progress(fillText(
            QStringLiteral("scale: %1 groups (%7 connection(s)): peak %2 MB, apply p95 %3 ms, stall %4 ms, estimate %5 µs vs %6 µs measured"), groups,
            QString::number(r.peakMb, 'f', 0), QString::number(r.applyP95Ms, 'f', 1) + QStringLiteral(" (window's thread ") + QString::number(r.windowP95Ms, 'f', 1) + QStringLiteral(")"), QString::number(r.stallMaxMs, 'f', 0),
            QString::number(r.estimatedUs, 'f', 0), QString::number(r.measuredUs, 'f', 0), c.connections));
        out.append(r);
    }
    return out;
}

} // namespace pelscope::bench
