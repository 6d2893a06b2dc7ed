// The dead-letter browser and the write path, offscreen, against a real
// redis-server: the table holds what XREVRANGE says; writes start disabled;
// enabling them, selecting, confirming the exact commands and requeueing
// moves exactly the selected entries byte for byte and audits them; an ACL
// user without the permission sees the buttons disabled with the reason.
#include "pages/dlq_page.h"
#include "pages/dlq_tab.h"
#include "widgets/consumer_actions_bar.h"
#include "pages/group_page.h"
#include "itemmodels/consumer_table_model.h"
#include "snapshot/dlq_layout.h"
#include "redis/stream_entry.h"
#include "itemmodels/dlq_entry_model.h"
#include "itemmodels/pending_table_model.h"
#include "main_window.h"
#include "widgets/pending_actions_bar.h"
#include "polling/poller_thread.h"
#include "write_controller.h"
#include "dialogs/write_dialogs.h"
#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "gui_test_helpers.h"
#include "test_settings.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QMessageBox>
#include <QFile>
#include "charts/dlq_category_chart.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
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

QByteArray ownerOf(RedisOracle &db, const QByteArray &id)
{
    const RedisReply r = db.command({"XPENDING", "jobs", "workers", id, id, "1"});
    return r.size() ? r.at(0).at(1).bytes() : QByteArray();
}

struct Session
{
    explicit Session(const QString &url, const QString &label = QStringLiteral("test"))
        : poller(optionsFor(url), ProbeConfig{})
    {
        window.useConnection(optionsFor(url), label, false);
        mainWindow.show();
        poller.setIntervalMs(200);
        QObject::connect(poller.poller(), &ConnectionPoller::snapshotReady, &window, &ConnectionView::applySnapshot);
        poller.start();
    }
    MainWindow mainWindow;
    ConnectionView &window = *mainWindow.addConnection();
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
        QVERIFY2(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_dlq_page")), qPrintable(QSettings().fileName()));
    }

    // The poison question (issue 48): dead letters with no category field
    // are grouped by their error, the numbers in it folded, so five errors
    // are three causes, not one "no category" bar.
    void deadLettersAreGroupedByTheirError()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XADD", "orders", "*", "seed", "1"});
        db.command({"XGROUP", "CREATE", "orders", "billing", "$"});
        for (const char *e : {"timeout after 1200 ms", "card 4111 declined", "timeout after 900 ms", "schema: missing field sku", "card 5500 declined"})
            db.command({"XADD", "orders:dlq", "*", "payload", "{}", "error", e, "source_stream", "orders"});

        Session s(server.url());
        s.window.showPage(QStringLiteral("dlq:orders:dlq"));
        DlqTab *tab = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((tab = s.window.dlqPage()->tab("orders:dlq")), 10000);
        DlqCategoryChart *chart = tab->findChild<DlqCategoryChart *>();
        QVERIFY(chart);
        const auto names = [chart] {
            QSet<QString> out;
            for (int i = 0; i < chart->plottableCount(); ++i)
                out.insert(chart->plottable(i)->name());
            return out;
        };
        const QSet<QString> expected{QStringLiteral("timeout after # ms (2)"), QStringLiteral("card # declined (2)"),
                                     QStringLiteral("schema: missing field sku (1)")};
        QTRY_COMPARE_WITH_TIMEOUT(names(), expected, 10000);
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
        auto *enable = waitForDialog<EnableWritesDialog>(&s.mainWindow);
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
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
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
        QList<QByteArray> lines = audit.readAll().trimmed().split('\n');
        lines.removeIf([](const QByteArray &l) { return l.contains("\"outcome\":\"attempt\""); }); // written before the batch
        QCOMPARE(lines.size(), 2);
        for (const QByteArray &line : lines)
            QCOMPARE(QJsonDocument::fromJson(line).object().value(QStringLiteral("outcome")).toString(), QStringLiteral("requeued"));

