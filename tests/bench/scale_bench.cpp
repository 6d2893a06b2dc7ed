#include "scale_bench.h"

#include "connection_view.h"
#include "main_window.h"
#include "memory_bench.h"
#include "overview_page.h"
#include "redis/connection_options.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "session/connection_session.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
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
// added, some read and pending, one consumer. Built by a script in pages of
// 1,000 so no single call blocks the server for long.
bool buildGroups(test::RedisOracle &db, int groups, QString *error)
{
    static const QByteArray script = R"(
local from, to = tonumber(ARGV[1]), tonumber(ARGV[2])
for i = from, to do
  local k = 'scale:' .. i
  redis.call('XADD', k, '*', 'n', '1')
  redis.call('XADD', k, '*', 'n', '2')
  redis.call('XGROUP', 'CREATE', k, 'g', '0')
  redis.call('XREADGROUP', 'GROUP', 'g', 'worker', 'COUNT', '1', 'STREAMS', k, '>')
end
return to - from + 1)";
    for (int from = 1; from <= groups; from += 1000) {
        const int to = std::min(groups, from + 999);
        const RedisReply r = db.command({"EVAL", script, "0", QByteArray::number(from), QByteArray::number(to)});
        if (r.isError()) {
            *error = QString::fromUtf8(r.bytes());
            return false;
        }
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

    ConnectionRequest request;
    request.options = *parsed.options;
    request.intervalMs = 1000;
    request.label = QStringLiteral("scale");
    request.history.dir = historyDir.path();
    ConnectionView *view = mainWindow->openConnection(request);

    // The GUI thread's longest gap between ticks of a 10 ms timer: a stall.
    QElapsedTimer gap;
    gap.start();
    double stallMaxMs = 0;
    bool measuring = false;
    QTimer probe;
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const double ms = double(gap.nsecsElapsed()) / 1e6;
        if (measuring)
            stallMaxMs = std::max(stallMaxMs, ms - 10.0);
        gap.restart();
    });
    probe.start(10);
    int ticks = 0;
    double estimatedUs = 0, pollMs = 0;
    QObject::connect(view->session(), &ConnectionSession::snapshotReady, [&](const Snapshot &s) {
        if (++ticks == 2)
            measuring = true; // the first snapshot builds every row once
        estimatedUs += double(s->stats.estimatedUs);
        pollMs += double(s->stats.durationMs);
    });

    QEventLoop loop;
    QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    measuring = false;
    o[QStringLiteral("ticks")] = ticks;
    o[QStringLiteral("stallMaxMs")] = stallMaxMs;
    o[QStringLiteral("estimatedUs")] = ticks ? estimatedUs / ticks : 0;
    o[QStringLiteral("pollMs")] = ticks ? pollMs / ticks : 0;
    o[QStringLiteral("historyMb")] = double(view->history().bytesUsed()) / (1024.0 * 1024.0);

    // Snapshot → repainted overview, on the newest snapshot (its time moved
    // on a millisecond each time, so the history takes every one).
    QList<double> applyMs;
    const Snapshot last = view->lastSnapshot();
    if (!last.isNull()) {
        QTableView *table = view->overview()->table();
        for (int i = 1; i <= 20; ++i) {
            SnapshotData d = last.data();
            d.takenAtMs += i;
            const Snapshot s(std::move(d));
            QElapsedTimer t;
            t.start();
            view->applySnapshot(s);
            table->viewport()->repaint();
            applyMs << double(t.nsecsElapsed()) / 1e6;
        }
    }
    o[QStringLiteral("applyP95Ms")] = percentile(applyMs, 0.95);
    o[QStringLiteral("applyMedianMs")] = percentile(applyMs, 0.5);
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

QList<ScaleResult> runScaleBench(const QList<int> &groupCounts, double seconds, const std::function<void(const QString &)> &progress)
{
    QList<ScaleResult> out;
    for (int groups : groupCounts) {
        ScaleResult r;
        r.groups = groups;
        r.seconds = seconds;
        test::RedisServer server;
        test::RedisOracle db;
        QString error;
        if (!server.start(&error) || !db.connectUrl(server.url()) || !buildGroups(db, groups, &error)) {
            r.error = error.isEmpty() ? QStringLiteral("could not start or fill redis-server") : error;
            out.append(r);
            continue;
        }
        progress(QStringLiteral("scale: %1 groups, the window polling for %2 s (child process)").arg(groups).arg(seconds));
        db.command({"CONFIG", "RESETSTAT"});
        QProcess child;
        child.setStandardErrorFile(QProcess::nullDevice()); // Qt's offscreen plugin chatter
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("--scale-child"), QStringLiteral("%1,%2").arg(server.url()).arg(seconds)});
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
        r.stallMaxMs = o.value(QStringLiteral("stallMaxMs")).toDouble();
        r.quitMs = o.value(QStringLiteral("quitMs")).toDouble();
        r.estimatedUs = o.value(QStringLiteral("estimatedUs")).toDouble();
        r.pollMs = o.value(QStringLiteral("pollMs")).toDouble();
        // The window's first poll (discovery, one-off reads) counts too: a mean over every tick it sent.
        r.measuredUs = r.ticks > 0 ? double(usec) / r.ticks : 0;
        progress(QStringLiteral("scale: %1 groups: peak %2 MB, apply p95 %3 ms, stall %4 ms, estimate %5 µs vs %6 µs measured")
                     .arg(groups)
                     .arg(r.peakMb, 0, 'f', 0)
                     .arg(r.applyP95Ms, 0, 'f', 1)
                     .arg(r.stallMaxMs, 0, 'f', 0)
                     .arg(r.estimatedUs, 0, 'f', 0)
                     .arg(r.measuredUs, 0, 'f', 0));
        out.append(r);
    }
    return out;
}

} // namespace pelscope::bench
