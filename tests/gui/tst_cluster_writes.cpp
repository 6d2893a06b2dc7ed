// The window writes on a Redis Cluster, offscreen, against a real local
// 3-master cluster whose seed node holds none of the keys written: a DLQ
// sharing its source's hash tag is requeued atomically on its own master; an
// untagged DLQ takes the cross-slot ledger path, exactly once; the
// confirmation says which path, and where, before anything is written; a
// claim lands on the master holding the stream; a requeue that cannot be
// guaranteed is refused with the reason, no Confirm button, nothing written.
#include "actions/requeue_route.h"
#include "snapshot/dlq_layout.h"
#include "pages/dlq_page.h"
#include "pages/dlq_tab.h"
#include "pages/group_page.h"
#include "itemmodels/dlq_entry_model.h"
#include "itemmodels/pending_table_model.h"
#include "main_window.h"
#include "widgets/pending_actions_bar.h"
#include "polling/poller_thread.h"
#include "values/key_slot.h"
#include "text/fill_text.h"
#include "write_controller.h"
#include "dialogs/write_dialogs.h"
#include "poll_once.h"
#include "redis_cluster.h"
#include "gui_test_helpers.h"
#include "test_settings.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

// Every entry of a stream as "field=value;..." in hex, one line each: byte-exact.
QByteArray dump(RedisOracle &db, const QByteArray &key)
{
    QByteArray out;
    const RedisReply range = db.command({"XRANGE", key, "-", "+"});
    for (const RedisReply &e : range.elements()) {
        for (const RedisReply &f : e.at(1).elements())
            out += f.bytes().toHex() + ';';
        out += '\n';
    }
    return out;
}

QByteArray dumpFields(const QList<QByteArray> &fields)
{
    QByteArray out;
    for (const QByteArray &f : fields)
        out += f.toHex() + ';';
    return out + '\n';
}

