// The first window, offscreen, fed by a real poller thread: rows carry the
// values the server reports, updates keep selection and sort, and the models
// pass QAbstractItemModelTester.
#include "itemmodels/group_table_model.h"
#include "group_page.h"
#include "itemmodels/consumer_table_model.h"
#include "itemmodels/pending_table_model.h"
#include "main_window.h"
#include "time_chart_widget.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QTimer>
#include "probe/poller_thread.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "poll_once.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

class TestMainWindow : public QObject
{
    Q_OBJECT
private:
    static QString cell(const QAbstractItemModel *m, int row, int column) { return m->index(row, column).data().toString(); }
    static int rowOf(const QAbstractItemModel *m, const QString &stream, const QString &group)
    {
        for (int r = 0; r < m->rowCount(); ++r)
            if (cell(m, r, GroupTableModel::Stream) == stream && cell(m, r, GroupTableModel::Group) == group)
                return r;
        return -1;
    }

private Q_SLOTS:
    void liveRowsMatchTheServer()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (int i = 0; i < 1500; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        db.command({"XGROUP", "CREATE", "orders", "analytics", "0"});
        db.command({"XGROUP", "CREATE", "orders", "billing", "$"});
        db.command({"XADD", "emails", "*", "to", "a@b"});
        db.command({"XGROUP", "CREATE", "emails", "sender", "0"});
        const RedisReply read = db.command({"XREADGROUP", "GROUP", "sender", "dead", "STREAMS", "emails", ">"});
        db.command({"XCLAIM", "emails", "sender", "dead", "0", read.at(0).at(1).at(0).at(0).bytes(), "IDLE", "700000"});

        MainWindow window;
        QAbstractItemModelTester sourceTester(window.groupModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester viewTester(window.overviewTable()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.show();
        PollerThread poller(optionsFor(server.url()), ProbeConfig{});
        poller.setIntervalMs(100);
        QSignalSpy snapshots(poller.poller(), &StreamPoller::snapshotReady);
        connect(poller.poller(), &StreamPoller::snapshotReady, &window, &MainWindow::applySnapshot);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(window.groupModel()->rowCount(), 3, 10000);

        const QAbstractItemModel *view = window.overviewTable()->model();
        // Worst first: the dead consumer's group is critical and on top.
        QCOMPARE(cell(view, 0, GroupTableModel::Stream), QStringLiteral("emails"));
        QCOMPARE(cell(view, 0, GroupTableModel::Status), QStringLiteral("crit"));
        QVERIFY(cell(view, 0, GroupTableModel::OldestIdle).startsWith(QStringLiteral("11m")));
        const int analytics = rowOf(view, QStringLiteral("orders"), QStringLiteral("analytics"));
        QVERIFY(analytics >= 0);
        const qint64 truthLag = [&] {
            for (const RedisReply &g : db.command({"XINFO", "GROUPS", "orders"}).elements())
                if (g.field("name").bytes() == "analytics")
                    return g.field("lag").integer();
            return qint64(-1);
        }();
        QCOMPARE(cell(view, analytics, GroupTableModel::Lag), QLocale(QLocale::English).toString(truthLag));
        QCOMPARE(cell(view, analytics, GroupTableModel::Status), QStringLiteral("warn"));

        // Select a row, let ten updates arrive, with a change in between:
        // the selection stays on the same group, the row is not reset.
        window.overviewTable()->selectRow(analytics);
        QSignalSpy resets(window.groupModel(), &QAbstractItemModel::modelReset);
        const int before = int(snapshots.size());
        db.command({"XADD", "orders", "*", "n", "late"});
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= before + 10, 10000);
        QCOMPARE(resets.size(), 0);
        const QModelIndexList selected = window.overviewTable()->selectionModel()->selectedRows(GroupTableModel::Group);
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.first().data().toString(), QStringLiteral("analytics"));
        QCOMPARE(cell(view, selected.first().row(), GroupTableModel::Lag), QLocale(QLocale::English).toString(truthLag + 1));
    }

    void groupPageChartsTheHistory()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (int i = 0; i < 50; ++i)
            db.command({"XADD", "jobs", "*", "n", QByteArray::number(i)});
        db.command({"XGROUP", "CREATE", "jobs", "w", "0"});
        db.command({"XREADGROUP", "GROUP", "w", "c1", "COUNT", "20", "STREAMS", "jobs", ">"});

        MainWindow window;
        window.show();
        PollerThread poller(optionsFor(server.url()), ProbeConfig{});
        poller.setIntervalMs(100);
        QSignalSpy snapshots(poller.poller(), &StreamPoller::snapshotReady);
        connect(poller.poller(), &StreamPoller::snapshotReady, &window, &MainWindow::applySnapshot);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(window.groupModel()->rowCount(), 1, 10000);
        QVERIFY(window.showPage(QStringLiteral("group:jobs/w")));
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 8, 10000);
        QTest::qWait(150);

        // The lag/pending chart holds one point per poll the history kept,
        // and its last points are the server's lag (30) and pending (20).
        TimeChartWidget *lagChart = window.groupPage()->charts().at(0);
        const auto lag = lagChart->graph(0)->data();
        const auto pending = lagChart->graph(1)->data();
        QVERIFY2(lag->size() >= 6, qPrintable(QString::number(lag->size())));
        QCOMPARE((lag->constEnd() - 1)->value, 30.0);
        QCOMPARE((pending->constEnd() - 1)->value, 20.0);
        QAbstractItemModelTester consumers(window.groupPage()->consumerModel(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester pendingModel(window.groupPage()->pendingModel(),
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(window.groupPage()->pendingModel()->rowCount(), 20);
    }

    void frozenServerKeepsTheWindowResponsive()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XADD", "s", "*", "a", "1"});
        db.command({"XGROUP", "CREATE", "s", "g", "0"});

        MainWindow window;
        window.setPollIntervalMs(200);
        window.show();
        ConnectionOptions options = optionsFor(server.url());
        options.commandTimeoutMs = 2000;
        PollerThread poller(options, ProbeConfig{});
        poller.setIntervalMs(200);
        connect(poller.poller(), &StreamPoller::snapshotReady, &window, &MainWindow::applySnapshot);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(window.groupModel()->rowCount(), 1, 10000);

        server.freeze();
        // The GUI thread's event loop keeps ticking while the server hangs.
        QElapsedTimer clock;
        clock.start();
        qint64 last = 0, worstGap = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, &ticker, [&] {
            worstGap = std::max(worstGap, clock.elapsed() - last);
            last = clock.elapsed();
        });
        ticker.start(20);
        QTest::qWait(4500);
        ticker.stop();
        const QString summary = window.findChild<QLabel *>(QStringLiteral("summary"))->text();
        server.thaw();
        qInfo("longest gap between 20 ms GUI timer ticks while frozen: %lld ms", worstGap);
        QVERIFY2(worstGap < 250, qPrintable(QString::number(worstGap)));
        QVERIFY2(summary.contains(QStringLiteral("STALE")), qPrintable(summary));
        QCOMPARE(window.groupModel()->rowCount(), 1); // the last known values stay
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