        // The table re-reads after each write, which may clear a selection
        // made meanwhile: select the newest `rows` until the button is enabled.
        auto selectNewest = [&](int rows, QPushButton *button) {
            return QTest::qWaitFor(
                       [&] {
                           if (tab->view()->selectionModel()->selectedRows().size() != rows) {
                               tab->view()->clearSelection();
                               for (int row = 0; row < rows; ++row)
                                   tab->view()->selectionModel()->select(tab->view()->model()->index(row, 0),
                                                                         QItemSelectionModel::Select | QItemSelectionModel::Rows);
                           }
                           return button->isEnabled();
                       },
                       10000)
                   || (qWarning("%s: %s", qPrintable(button->text()), qPrintable(button->toolTip())), false);
        };

        // Delete one, through the same confirmation.
        const QByteArray c = tab->model()->entry(0)->id;
        QVERIFY(selectNewest(1, tab->deleteButton()));
        tab->deleteButton()->click();
        confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        QVERIFY(confirm->plan().join(QLatin1Char('\n')).contains(QStringLiteral("XDEL \"orders:dlq\" %1").arg(QString::fromLatin1(c))));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"XLEN", "orders:dlq"}).integer(), 27, 10000);
        QCOMPARE(db.command({"XRANGE", "orders:dlq", c, c}).size(), 0);
        QCOMPARE(db.command({"XLEN", "orders"}).integer(), 3); // deleted, not requeued
        QTRY_COMPARE_WITH_TIMEOUT(tab->model()->loaded(), 27, 10000);

        // A paced requeue: six entries at 10 per second reach the source one
        // by one, about 100 ms apart by the server's own clock (their new IDs).
        QVERIFY(selectNewest(6, tab->requeueButton()));
        tab->requeueButton()->click();
        confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm && confirm->rateSpin());
        confirm->rateSpin()->setValue(10);
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"XLEN", "orders"}).integer(), 9, 10000);
        const RedisReply paced = db.command({"XRANGE", "orders", "-", "+"});
        const qint64 firstMs = paced.at(3).at(0).bytes().split('-').at(0).toLongLong();
        const qint64 lastMs = paced.at(8).at(0).bytes().split('-').at(0).toLongLong();
        QVERIFY2(lastMs - firstMs >= 400, qPrintable(QStringLiteral("6 entries at 10/s spanned %1 ms").arg(lastMs - firstMs)));
        QTRY_COMPARE_WITH_TIMEOUT(tab->model()->loaded(), 21, 10000);

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

    void pendingAndConsumerActions()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XGROUP", "CREATE", "jobs", "workers", "$", "MKSTREAM"});
        QList<QByteArray> ids;
        for (int i = 0; i < 8; ++i)
            ids << db.command({"XADD", "jobs", "*", "job", QByteArray::number(i)}).bytes();
        db.command({"XREADGROUP", "GROUP", "workers", "dead", "COUNT", "5", "STREAMS", "jobs", ">"});
        db.command({"XREADGROUP", "GROUP", "workers", "alive", "COUNT", "3", "STREAMS", "jobs", ">"});
        db.command({"XGROUP", "CREATECONSUMER", "jobs", "workers", "idle"});

        Session s(server.url());
        s.window.writes()->setWritesEnabled(true);
        s.window.openGroup("jobs", "workers");
        GroupPage *page = s.window.groupPage();
        QTRY_COMPARE_WITH_TIMEOUT(page->pendingModel()->rowCount(), 8, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(page->consumerModel()->rowCount(), 3, 10000);

        // Claim two of dead's entries to alive.
        selectWhere(page->pendingView(), PendingTableModel::EntryIdRole, {ids[0], ids[1]});
        QTRY_VERIFY(page->pendingActions()->claimButton()->isEnabled());
        page->pendingActions()->claimButton()->click();
        QDialog *form = waitForForm(&s.mainWindow, QStringLiteral("Claim pending"));
        QVERIFY(form);
        form->findChild<QComboBox *>()->setCurrentText(QStringLiteral("alive"));
        form->findChild<QSpinBox *>()->setValue(0);
        form->accept();
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        QVERIFY(confirm->plan().join(QLatin1Char('\n')).contains(QStringLiteral("XCLAIM \"jobs\" \"workers\" \"alive\" 0")));
        QCOMPARE(ownerOf(db, ids[0]), QByteArray("dead")); // nothing before the confirmation
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(ownerOf(db, ids[0]), QByteArray("alive"), 10000);
        QCOMPARE(ownerOf(db, ids[1]), QByteArray("alive"));
        QCOMPARE(ownerOf(db, ids[2]), QByteArray("dead"));

        // Move one to the DLQ: written there with its origin, gone from the PEL.
        QTRY_VERIFY(!s.window.writes()->isBusy()); // the job has reported back
        selectWhere(page->pendingView(), PendingTableModel::EntryIdRole, {ids[2]});
        QTRY_VERIFY2(page->pendingActions()->toDlqButton()->isEnabled(), qPrintable(page->pendingActions()->toDlqButton()->toolTip()));
        page->pendingActions()->toDlqButton()->click();
        form = waitForForm(&s.mainWindow, QStringLiteral("Move pending"));
        QVERIFY(form);
        QCOMPARE(form->findChild<QComboBox *>()->currentText(), QStringLiteral("jobs:dlq"));
        form->accept();
        confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"XLEN", "jobs:dlq"}).integer(), 1, 10000);
        const RedisReply dead = db.command({"XRANGE", "jobs:dlq", "-", "+"}).at(0).at(1);
        QCOMPARE(dead.field("pelscope:source_id").bytes(), ids[2]);
        QCOMPARE(dead.field("job").bytes(), QByteArray("2"));
        QCOMPARE(ownerOf(db, ids[2]), QByteArray());

        // Acknowledge one: it leaves the PEL.
        QTRY_VERIFY(!s.window.writes()->isBusy());
        QTRY_COMPARE_WITH_TIMEOUT(page->pendingModel()->rowCount(), 7, 10000);
        selectWhere(page->pendingView(), PendingTableModel::EntryIdRole, {ids[3]});
        QTRY_VERIFY(page->pendingActions()->ackButton()->isEnabled());
        page->pendingActions()->ackButton()->click();
        confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(ownerOf(db, ids[3]), QByteArray(), 10000);
        QCOMPARE(db.command({"XPENDING", "jobs", "workers"}).at(0).integer(), 6); // 8, one moved, one acknowledged

        // A consumer holding entries is not deleted; an empty one is.
        QTRY_VERIFY(!s.window.writes()->isBusy());
        QTRY_COMPARE_WITH_TIMEOUT(page->pendingModel()->rowCount(), 6, 10000);
        selectWhere(page->consumerView(), ConsumerTableModel::NameRole, {"dead"});
        QTRY_VERIFY(page->consumerActions()->deleteButton()->isEnabled());
        page->consumerActions()->deleteButton()->click();
        auto *refusal = waitForDialog<QMessageBox>(&s.mainWindow);
        QVERIFY(refusal);
        QVERIFY2(refusal->text().contains(QStringLiteral("Claim them to another consumer")), qPrintable(refusal->text()));
        refusal->accept();
        selectWhere(page->consumerView(), ConsumerTableModel::NameRole, {"idle"});
        QTRY_VERIFY(page->consumerActions()->deleteButton()->isEnabled());
        page->consumerActions()->deleteButton()->click();
        confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        // The commands rendered from the call the job sends (they were written by hand in the widget).
        QVERIFY2(confirm->plan().contains(QStringLiteral("  XGROUP DELCONSUMER \"jobs\" \"workers\" \"idle\"")),
                 qPrintable(confirm->plan().join(u'\n')));
        confirm->confirmButton()->click();
        auto names = [&] {
            QList<QByteArray> out;
            const RedisReply consumers = db.command({"XINFO", "CONSUMERS", "jobs", "workers"});
            for (const RedisReply &c : consumers.elements())
                out << c.field("name").bytes();
            return out;
        };
        QTRY_COMPARE_WITH_TIMEOUT(names(), (QList<QByteArray>{"alive", "dead"}), 10000);
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
        db.command({"ACL",           "SETUSER", "monitor", "on",         ">pw",    "resetkeys",       "%R~*",
                    "resetchannels", "-@all",   "+ping",   "+info",      "+hello", "+client|setname", "+client|id",
                    "+select",       "+scan",   "+type",   "+time",      "+xinfo", "+xpending",       "+xrange",
                    "+xrevrange",    "+xlen",   "+role",   "+acl|dryrun"});
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
        QVERIFY2(tab->requeueButton()->toolTip().contains(QStringLiteral("evalsha"), Qt::CaseInsensitive),
                 qPrintable(tab->requeueButton()->toolTip()));
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