struct Session
{
    explicit Session(const QString &url)
        : poller(optionsFor(url), ProbeConfig{})
    {
        window.useConnection(optionsFor(url), QStringLiteral("cluster"), false);
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

class TestClusterWrites : public QObject
{
    Q_OBJECT
private:
    RedisCluster m_cluster{3};
    QTemporaryDir m_tmp;
    int m_seed = -1;
    std::unique_ptr<Session> m_session;
    QElapsedTimer m_clock;

    // The DLQ's tab with its entries loaded: the browser reads them through
    // the seed and follows -MOVED to the master holding the DLQ.
    DlqTab *openDlq(const QByteArray &key, int entries)
    {
        Session &s = *m_session;
        s.window.showPage(QStringLiteral("dlq:") + QString::fromUtf8(key));
        DlqTab *tab = nullptr;
        if (!QTest::qWaitFor([&] { return (tab = s.window.dlqPage()->tab(key)) != nullptr; }, 10000))
            return nullptr;
        tab->reload();
        if (!QTest::qWaitFor([&] { return tab->model()->loaded() == entries; }, 10000)) {
            for (QLabel *l : tab->findChildren<QLabel *>())
                if (l->text().contains(QStringLiteral("Could not read")))
                    qWarning("%s: %s", key.constData(), qPrintable(l->text()));
            return nullptr;
        }
        return tab;
    }

    // "Requeue selected" with `ids` selected in the table. Returns the confirmation.
    ConfirmWriteDialog *requeueSelected(const QByteArray &key, int entries, const QList<QByteArray> &ids)
    {
        DlqTab *tab = openDlq(key, entries);
        if (!tab)
            return nullptr;
        selectWhere(tab->view(), DlqEntryModel::EntryIdRole, ids);
        if (!QTest::qWaitFor([&] { return tab->requeueButton()->isEnabled(); }, 10000)) {
            qWarning("requeue button: %s", qPrintable(tab->requeueButton()->toolTip()));
            return nullptr;
        }
        tab->requeueButton()->click();
        return waitForDialog<ConfirmWriteDialog>(&m_session->mainWindow);
    }

    QList<QByteArray> deadLetters(const QByteArray &dlq, const QByteArray &source, int n, QList<QList<QByteArray>> *kept = nullptr)
    {
        auto db = m_cluster.oracle(m_cluster.ownerOfKey(dlq));
        // A source that is read: requeue delivers only into streams with a consumer group.
        m_cluster.oracle(m_cluster.ownerOfKey(source))->command({"XGROUP", "CREATE", source, "workers", "$", "MKSTREAM"});
        QList<QByteArray> ids;
        for (int i = 0; i < n; ++i) {
            const QByteArray payload = QByteArray("\xff\x00\xfe", 3) + "{\"n\":" + QByteArray::number(i) + "}";
            const RedisReply r = db->command({"XADD", dlq, "*", "payload", payload, "n", QByteArray::number(i), "category", "timeout", "reason",
                                              "failed", "source_stream", source, "source_id", "1-" + QByteArray::number(i)});
            ids << r.bytes();
            if (kept)
                kept->append({"payload", payload, "n", QByteArray::number(i)});
        }
        return ids;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_clock.start();
        QVERIFY(m_tmp.isValid());
        qputenv("PELSCOPE_AUDIT_LOG", m_tmp.filePath(QStringLiteral("audit.jsonl")).toUtf8());
        QVERIFY2(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_cluster_writes")), qPrintable(QSettings().fileName()));
        QString error;
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
        // The seed holds none of the keys the cases write.
        const QList<QByteArray> written{"{orders}", "payments", "payments:dlq"};
        for (int i = 0; i < m_cluster.masters() && m_seed < 0; ++i)
            if (std::none_of(written.begin(), written.end(), [&](const QByteArray &k) { return m_cluster.ownerOfKey(k) == i; }))
                m_seed = i;
        if (m_seed < 0) // the three keys cover all three masters: at least keep {orders} off the seed
            m_seed = (m_cluster.ownerOfKey("{orders}") + 1) % m_cluster.masters();
        QVERIFY(m_cluster.ownerOfKey("{orders}") != m_seed);
        QVERIFY(keySlot("payments") != keySlot("payments:dlq"));
        qInfo("cluster up in %lld ms; seed %s, {orders} on %s, payments on %s, payments:dlq on %s", m_clock.elapsed(),
              qPrintable(m_cluster.address(m_seed)), qPrintable(m_cluster.address(m_cluster.ownerOfKey("{orders}"))),
              qPrintable(m_cluster.address(m_cluster.ownerOfKey("payments"))), qPrintable(m_cluster.address(m_cluster.ownerOfKey("payments:dlq"))));
    }

    void cleanupTestCase()
    {
        m_session.reset();
        qInfo("all cases in %lld ms", m_clock.elapsed());
    }

    void startWindow()
    {
        // {orders}:dlq next to {orders} on a master that is not the seed.
        m_orderIds = deadLetters("{orders}:dlq", "{orders}", 6, &m_orderFields);
        // payments:dlq in another slot than payments.
        m_paymentIds = deadLetters("payments:dlq", "payments", 5, &m_paymentFields);
        // "a}b" cannot share a slot with any ledger key.
        m_refusedIds = deadLetters("a}b:dlq", "a}b", 2);
        // A group with entries pending on a dead consumer, on a master that is not the seed.
        for (int i = 0; m_jobs.isEmpty() && i < 100; ++i) {
            const QByteArray key = "jobs" + QByteArray::number(i);
            if (m_cluster.ownerOfKey(key) != m_seed)
                m_jobs = key;
        }
        auto db = m_cluster.oracle(m_cluster.ownerOfKey(m_jobs));
        db->command({"XGROUP", "CREATE", m_jobs, "workers", "$", "MKSTREAM"});
        for (int i = 0; i < 4; ++i)
            m_jobIds << db->command({"XADD", m_jobs, "*", "job", QByteArray::number(i)}).bytes();
        db->command({"XREADGROUP", "GROUP", "workers", "dead", "COUNT", "4", "STREAMS", m_jobs, ">"});
        db->command({"XGROUP", "CREATECONSUMER", m_jobs, "workers", "alive"});

        m_session = std::make_unique<Session>(m_cluster.url(m_seed));
        WriteController *writes = m_session->window.writes();
        QTRY_VERIFY_WITH_TIMEOUT(writes->isCluster(), 10000);
        writes->setWritesEnabled(true);
        QVERIFY(writes->writesEnabled());
    }

    // (a) The atomic path on the DLQ's own master, not the seed.
    void atomicRequeueOnAnotherMaster()
    {
        QVERIFY(m_session);
        const int owner = m_cluster.ownerOfKey("{orders}:dlq");
        QCOMPARE(m_cluster.ownerOfKey("{orders}"), owner);
        QVERIFY(owner != m_seed);
        auto db = m_cluster.oracle(owner);
        ConfirmWriteDialog *confirm = requeueSelected("{orders}:dlq", 6, {m_orderIds[1], m_orderIds[4]});
        QVERIFY(confirm);
        const QString path = confirm->path();
        qInfo("atomic confirmation: %s", qPrintable(path));
        QVERIFY2(path.startsWith(fillText(QStringLiteral("atomic: {orders}:dlq and its source {orders} share hash tag {orders}, slot %1 on %2"),
                                          keySlot("{orders}"), m_cluster.address(owner))),
                 qPrintable(path));
        QVERIFY(confirm->confirmButton());
        QCOMPARE(confirm->plan().join(QLatin1Char('\n')).count(QStringLiteral("XADD \"{orders}\" *")), 2);
        QCOMPARE(db->command({"XLEN", "{orders}:dlq"}).integer(), 6); // nothing before the confirmation
        QCOMPARE(db->command({"XLEN", "{orders}"}).integer(), 0);
        confirm->confirmButton()->click();

        QTRY_COMPARE_WITH_TIMEOUT(db->command({"XLEN", "{orders}:dlq"}).integer(), 4, 10000);
        QCOMPARE(db->command({"XRANGE", "{orders}:dlq", m_orderIds[1], m_orderIds[1]}).size(), 0);
        QCOMPARE(db->command({"XRANGE", "{orders}:dlq", m_orderIds[4], m_orderIds[4]}).size(), 0);
        // In the source, on the owning node: the non-metadata fields, byte for byte, in order.
        QCOMPARE(dump(*db, "{orders}"), dumpFields(m_orderFields[1]) + dumpFields(m_orderFields[4]));
        // Audited in the DLQ's slot, on its master.
        QCOMPARE(db->command({"XLEN", "{orders}:pelscope:audit"}).integer(), 2);
        QTRY_VERIFY(!m_session->window.writes()->isBusy());
    }

    // Delete and an edited requeue run on the DLQ's master too; an edited
    // requeue across slots is refused (one script cannot write both).
    void deleteAndEditOnAnotherMaster()
    {
        QVERIFY(m_session);
        Session &s = *m_session;
        const int owner = m_cluster.ownerOfKey("{orders}:dlq");
        auto db = m_cluster.oracle(owner);
        const QString scope = QStringLiteral("dlq:") + QString::fromLatin1(QByteArray("{orders}:dlq").toBase64());
        RequeueRequest del;
        del.operation = RequeueRequest::Operation::Delete;
        del.dlq = "{orders}:dlq";
        del.select = RequeueRequest::Select::Ids;
        del.ids = {m_orderIds[0]};
        s.window.writes()->requeue(del, scope, &s.mainWindow);
        ConfirmWriteDialog *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        qInfo("delete confirmation: %s", qPrintable(confirm->path()));
        QVERIFY2(confirm->path().startsWith(
                     fillText(QStringLiteral("on %1, the master serving slot %2 of {orders}:dlq"), m_cluster.address(owner), keySlot("{orders}"))),
                 qPrintable(confirm->path()));
        QCOMPARE(db->command({"XLEN", "{orders}:dlq"}).integer(), 4);
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db->command({"XLEN", "{orders}:dlq"}).integer(), 3, 10000);
        QCOMPARE(db->command({"XRANGE", "{orders}:dlq", m_orderIds[0], m_orderIds[0]}).size(), 0);
        QCOMPARE(db->command({"XLEN", "{orders}"}).integer(), 2); // deleted, not requeued
        QCOMPARE(db->command({"XLEN", "{orders}:pelscope:audit"}).integer(), 3);
        QTRY_VERIFY(!s.window.writes()->isBusy());

        // Edited, same slot: atomic, on the DLQ's master, written as given.
        RequeueRequest edit;
        edit.dlq = "{orders}:dlq";
        edit.target = "{orders}";
        edit.select = RequeueRequest::Select::Ids;
        edit.ids = {m_orderIds[2]};
        edit.editedFields = StreamFields{{"payload", "fixed"}, {"n", "2"}};
        s.window.writes()->requeue(edit, scope, &s.mainWindow);
        confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        QVERIFY2(confirm->path().startsWith(QStringLiteral("atomic: ")), qPrintable(confirm->path()));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db->command({"XLEN", "{orders}:dlq"}).integer(), 2, 10000);
        QCOMPARE(dump(*db, "{orders}").split('\n').value(2), dumpFields({"payload", "fixed", "n", "2"}).trimmed());
        QTRY_VERIFY(!s.window.writes()->isBusy());

        // Edited, across slots: disabled with the reason, and refused if asked anyway.
        const QString payScope = QStringLiteral("dlq:") + QString::fromLatin1(QByteArray("payments:dlq").toBase64());
        const QString why = s.window.writes()->editBlocker(payScope, "payments:dlq", "payments");
        QVERIFY2(why.contains(QStringLiteral("one slot")), qPrintable(why));
        edit.dlq = "payments:dlq";
        edit.target = "payments";
        edit.ids = {m_paymentIds[1]};
        s.window.writes()->requeue(edit, payScope, &s.mainWindow);
        ConfirmWriteDialog *refusal = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(refusal);
        QVERIFY2(refusal->path().startsWith(QStringLiteral("refused: an edited entry")), qPrintable(refusal->path()));
        QVERIFY(!refusal->confirmButton());
        refusal->reject();
        QTRY_VERIFY(!s.window.writes()->isBusy());
    }

    // (b) The ledger path: every selected entry exactly once in the source.
    void ledgerRequeueAcrossSlots()
    {
        QVERIFY(m_session);
        const int sourceNode = m_cluster.ownerOfKey("payments"), dlqNode = m_cluster.ownerOfKey("payments:dlq");
        auto src = m_cluster.oracle(sourceNode);
        auto dl = m_cluster.oracle(dlqNode);
        ConfirmWriteDialog *confirm = requeueSelected("payments:dlq", 5, {m_paymentIds[0], m_paymentIds[3]});
        QVERIFY(confirm);
        const QString path = confirm->path();
        qInfo("ledger confirmation: %s", qPrintable(path));
        QVERIFY2(path.startsWith(fillText(QStringLiteral("ledger: payments:dlq (slot %1, on %2) and its source payments (slot %3, on %4)"),
                                          keySlot("payments:dlq"), m_cluster.address(dlqNode), keySlot("payments"), m_cluster.address(sourceNode))),
                 qPrintable(path));
        QVERIFY2(path.contains(QStringLiteral("ledger key {payments}:pelscope:requeue-ledger (7-day expiry)")), qPrintable(path));
        QVERIFY(confirm->confirmButton());
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QCOMPARE(plan.count(QStringLiteral("XADD \"payments\" *")), 2);
        QVERIFY2(plan.contains(QStringLiteral("XDEL \"payments:dlq\" %1").arg(QString::fromLatin1(m_paymentIds[3]))), qPrintable(plan));
        QCOMPARE(src->command({"XLEN", "payments"}).integer(), 0); // nothing before the confirmation
        QCOMPARE(dl->command({"XLEN", "payments:dlq"}).integer(), 5);
        confirm->confirmButton()->click();

        QTRY_COMPARE_WITH_TIMEOUT(dl->command({"XLEN", "payments:dlq"}).integer(), 3, 10000);
        QTRY_VERIFY(!m_session->window.writes()->isBusy());
        QCOMPARE(dl->command({"XRANGE", "payments:dlq", m_paymentIds[0], m_paymentIds[0]}).size(), 0);
        QCOMPARE(dl->command({"XRANGE", "payments:dlq", m_paymentIds[3], m_paymentIds[3]}).size(), 0);
        // Exactly once each, byte for byte, in order, on the source's master.
        QCOMPARE(dump(*src, "payments"), dumpFields(m_paymentFields[0]) + dumpFields(m_paymentFields[3]));
        QCOMPARE(src->command({"HLEN", "{payments}:pelscope:requeue-ledger"}).integer(), 2);
        const qint64 ttl = src->command({"TTL", "{payments}:pelscope:requeue-ledger"}).integer();
        QVERIFY2(ttl > 6 * 86'400 && ttl <= 7 * 86'400, QByteArray::number(ttl).constData());
        // The audit log names both.
        QFile audit(m_tmp.filePath(QStringLiteral("audit.jsonl")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QByteArray trail = audit.readAll();
        QVERIFY(trail.contains(m_paymentIds[0]) && trail.contains(m_paymentIds[3]));
        QVERIFY(trail.contains("cross-slot"));
    }

    // (c) A claim runs on the master holding the stream.
    void claimOnAnotherMaster()
    {
        QVERIFY(m_session);
        Session &s = *m_session;
        const int owner = m_cluster.ownerOfKey(m_jobs);
        auto db = m_cluster.oracle(owner);
        s.window.openGroup(m_jobs, "workers");
        GroupPage *page = s.window.groupPage();
        QTRY_COMPARE_WITH_TIMEOUT(page->pendingModel()->rowCount(), 4, 10000);
        selectWhere(page->pendingView(), PendingTableModel::EntryIdRole, {m_jobIds[0], m_jobIds[2]});
        QTRY_VERIFY2(page->pendingActions()->claimButton()->isEnabled(), qPrintable(page->pendingActions()->claimButton()->toolTip()));
        page->pendingActions()->claimButton()->click();
        QDialog *form = waitForForm(&s.mainWindow, QStringLiteral("Claim pending"));
        QVERIFY(form);
        form->findChild<QComboBox *>()->setCurrentText(QStringLiteral("alive"));
        form->findChild<QSpinBox *>()->setValue(0);
        form->accept();
        ConfirmWriteDialog *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        qInfo("claim confirmation: %s", qPrintable(confirm->path()));
        QVERIFY2(confirm->path().startsWith(fillText(QStringLiteral("on %1, the master serving slot %2"), m_cluster.address(owner), keySlot(m_jobs))),
                 qPrintable(confirm->path()));
        QVERIFY2(confirm->plan().join(QLatin1Char('\n')).contains(m_cluster.address(owner)), qPrintable(confirm->plan().join(QLatin1Char('\n'))));
        auto ownerOf = [&](const QByteArray &id) {
            const RedisReply r = db->command({"XPENDING", m_jobs, "workers", id, id, "1"});
            return r.size() ? r.at(0).at(1).bytes() : QByteArray();
        };
        QCOMPARE(ownerOf(m_jobIds[0]), QByteArray("dead"));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(ownerOf(m_jobIds[0]), QByteArray("alive"), 10000);
        QCOMPARE(ownerOf(m_jobIds[2]), QByteArray("alive"));
        QCOMPARE(ownerOf(m_jobIds[1]), QByteArray("dead"));
        QCOMPARE(ownerOf(m_jobIds[3]), QByteArray("dead"));
        QTRY_VERIFY(!s.window.writes()->isBusy());
    }

    // (d) Neither path can be guaranteed: refused with the reason, no way to go ahead.
    void refusedWithTheReason()
    {
        QVERIFY(m_session);
        const int owner = m_cluster.ownerOfKey("a}b:dlq");
        auto db = m_cluster.oracle(owner);
        const QByteArray before = dump(*db, "a}b:dlq");
        ConfirmWriteDialog *refusal = requeueSelected("a}b:dlq", 2, m_refusedIds);
        QVERIFY(refusal);
        qInfo("refusal: %s", qPrintable(refusal->path()));
        QVERIFY2(refusal->path().startsWith(QStringLiteral("refused: no ledger key can share the slot of a}b")), qPrintable(refusal->path()));
        QVERIFY(!refusal->confirmButton());
        refusal->reject();
        QTest::qWait(300);
        QCOMPARE(dump(*db, "a}b:dlq"), before);
        QCOMPARE(m_cluster.oracle(m_cluster.ownerOfKey("a}b"))->command({"XLEN", "a}b"}).integer(), 0);
        QVERIFY(!m_session->window.writes()->isBusy());
    }

    // The shared route code, directly: what the CLI prints as "path:".
    void routeSaysThePath()
    {
        const ConnectionOptions seed = optionsFor(m_cluster.url(m_seed));
        const ClusterMap map = readClusterMap(seed);
        QVERIFY(map.error.isEmpty());
        QVERIFY(map.cluster);
        const RequeueRoute atomic = routeRequeue(seed, map, "{orders}:dlq", "{orders}", QStringLiteral("hint"));
        QVERIFY(atomic.atomic());
        QCOMPARE(atomic.dlqNode.port, m_cluster.node(m_cluster.ownerOfKey("{orders}:dlq")).port());
        QCOMPARE(atomic.auditStream, QByteArray("{orders}:pelscope:audit"));
        const RequeueRoute ledger = routeRequeue(seed, map, "payments:dlq", "payments", QStringLiteral("hint"));
        QVERIFY(ledger.ledger());
        QCOMPARE(ledger.path.ledgerKey, QByteArray("{payments}:pelscope:requeue-ledger"));
        const RequeueRoute perEntry = routeRequeue(seed, map, "nosource", {}, QStringLiteral("name the target with --to"));
        QVERIFY(perEntry.atomic());
        QVERIFY(perEntry.path.description.endsWith(QStringLiteral("(name the target with --to)")));
        QVERIFY(routeRequeue(seed, map, "a}b:dlq", "a}b", QStringLiteral("hint")).refused());
        const KeyRoute key = routeKey(seed, map, m_jobs);
        QVERIFY(key.cluster);
        QCOMPARE(key.nodeAddress, m_cluster.address(m_cluster.ownerOfKey(m_jobs)));
    }

private:
    QList<QByteArray> m_orderIds, m_paymentIds, m_refusedIds, m_jobIds;
    QList<QList<QByteArray>> m_orderFields, m_paymentFields;
    QByteArray m_jobs;
};

QTEST_MAIN(TestClusterWrites)
#include "tst_cluster_writes.moc"
