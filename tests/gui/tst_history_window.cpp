// The window and the on-disk history, against a real redis-server and a real
// `pelscope-cli record`: a window opened after a recording starts with those
// points on its charts; while the recorder runs the window writes nothing and
// says who does; when the recorder stops, the window takes over within a few
// polls; the file then holds no time twice.
#include "connection_view.h"
#include "group_page.h"
#include "history/history_database.h"
#include "main_window.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "test_settings.h"
#include "time_chart_widget.h"

#include <QLabel>
#include <QProcess>
#include <QSet>
#include <QSettings>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <csignal>

using namespace pelscope;
using namespace pelscope::test;

namespace {

QList<qint64> recordedTimes(const QString &path)
{
    QList<qint64> out;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("times"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(QStringLiteral("SELECT t FROM points WHERE tier = 0 AND gid = (SELECT id FROM groups WHERE stream = CAST('orders' AS BLOB)) ORDER BY t"));
            while (q.next())
                out.append(q.value(0).toLongLong());
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("times"));
    return out;
}

} // namespace

class TestHistoryWindow : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_history_window")));
    }

    void windowShowsTheRecordedPastAndTakesOver()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (int i = 0; i < 40; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", "10", "STREAMS", "orders", ">"});
        const qint64 recordedLag = db.command({"XINFO", "GROUPS", "orders"}).at(0).field("lag").integer();

        QTemporaryDir dir;
        const QString path = historyPathFor(*parseRedisUrl(server.url()).options, dir.path());
        QProcess recorder;
        recorder.start(QStringLiteral(PELSCOPE_CLI_PATH), {QStringLiteral("--url"), server.url(), QStringLiteral("record"), QStringLiteral("--interval"),
                                                           QStringLiteral("200ms"), QStringLiteral("--history-dir"), dir.path()});
        QVERIFY(recorder.waitForStarted());
        QVERIFY(QTest::qWaitFor([&] { return recordedTimes(path).size() >= 25; }, 20000)); // ~5 s of polls
        const QList<qint64> before = recordedTimes(path);
        // Different values from now on: the window must show the recorded 30, not only its own.
        for (int i = 0; i < 15; ++i)
            db.command({"XADD", "orders", "*", "n", "later"});

        ConnectionRequest::defaultHistory().dir = dir.path();
        MainWindow window;
        window.show();
        ConnectionRequest request;
        request.options = *parseRedisUrl(server.url()).options;
        request.intervalMs = 200;
        request.history.dir = dir.path();
        ConnectionView *view = window.openConnection(request);
        QTRY_VERIFY_WITH_TIMEOUT(view->historySession().pastApplied(), 10000);
        // The recorder writes; the window says so and writes nothing.
        QTRY_VERIFY_WITH_TIMEOUT(view->historySession().state().open && !view->historySession().state().writing, 10000);
        QVERIFY2(view->historySession().state().holder.contains(QStringLiteral("pelscope-cli record")), qPrintable(view->historySession().state().holder));
        QLabel *label = view->findChild<QLabel *>(QStringLiteral("historyLabel"));
        QVERIFY2(label && label->text().contains(QStringLiteral("records")), label ? qPrintable(label->text()) : "no label");

        // The store holds the recorded past: points before the window opened, at the recorded lag.
        const GroupKey key{"orders", "ship"};
        const SeriesWindow w = view->history().window(key, Metric::Lag, before.first() - 1000, before.last(), 5000);
        int recordedPoints = 0;
        for (qsizetype i = 0; i < w.t.size(); ++i)
            if (!std::isnan(w.v[i]) && w.v[i] == double(recordedLag))
                ++recordedPoints;
        QVERIFY2(recordedPoints >= 2, qPrintable(QString::number(recordedPoints)));
        // And the group page's lag chart draws them.
        view->openGroup("orders", "ship");
        QTRY_VERIFY(view->groupPage()->isVisible());
        view->groupPage()->refreshCharts();
        TimeChartWidget *lagChart = nullptr;
        for (TimeChartWidget *c : view->groupPage()->findChildren<TimeChartWidget *>())
            if (c->graphCount() >= 2 && c->graph(0)->name() == QStringLiteral("lag"))
                lagChart = c;
        QVERIFY(lagChart);
        int drawnBefore = 0;
        for (auto it = lagChart->graph(0)->data()->constBegin(); it != lagChart->graph(0)->data()->constEnd(); ++it)
            if (it->key * 1000 <= double(before.last()) && it->value == double(recordedLag))
                ++drawnBefore;
        QVERIFY2(drawnBefore >= 2, qPrintable(QString::number(drawnBefore)));

        // The recorder stops: the window takes over within a few polls.
        ::kill(pid_t(recorder.processId()), SIGTERM);
        QVERIFY(recorder.waitForFinished(10000));
        QTRY_VERIFY_WITH_TIMEOUT(view->historySession().state().writing, 5000);
        const qint64 n = recordedTimes(path).size();
        QTRY_VERIFY_WITH_TIMEOUT(recordedTimes(path).size() >= n + 5, 10000);
        window.closeConnection(view);
        const QList<qint64> times = recordedTimes(path);
        QCOMPARE(QSet<qint64>(times.cbegin(), times.cend()).size(), times.size()); // no time twice
    }
};

QTEST_MAIN(TestHistoryWindow)
#include "tst_history_window.moc"
