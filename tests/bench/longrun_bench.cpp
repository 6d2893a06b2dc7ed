#include "longrun_bench.h"

#include "connection_view.h"
#include "main_window.h"
#include "memory_bench.h"
#include "probe/sweep_pace.h"
#include "values/connection_options.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <deque>

namespace pelscope::bench {

namespace {

double processMb(qint64 pid)
{
    QFile f(fillText(QStringLiteral("/proc/%1/status"), pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

// Least squares over the samples from `fromMinute` on.
double slopeFrom(const QList<QPointF> &points, double fromMinute)
{
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const QPointF &p : points) {
        if (p.x() < fromMinute)
            continue;
        ++n;
        sx += p.x();
        sy += p.y();
        sxx += p.x() * p.x();
        sxy += p.x() * p.y();
    }
    const double d = n * sxx - sx * sx;
    return n < 2 || d == 0 ? 0 : (n * sxy - sx * sy) / d;
}

double quantile(QList<double> v, double q)
{
    if (v.isEmpty())
        return -1;
    std::sort(v.begin(), v.end());
    return v.at(std::min<qsizetype>(v.size() - 1, qsizetype(q * double(v.size()))));
}

// Distinct groups of churn streams in an exposition.
int exportedChurnGroups(const QByteArray &body)
{
    int n = 0;
    for (const QByteArray &line : body.split('\n'))
        if (line.startsWith("pelscope_group_pending{") && line.contains("stream=\"churn:"))
            ++n;
    return n;
}

QByteArray scrape(QNetworkAccessManager &net, quint16 port)
{
    QNetworkRequest req(QUrl(fillText(QStringLiteral("http://127.0.0.1:%1/metrics"), port)));
    req.setTransferTimeout(10'000);
    QNetworkReply *reply = net.get(req);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray body = reply->error() == QNetworkReply::NoError ? reply->readAll() : QByteArray();
    delete reply;
    return body;
}

LongRunResult runOne(const QString &scenario, double minutes, const std::function<void(const QString &)> &progress)
{
    LongRunResult r;
    r.scenario = scenario;
    r.minutes = minutes;
    test::RedisServer server;
    QString error;
    if (!server.start(&error)) {
        r.error = error;
        return r;
    }
    test::RedisOracle db;
    if (!db.connectUrl(server.url())) {
        r.error = QStringLiteral("cannot connect to the benchmark's server");
        return r;
    }
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));

    // The window: this program as a child with the app's main window.
    QProcess window;
    window.setProcessEnvironment(env);
    window.setStandardErrorFile(QProcess::nullDevice());
    window.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--longrun-child"), server.url()});
    // The exporter, recording its history too (as one left running for months would).
    const quint16 port = test::RedisServer::freePort();
    QProcess exporter;
    exporter.setProcessEnvironment(env);
    exporter.setStandardErrorFile(QProcess::nullDevice());
    exporter.start(QStringLiteral(PELSCOPE_CLI_PATH), {QStringLiteral("--url"), server.url(), QStringLiteral("exporter"), QStringLiteral("--listen"),
                                                       fillText(QStringLiteral("127.0.0.1:%1"), port), QStringLiteral("--record")});
    if (!window.waitForStarted(10'000) || !exporter.waitForStarted(10'000)) {
        r.error = QStringLiteral("the window or the exporter did not start");
        return r;
    }
    if (scenario == QLatin1String("consumers"))
        db.command({"XGROUP", "CREATE", "work", "g", "$", "MKSTREAM"});

    QNetworkAccessManager net;
    std::deque<std::pair<qint64, QByteArray>> alive; // (made at, stream or consumer)
    qint64 seq = 0;
    int windowGroups = -1;
    double windowStoreMb = 0;
    QList<double> windowShares, exporterShares, lives;
    QElapsedTimer clock;
    clock.start();
    const qint64 endMs = qint64(minutes * 60'000);
    qint64 nextChurnMs = 0, nextSampleMs = 1000, nextMemMs = 0;
    while (clock.elapsed() < endMs) {
        const qint64 now = clock.elapsed();
        if (now >= nextChurnMs) { // five a second
            nextChurnMs += 200;
            const QByteArray n = QByteArray::number(++seq);
            if (scenario == QLatin1String("streams")) {
                const QByteArray key = "churn:" + n;
                db.pipeline({{"XGROUP", "CREATE", key, "g", "$", "MKSTREAM"},
                             {"XADD", key, "*", "n", n},
                             {"XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "STREAMS", key, ">"}});
                alive.emplace_back(now, key);
                while (!alive.empty() && now - alive.front().first >= 30'000) {
                    db.command({"DEL", alive.front().second});
                    alive.pop_front();
                }
            } else {
                const QByteArray consumer = "c-" + n;
                db.pipeline({{"XADD", "work", "MAXLEN", "~", "1000", "*", "n", n},
                             {"XREADGROUP", "GROUP", "g", consumer, "COUNT", "1", "STREAMS", "work", ">"}});
                alive.emplace_back(now, consumer);
                while (!alive.empty() && now - alive.front().first >= 30'000) {
                    db.command({"XGROUP", "DELCONSUMER", "work", "g", alive.front().second});
                    alive.pop_front();
                }
            }
        }
        while (window.canReadLine()) {
            const QJsonObject o = QJsonDocument::fromJson(window.readLine()).object();
            windowGroups = o.value(QStringLiteral("churnGroups")).toInt(-1);
            windowStoreMb = o.value(QStringLiteral("storeMb")).toDouble();
        }
        if (now >= nextSampleMs) {
            nextSampleMs += 1000;
            if (scenario == QLatin1String("streams") && now >= 40'000) { // once the first streams have lived their 30 s
                const double live = double(alive.size());
                lives.append(live);
                if (windowGroups >= 0)
                    windowShares.append(std::min(1.0, windowGroups / live));
                exporterShares.append(std::min(1.0, exportedChurnGroups(scrape(net, port)) / live));
            }
        }
        if (now >= nextMemMs) {
            nextMemMs += 10'000;
            const double minute = now / 60'000.0;
            r.windowMb.append({minute, processMb(window.processId())});
            r.exporterMb.append({minute, processMb(exporter.processId())});
            r.storeMb.append({minute, windowStoreMb});
            progress(fillText(QStringLiteral("long run (%1): %2 min, window %3 MB (its history %4 MB), exporter %5 MB, %6 alive"), scenario,
                              QString::number(minute, 'f', 1), QString::number(r.windowMb.last().y(), 'f', 1), QString::number(windowStoreMb, 'f', 1),
                              QString::number(r.exporterMb.last().y(), 'f', 1), alive.size()));
        }
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(10);
    }
    r.windowSlope = slopeFrom(r.windowMb, 3.0);
    r.exporterSlope = slopeFrom(r.exporterMb, 3.0);
    r.windowShareMin = windowShares.isEmpty() ? -1 : *std::min_element(windowShares.cbegin(), windowShares.cend());
    r.windowShareP10 = quantile(windowShares, 0.10);
    r.exporterShareMin = exporterShares.isEmpty() ? -1 : *std::min_element(exporterShares.cbegin(), exporterShares.cend());
    r.exporterShareP10 = quantile(exporterShares, 0.10);
    r.liveMedian = std::max(0.0, quantile(lives, 0.5));
    window.kill();
    exporter.terminate();
    window.waitForFinished(5000);
    if (!exporter.waitForFinished(10'000))
        exporter.kill();
    return r;
}

} // namespace

int longRunChildMain(const QString &url)
{
    const UrlParseResult parsed = parseRedisUrl(url);
    if (!parsed.options)
        return 2;
    MainWindow mainWindow;
    mainWindow.resize(1280, 720);
    mainWindow.show();
    ConnectionRequest request;
    request.options = *parsed.options;
    ConnectionView *view = mainWindow.openConnection(request);
    QTimer every;
    QObject::connect(&every, &QTimer::timeout, view, [view] {
        int churn = 0;
        if (const Snapshot &s = view->lastSnapshot(); !s.isNull())
            for (const StreamSnapshot &st : s->streams)
                if (st.key.startsWith("churn:"))
                    churn += int(st.groups.size());
        QJsonObject o;
        o[QStringLiteral("rssMb")] = statusMb("VmRSS");
        o[QStringLiteral("churnGroups")] = churn;
        o[QStringLiteral("storeMb")] = double(view->history().read([](const HistoryStore &h) { return h.bytesUsed(); })) / (1024.0 * 1024.0);
        o[QStringLiteral("storeGroups")] = view->history().read([](const HistoryStore &h) { return h.groupCount(); });
        std::fputs(QJsonDocument(o).toJson(QJsonDocument::Compact).append('\n').constData(), stdout);
        std::fflush(stdout);
    });
    every.start(1000);
    return QCoreApplication::exec();
}

QList<SweepCostResult> runSweepCostBench(const QList<qint64> &keyspaces, const std::function<void(const QString &)> &progress)
{
    QList<SweepCostResult> out;
    for (qint64 keys : keyspaces) {
        SweepCostResult r;
        r.keys = keys;
        progress(fillText(QStringLiteral("sweep cost: %1 keys"), keys));
        test::RedisServer server(test::RedisServer::Options{.extraArgs = {QStringLiteral("--enable-debug-command"), QStringLiteral("yes")}, .fakeTime = {}});
        QString error;
        test::RedisOracle db;
        if (!server.start(&error) || !db.connectUrl(server.url())) {
            r.error = error.isEmpty() ? QStringLiteral("cannot connect") : error;
            out.append(r);
            continue;
        }
        db.command({"DEBUG", "POPULATE", QByteArray::number(keys - 10), "session"});
        for (int i = 0; i < 10; ++i)
            db.command({"XGROUP", "CREATE", "orders:" + QByteArray::number(i), "g", "$", "MKSTREAM"});
        SweepPace pace; // as the poller's: measured by a sweep at the configured 200, then paced
        pace.measured(keys);
        r.count = pace.count();
        r.pagesPerTick = pace.pagesPerTick();
        r.pauseMs = pace.pauseMs(30'000);
        db.command({"CONFIG", "RESETSTAT"});
        QByteArray cursor = "0";
        double maxUs = 0, lastUs = 0;
        do {
            const RedisReply reply = db.command({"SCAN", cursor, "MATCH", "*", "COUNT", QByteArray::number(r.count), "TYPE", "stream"});
            if (reply.isError() || reply.size() != 2) {
                r.error = QStringLiteral("SCAN failed");
                break;
            }
            cursor = reply.at(0).bytes();
            ++r.pages;
            const double us = double(db.commandStats().value(QStringLiteral("scan")).usec);
            maxUs = std::max(maxUs, us - lastUs);
            lastUs = us;
        } while (cursor != "0");
        r.serverMs = lastUs / 1000.0;
        r.maxPageMs = maxUs / 1000.0;
        r.pollsPerSweep = double(r.pages) / double(r.pagesPerTick);
        out.append(r);
    }
    return out;
}

QList<LongRunResult> runLongRunBench(const QStringList &scenarios, double minutes, const std::function<void(const QString &)> &progress)
{
    QList<LongRunResult> out;
    for (const QString &scenario : scenarios)
        out.append(runOne(scenario, minutes, progress));
    return out;
}

} // namespace pelscope::bench
