// The dead-letter browser and the write path, offscreen, against a real
// redis-server: the table holds what XREVRANGE says; writes start disabled;
// enabling them, selecting, confirming the exact commands and requeueing
// moves exactly the selected entries byte for byte and audits them; an ACL
// user without the permission sees the buttons disabled with the reason.
#include "dlq_page.h"
#include "dlq_tab.h"
#include "group_page.h"
#include "actions/dlq_layout.h"
#include "itemmodels/dlq_entry_model.h"
#include "itemmodels/pending_table_model.h"
#include "main_window.h"
#include "pending_actions_bar.h"
#include "probe/poller_thread.h"
#include "write_controller.h"
#include "write_dialogs.h"
#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

using Fields = QList<QPair<QByteArray, QByteArray>>;

// Dead letters with the metadata a worker writes, some payloads binary.
QList<QByteArray> seedDlq(RedisOracle &db, int n)
{
    db.command({"XADD", "orders", "*", "seed", "1"});
    db.command({"XGROUP", "CREATE", "orders", "billing", "$"});
    QList<QByteArray> ids;
    for (int i = 0; i < n; ++i) {
        QByteArray payload = i % 5 == 0 ? QByteArray("\x00\xff\xfe bin ", 8) + QByteArray::number(i) : "{\"order\":" + QByteArray::number(i) + "}";
        const RedisReply id = db.command({"XADD", "orders:dlq", "*", "payload", payload, "attempt", QByteArray::number(i), "category",
                                          i % 3 == 0 ? "schema" : "timeout", "reason", "failed " + QByteArray::number(i), "delivery_count", "5",
                                          "source_stream", "orders", "source_id", "1-" + QByteArray::number(i)});
        ids.append(id.bytes());
    }
    return ids;
}

Fields fieldsOfEntry(const RedisReply &entry)
{
    return fieldsOf(entry);
}

template<typename T>
T *waitForDialog(QWidget *window)
{
    T *dialog = nullptr;
    QTest::qWaitFor([&] {
        dialog = window->findChild<T *>();
        return dialog && dialog->isVisible();
    }, 10000);
    return dialog;
}

struct Session
{
    explicit Session(const QString &url, const QString &label = QStringLiteral("test"))
        : poller(optionsFor(url), ProbeConfig{})
    {
        window.useConnection(optionsFor(url), label, false);
        window.show();
        poller.setIntervalMs(200);
        QObject::connect(poller.poller(), &StreamPoller::snapshotReady, &window, &MainWindow::applySnapshot);
        poller.start();
    }
    MainWindow window;
    PollerThread poller;
};

} // namespace

