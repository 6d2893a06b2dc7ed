// Every item model the views show, under a standalone
// QAbstractItemModelTester (QtTest mode: a broken invariant fails the test),
// through what the window does to them: a first snapshot, updates in place,
// groups and consumers appearing and vanishing, a reset for a new connection.
// The snapshots are built as the probe builds them (tst_probe_replies checks
// the probe against a real server's replies), changed the way a live server
// changes.
#include "itemmodels/consumer_table_model.h"
#include "itemmodels/dlq_entry_model.h"
#include "itemmodels/group_table_model.h"
#include "itemmodels/pending_table_model.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace pelscope;

namespace {

constexpr auto kMode = QAbstractItemModelTester::FailureReportingMode::QtTest;

// A snapshot like a server's: two streams, groups with lag, pending and consumers.
Snapshot snapshotWith(qint64 lag, int consumers, bool withSecondStream, qint64 atMs = 1'796'135'660'000)
{
    SnapshotData d;
    d.takenAtMs = atMs;
    d.generation = 1;
    StreamSnapshot s;
    s.key = "orders";
    s.length = 30;
    s.entriesAdded = 30;
    GroupSnapshot ship;
    ship.name = "ship";
    ship.lag = lag;
    ship.entriesRead = 30 - lag;
    ship.pending = consumers * 3;
    ship.consumers = consumers;
    for (int c = 0; c < consumers; ++c)
        ship.consumerList.append(ConsumerSnapshot{"w" + QByteArray::number(c), 3, 1000 * (c + 1), std::nullopt});
    for (int i = 0; i < consumers * 3; ++i)
        ship.headEntries.append(PendingEntry{"1796135654181-" + QByteArray::number(i), "w" + QByteArray::number(i % consumers), 500, 1 + i % 4});
    GroupSnapshot audit;
    audit.name = "audit";
    audit.lag = 0;
    audit.pending = 0;
    audit.consumers = 0;
    s.groups = {audit, ship};
    d.streams.append(s);
    if (withSecondStream) {
        StreamSnapshot p;
        p.key = "payments";
        p.length = 5;
        GroupSnapshot g;
        g.name = "charge";
        g.lag = 5;
        g.pending = 0;
        g.consumers = 0;
        p.groups = {g};
        d.streams.append(p);
    }
    return Snapshot(std::move(d));
}

const GroupSnapshot *groupOf(const Snapshot &s, const QByteArray &stream, const QByteArray &name)
{
    return s.group(stream, name);
}

} // namespace

class TestItemModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void groupTableModel()
    {
        GroupTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.applySnapshot(snapshotWith(15, 2, false));
        QCOMPARE(model.rowCount(), 2);
        model.applySnapshot(snapshotWith(20, 2, true)); // a stream appears: rows inserted, others updated in place
        QCOMPARE(model.rowCount(), 3);
        model.setStale(true);
        model.setConnectionLabel(QStringLiteral("redis://x"));
        model.applySnapshot(snapshotWith(3, 1, false)); // it vanishes again
        QCOMPARE(model.rowCount(), 2);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void consumerTableModel()
    {
        ConsumerTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        Snapshot s = snapshotWith(15, 3, false);
        model.setGroup("orders", "ship", groupOf(s, "orders", "ship"));
        QCOMPARE(model.rowCount(), 3);
        s = snapshotWith(15, 1, false); // two consumers deleted
        model.setGroup("orders", "ship", groupOf(s, "orders", "ship"));
        QCOMPARE(model.rowCount(), 1);
        s = snapshotWith(15, 4, false);
        model.setGroup("orders", "ship", groupOf(s, "orders", "ship"));
        QCOMPARE(model.rowCount(), 4);
        model.setGroup("orders", "audit", groupOf(s, "orders", "audit")); // another group: none
        QCOMPARE(model.rowCount(), 0);
        model.setGroup("orders", "gone", nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void pendingTableModel()
    {
        PendingTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        Snapshot s = snapshotWith(15, 2, false);
        model.setGroup("orders", "ship", groupOf(s, "orders", "ship"));
        QCOMPARE(model.rowCount(), 6);
        s = snapshotWith(15, 1, false); // acknowledged meanwhile
        model.setGroup("orders", "ship", groupOf(s, "orders", "ship"));
        QCOMPARE(model.rowCount(), 3);
        model.setGroup("orders", "ship", nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void dlqEntryModel()
    {
        DlqEntryModel model;
        QAbstractItemModelTester tester(&model, kMode);
        auto page = [](int from, int count, bool first) {
            EntryPage p;
            p.stream = "orders:dlq";
            p.first = first;
            for (int i = from; i > from - count; --i)
                p.entries.append({"1796135654" + QByteArray::number(100 + i) + "-0",
                                  StreamFields{{"payload", "{\"order\":" + QByteArray::number(i) + "}"}, {"category", "timeout"}}});
            for (int i = 0; i < count; ++i)
                p.entryBytes.append(40);
            p.more = from - count > 0;
            return p;
        };
        model.applyPage(page(50, 20, true));
        QCOMPARE(model.rowCount(), 20);
        model.applyPage(page(30, 20, false)); // scrolled back: appended
        QCOMPARE(model.rowCount(), 40);
        model.applyPage(page(52, 20, true)); // newest re-read: two new on top, merged
        QCOMPARE(model.rowCount(), 42);
        model.removeIds({"1796135654150-0", "1796135654149-0"}); // requeued
        QCOMPARE(model.rowCount(), 40);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestItemModels)
#include "tst_item_models.moc"
