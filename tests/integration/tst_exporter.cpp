// pelscope-cli exporter against a real redis-server and a real Prometheus:
// its exposition passes `promtool check metrics`; its values are the
// server's; 200 scrapes in 2 s send Redis no command (the exporter serves its
// last poll). A real Prometheus scraping it: tests/gui/tst_backfill.cpp.
#include "redis_oracle.h"
#include "redis_server.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

#include <csignal>

using namespace pelscope;
using namespace pelscope::test;

namespace {

QByteArray get(QNetworkAccessManager &net, const QUrl &url, int *status = nullptr)
{
    QNetworkReply *reply = net.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    loop.exec();
    if (status)
        *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

// "pelscope_group_lag{...,stream=\"orders\",group=\"ship\"} 20" -> 20
std::optional<double> sample(const QByteArray &text, const QString &metric, const QString &labelPart)
{
    for (const QByteArray &line : text.split('\n'))
        if (line.startsWith(metric.toUtf8() + '{') && QString::fromUtf8(line).contains(labelPart))
            return line.mid(line.lastIndexOf(' ') + 1).toDouble();
    return std::nullopt;
}

// Calls of every command but INFO (which this test sends to read the counts).
qint64 commandCalls(RedisOracle &db)
{
    const QByteArray info = db.command({"INFO", "commandstats"}).bytes();
    qint64 total = 0;
    static const QRegularExpression re(QStringLiteral("^cmdstat_([a-z|_-]+):calls=(\\d+)"), QRegularExpression::MultilineOption);
    auto it = re.globalMatch(QString::fromUtf8(info));
    while (it.hasNext()) {
        const auto m = it.next();
        if (m.captured(1) != QLatin1String("info"))
            total += m.captured(2).toLongLong();
    }
    return total;
}

} // namespace

class TestExporter : public QObject
{
    Q_OBJECT
private:
    RedisServer m_server;
    RedisOracle m_db;
    QNetworkAccessManager m_net;

