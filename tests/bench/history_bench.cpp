#include "history_bench.h"

#include "exporter_runner.h"
#include "raw_redis.h"
#include "redis_server.h"
#include "server_meter.h"
#include "synthetic_history.h"

#include "history/history_database.h"
#include "history/history_recorder.h"
#include "history/history_session.h"
#include "text/fill_text.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <csignal>

namespace pelscope::bench {

Spread Spread::of(QList<double> values)
{
    Spread s;
    s.count = int(values.size());
    if (values.isEmpty())
        return s;
    std::sort(values.begin(), values.end());
    auto at = [&](double q) { return values.at(std::min<qsizetype>(values.size() - 1, qsizetype(std::ceil(q * values.size())) - 1)); };
    s.median = at(0.5);
    s.p99 = at(0.99);
    s.max = values.last();
    return s;
}

namespace {

constexpr qint64 kDay = 86'400'000;
constexpr qint64 kHour = 3'600'000;

// Poll times that leave the file exactly as full as polling at 1 Hz for
// `days` would: one poll per 2 min bucket before the last day (tiers 2 and 3
// keep nothing finer), one per 10 s bucket in the last day but its last hour
// (tier 1), every second in the last hour (tier 0). Ends at `endMs`.
QVector<qint64> pollsEndingAt(qint64 endMs, int days)
{
    QVector<qint64> out;
    const qint64 start = endMs - days * kDay;
    for (qint64 t = start; t < endMs - kDay; t += HistoryDatabase::BucketMs[2])
        out << t;
    for (qint64 t = std::max(start, endMs - kDay); t < endMs - kHour; t += HistoryDatabase::BucketMs[1])
        out << t;
    for (qint64 t = endMs - kHour; t <= endMs; t += 1000)
        out << t;
    return out;
}

HistorySettings settingsFor(const QString &path)
{
    HistorySettings s;
    s.path = path;
    s.owner = QStringLiteral("pelscope-bench");
    s.connectionLabel = QStringLiteral("redis://bench");
    return s;
}

// Records `days` of 50 synthetic groups through the real HistoryRecorder;
// the writer's time per poll of the last hour (1 Hz) goes to `perTickMs`.
// Returns the used size after the retention pass, in MB.
double recordDays(const QString &path, int days, qint64 endMs, QList<double> *perTickMs, QString *error)
{
    SyntheticFeed feed(50);
    {
        HistoryRecorder recorder(settingsFor(path));
        recorder.open();
        if (!recorder.state().open) {
            *error = recorder.state().problem;
            return std::nan("");
        }
        QElapsedTimer clock;
        for (qint64 t : pollsEndingAt(endMs, days)) {
            const Snapshot snapshot = feed.next(t);
            clock.start();
            recorder.record(snapshot);
            if (perTickMs && t > endMs - kHour)
                perTickMs->append(clock.nsecsElapsed() / 1e6);
        }
        recorder.stop();
    }
    HistoryDatabase db(path);
    if (!db.open(error) || !db.prune(endMs, 14, 0, error))
        return std::nan("");
    return db.usedBytes() / 1048576.0;
}

QByteArray httpGet(QNetworkAccessManager &net, const QUrl &url, double *ms = nullptr)
{
    QElapsedTimer clock;
    clock.start();
    QNetworkReply *reply = net.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
    loop.exec();
    if (ms)
        *ms = clock.nsecsElapsed() / 1e6;
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

// `scrape` called `perSecond` times a second, evenly, for `seconds`.
void scrapeEvery(double everyS, double seconds, const std::function<void()> &scrape)
{
    QElapsedTimer clock;
    clock.start();
    const double step = everyS * 1000.0;
    for (double next = 0; clock.elapsed() < qint64(seconds * 1000); next += step) {
        while (clock.elapsed() < qint64(next))
            QThread::msleep(1);
        scrape();
    }
}

ExporterCost measure(ServerMeter &meter, const QString &tool, double everyS, double seconds, const std::function<void()> &scrape)
{
    meter.measureIdle(1.0);
    meter.begin();
    scrapeEvery(everyS, seconds, scrape);
    const ServerWindow w = meter.end();
    ExporterCost c;
    c.tool = tool;
    c.scrapeEveryS = everyS;
    c.seconds = w.seconds;
    c.commandsPerSecond = w.commandCalls() / w.seconds;
    c.commandUsPerSecond = w.commandUs() / w.seconds;
    c.cpuUsPerSecond = w.cpuUs / w.seconds;
    return c;
}

QProcess *startExporter(QObject *parent, const QString &url, quint16 port, const QStringList &extra)
{
    auto *p = new QProcess(parent);
    p->start(QStringLiteral(PELSCOPE_CLI_PATH),
             QStringList{QStringLiteral("--url"), url, QStringLiteral("exporter"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port)} + extra);
    return p;
}

void exporterSection(HistoryBenchResult &r, bool quick, const std::function<void(const QString &)> &progress)
{
    test::RedisServer server;
    QString error;
    if (!server.start(&error)) {
        r.error = error;
        return;
    }
    RawRedis redis;
    if (!redis.connect(server.port(), &error)) {
        r.error = error;
        return;
    }
    // 1,000 streams of 20 entries, a group each with 5 pending.
    RedisBatch batch;
    for (int i = 0; i < r.scrapeGroups; ++i) {
        const QByteArray key = "bench:" + QByteArray::number(i);
        for (int e = 0; e < 20; ++e)
            batch.append({"XADD", key, "*", "n", QByteArray::number(e)});
        batch.append({"XGROUP", "CREATE", key, "g", "0"});
        batch.append({"XREADGROUP", "GROUP", "g", "w", "COUNT", "5", "STREAMS", key, ">"});
    }
    redis.pipeline(batch);

    QObject owner;
    const quint16 port = test::RedisServer::freePort();
    QProcess &exporter = *startExporter(&owner, server.url(), port, {QStringLiteral("--interval"), QStringLiteral("1s")});
    if (!exporter.waitForStarted()) {
        r.error = QStringLiteral("pelscope-cli did not start");
        return;
    }
    QNetworkAccessManager net;
    const QUrl metrics(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port));
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 60'000 && httpGet(net, metrics).count("pelscope_group_lag{") < r.scrapeGroups)
        QThread::msleep(200);
    progress(fillText(QStringLiteral("history: exporter serves %1 groups after %2 s"), r.scrapeGroups,
                      QString::number(waited.elapsed() / 1000.0, 'f', 1)));
    QList<double> scrapes;
    for (int i = 0; i < (quick ? 100 : 400); ++i) {
        double ms = 0;
        r.scrapeBytes = httpGet(net, metrics, &ms).size();
        scrapes << ms;
    }
    r.scrapeMs = Spread::of(scrapes);

    ServerMeter meter;
    if (!meter.connect(server.port(), &error)) {
        r.error = error;
        return;
    }
    meter.calibrate(1.0);
    const double window = quick ? 4.0 : 10.0;
    for (double every : {1.0, 0.2})
        r.costs << measure(meter, QStringLiteral("pelscope-cli exporter --interval 1s"), every, window, [&] { httpGet(net, metrics); });
    ::kill(pid_t(exporter.processId()), SIGTERM);
    exporter.waitForFinished(10'000);

    // As it starts (no --interval): polls follow a team's scrape interval.
    // Two scrapes set the pace before the window is measured.
    const double teamEvery = quick ? 5.0 : 15.0, teamWindow = quick ? 20.0 : 60.0;
    const quint16 pacedPort = test::RedisServer::freePort();
    QProcess &paced = *startExporter(&owner, server.url(), pacedPort, {});
    const QUrl pacedMetrics(QStringLiteral("http://127.0.0.1:%1/metrics").arg(pacedPort));
    waited.restart();
    while (waited.elapsed() < 60'000 && httpGet(net, pacedMetrics).count("pelscope_group_lag{") < r.scrapeGroups)
        QThread::msleep(200);
    r.scrapeBytes = httpGet(net, pacedMetrics).size();
    QThread::msleep(qint64(teamEvery * 1000));
    httpGet(net, pacedMetrics);
    progress(fillText(QStringLiteral("history: pelscope-cli exporter scraped every %1 s"), teamEvery));
    r.costs << measure(meter, QStringLiteral("pelscope-cli exporter (follows its scrapes)"), teamEvery, teamWindow, [&] { httpGet(net, pacedMetrics); });
    ::kill(pid_t(paced.processId()), SIGTERM);
    paced.waitForFinished(10'000);

    // The opt-in detail, for its size only.
    const quint16 detailedPort = test::RedisServer::freePort();
    QProcess &detailed = *startExporter(&owner, server.url(), detailedPort,
                                        {QStringLiteral("--delivery-histogram"), QStringLiteral("--consumer-series")});
    const QUrl detailedMetrics(QStringLiteral("http://127.0.0.1:%1/metrics").arg(detailedPort));
    waited.restart();
    while (waited.elapsed() < 60'000 && httpGet(net, detailedMetrics).count("pelscope_group_lag{") < r.scrapeGroups)
        QThread::msleep(200);
    r.scrapeBytesDetailed = httpGet(net, detailedMetrics).size();
    ::kill(pid_t(detailed.processId()), SIGTERM);
    detailed.waitForFinished(10'000);

    if (ExporterRunner::executable().isEmpty())
        return;
    ExporterRunner redisExporter;
    if (!redisExporter.start(server.port(), {QStringLiteral("-check-streams"), QStringLiteral("bench:*")}, &error)) {
        progress(QStringLiteral("history: redis_exporter: %1").arg(error));
        return;
    }
    r.redisExporterBytes = redisExporter.scrape();
    for (double every : {1.0, 0.2})
        r.costs << measure(meter, QStringLiteral("redis_exporter -check-streams bench:*"), every, window, [&] { redisExporter.scrape(); });
    r.costs << measure(meter, QStringLiteral("redis_exporter -check-streams bench:*"), teamEvery, teamWindow, [&] { redisExporter.scrape(); });
    redisExporter.stop();
}

} // namespace

HistoryBenchResult runHistoryBench(bool quick, const std::function<void(const QString &)> &progress)
{
    HistoryBenchResult r;
    QTemporaryDir dir;
    QString error;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();

    // A day, through the recorder: the writer's cost per 1 Hz tick and the size.
    const QString dayPath = dir.filePath(QStringLiteral("day.sqlite"));
    QList<double> writer;
    r.mb24h = recordDays(dayPath, 1, now, &writer, &error);
    r.writerMs = Spread::of(writer);
    r.ticks = int(writer.size());
    progress(QStringLiteral("history: a day of 50 groups is %1 MB; writer p99 %2 ms")
                 .arg(QString::number(r.mb24h, 'f', 1), QString::number(r.writerMs.p99, 'f', 2)));
    if (!error.isEmpty()) {
        r.error = error;
        return r;
    }
    if (!quick) {
        r.mb14d = recordDays(dir.filePath(QStringLiteral("fortnight.sqlite")), 14, now, nullptr, &error);
        progress(QStringLiteral("history: 14 days of 50 groups is %1 MB").arg(r.mb14d, 0, 'f', 1));
    } else {
        r.mb14d = std::nan("");
    }

    // A window opening the day: start → the past in the store, as the connection tab does it.
    QList<double> opens;
    for (int i = 0; i < (quick ? 3 : 7); ++i) {
        HistorySession session;
        QEventLoop loop;
        QObject::connect(&session, &HistorySession::pastReplayed, &loop, [&](int polls) {
            r.openPolls = polls;
            loop.quit();
        });
        QTimer::singleShot(30'000, &loop, &QEventLoop::quit);
        QElapsedTimer clock;
        clock.start();
        session.start(settingsFor(dayPath));
        loop.exec();
        opens << clock.nsecsElapsed() / 1e6;

        // And what recording adds to the GUI thread per tick, on the last run.
        if (i == 0) {
            SyntheticFeed feed(50);
            QList<double> gui;
            for (int tick = 1; tick <= (quick ? 120 : 600); ++tick) {
                const Snapshot snapshot = feed.next(now + tick * 1000);
                QElapsedTimer t;
                t.start();
                session.judge(snapshot); // appended and judged on the history's thread
                session.record(snapshot);
                gui << t.nsecsElapsed() / 1e3;
            }
            r.guiUs = Spread::of(gui);
        }
    }
    r.openMs = Spread::of(opens);
    progress(fillText(QStringLiteral("history: a window reads the day of %1 polls in %2 ms (median)"), r.openPolls,
                      QString::number(r.openMs.median, 'f', 0)));

    exporterSection(r, quick, progress);
    return r;
}

} // namespace pelscope::bench
