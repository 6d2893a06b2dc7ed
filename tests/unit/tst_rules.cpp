// The queue, job-framework and cross-slot plan rules, table-driven: each
// row is one situation a server can be in, built as the probe builds its
// snapshot, and what the rule must say about it — the status, the reason
// codes machines read, and the English text the CLI and the report print.
// A row that fails names itself. The group rules are in tst_snapshot_rules
// and tst_history (they need polls over time).
#include "unit_tests.h"
#include "actions/cross_slot_requeue_job.h"
#include "actions/write_plan.h"
#include "health/job_rules.h"
#include "health/queue_rules.h"
#include "values/key_slot.h"
#include "text/fill_text.h"

#include <QTest>

#include <functional>

using namespace pelscope;

namespace {

struct Expected
{
    Health status;
    QList<QByteArray> codes;
    QString text; // the reasons in English, "; "-joined
};

QList<QByteArray> codesOf(const HealthVerdict &v)
{
    QList<QByteArray> codes;
    for (const Reason &r : v.reasons)
        codes << r.code;
    return codes;
}

QString mismatch(const char *row, const HealthVerdict &got, const Expected &want)
{
    QStringList gotCodes, wantCodes;
    for (const QByteArray &c : codesOf(got))
        gotCodes << QString::fromLatin1(c);
    for (const QByteArray &c : want.codes)
        wantCodes << QString::fromLatin1(c);
    return fillText(QStringLiteral("%1:\n   got %2 [%3] \"%4\"\n  want %5 [%6] \"%7\""), QString::fromUtf8(row), healthName(got.status),
                    gotCodes.join(QLatin1Char(',')), joinReasons(got.reasons, QStringLiteral("; "), ReasonLanguage::English),
                    healthName(want.status), wantCodes.join(QLatin1Char(',')), want.text);
}

bool matches(const HealthVerdict &got, const Expected &want)
{
    return got.status == want.status && codesOf(got) == want.codes
        && joinReasons(got.reasons, QStringLiteral("; "), ReasonLanguage::English) == want.text;
}

struct DelayedRow
{
    const char *name;
    std::function<void(DelayedQueueSnapshot &)> set;
    Expected want;
};

struct ListRow
{
    const char *name;
    std::function<void(ListQueueSnapshot &)> set;
    Expected want;
};

struct JobRow
{
    const char *name;
    JobFramework framework;
    std::function<void(JobQueueSnapshot &)> set;
    Expected want;
};

} // namespace

class TestRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void delayedQueue()
    {
        const HealthThresholds t; // overdue: warn 1m, crit 5m
        const QList<DelayedRow> rows{
            {"nothing due", [](auto &q) { q.size = 10; q.due = 0; q.nextDueInMs = 5'000; }, {Health::Ok, {}, {}}},
            {"due, not yet late enough", [](auto &q) { q.size = 10; q.due = 2; q.oldestOverdueMs = 59'999; }, {Health::Ok, {}, {}}},
            {"one due at the warn line",
             [](auto &q) { q.size = 10; q.due = 1; q.oldestOverdueMs = 60'000; },
             {Health::Warn, {"scheduler_behind"}, QStringLiteral("scheduler behind: 1 item due, the oldest overdue by 1m00s ≥ 1m00s")}},
            {"many due past the crit line",
             [](auto &q) { q.size = 20'000; q.due = 12'345; q.oldestOverdueMs = 301'000; },
             {Health::Crit, {"scheduler_behind"}, QStringLiteral("scheduler behind: 12,345 items due, the oldest overdue by 5m01s ≥ 5m00s")}},
            {"unreadable", [](auto &q) { q.error = QStringLiteral("WRONGTYPE"); }, {Health::Warn, {"not_judged"}, QStringLiteral("not judged: WRONGTYPE")}},
            {"no score is a time",
             [](auto &q) { q.size = 3; q.due = 3; q.oldestOverdueMs = 999'999; q.untimedScores = QStringLiteral("0 … 2"); },
             {Health::Warn, {"scores_not_times"}, QStringLiteral("not judged: no item's score is a time (scores 0 … 2)")}},
            {"the next item never comes due",
             [](auto &q) { q.size = 3; q.due = 0; q.nextNotTime = QStringLiteral("inf"); },
             {Health::Warn, {"next_not_time"}, QStringLiteral("the next item is scored inf, not a time: it will never come due")}},
            {"due since nobody knows when",
             [](auto &q) { q.size = 3; q.due = 2; q.earliestNotTime = QStringLiteral("-inf"); },
             {Health::Warn, {"due_not_time"}, QStringLiteral("2 item(s) due, the earliest scored -inf: not a time, so nobody can say since when")}},
        };
        for (const DelayedRow &row : rows) {
            DelayedQueueSnapshot q;
            q.key = "delayed";
            row.set(q);
            const HealthVerdict v = evaluateDelayedQueue(q, t);
            QVERIFY2(matches(v, row.want), qPrintable(mismatch(row.name, v, row.want)));
        }
    }

    void listQueue()
    {
        const HealthThresholds t; // processing timeout 5m, unserved warn 1m, behind crit 5m
        const QList<ListRow> rows{
            {"served and nothing stuck", [](auto &q) { q.length = 4; q.processingLength = 2; q.sampled = 2; }, {Health::Ok, {}, {}}},
            {"one stuck",
             [](auto &q) { q.length = 0; q.processingLength = 1; q.sampled = 1; q.stuck = 1; q.oldestProcessingAgeMs = 750'000; },
             {Health::Warn, {"processing_stuck"}, QStringLiteral("1 item in processing longer than 5m00s (the oldest 12m30s): a worker may have crashed holding it")}},
            {"stuck beyond the sample",
             [](auto &q) { q.length = 0; q.processingLength = 5'000; q.sampled = 100; q.stuck = 100; q.oldestProcessingAgeMs = 3'600'000; },
             {Health::Warn, {"processing_stuck"},
              QStringLiteral("at least 100 items in processing longer than 5m00s (the oldest 1h0m): a worker may have crashed holding them")}},
            {"stuck, age unreadable",
             [](auto &q) { q.processingLength = 2; q.sampled = 2; q.stuck = 2; },
             {Health::Warn, {"processing_stuck"}, QStringLiteral("2 items in processing longer than 5m00s (the oldest ?): a worker may have crashed holding them")}},
            {"unserved under a minute", [](auto &q) { q.length = 9; q.processingLength = 0; q.unservedForMs = 59'000; }, {Health::Ok, {}, {}}},
            {"no worker, list growing",
             [](auto &q) { q.length = 40; q.processingLength = 0; q.unservedForMs = 90'000; q.unservedGrowth = 30; },
             {Health::Warn, {"no_worker"}, QStringLiteral("no worker: the main list grew by 30 over 1m30s with nothing in processing")}},
            {"no worker for behind_crit",
             [](auto &q) { q.length = 7; q.processingLength = 0; q.unservedForMs = 300'000; },
             {Health::Crit, {"no_worker"}, QStringLiteral("no worker: nothing taken from the main list for 5m00s while 7 items wait, nothing in processing")}},
            {"plain list, growing",
             [](auto &q) { q.processingKey.clear(); q.length = 1'200; q.unservedForMs = 120'000; q.unservedGrowth = 200; },
             {Health::Warn, {"no_worker"}, QStringLiteral("no worker: nothing taken from the list for 2m00s while it grew by 200 to 1,200")}},
            {"plain list, still",
             [](auto &q) { q.processingKey.clear(); q.length = 5; q.unservedForMs = 61'000; },
             {Health::Warn, {"no_worker"}, QStringLiteral("no worker: nothing taken from the list for 1m01s while 5 items wait")}},
            {"unreadable", [](auto &q) { q.error = QStringLiteral("NOPERM"); }, {Health::Warn, {"not_judged"}, QStringLiteral("not judged: NOPERM")}},
        };
        for (const ListRow &row : rows) {
            ListQueueSnapshot q;
            q.key = "jobs";
            q.processingKey = "jobs:processing";
            row.set(q);
            const HealthVerdict v = evaluateListQueue(q, t);
            QVERIFY2(matches(v, row.want), qPrintable(mismatch(row.name, v, row.want)));
        }
    }

    void jobQueue()
    {
        const HealthThresholds t; // behind: warn 1m, crit 5m; Celery's visibility timeout 1h
        const QList<JobRow> rows{
            {"BullMQ idle and healthy", JobFramework::BullMQ, [](auto &q) { q.waiting = 0; q.active = 0; }, {Health::Ok, {}, {}}},
            {"BullMQ stalled jobs", JobFramework::BullMQ,
             [](auto &q) { q.waiting = 0; q.active = 5; q.orphaned = 5; },
             {Health::Crit, {"orphaned"}, QStringLiteral("5 active job(s) whose lock is gone: stalled, no worker holds them")}},
            {"BullMQ nobody taking", JobFramework::BullMQ,
             [](auto &q) { q.waiting = 29; q.active = 0; },
             {Health::Warn, {"none_taking"}, QStringLiteral("29 job(s) waiting and none held by any worker: nobody is taking them")}},
            {"BullMQ paused", JobFramework::BullMQ,
             [](auto &q) { q.waiting = 3; q.paused = true; q.active = 0; q.notTakenForMs = 900'000; },
             {Health::Warn, {"paused"}, QStringLiteral("paused with 3 job(s) waiting")}},
            {"Sidekiq dead process", JobFramework::Sidekiq,
             [](auto &q) { q.waiting = 0; q.workers = 0; q.orphaned = 3; q.oldestOrphanedMs = 190'000; q.deadWorkers = {QStringLiteral("host:1 (beat 3m10s ago, holding 3)")}; },
             {Health::Crit, {"orphaned", "workers_stopped"},
              QStringLiteral("3 job(s) held by a process whose heartbeat stopped 3m10s ago; stopped: host:1 (beat 3m10s ago, holding 3)")}},
            {"RQ no worker", JobFramework::Rq,
             [](auto &q) { q.waiting = 3; q.workers = 0; },
             {Health::Crit, {"no_worker"}, QStringLiteral("3 job(s) waiting and no worker serves the queue")}},
            {"RQ orphaned", JobFramework::Rq,
             [](auto &q) { q.waiting = 0; q.workers = 1; q.active = 1; q.orphaned = 1; q.oldestOrphanedMs = 42'000; },
             {Health::Crit, {"orphaned"}, QStringLiteral("1 started job(s) whose worker stopped: heartbeat deadline passed 42s ago")}},
            {"RQ worker gone without cleaning up", JobFramework::Rq,
             [](auto &q) { q.waiting = 0; q.workers = 1; q.goneWorkers = {QStringLiteral("w%1{x}")}; },
             {Health::Warn, {"workers_gone"}, QStringLiteral("1 worker(s) died without cleaning up: w%1{x}")}},
            {"Celery reserved past the visibility timeout", JobFramework::Celery,
             [](auto &q) { q.waiting = 0; q.active = 8; q.orphaned = 8; q.oldestOrphanedMs = 3'900'000; },
             {Health::Crit, {"orphaned"},
              QStringLiteral("8 task(s) reserved by a worker for 1h5m, past the visibility timeout 1h0m and kombu's restore pace: nobody gave them back")}},
            {"Celery busy workers, nothing taken", JobFramework::Celery,
             [](auto &q) { q.waiting = 29; q.active = 4; q.notTakenForMs = 400'000; },
             {Health::Warn, {"not_taken"}, QStringLiteral("no job taken for 6m40s while 29 wait: every worker is busy, or stuck")}},
            {"dramatiq dead broker", JobFramework::Dramatiq,
             [](auto &q) { q.waiting = 0; q.active = 2; q.orphaned = 2; q.oldestOrphanedMs = 75'000; },
             {Health::Crit, {"orphaned"},
              QStringLiteral("2 message(s) fetched by a broker whose heartbeat stopped 1m15s ago: held by nobody until dramatiq's maintenance requeues them")}},
            {"arq never counts held jobs as orphaned", JobFramework::Arq,
             [](auto &q) { q.waiting = 0; q.active = 2; q.orphaned = 2; },
             {Health::Ok, {}, {}}},
            {"arq old due job", JobFramework::Arq,
             [](auto &q) { q.waiting = 4; q.oldestWaitingMs = 120'000; q.active = 1; },
             {Health::Warn, {"oldest_waiting"}, QStringLiteral("oldest waiting job due 2m00s ago ≥ 1m00s")}},
            {"old waiting job, nobody for behind_crit", JobFramework::BullMQ,
             [](auto &q) { q.waiting = 10; q.oldestWaitingMs = 600'000; q.active = 0; q.notTakenForMs = 600'000; },
             {Health::Crit, {"none_taking", "oldest_waiting", "not_taken"},
              QStringLiteral("10 job(s) waiting and none held by any worker: nobody is taking them; oldest waiting job enqueued 10m00s ago ≥ 5m00s; "
                             "no job taken for 10m00s while 10 wait: no worker is taking them")}},
            {"scheduled jobs not moved", JobFramework::Sidekiq,
             [](auto &q) { q.waiting = 0; q.workers = 1; q.scheduled = 9; q.overdue = 2; q.oldestOverdueMs = 70'000; },
             {Health::Warn, {"scheduled_overdue"}, QStringLiteral("2 scheduled job(s) due and not moved, the oldest overdue by 1m10s ≥ 1m00s")}},
            {"unreadable", JobFramework::Rq, [](auto &q) { q.error = QStringLiteral("WRONGTYPE"); },
             {Health::Warn, {"not_judged"}, QStringLiteral("not judged: WRONGTYPE")}},
        };
        for (const JobRow &row : rows) {
            JobQueueSnapshot q;
            q.framework = row.framework;
            q.name = "mail";
            row.set(q);
            const HealthVerdict v = evaluateJobQueue(q, t);
            QVERIFY2(matches(v, row.want), qPrintable(mismatch(row.name, v, row.want)));
        }
    }

    // Which path a requeue takes on a cluster, and the refusals, said
    // before anything is written: a key's slot is Redis's own (CRC16 of the
    // hash tag), the ledger shares the source's slot.
    void requeuePaths()
    {
        struct Row
        {
            const char *name;
            QByteArray dlq, target;
            RequeuePathPlan::Path path;
            QByteArray ledgerKey;
        };
        const QList<Row> rows{
            {"one hash tag", "{orders}:dlq", "{orders}", RequeuePathPlan::Path::Atomic, {}},
            {"different slots", "orders:dlq", "orders", RequeuePathPlan::Path::CrossSlotLedger, "{orders}:pelscope:requeue-ledger"},
            {"source tagged", "dlq", "{o%1}:stream", RequeuePathPlan::Path::CrossSlotLedger, "{o%1}:pelscope:requeue-ledger"},
            {"no tag a ledger could share", "dlq", "a}b", RequeuePathPlan::Path::Refused, "{a}b}:pelscope:requeue-ledger"},
        };
        for (const Row &row : rows) {
            const RequeuePathPlan plan = planRequeuePath(row.dlq, row.target);
            QVERIFY2(plan.path == row.path, row.name);
            QVERIFY2(plan.ledgerKey == row.ledgerKey, qPrintable(QString::fromUtf8(row.name) + QStringLiteral(": ") + QString::fromUtf8(plan.ledgerKey)));
            if (plan.path == RequeuePathPlan::Path::CrossSlotLedger)
                QCOMPARE(keySlot(plan.ledgerKey), keySlot(row.target));
            // The description names both keys as they are: a %1 in a name is not substituted into.
            QVERIFY2(plan.description.contains(QString::fromUtf8(row.target)), qPrintable(plan.description));
        }
        QCOMPARE(planRequeuePath("{orders}:dlq", "{orders}").description,
                 QStringLiteral("atomic: {orders}:dlq and {orders} share slot %1, one script moves each batch").arg(keySlot("orders")));
        QCOMPARE(planRequeuePath("dlq", "a}b").description,
                 QStringLiteral("refusing: no ledger key can share the slot of a}b, so a retry could not be recognised and an entry could be requeued twice"));
    }
};

PELSCOPE_UNIT_TEST(TestRules)
#include "tst_rules.moc"
