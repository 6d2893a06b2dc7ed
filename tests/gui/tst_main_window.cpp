// The first window, offscreen, fed by a real poller thread: rows carry the
// values the server reports, updates keep selection and sort, and the models
// pass QAbstractItemModelTester.
#include "itemmodels/group_table_model.h"
#include "main_window.h"
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
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
