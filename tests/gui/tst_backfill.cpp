// Charts backfilled from a real Prometheus: `pelscope-cli exporter` serves a
// real redis-server, a real `prometheus` scrapes it every second for ~20 s;
// what Prometheus stored is the server's lag; a window whose local history
// starts now draws that stored past on the group page, marked as coming from
// Prometheus; labels that match nothing, or no Prometheus at all, are said in
// the chart caption.
#include "connection_view.h"
#include "pages/group_page.h"
#include "gui_test_helpers.h"
#include "main_window.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "text/fill_text.h"
#include "test_settings.h"
#include "charts/time_chart_widget.h"

#include <QApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QComboBox>
#include <QDateTime>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

#include <cmath>
#include <csignal>

using namespace pelscope;
using namespace pelscope::test;

namespace {

QByteArray get(const QUrl &url)
{
    QNetworkAccessManager net;
    QNetworkReply *reply = net.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

TimeChartWidget *chartWithSeries(GroupPage *page, const QString &name)
{
    for (TimeChartWidget *c : page->charts())
        for (int i = 0; i < c->graphCount(); ++i)
            if (c->graph(i)->name() == name)
                return c;
    return nullptr;
}

// The points of the series `name` drawn before `beforeSeconds`.
QList<std::pair<double, double>> drawnBefore(GroupPage *page, const QString &name, double beforeSeconds)
{
    QList<std::pair<double, double>> out;
    TimeChartWidget *chart = chartWithSeries(page, name);
    if (!chart)
        return out;
    for (int i = 0; i < chart->graphCount(); ++i) {
        if (chart->graph(i)->name() != name)
            continue;
        for (auto it = chart->graph(i)->data()->constBegin(); it != chart->graph(i)->data()->constEnd(); ++it)
            if (it->key < beforeSeconds && !std::isnan(it->value))
                out.append({it->key, it->value});
    }
    return out;
}

} // namespace

class TestBackfill : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    RedisServer m_server;
    RedisOracle m_db;
    QProcess m_exporter;
    QProcess m_prometheus;
    quint16 m_promPort = 0;
    qint64 m_lag = 0;
    qint64 m_pending = 0;
    qint64 m_dayBeforeMs = 0; // the moment a day earlier Prometheus holds lag 777 around

    ConnectionRequest requestFor(const QString &redisUrl, const QUrl &prometheus)
    {
        ConnectionRequest request;
        request.options = *parseRedisUrl(redisUrl).options;
        request.history.enabled = false; // the window's own past starts now
        request.prometheus = prometheus;
        return request;
    }