class TestDlqPage : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qputenv("PELSCOPE_AUDIT_LOG", m_tmp.filePath(QStringLiteral("audit.jsonl")).toUtf8());
    }

    void selectConfirmRequeue()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        const QList<QByteArray> ids = seedDlq(db, 30);
        QFile::remove(m_tmp.filePath(QStringLiteral("audit.jsonl")));

        Session s(server.url());
        s.window.showPage(QStringLiteral("dlq:orders:dlq"));
        DlqTab *tab = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((tab = s.window.dlqPage()->tab("orders:dlq")), 10000);
        QAbstractItemModelTester tester(tab->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_COMPARE_WITH_TIMEOUT(tab->model()->loaded(), 30, 10000);
        // Newest first, exactly the server's entries.
        const RedisReply truth = db.command({"XREVRANGE", "orders:dlq", "+", "-"});
        for (int row = 0; row < 30; ++row)
            QCOMPARE(tab->model()->entry(row)->id, truth.at(row).at(0).bytes());
        QCOMPARE(s.window.dlqPage()->currentTab(), tab);

        // Read-only at start: the buttons say why.
        QVERIFY(!s.window.writes()->writesEnabled());
        tab->view()->selectRow(0);
        QVERIFY(!tab->requeueButton()->isEnabled());
        QVERIFY(tab->requeueButton()->toolTip().contains(QStringLiteral("Read-only")));

        // Enabling asks first; the banner then says so.
        s.window.writes()->requestEnable();
        auto *enable = waitForDialog<EnableWritesDialog>(&s.window);
        QVERIFY(enable);
        enable->enableButton()->click();
        QTRY_VERIFY(s.window.writes()->writesEnabled());
        QVERIFY(s.window.findChild<QLabel *>(QStringLiteral("writeBanner"))->isVisible());

        // Select the 2nd and 4th newest (the 4th has a binary payload? pick by index).
        const QByteArray a = truth.at(1).at(0).bytes(), b = truth.at(5).at(0).bytes(); // ids[28], ids[24]
        const Fields fa = fieldsOfEntry(truth.at(1)), fb = fieldsOfEntry(truth.at(5));
        tab->view()->clearSelection();
        auto *sel = tab->view()->selectionModel();
        for (int row = 0; row < tab->view()->model()->rowCount(); ++row) {
            const QByteArray id = tab->view()->model()->index(row, 0).data(DlqEntryModel::EntryIdRole).toByteArray();
            if (id == a || id == b)
                sel->select(tab->view()->model()->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
        QTRY_VERIFY(tab->requeueButton()->isEnabled());
        tab->requeueButton()->click();

        // The confirmation lists the exact commands, and nothing is written before it.
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.window);
        QVERIFY(confirm);
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QVERIFY2(plan.contains(QStringLiteral("XDEL \"orders:dlq\" %1").arg(QString::fromLatin1(a))), qPrintable(plan));
        QVERIFY(plan.contains(QStringLiteral("XDEL \"orders:dlq\" %1").arg(QString::fromLatin1(b))));
        QCOMPARE(plan.count(QStringLiteral("XADD \"orders\" *")), 2);
        QCOMPARE(db.command({"XLEN", "orders:dlq"}).integer(), 30);
        confirm->confirmButton()->click();

        QTRY_COMPARE_WITH_TIMEOUT(db.command({"XLEN", "orders:dlq"}).integer(), 28, 10000);
        QCOMPARE(db.command({"XRANGE", "orders:dlq", a, a}).size(), 0);
        QCOMPARE(db.command({"XRANGE", "orders:dlq", b, b}).size(), 0);
        // In the source: the non-metadata fields, byte for byte, in order.
        const RedisReply added = db.command({"XRANGE", "orders", "-", "+"});
        QCOMPARE(added.size(), 3);
        QList<Fields> got{fieldsOfEntry(added.at(1)), fieldsOfEntry(added.at(2))};
        const Fields wantA{fa.at(0), fa.at(1)}, wantB{fb.at(0), fb.at(1)};
        QVERIFY(got.contains(wantA));
        QVERIFY(got.contains(wantB));
        // The table follows, and the audit log has one record per entry.
        QTRY_COMPARE_WITH_TIMEOUT(tab->model()->loaded(), 28, 10000);
        QVERIFY(!tab->model()->entryById(a) && !tab->model()->entryById(b));
        QFile audit(m_tmp.filePath(QStringLiteral("audit.jsonl")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = audit.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        for (const QByteArray &line : lines)
            QCOMPARE(QJsonDocument::fromJson(line).object().value(QStringLiteral("outcome")).toString(), QStringLiteral("requeued"));

        // Delete one, through the same confirmation.
        const QByteArray c = tab->model()->entry(0)->id;
        tab->view()->clearSelection();
        tab->view()->selectRow(0);
        QTRY_VERIFY(tab->deleteButton()->isEnabled());
        tab->deleteButton()->click();
        confirm = waitForDialog<ConfirmWriteDialog>(&s.window);
        QVERIFY(confirm);
        QVERIFY(confirm->plan().join(QLatin1Char('\n')).contains(QStringLiteral("XDEL \"orders:dlq\" %1").arg(QString::fromLatin1(c))));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"XLEN", "orders:dlq"}).integer(), 27, 10000);
        QCOMPARE(db.command({"XRANGE", "orders:dlq", c, c}).size(), 0);
        QCOMPARE(db.command({"XLEN", "orders"}).integer(), 3); // deleted, not requeued
        QTRY_COMPARE_WITH_TIMEOUT(tab->model()->loaded(), 27, 10000);

        // Back to read-only: the banner goes, the buttons say why again.
        s.window.writes()->setWritesEnabled(false);
        QVERIFY(!s.window.findChild<QLabel *>(QStringLiteral("writeBanner"))->isVisible());
        tab->view()->selectRow(0);
        QVERIFY(!tab->requeueButton()->isEnabled());
    }

    void exportKeepsBinaryExact()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        seedDlq(db, 10);
        const QByteArray big(100'000, 'x'); // longer than the table keeps
        const QByteArray bigId = db.command({"XADD", "orders:dlq", "*", "payload", big, "category", "size"}).bytes();
        Session s(server.url());
        s.window.showPage(QStringLiteral("dlq:orders:dlq"));
        DlqTab *tab = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((tab = s.window.dlqPage()->tab("orders:dlq")), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(tab->model()->loaded(), 11, 10000);
        QCOMPARE(tab->model()->entry(0)->id, bigId);
        QCOMPARE(tab->model()->entry(0)->bytes, qint64(7 + big.size() + 8 + 4));
        tab->view()->selectAll();
        const QString path = m_tmp.filePath(QStringLiteral("export.jsonl"));
        tab->exportSelected(path);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(path), 10000);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 11);
        // Every value equals the server's bytes (base64 where not text).
        for (const QByteArray &line : lines) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            const QByteArray id = o.value(QStringLiteral("id")).toString().toLatin1();
            const Fields truth = fieldsOfEntry(db.command({"XRANGE", "orders:dlq", id, id}).at(0));
            const QJsonArray fields = o.value(QStringLiteral("fields")).toArray();
            QCOMPARE(fields.size(), truth.size());
            for (int i = 0; i < fields.size(); ++i) {
                const QJsonObject fv = fields.at(i).toObject();
                const QByteArray value = fv.contains(QStringLiteral("value_base64"))
                    ? QByteArray::fromBase64(fv.value(QStringLiteral("value_base64")).toString().toLatin1())
                    : fv.value(QStringLiteral("value")).toString().toUtf8();
                QCOMPARE(value, truth.at(i).second);
            }
        }
    }

    void aclUserWithoutWritesSeesWhy()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        seedDlq(db, 5);
        // The documented monitor user, plus ACL DRYRUN so Pelscope can ask.
        db.command({"ACL", "SETUSER", "monitor", "on", ">pw", "resetkeys", "%R~*", "resetchannels", "-@all", "+ping", "+info", "+hello",
                    "+client|setname", "+client|id", "+select", "+scan", "+type", "+time", "+xinfo", "+xpending", "+xrange", "+xrevrange",
                    "+xlen", "+role", "+acl|dryrun"});
        QString url = server.url();
        url.replace(QStringLiteral("redis://"), QStringLiteral("redis://monitor:pw@"));
        Session s(url);
        s.window.showPage(QStringLiteral("dlq"));
        DlqTab *tab = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((tab = s.window.dlqPage()->tab("orders:dlq")), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(tab->model()->loaded(), 5, 10000);
        s.window.writes()->setWritesEnabled(true);
        tab->view()->selectRow(0);
        // Disabled with the server's own words, before anything is tried.
        QTRY_VERIFY_WITH_TIMEOUT(tab->requeueButton()->toolTip().contains(QStringLiteral("may not")), 10000);
        QVERIFY(!tab->requeueButton()->isEnabled());
        QVERIFY2(tab->requeueButton()->toolTip().contains(QStringLiteral("evalsha"), Qt::CaseInsensitive), qPrintable(tab->requeueButton()->toolTip()));
        QVERIFY(!tab->deleteButton()->isEnabled());
        QCOMPARE(db.command({"XLEN", "orders:dlq"}).integer(), 5);

        // The pending actions on a group page too.
        s.window.openGroup("orders", "billing");
        PendingActionsBar *bar = s.window.groupPage()->pendingActions();
        QVERIFY(bar);
        QTRY_VERIFY_WITH_TIMEOUT(bar->ackButton()->toolTip().contains(QStringLiteral("xack"), Qt::CaseInsensitive), 10000);
        QVERIFY(bar->claimButton()->toolTip().contains(QStringLiteral("xclaim"), Qt::CaseInsensitive));
    }
};

QTEST_MAIN(TestDlqPage)
#include "tst_dlq_page.moc"