    std::unique_ptr<QProcess> exporter(quint16 port, const QString &interval, const QStringList &more = {})
    {
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral(PELSCOPE_CLI_PATH), QStringList{QStringLiteral("--url"), m_server.url()} + more
                                                        + QStringList{QStringLiteral("exporter"), QStringLiteral("--listen"),
                                                                      QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("--interval"), interval});
        p->waitForStarted();
        return p;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server.url()));
        for (int i = 0; i < 30; ++i)
            m_db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", "10", "STREAMS", "orders", ">"});
        m_db.command({"XADD", "orders:dlq", "*", "payload", "x", "category", "timeout"});
        // The articles' other two queues: a stalled scheduler and a crashed worker.
        const qint64 now = m_db.command({"TIME"}).at(0).toInt().value_or(0);
        m_db.command({"ZADD", "delayed_queue", QByteArray::number(now - 400), "task:a", QByteArray::number(now - 100), "task:b",
                      QByteArray::number(now + 600), "task:c"});
        m_db.command({"LPUSH", "jobs:processing", "{\"id\":1,\"timestamp\":" + QByteArray::number(now - 900) + "}", "{\"id\":2}"});
        m_db.command({"LPUSH", "jobs", "{\"id\":3}"});
    }

    // Without --interval the exporter polls as often as it is scraped: a
    // Prometheus scraping every 3 s costs Redis a poll every 3 s, not three.
    // Each poll starts with one TIME (the server's clock), which counts them.
    void pollsFollowTheScrapes()
    {
        const quint16 port = RedisServer::freePort();
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral(PELSCOPE_CLI_PATH),
                 {QStringLiteral("--url"), m_server.url(), QStringLiteral("exporter"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port)});
        QVERIFY(p->waitForStarted());
        const QUrl metrics(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port));
        QVERIFY(QTest::qWaitFor([&] { return get(m_net, metrics).contains("pelscope_group_lag{"); }, 15000)); // the first scrape
        const auto timeCalls = [&] { return m_db.commandStats().value(QStringLiteral("time")).calls; };
        QTest::qWait(3000);
        get(m_net, metrics); // the second: the pace is 3 s from here
        const qint64 before = timeCalls();
        for (int i = 0; i < 4; ++i) {
            QTest::qWait(3000);
            const QByteArray text = get(m_net, metrics);
            QCOMPARE(sample(text, QStringLiteral("pelscope_stale"), QStringLiteral("connection=")), std::optional<double>(0));
        }
        const qint64 polls = timeCalls() - before;
        qInfo("4 scrapes 3 s apart: %lld polls in 12 s (1 s polls would be 12)", polls);
        QVERIFY2(polls >= 3 && polls <= 5, qPrintable(QString::number(polls)));
        ::kill(pid_t(p->processId()), SIGTERM);
        QVERIFY(p->waitForFinished(10000));
    }

    void metricsAreValidAndTheServers()
    {
        const quint16 port = RedisServer::freePort();
        auto p = exporter(port, QStringLiteral("60s")); // one poll, then none during the scrapes
        const QUrl metrics(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port));
        QByteArray text;
        QVERIFY(QTest::qWaitFor(
            [&] {
                text = get(m_net, metrics);
                return text.contains("pelscope_group_lag{");
            },
            15000));
        // promtool reads the exposition on stdin.
        QProcess promtool;
        promtool.start(QStringLiteral("promtool"), {QStringLiteral("check"), QStringLiteral("metrics")});
        promtool.write(text);
        promtool.closeWriteChannel();
        QVERIFY(promtool.waitForFinished(10000));
        QVERIFY2(promtool.exitCode() == 0, (promtool.readAllStandardOutput() + promtool.readAllStandardError()).constData());

        const RedisReply g = m_db.command({"XINFO", "GROUPS", "orders"}).at(0);
        const QString where = QStringLiteral("stream=\"orders\",group=\"ship\"");
        QCOMPARE(sample(text, QStringLiteral("pelscope_group_lag"), where), std::optional<double>(double(g.field("lag").integer())));
        QCOMPARE(sample(text, QStringLiteral("pelscope_group_pending"), where), std::optional<double>(double(g.field("pending").integer())));
        QCOMPARE(sample(text, QStringLiteral("pelscope_group_entries_read_total"), where),
                 std::optional<double>(double(g.field("entries-read").integer())));
        QCOMPARE(sample(text, QStringLiteral("pelscope_group_lag_unknown"), where), std::nullopt); // the lag is known
        // A group's series name no connection; the info series does, once.
        QVERIFY(!text.contains("pelscope_group_lag{connection"));
        QCOMPARE(sample(text, QStringLiteral("pelscope_connection_info"), QStringLiteral("connection=")), std::optional<double>(1));
        QCOMPARE(sample(text, QStringLiteral("pelscope_dead_letter_length"), QStringLiteral("dlq=\"orders:dlq\"")), std::optional<double>(1));
        QCOMPARE(sample(text, QStringLiteral("pelscope_up"), QStringLiteral("connection=")), std::optional<double>(1));

        // Queues, found by their names, against the server.
        const QString dq = QStringLiteral("queue=\"delayed_queue\"");
        QCOMPARE(sample(text, QStringLiteral("pelscope_delayed_queue_size"), dq), std::optional<double>(double(m_db.command({"ZCARD", "delayed_queue"}).integer())));
        QCOMPARE(sample(text, QStringLiteral("pelscope_delayed_queue_due"), dq), std::optional<double>(2));
        const double overdue = sample(text, QStringLiteral("pelscope_delayed_queue_oldest_overdue_seconds"), dq).value_or(-1);
        QVERIFY2(overdue >= 400 && overdue < 420, qPrintable(QString::number(overdue)));
        QCOMPARE(sample(text, QStringLiteral("pelscope_queue_health"), dq + QStringLiteral(",kind=\"delayed\"")), std::optional<double>(2));
        const QString lq = QStringLiteral("queue=\"jobs\",processing=\"jobs:processing\"");
        QCOMPARE(sample(text, QStringLiteral("pelscope_list_queue_length"), lq), std::optional<double>(double(m_db.command({"LLEN", "jobs"}).integer())));
        QCOMPARE(sample(text, QStringLiteral("pelscope_list_queue_processing_length"), lq),
                 std::optional<double>(double(m_db.command({"LLEN", "jobs:processing"}).integer())));
        QCOMPARE(sample(text, QStringLiteral("pelscope_list_queue_stuck"), lq), std::optional<double>(1));
        const double oldest = sample(text, QStringLiteral("pelscope_list_queue_oldest_processing_age_seconds"), lq).value_or(-1);
        QVERIFY2(oldest >= 900 && oldest < 920, qPrintable(QString::number(oldest)));
        QCOMPARE(sample(text, QStringLiteral("pelscope_queue_health"), QStringLiteral("queue=\"jobs\",kind=\"list\"")), std::optional<double>(1));
        int status = 0;
        QCOMPARE(get(m_net, QUrl(QStringLiteral("http://127.0.0.1:%1/healthz").arg(port)), &status), QByteArray("ok\n"));
        QCOMPARE(status, 200);

        // 200 scrapes in about 2 s: not one Redis command more.
        const qint64 before = commandCalls(m_db);
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < 200; ++i)
            QVERIFY(get(m_net, metrics).contains("pelscope_up{"));
        const qint64 after = commandCalls(m_db);
        QCOMPARE(after - before, 0);
        qInfo("200 scrapes in %lld ms, %lld Redis commands", clock.elapsed(), after - before);
        ::kill(pid_t(p->processId()), SIGTERM);
        QVERIFY(p->waitForFinished(10000));
        QCOMPARE(p->exitCode(), 0);
    }

    // [runbooks] reach Prometheus: pelscope_runbook_info names the URL of each
    // group or queue judged not OK (the stalled scheduler, the crashed worker's
    // list), none for the healthy group though a line names it; the shipped
    // rules' runbook_url reads it (promtool test rules: prometheus_rules).
    void runbooksAreExposedForWhatIsNotOk()
    {
        QTemporaryDir dir;
        QFile ini(dir.filePath(QStringLiteral("pelscope.ini")));
        QVERIFY(ini.open(QIODevice::WriteOnly));
        ini.write("[runbooks]\n"
                  "delayed_queue = https://runbooks.example/scheduler?team=ops&q=late\n"
                  "orders/ship = https://runbooks.example/orders\n"
                  "processing_stuck = https://runbooks.example/lists\n");
        ini.close();
        const quint16 port = RedisServer::freePort();
        auto p = exporter(port, QStringLiteral("60s"), {QStringLiteral("--config"), ini.fileName()});
        const QUrl metrics(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port));
        QByteArray text;
        QVERIFY(QTest::qWaitFor(
            [&] {
                text = get(m_net, metrics);
                return text.contains("pelscope_group_lag{");
            },
            15000));
        QCOMPARE(sample(text, QStringLiteral("pelscope_queue_health"), QStringLiteral("queue=\"delayed_queue\",kind=\"delayed\"")), std::optional<double>(2));
        QCOMPARE(sample(text, QStringLiteral("pelscope_runbook_info"),
                        QStringLiteral("queue=\"delayed_queue\",url=\"https://runbooks.example/scheduler?team=ops&q=late\"")),
                 std::optional<double>(1));
        QCOMPARE(sample(text, QStringLiteral("pelscope_queue_health"), QStringLiteral("queue=\"jobs\",kind=\"list\"")), std::optional<double>(1));
        QVERIFY2(text.contains("pelscope_runbook_info{queue=\"jobs\""), text.constData());
        QCOMPARE(sample(text, QStringLiteral("pelscope_group_health"), QStringLiteral("stream=\"orders\",group=\"ship\"")), std::optional<double>(0));
        QCOMPARE(sample(text, QStringLiteral("pelscope_runbook_info"), QStringLiteral("stream=\"orders\"")), std::nullopt);
        QProcess promtool;
        promtool.start(QStringLiteral("promtool"), {QStringLiteral("check"), QStringLiteral("metrics")});
        promtool.write(text);
        promtool.closeWriteChannel();
        QVERIFY(promtool.waitForFinished(10000));
        QVERIFY2(promtool.exitCode() == 0, (promtool.readAllStandardOutput() + promtool.readAllStandardError()).constData());
        ::kill(pid_t(p->processId()), SIGTERM);
        QVERIFY(p->waitForFinished(10000));
    }
};

QTEST_GUILESS_MAIN(TestExporter)
#include "tst_exporter.moc"
