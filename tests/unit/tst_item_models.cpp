// Every item model the views show, under a standalone
// QAbstractItemModelTester (QtTest mode: a broken invariant fails the test),
// through what the window does to them: a first snapshot, updates in place,
// groups and consumers appearing and vanishing, a reset for a new connection.
// The snapshots are built as the probe builds them (tst_probe_replies checks
// the probe against a real server's replies), changed the way a live server
// changes.
#include "unit_tests.h"
#include "model_printer.h"
#include "health/health_rules.h"
#include "history/history_rules.h"
#include "history/shared_history_store.h"
#include "history/queue_history.h"
#include "itemmodels/consumer_table_model.h"
#include "itemmodels/dlq_entry_model.h"
#include "itemmodels/dlq_filter_proxy.h"
#include "itemmodels/group_table_model.h"
#include "itemmodels/pending_table_model.h"
#include "itemmodels/queue_table_model.h"
#include "session/dlq_browse.h"
#include "text/fill_text.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QFile>
#include <QTemporaryDir>
#include <QPointF>
#include <QTest>

using namespace pelscope;

namespace {

// A verdict of one status and one reason, the rest as a rule leaves it.
HealthVerdict verdictOf(Health status, const Reason &reason)
{
    HealthVerdict v;
    v.status = status;
    v.reasons = {reason};
    return v;
}

} // namespace

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
        p.key = QByteArray("pay%1{x}\0\xe2\x80\x8f", 12); // %1, braces, a NUL, an RTL mark
        p.length = 5;
        GroupSnapshot g;
        g.name = "ch%2Frge";
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
    // The queue table printed row by row, cells and roles, and compared
    // exactly (KDAB hotspot's tests/modeltests pattern): a key's bytes reach
    // KeyRole whole — "delayed_queue", not "elayed_queue" — whatever they
    // hold (%1, braces, a NUL, an RTL mark, invalid UTF-8).
    void queueTableModelRows()
    {
        SnapshotData d;
        d.takenAtMs = 1'796'135'660'000;
        d.generation = 1;
        DelayedQueueSnapshot late;
        late.key = "delayed_queue";
        late.discovered = true;
        late.size = 12;
        late.due = 3;
        late.oldestOverdueMs = 90'000;
        late.nextDueInMs = 5'000;
        late.scoreUnit = QStringLiteral("s");
        late.health = verdictOf(Health::Crit, Reason::verbatim(QStringLiteral("scheduler behind")));
        DelayedQueueSnapshot hostile;
        hostile.key = QByteArray("d%1{x}\0b\xe2\x80\x8f", 11) ; // d%1{x}, NUL, b, U+200F (RTL mark)
        hostile.size = 0;
        hostile.due = 0;
        ListQueueSnapshot jobs;
        jobs.key = "jobs";
        jobs.processingKey = "jobs:processing";
        jobs.length = 1;
        jobs.processingLength = 6;
        jobs.sampled = 6;
        jobs.stuck = 6;
        jobs.oldestProcessingAgeMs = 750'000;
        jobs.health = verdictOf(Health::Warn, Reason::verbatim(QStringLiteral("6 stuck")));
        ListQueueSnapshot binary;
        binary.key = QByteArray("l\x80%2F", 5);
        binary.processingKey = QByteArray("l\x80%2F:processing", 16);
        binary.length = 0;
        binary.processingLength = 0;
        d.delayedQueues = {late, hostile};
        d.listQueues = {jobs, binary};

        QueueTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.applySnapshot(Snapshot(std::move(d)));
        QStringList printed;
        for (int row = 0; row < model.rowCount(); ++row) {
            QStringList cells;
            for (int c = 0; c < QueueTableModel::ColumnCount; ++c)
                cells << model.index(row, c).data().toString();
            const QModelIndex i = model.index(row, 0);
            cells << QStringLiteral("key=") + QString::fromLatin1(i.data(QueueTableModel::KeyRole).toByteArray().toHex())
                  << QStringLiteral("list=") + QString::number(i.data(QueueTableModel::IsListRole).toBool())
                  << QStringLiteral("processing=") + QString::fromLatin1(i.data(QueueTableModel::ProcessingKeyRole).toByteArray().toHex());
            printed << cells.join(QStringLiteral(" | "));
        }
        const QStringList expected{
            QStringLiteral("CRIT | delayed | delayed_queue | 12 | 3 due | 1m30s late | in 5s | scheduler behind | key=%1 | list=0 | processing=")
                .arg(QString::fromLatin1(QByteArray("delayed_queue").toHex())),
            QStringLiteral("OK | delayed | d%1{x}\\x00b\\u200f | 0 | 0 due | — | — |  | key=6425317b787d0062e2808f | list=0 | processing="),
            QStringLiteral("WARN | reliable list | jobs → jobs:processing | 1 | 6 processing | 12m30s | — | 6 stuck | key=%1 | list=1 | processing=%2")
                .arg(QString::fromLatin1(QByteArray("jobs").toHex()), QString::fromLatin1(QByteArray("jobs:processing").toHex())),
            QStringLiteral("OK | reliable list | l\\x80%2F → l\\x80%2F:processing | 0 | 0 processing | — | — |  | key=6c80253246 | list=1 | "
                           "processing=6c802532463a70726f63657373696e67"),
        };
        QCOMPARE(printed, expected);
    }

    // A job framework's rows: what each counts by what it holds, the row's
    // KeyRole its jobQueueId() whole (the page opens by it; a prefix with %1
    // and braces), and the history's `job` series the same figures.
    void jobQueueRowsAndTheirSeries()
    {
        SnapshotData d;
        d.takenAtMs = 1'796'135'660'000;
        d.generation = 1;
        JobQueueSnapshot mail;
        mail.framework = JobFramework::BullMQ;
        mail.prefix = "%1{x}";
        mail.name = "mail";
        mail.key = "%1{x}:mail:wait";
        mail.waiting = 9;
        mail.active = 5;
        mail.orphaned = 5;
        mail.oldestWaitingMs = 60'000;
        mail.scheduled = 4;
        mail.overdue = 3;
        mail.health = verdictOf(Health::Crit, Reason::verbatim(QStringLiteral("5 active job(s) whose lock is gone")));
        JobQueueSnapshot dead;
        dead.framework = JobFramework::Sidekiq;
        dead.name = "dead";
        dead.key = "dead";
        dead.failed = 2;
        JobQueueSnapshot unread; // could not be read: no series
        unread.framework = JobFramework::Rq;
        unread.prefix = "rq";
        unread.name = "default";
        unread.key = "rq:queue:default";
        unread.error = QStringLiteral("NOPERM");
        d.jobQueues = {mail, dead, unread};
        const Snapshot snapshot(std::move(d));

        QueueTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.applySnapshot(snapshot);
        QStringList printed;
        for (int row = 0; row < model.rowCount(); ++row) {
            QStringList cells;
            for (int c = 0; c < QueueTableModel::ColumnCount; ++c)
                cells << model.index(row, c).data().toString();
            const QModelIndex i = model.index(row, 0);
            cells << QStringLiteral("job=") + QString::number(i.data(QueueTableModel::IsJobRole).toBool())
                  << QStringLiteral("key=") + QString::fromLatin1(i.data(QueueTableModel::KeyRole).toByteArray().toHex());
            printed << cells.join(QStringLiteral(" | "));
        }
        const QStringList expected{
            // The name holds %1: filled in one call, as the model itself must.
            fillText(QStringLiteral("CRIT | BullMQ | %1{x}:mail | 9 | 5 active | 1m00s | — | 5 active job(s) whose lock is gone | job=1 | key=%2"),
                     QStringLiteral("%1"), QString::fromLatin1(QByteArray("bullmq\0%1{x}\0%1{x}:mail:wait", 28).toHex())),
            fillText(QStringLiteral("OK | Sidekiq | dead | 2 | dead letters | — | — |  | job=1 | key=%1"), QString::fromLatin1(QByteArray("sidekiq\0\0dead", 13).toHex())),
            fillText(QStringLiteral("error | RQ | default | ? | — | — | — | NOPERM | job=1 | key=%1"), QString::fromLatin1(QByteArray("rq\0rq\0rq:queue:default", 22).toHex())),
        };
        QCOMPARE(printed, expected);

        QStringList series;
        for (const auto &[key, point] : QueueHistory::fromSnapshot(snapshot))
            series << fillText(QStringLiteral("%1 %2: %3 %4 %5"), key.kind, QString::fromLatin1(key.key.toHex()), QString::number(point.values[0]),
                               QString::number(point.values[1]), QString::number(point.values[2]));
        QCOMPARE(series, (QStringList{fillText(QStringLiteral("job %1: 9 5 60"), QString::fromLatin1(QByteArray("bullmq\0%1{x}\0%1{x}:mail:wait", 28).toHex())),
                                      fillText(QStringLiteral("job %1: 2 nan nan"), QString::fromLatin1(QByteArray("sidekiq\0\0dead", 13).toHex()))}));
    }

    // A backlog whose oldest age is not known this poll, with nothing active
    // (a rate-limited worker between jobs) has an unknown age, not 0: the
    // history drew 0 and the page's chart dropped from 25 s to 0 and back.
    // An empty backlog's age is 0.
    void jobAgeUnknownIsNotZero()
    {
        SnapshotData d;
        d.takenAtMs = 1'700'000'000'000;
        JobQueueSnapshot moving;
        moving.framework = JobFramework::BullMQ;
        moving.prefix = "bull";
        moving.name = "limited";
        moving.key = "bull:limited:wait";
        moving.waiting = 21;
        moving.active = 0;
        JobQueueSnapshot empty = moving;
        empty.name = "idle";
        empty.key = "bull:idle:wait";
        empty.waiting = 0;
        d.jobQueues = {moving, empty};
        QStringList series;
        for (const auto &[key, point] : QueueHistory::fromSnapshot(Snapshot(std::move(d))))
            series << fillText(QStringLiteral("%1 %2 %3"), QString::number(point.values[0]), QString::number(point.values[1]), QString::number(point.values[2]));
        QCOMPARE(series, (QStringList{QStringLiteral("21 0 nan"), QStringLiteral("0 0 0")}));
    }

    void groupTableModel()
    {
        const QString kGroupHeader = QStringLiteral("Status | For | Connection | Node | Stream | Group | Lag | Behind | Pending | Oldest pending idle | Consumers | Max deliveries | In | Out | Drains | Dead letters | Trend, 15 min | Read | Why");
        GroupTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.applySnapshot(snapshotWith(15, 2, false));
        COMPARE_PRINT(model, kGroupHeader,
                      QStringLiteral("OK | — |  | — | orders | audit | 0 | — | 0 | — | 0 | — | — | — | — | — |  | — | "),
                      // pending known, its oldest idle not read this tick: "?", never a guess
                      QStringLiteral("OK | — |  | — | orders | ship | 15 | — | 6 | ? | 2 | — | — | — | — | — |  | — | "));
        model.applySnapshot(snapshotWith(20, 2, true)); // a stream appears: rows inserted, others updated in place
        COMPARE_PRINT(model, kGroupHeader,
                      QStringLiteral("OK | — |  | — | orders | audit | 0 | — | 0 | — | 0 | — | — | — | — | — |  | — | "),
                      QStringLiteral("OK | — |  | — | orders | ship | 20 | — | 6 | ? | 2 | — | — | — | — | — |  | — | "),
                      // the name's bytes escaped, nothing substituted into: %1 and %2F stay
                      QStringLiteral("OK | — |  | — | pay%1{x}\\x00\\u200f | ch%2Frge | 5 | — | 0 | — | 0 | — | — | — | — | — |  | — | "));
        model.setStale(true);
        model.setConnectionLabel(QStringLiteral("redis://x"));
        model.applySnapshot(snapshotWith(3, 1, false)); // it vanishes again
        COMPARE_PRINT(model, kGroupHeader,
                      QStringLiteral("OK | — | redis://x | — | orders | audit | 0 | — | 0 | — | 0 | — | — | — | — | — |  | — | "),
                      QStringLiteral("OK | — | redis://x | — | orders | ship | 3 | — | 3 | ? | 1 | — | — | — | — | — |  | — | "));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    // The For column at the poll a status changed says "just now", not "0ms"
    // (read as a measurement); a poll later, how long.
    void sinceSaysJustNowAtTheChange()
    {
        SharedHistoryStore history;
        GroupTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.setHistory(&history);
        const HealthThresholds thresholds;
        const auto poll = [&](qint64 atMs, qint64 lag) {
            SnapshotData d;
            d.takenAtMs = atMs;
            d.generation = 1;
            StreamSnapshot s;
            s.key = "orders";
            s.length = 3000;
            s.entriesAdded = 3000;
            GroupSnapshot g;
            g.name = "ship";
            g.lag = lag;
            g.entriesRead = 3000 - lag;
            g.pending = 0;
            g.health = evaluateGroup(s, g, thresholds);
            s.groups = {g};
            d.streams.append(s);
            const Snapshot snap(std::move(d));
            history.write([&](HistoryStore &h) { appendAndEvaluate(h, snap, HistoryRuleThresholds{}); });
            model.applySnapshot(snap);
        };
        const qint64 t0 = 1'796'135'660'000;
        poll(t0, 0);
        // OK: no incident, nothing to count since (issue 45: "For" is the incident's age).
        QCOMPARE(model.index(0, GroupTableModel::Since).data().toString(), QStringLiteral("—"));
        poll(t0 + 5'000, 2'000); // WARN from this poll
        QCOMPARE(model.index(0, GroupTableModel::Since).data().toString(), QStringLiteral("just now"));
        poll(t0 + 12'000, 2'000);
        QCOMPARE(model.index(0, GroupTableModel::Since).data().toString(), QStringLiteral("7s"));
    }

    // The trend draws the measure that explains the status, with the
    // thresholds it is held to (issue 28, item 3): a group CRIT on oldest
    // pending idle with no lag draws that idle climbing past its 5 m line,
    // where it drew a flat lag of 0; an OK group draws lag.
    void trendFollowsTheStatus()
    {
        SharedHistoryStore history;
        GroupTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.setHistory(&history);
        const HealthThresholds thresholds;
        const auto poll = [&](int i, qint64 idleMs) {
            SnapshotData d;
            d.takenAtMs = 1'796'135'660'000 + i * 4000;
            d.generation = 1;
            StreamSnapshot s;
            s.key = "orders";
            s.length = 30;
            s.entriesAdded = 30;
            GroupSnapshot g;
            g.name = "ship";
            g.lag = 0;
            g.entriesRead = 30;
            g.pending = 3;
            g.consumers = 1;
            g.oldestIdleMs = idleMs;
            g.health = evaluateGroup(s, g, thresholds);
            s.groups = {g};
            d.streams.append(s);
            const Snapshot snap(std::move(d));
            history.write([&](HistoryStore &h) { h.append(snap); });
            model.applySnapshot(snap);
        };
        for (int i = 0; i < 10; ++i)
            poll(i, 290'000 + i * 4000); // past oldest_idle_crit (5 m) from the fourth poll on
        const QModelIndex trend = model.index(0, GroupTableModel::Trend);
        QCOMPARE(model.data(trend, GroupTableModel::HealthRole).toInt(), int(Health::Crit));
        QCOMPARE(model.data(trend, GroupTableModel::TrendThresholdsRole).toPointF(), QPointF(60, 300));
        const QList<double> drawn = model.data(trend, GroupTableModel::SparklineRole).value<QList<double>>();
        QList<double> known;
        for (double v : drawn)
            if (!std::isnan(v))
                known << v;
        QVERIFY2(known.size() >= 2, qPrintable(QString::number(known.size())));
        QCOMPARE(known.last(), 326.0); // seconds, the last poll's oldest idle
        QVERIFY(known.first() < known.last());
        const QString words = model.data(trend, Qt::AccessibleTextRole).toString();
        // The first fifth of 36 s (292 s) against the last (324 s).
        QVERIFY2(words.startsWith(QStringLiteral("oldest pending idle now 5m26s"))
                     && words.contains(QStringLiteral("oldest pending idle up 11% in 36s"))
                     && words.contains(QStringLiteral("crit at 5m")),
                 qPrintable(words));

        // Acknowledged: OK again, and the trend is lag's, held to the lag thresholds.
        poll(10, 1000);
        QCOMPARE(model.data(trend, GroupTableModel::HealthRole).toInt(), int(Health::Ok));
        QCOMPARE(model.data(trend, GroupTableModel::TrendThresholdsRole).toPointF(), QPointF(1000, 10000));
        QVERIFY2(model.data(trend, Qt::AccessibleTextRole).toString().startsWith(QStringLiteral("lag now 0")),
                 qPrintable(model.data(trend, Qt::AccessibleTextRole).toString()));
    }

    // "Is it getting worse" in words beside why (issue 48): a batch reader's
    // lag that swings 2,000 ↔ 2,500 with every read is flat, not rising and
    // falling by turns; a lag that climbs is "up N% in 5m"; one that drains
    // is "down"; an OK group's Why says nothing of it; too little history
    // says nothing at all.
    void gettingWorseIsSaidInWords()
    {
        SharedHistoryStore history;
        GroupTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.setHistory(&history);
        const HealthThresholds thresholds;
        qint64 at = 1'796'135'660'000;
        const auto poll = [&](qint64 lag) {
            at += 5000;
            SnapshotData d;
            d.takenAtMs = at;
            d.generation = 1;
            StreamSnapshot s;
            s.key = "orders";
            s.length = 100'000;
            s.entriesAdded = 100'000;
            GroupSnapshot g;
            g.name = "ship";
            g.lag = lag;
            g.entriesRead = 100'000 - lag;
            g.pending = 0;
            g.health = evaluateGroup(s, g, thresholds);
            s.groups = {g};
            d.streams.append(s);
            const Snapshot snap(std::move(d));
            history.write([&](HistoryStore &h) { appendAndEvaluate(h, snap, HistoryRuleThresholds{}); });
            model.applySnapshot(snap);
        };
        poll(2000);
        poll(2500);
        const QModelIndex why = model.index(0, GroupTableModel::Reasons);
        const auto change = [&] { return model.data(why, GroupTableModel::TrendChangeRole).toString(); };
        QCOMPARE(change(), QString()); // 5 s of history: nothing to say
        QCOMPARE(why.data().toString(), QStringLiteral("lag 2,500 ≥ 1,000 unread entries"));
        for (int i = 0; i < 60; ++i) // five minutes of a batch reader
            poll(i % 2 ? 2500 : 2000);
        QCOMPARE(change(), QStringLiteral("lag about flat over 5m00s"));
        QCOMPARE(why.data().toString(), QStringLiteral("lag 2,500 ≥ 1,000 unread entries; lag about flat over 5m00s"));
        for (int i = 1; i <= 60; ++i) // climbing 50 every 5 s, still swinging: the first minute averages 2,569, the last 4,931
            poll(2000 + 50 * i + (i % 2 ? 500 : 0));
        QCOMPARE(change(), QStringLiteral("lag up 92% in 5m00s"));
        QVERIFY2(why.data().toString().endsWith(QStringLiteral("; lag up 92% in 5m00s")), qPrintable(why.data().toString()));
        // Sorting by Why reads the reasons only: a sort of 10,000 rows does not read each one's history.
        QVERIFY2(!model.data(why, GroupTableModel::SortRole).toString().contains(QStringLiteral("lag up")),
                 qPrintable(model.data(why, GroupTableModel::SortRole).toString()));
        for (int i = 1; i <= 60; ++i) // a worker back: it drains
            poll(std::max(0, 5000 - 80 * i));
        QVERIFY2(change().startsWith(QStringLiteral("lag down ")), qPrintable(change()));
        QCOMPARE(model.data(why, GroupTableModel::HealthRole).toInt(), int(Health::Ok));
        QVERIFY2(!why.data().toString().contains(QStringLiteral("down")), qPrintable(why.data().toString()));
    }

    void consumerTableModel()
    {
        ConsumerTableModel model;
        QAbstractItemModelTester tester(&model, kMode);
        Snapshot s = snapshotWith(15, 3, false);
        model.setGroup("orders", "ship", groupOf(s, "orders", "ship"));
        COMPARE_PRINT(model, QStringLiteral("Consumer | Pending | Idle | Inactive | State"), QStringLiteral("w0 | 3 | 1s | — | active"),
                      QStringLiteral("w1 | 3 | 2s | — | active"), QStringLiteral("w2 | 3 | 3s | — | active"));
        s = snapshotWith(15, 1, false); // two consumers deleted
        model.setGroup("orders", "ship", groupOf(s, "orders", "ship"));
        COMPARE_PRINT(model, QStringLiteral("Consumer | Pending | Idle | Inactive | State"), QStringLiteral("w0 | 3 | 1s | — | active"));
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
        const QString pendingHeader = QStringLiteral("Entry ID | Consumer | Idle | Deliveries");
        COMPARE_PRINT(model, pendingHeader, QStringLiteral("1796135654181-0 | w0 | 500ms | 1"), QStringLiteral("1796135654181-1 | w1 | 500ms | 2"),
                      QStringLiteral("1796135654181-2 | w0 | 500ms | 3"), QStringLiteral("1796135654181-3 | w1 | 500ms | 4"),
                      QStringLiteral("1796135654181-4 | w0 | 500ms | 1"), QStringLiteral("1796135654181-5 | w1 | 500ms | 2"));
        s = snapshotWith(15, 1, false); // acknowledged meanwhile
        model.setGroup("orders", "ship", groupOf(s, "orders", "ship"));
        COMPARE_PRINT(model, pendingHeader, QStringLiteral("1796135654181-0 | w0 | 500ms | 1"), QStringLiteral("1796135654181-1 | w0 | 500ms | 2"),
                      QStringLiteral("1796135654181-2 | w0 | 500ms | 3"));
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
        model.applyPage(page(3, 3, true));
        // The time is the entry ID's, in the operator's own time zone.
        const QString at = QDateTime::fromMSecsSinceEpoch(1'796'135'654'103).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        COMPARE_PRINT(model, QStringLiteral("ID | Failed at | Category | Reason | Deliveries | Source ID | Fields | Size"),
                      fillText(QStringLiteral("1796135654103-0 | %1 | timeout |  |  |  | payload={\"order\":3} | 40 bytes"), at),
                      fillText(QStringLiteral("1796135654102-0 | %1 | timeout |  |  |  | payload={\"order\":2} | 40 bytes"), at),
                      fillText(QStringLiteral("1796135654101-0 | %1 | timeout |  |  |  | payload={\"order\":1} | 40 bytes"), at));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    // The dead letters' filter, beside its model: by category (exact), by
    // reason (any case), by ID prefix, in any field, and a time window; the
    // proxy under the model tester while it filters and sorts.
    void dlqFilterProxy()
    {
        DlqEntryModel model;
        DlqFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, kMode);
        EntryPage p;
        p.stream = "orders:dlq";
        p.first = true;
        const QList<QPair<QByteArray, StreamFields>> entries{
            {"1796135654103-0", {{"category", "timeout"}, {"reason", "Upstream TIMED OUT"}, {"payload", "%1"}}},
            {"1796135654102-0", {{"category", "poison"}, {"reason", "bad json"}, {"payload", "{\"o\":2}"}}},
            {"1796135654101-0", {{"category", "timeout"}, {"error", "deadline"}, {"payload", QByteArray("\x00\xe2\x80\x8f", 4)}}}};
        for (const auto &[id, fields] : entries) {
            p.entries.append({id, fields});
            p.entryBytes.append(40);
        }
        model.applyPage(p);
        const auto ids = [&] {
            QStringList out;
            for (int r = 0; r < proxy.rowCount(); ++r)
                out << proxy.index(r, DlqEntryModel::Id).data().toString();
            return out.join(QLatin1Char(' '));
        };
        QCOMPARE(ids(), QStringLiteral("1796135654103-0 1796135654102-0 1796135654101-0"));
        proxy.setFilter(DlqFilterProxy::Scope::Category, QStringLiteral("timeout"), 0);
        QCOMPARE(ids(), QStringLiteral("1796135654103-0 1796135654101-0"));
        proxy.setFilter(DlqFilterProxy::Scope::Category, QStringLiteral("time"), 0); // a category is matched whole
        QCOMPARE(ids(), QString());
        proxy.setFilter(DlqFilterProxy::Scope::Reason, QStringLiteral("timed out"), 0);
        QCOMPARE(ids(), QStringLiteral("1796135654103-0"));
        proxy.setFilter(DlqFilterProxy::Scope::Reason, QStringLiteral("DEADLINE"), 0); // "error" is a reason too
        QCOMPARE(ids(), QStringLiteral("1796135654101-0"));
        proxy.setFilter(DlqFilterProxy::Scope::Id, QStringLiteral("1796135654102"), 0);
        QCOMPARE(ids(), QStringLiteral("1796135654102-0"));
        proxy.setFilter(DlqFilterProxy::Scope::AnyField, QStringLiteral("%1"), 0); // a format string is text like any other
        QCOMPARE(ids(), QStringLiteral("1796135654103-0"));
        proxy.setFilter(DlqFilterProxy::Scope::AnyField, QString(), 1'796'135'654'102);
        QCOMPARE(ids(), QStringLiteral("1796135654103-0 1796135654102-0"));
        QVERIFY(proxy.isFiltering());
        proxy.setFilter(DlqFilterProxy::Scope::AnyField, QString(), 0);
        QVERIFY(!proxy.isFiltering());
        proxy.sort(DlqEntryModel::Id, Qt::AscendingOrder);
        QCOMPARE(ids(), QStringLiteral("1796135654101-0 1796135654102-0 1796135654103-0"));
        const QString at = QDateTime::fromMSecsSinceEpoch(1'796'135'654'101).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        QCOMPARE(pelscope::test::printed(proxy).value(1).section(QStringLiteral(" | "), 0, 2), fillText(QStringLiteral("1796135654101-0 | %1 | timeout"), at));
    }

    // The dead-letter page's reading state (DlqBrowse): an older page's
    // answer after a newer request is dropped; huge entries shrink the page
    // (8 MB a page, never under 10 entries); the export's answer is written
    // whole to the file chosen, as CSV or JSON lines by its name, and an
    // answer to anything else writes nothing.
    void dlqBrowseAndExport()
    {
        DlqBrowse browse;
        const std::optional<quint64> first = browse.beginPage(true);
        QVERIFY(first);
        QVERIFY(browse.loading());
        QVERIFY(!browse.beginPage(false)); // an older page waits for the one in flight
        const std::optional<quint64> newest = browse.beginPage(true);
        QVERIFY(newest && *newest != *first);
        EntryPage stale;
        stale.request = *first;
        QVERIFY(!browse.acceptPage(stale));
        QVERIFY(browse.loading());
        EntryPage page;
        page.request = *newest;
        page.entryBytes = QList<qint64>(200, 1024 * 1024); // 200 entries of 1 MB: 200 MB
        QVERIFY(browse.acceptPage(page));
        QVERIFY(!browse.loading());
        QCOMPARE(browse.pageSize(), 10); // 200 × 8 MB / 200 MB = 8, held at 10

        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("d%1.CSV"));
        const quint64 request = browse.beginExport(csv);
        EntryPage other;
        other.request = request + 1;
        QVERIFY(!browse.finishExport("orders:dlq", other));
        EntryPage entries;
        entries.request = request;
        entries.entries = {{"1-0", StreamFields{{"payload", QByteArray("a,\"b\"\0", 6)}}}};
        const auto written = browse.finishExport("orders:dlq", entries);
        QVERIFY(written && written->error.isEmpty());
        QCOMPARE(written->entries, 1);
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(text.startsWith("dlq,id,field,value,value_base64"), text.constData());
        QVERIFY(!browse.exporting());
        QVERIFY(!browse.finishExport("orders:dlq", entries)); // answered once

        EntryPage nowhere;
        nowhere.request = browse.beginExport(dir.filePath(QStringLiteral("missing/x.jsonl")));
        const auto failed = browse.finishExport("orders:dlq", nowhere);
        QVERIFY(failed && !failed->error.isEmpty()); // no such directory: said, nothing half-written
    }
};

PELSCOPE_UNIT_TEST(TestItemModels)
#include "tst_item_models.moc"