    QUrl prometheusUrl() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_promPort)); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_backfill")));
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server.url()));
        for (int i = 0; i < 30; ++i)
            m_db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", "10", "STREAMS", "orders", ">"});
        m_lag = m_db.command({"XINFO", "GROUPS", "orders"}).at(0).field("lag").integer();
        m_pending = m_db.command({"XPENDING", "orders", "ship"}).at(0).integer();

        const quint16 port = RedisServer::freePort();
        m_exporter.start(QStringLiteral(PELSCOPE_CLI_PATH),
                         {QStringLiteral("--url"), m_server.url(), QStringLiteral("exporter"), QStringLiteral("--listen"),
                          QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("--interval"), QStringLiteral("1s")});
        QVERIFY(m_exporter.waitForStarted());
        m_promPort = RedisServer::freePort();
        QFile config(m_tmp.filePath(QStringLiteral("prometheus.yml")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(QStringLiteral("global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: pelscope\n    static_configs:\n"
                                    "      - targets: ['127.0.0.1:%1']\n")
                         .arg(port)
                         .toUtf8());
        config.close();
        // A day earlier, as Prometheus would hold it had it scraped then: the
        // same labels, lag 777, imported into its storage before it starts
        // (promtool's own importer; scraping cannot write the past).
        m_dayBeforeMs = QDateTime::currentMSecsSinceEpoch() - 86'400'000;
        QFile past(m_tmp.filePath(QStringLiteral("day-before.om")));
        QVERIFY(past.open(QIODevice::WriteOnly));
        const QString target = QStringLiteral("instance=\"127.0.0.1:%1\",job=\"pelscope\"").arg(port);
        QString om = QStringLiteral("# TYPE pelscope_group_lag gauge\n");
        for (qint64 t = m_dayBeforeMs - 1'200'000; t <= m_dayBeforeMs + 1'200'000; t += 15'000)
            om += fillText(QStringLiteral("pelscope_group_lag{%1,stream=\"orders\",group=\"ship\"} 777 %2\n"), target, QString::number(double(t) / 1000.0, 'f', 3));
        om += QStringLiteral("# TYPE pelscope_connection_info gauge\n");
        for (qint64 t = m_dayBeforeMs - 1'200'000; t <= m_dayBeforeMs + 1'200'000; t += 15'000)
            om += fillText(QStringLiteral("pelscope_connection_info{connection=\"%1\",%2} 1 %3\n"), m_server.url(), target, QString::number(double(t) / 1000.0, 'f', 3));
        om += QStringLiteral("# EOF\n");
        past.write(om.toUtf8());
        past.close();
        QProcess import;
        import.start(QStringLiteral("promtool"), {QStringLiteral("tsdb"), QStringLiteral("create-blocks-from"), QStringLiteral("openmetrics"), past.fileName(),
                                                  m_tmp.filePath(QStringLiteral("data"))});
        QVERIFY(import.waitForFinished(60000));
        QVERIFY2(import.exitCode() == 0, (import.readAllStandardOutput() + import.readAllStandardError()).constData());
        m_prometheus.start(QStringLiteral("prometheus"), {QStringLiteral("--config.file=") + config.fileName(),
                                                          QStringLiteral("--storage.tsdb.path=") + m_tmp.filePath(QStringLiteral("data")),
                                                          QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(m_promPort)});
        QVERIFY2(m_prometheus.waitForStarted(), "prometheus is not installed (./dev deps installs it)");
        QTest::qWait(20000);
    }

    void cleanupTestCase()
    {
        m_prometheus.terminate();
        m_prometheus.waitForFinished(10000);
        if (m_exporter.state() != QProcess::NotRunning) {
            ::kill(pid_t(m_exporter.processId()), SIGTERM);
            QVERIFY(m_exporter.waitForFinished(10000));
            QCOMPARE(m_exporter.exitCode(), 0);
        }
    }

    // What Prometheus stored from the exporter is the lag the server reports.
    void prometheusStoresWhatTheServerSays()
    {
        QUrl query = prometheusUrl().resolved(QUrl(QStringLiteral("/api/v1/query")));
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("query"), QStringLiteral("pelscope_group_lag{stream=\"orders\",group=\"ship\"}[30s]"));
        query.setQuery(q);
        const QJsonObject doc = QJsonDocument::fromJson(get(query)).object();
        const QJsonArray result = doc[QStringLiteral("data")].toObject()[QStringLiteral("result")].toArray();
        QVERIFY2(!result.isEmpty(), QJsonDocument(doc).toJson().constData());
        const QJsonArray values = result.at(0).toObject()[QStringLiteral("values")].toArray();
        QVERIFY2(values.size() >= 10, qPrintable(QString::number(values.size())));
        for (const QJsonValue &v : values)
            QCOMPARE(v.toArray().at(1).toString().toLongLong(), m_lag);
    }

    // A window opened now: the group page's charts take the 20 s before from
    // Prometheus, at the server's lag and pending, and say where they came from.
    void groupPageDrawsWhatPrometheusHolds()
    {
        MainWindow window;
        window.show();
        ConnectionView *view = window.openConnection(requestFor(m_server.url(), prometheusUrl()));
        QTRY_VERIFY_WITH_TIMEOUT(!view->lastSnapshot().isNull(), 10000);
        view->openGroup("orders", "ship");
        GroupPage *page = view->groupPage();
        QTRY_VERIFY(page->isVisible());
        TimeChartWidget *lagChart = chartWithSeries(page, QStringLiteral("lag"));
        QVERIFY(lagChart);
        QTRY_VERIFY_WITH_TIMEOUT(lagChart->caption().contains(QStringLiteral("from Prometheus")), 15000);
        QVERIFY2(lagChart->caption().contains(QStringLiteral("127.0.0.1:%1").arg(m_promPort)), qPrintable(lagChart->caption()));
        page->refreshCharts();

        const double localStart = *view->historySession().recordedSinceMs() / 1000.0;
        const auto lag = drawnBefore(page, QStringLiteral("lag"), localStart);
        QVERIFY2(lag.size() >= 5, qPrintable(QString::number(lag.size()))); // ~15 s of scrapes at a 2 s step
        for (const auto &[t, v] : lag)
            QCOMPARE(qint64(v), m_lag);
        const auto pending = drawnBefore(page, QStringLiteral("pending"), localStart);
        QVERIFY2(pending.size() >= 5, qPrintable(QString::number(pending.size())));
        for (const auto &[t, v] : pending)
            QCOMPARE(qint64(v), m_pending);
        // The backfilled part and the window's own are not joined by a line:
        // the series holds a gap (NaN) between them.
        bool gap = false;
        for (auto it = lagChart->graph(0)->data()->constBegin(); it != lagChart->graph(0)->data()->constEnd(); ++it)
            gap = gap || (std::isnan(it->value) && it->key < localStart && it->key > lag.last().first);
        QVERIFY(gap);
        window.resize(1280, 720);
        keepScreenshot(&window, QStringLiteral("group-backfilled"));
        window.closeConnection(view);
    }

    // Compare with ▸ a day earlier, with no history file: Prometheus's day
    // before (imported at the start) drawn dashed under today's, said so.
    void previousDayFromPrometheus()
    {
        // Prometheus holds it (the import is what the test rests on).
        QUrl query = prometheusUrl().resolved(QUrl(QStringLiteral("/api/v1/query")));
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("query"), QStringLiteral("pelscope_group_lag{stream=\"orders\",group=\"ship\"}"));
        q.addQueryItem(QStringLiteral("time"), QString::number(double(m_dayBeforeMs) / 1000.0, 'f', 3));
        query.setQuery(q);
        const QByteArray held = get(query);
        QVERIFY2(held.contains("\"777\""), held.constData());
        MainWindow window;
        window.show();
        ConnectionView *view = window.openConnection(requestFor(m_server.url(), prometheusUrl()));
        QTRY_VERIFY_WITH_TIMEOUT(!view->lastSnapshot().isNull(), 10000);
        view->openGroup("orders", "ship");
        GroupPage *page = view->groupPage();
        QTRY_VERIFY(page->isVisible());
        TimeChartWidget *lagChart = chartWithSeries(page, QStringLiteral("lag"));
        QVERIFY(lagChart);
        QComboBox *compare = nullptr;
        for (QComboBox *c : page->findChildren<QComboBox *>())
            if (c->accessibleName() == QStringLiteral("Compare with"))
                compare = c;
        QVERIFY(compare);
        compare->setFocus();
        QTest::keyClick(compare, Qt::Key_Down); // nothing → a day earlier
        QTRY_VERIFY_WITH_TIMEOUT(lagChart->caption().contains(QStringLiteral("dashed: a day earlier, from Prometheus")), 15000);
        QTRY_VERIFY2_WITH_TIMEOUT(lagChart->previousGraph(0) != nullptr, qPrintable(lagChart->caption()), 15000);
        int at777 = 0;
        const QCPGraph *before = lagChart->previousGraph(0);
        for (auto it = before->data()->constBegin(); it != before->data()->constEnd(); ++it) {
            if (std::isnan(it->value))
                continue;
            QCOMPARE(it->value, 777.0);
            QVERIFY(std::abs(it->key * 1000 - double(m_dayBeforeMs + 86'400'000)) < 1'300'000); // moved forward a day
            ++at777;
        }
        QVERIFY2(at777 >= 10, qPrintable(QString::number(at777)));
        window.closeConnection(view);
    }

    // The exporter's labels name the connection as it was given; a window
    // given the same server under another name finds nothing and says so,
    // and one pointed at no Prometheus says it cannot reach it. No dialog.
    void wrongLabelsAndNoPrometheusAreSaidInTheCaption()
    {
        MainWindow window;
        window.show();
        const QString otherName = QStringLiteral("redis://localhost:%1").arg(m_server.port());
        ConnectionView *view = window.openConnection(requestFor(otherName, prometheusUrl()));
        QTRY_VERIFY_WITH_TIMEOUT(!view->lastSnapshot().isNull(), 10000);
        view->openGroup("orders", "ship");
        TimeChartWidget *lagChart = chartWithSeries(view->groupPage(), QStringLiteral("lag"));
        QTRY_VERIFY_WITH_TIMEOUT(lagChart->caption().contains(QStringLiteral("has no series for this group")), 15000);
        QVERIFY2(lagChart->caption().contains(QStringLiteral("localhost")), qPrintable(lagChart->caption()));
        window.closeConnection(view);

        const QUrl nobody(QStringLiteral("http://127.0.0.1:%1").arg(RedisServer::freePort()));
        view = window.openConnection(requestFor(m_server.url(), nobody));
        QTRY_VERIFY_WITH_TIMEOUT(!view->lastSnapshot().isNull(), 10000);
        view->openGroup("orders", "ship");
        lagChart = chartWithSeries(view->groupPage(), QStringLiteral("lag"));
        QTRY_VERIFY_WITH_TIMEOUT(lagChart->caption().contains(QStringLiteral("cannot reach Prometheus")), 15000);
        QVERIFY(QApplication::activeModalWidget() == nullptr);
        window.closeConnection(view);
    }
};

QTEST_MAIN(TestBackfill)
#include "tst_backfill.moc"
