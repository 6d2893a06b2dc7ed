// The job frameworks' own repairs (issue 46, item 6): `pelscope-cli job
// retry` run against what each framework's real worker left on a real
// redis-server, and the framework's own worker then taking the jobs back as
// if its own UI had retried them (its API says they completed). Each write
// is planned (--dry-run changes nothing), takes exactly the jobs asked, and
// is audited; a second run finds nothing to do.
#include "actions/job_repair_job.h"
#include "cli_process.h"
#include "fault_proxy.h"
#include "framework_worker.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "write_job_runner.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

QString scenarioDir(const char *framework)
{
    return QDir(QStringLiteral(PELSCOPE_FRAMEWORKS_DIR)).filePath(QString::fromLatin1(framework));
}

ProcessRun cli(const QString &url, const QStringList &args, const QString &auditLog)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), auditLog);
    return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), QStringList{QStringLiteral("--url"), url} + args, env, 60000);
}

QString said(const ProcessRun &run)
{
    return QString::fromUtf8(run.out + "\n--- stderr ---\n" + run.err);
}

// The audit stream's records of `action`: their "items" counts, in order.
QList<qint64> auditedItems(RedisOracle &db, const QByteArray &action)
{
    QList<qint64> out;
    const RedisReply records = db.command({"XRANGE", "pelscope:audit", "-", "+"});
    for (const RedisReply &entry : records.elements()) {
        const QList<RedisReply> f = entry.at(1).elements();
        QByteArray a;
        qint64 items = -1;
        for (qsizetype i = 0; i + 1 < f.size(); i += 2) {
            if (f.at(i).bytes() == "action")
                a = f.at(i + 1).bytes();
            if (f.at(i).bytes() == "items")
                items = f.at(i + 1).bytes().toLongLong();
        }
        if (a == action)
            out << items;
    }
    return out;
}

// Sidekiq's own API, read by the scenario: one JSON line.
QJsonObject sidekiqTruth(const QString &script, const QString &url)
{
    const ProcessRun run = runProcess(QStringLiteral("ruby"), {script, QStringLiteral("truth"), url});
    return QJsonDocument::fromJson(run.out.trimmed().split('\n').last()).object();
}

// A JSON object's members other than `except`, as they were.
QJsonObject without(QJsonObject o, const QStringList &except)
{
    for (const QString &k : except)
        o.remove(k);
    return o;
}

} // namespace

class TestFrameworkRepairs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // 6 BullMQ jobs failed for good (attempts 1): one retried by id, the rest
    // by their error, then BullMQ's own worker (the fix deployed) completes
    // all 6; getJobCounts says completed 6, failed 0.
    void bullmqRetryFailedJobs()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString dir = scenarioDir("bullmq");
        QVERIFY2(QFile::exists(dir + QStringLiteral("/node_modules/bullmq/package.json")),
                 "BullMQ is not installed: ./dev deps runs npm ci in tests/frameworks/bullmq");
        const QString node = QStringLiteral("node"), script = dir + QStringLiteral("/scenario.mjs");
        const QString audit = QDir::temp().filePath(QStringLiteral("pelscope-repairs-bullmq-%1.jsonl").arg(QCoreApplication::applicationPid()));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        {
            FrameworkWorker failing;
            QVERIFY(failing.start(node, {script, QStringLiteral("worker"), server.url(), QStringLiteral("mail"), QStringLiteral("--sleep"), QStringLiteral("0")}, dir));
            QVERIFY2(failing.waitForLine("ready", 20000), failing.output().constData());
            const ProcessRun poisoned = runProcess(node, {script, QStringLiteral("poison"), server.url(), QStringLiteral("6")});
            QVERIFY2(poisoned.exitCode == 0, poisoned.err.constData());
            QVERIFY2(waitUntil([&] { return db.command({"ZCARD", "bull:mail:failed"}).integer() == 6; }, 20000), failing.output().constData());
        }
        const QList<QByteArray> failed = [&] {
            QList<QByteArray> ids;
            const RedisReply members = db.command({"ZRANGE", "bull:mail:failed", "0", "-1"});
            for (const RedisReply &r : members.elements())
                ids << r.bytes();
            return ids;
        }();

        // The plan: every job, its error, the commands; nothing written.
        ProcessRun run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("BullMQ mail"), QStringLiteral("--dry-run")}, audit);
        QVERIFY2(run.exitCode == 0, qPrintable(said(run)));
        QVERIFY2(run.out.contains("would retry 6 jobs from \"bull:mail:failed\""), qPrintable(said(run)));
        QVERIFY2(run.out.contains("poison pill in job"), qPrintable(said(run)));
        for (const QByteArray &id : failed)
            QVERIFY2(run.out.contains("\"" + id + "\"  ZREM"), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "bull:mail:failed"}).integer(), 6);

        // An error no job has: nothing to do, nothing written.
        run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("BullMQ mail"), QStringLiteral("--error"), QStringLiteral("timeout"),
                                 QStringLiteral("--yes")},
                  audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("6 jobs left (their error does not match"), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "bull:mail:failed"}).integer(), 6);

        // One by its id: that job, and only it, waits again.
        run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("BullMQ mail"), QStringLiteral("--id"), QString::fromUtf8(failed.first()),
                                 QStringLiteral("--yes")},
                  audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("retried 1 job from"), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "bull:mail:failed"}).integer(), 5);
        QCOMPARE(db.command({"LRANGE", "bull:mail:wait", "0", "-1"}).elements().size(), 1);
        QCOMPARE(db.command({"LINDEX", "bull:mail:wait", "0"}).bytes(), failed.first());
        QVERIFY(db.command({"HGET", "bull:mail:" + failed.first(), "failedReason"}).isNil());

        // The rest by their error.
        run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("BullMQ mail"), QStringLiteral("--error"), QStringLiteral("POISON PILL"),
                                 QStringLiteral("--yes")},
                  audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("retried 5 jobs from"), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "bull:mail:failed"}).integer(), 0);
        QCOMPARE(db.command({"LLEN", "bull:mail:wait"}).integer(), 6);
        QCOMPARE(auditedItems(db, "bullmq_retry"), (QList<qint64>{1, 5})); // the run that matched nothing wrote no batch
        // BullMQ's own listeners hear each job wait again, as after its own retry.
        qint64 waitingEvents = 0;
        const RedisReply events = db.command({"XRANGE", "bull:mail:events", "-", "+"});
        for (const RedisReply &e : events.elements())
            if (e.at(1).elements().size() >= 6 && e.at(1).at(1).bytes() == "waiting" && e.at(1).at(5).bytes() == "failed")
                ++waitingEvents;
        QCOMPARE(waitingEvents, 6);

        // Nothing left to retry: said, nothing written.
        run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("BullMQ mail"), QStringLiteral("--yes")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("nothing to write"), qPrintable(said(run)));

        // BullMQ's own worker takes them back and completes them.
        FrameworkWorker cured;
        QVERIFY(cured.start(node, {script, QStringLiteral("worker"), server.url(), QStringLiteral("mail"), QStringLiteral("--sleep"), QStringLiteral("0"),
                                   QStringLiteral("--cured"), QStringLiteral("1")},
                            dir));
        QVERIFY2(cured.waitForLine("ready", 20000), cured.output().constData());
        QVERIFY2(waitUntil([&] { return cured.output().count("completed ") == 6; }, 20000), cured.output().constData());
        const ProcessRun truth = runProcess(node, {script, QStringLiteral("truth"), server.url(), QStringLiteral("mail")});
        const QJsonObject counts = QJsonDocument::fromJson(truth.out.trimmed().split('\n').last()).object().value(QLatin1String("counts")).toObject();
        QCOMPARE(counts.value(QLatin1String("completed")).toInt(), 6);
        QCOMPARE(counts.value(QLatin1String("failed")).toInt(), 0);
        QCOMPARE(counts.value(QLatin1String("wait")).toInt(), 0);
        QFile::remove(audit);
    }
    // A batch's reply lost after BullMQ's jobs moved: the job finds its batch
    // in the audit stream and counts it, sends nothing twice (each job once
    // in wait, one 'waiting' event each), and the run says 6 retried, none
    // uncertain; then, the whole set retried again, nothing is left to do.
    void bullmqRetryIsExactlyOnceAfterALostReply()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString dir = scenarioDir("bullmq");
        const QString node = QStringLiteral("node"), script = dir + QStringLiteral("/scenario.mjs");
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        {
            FrameworkWorker failing;
            QVERIFY(failing.start(node, {script, QStringLiteral("worker"), server.url(), QStringLiteral("mail"), QStringLiteral("--sleep"), QStringLiteral("0")}, dir));
            QVERIFY2(failing.waitForLine("ready", 20000), failing.output().constData());
            QCOMPARE(runProcess(node, {script, QStringLiteral("poison"), server.url(), QStringLiteral("6")}).exitCode, 0);
            QVERIFY2(waitUntil([&] { return db.command({"ZCARD", "bull:mail:failed"}).integer() == 6; }, 20000), failing.output().constData());
        }
        const QByteArray second = db.command({"ZRANGE", "bull:mail:failed", "2", "2"}).at(0).bytes(); // first of the second batch
        FaultProxy proxy(server.port());
        QVERIFY(proxy.listen());
        // Only the script call carries an id followed by its push command.
        proxy.loseReplyTo("$" + QByteArray::number(second.size()) + "\r\n" + second + "\r\n$5\r\nLPUSH\r\n");
        QTemporaryDir tmp;
        JobRepairRequest r;
        r.framework = JobFramework::BullMQ;
        r.prefix = "bull";
        r.name = "mail";
        r.batchSize = 2;
        r.auditLogPath = tmp.filePath(QStringLiteral("audit.jsonl"));
        JobRepairJob job(jobOptionsFor(proxy.url()), r);
        const WriteOutcome outcome = runToEnd(job);
        QCOMPARE(proxy.repliesLost(), 1);
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QCOMPARE(outcome.counts.done, 6);
        QCOMPARE(outcome.counts.uncertain, 0);
        QCOMPARE(outcome.counts.retries, 1);
        QCOMPARE(db.command({"ZCARD", "bull:mail:failed"}).integer(), 0);
        const RedisReply wait = db.command({"LRANGE", "bull:mail:wait", "0", "-1"});
        QSet<QByteArray> distinct;
        for (const RedisReply &id : wait.elements())
            distinct.insert(id.bytes());
        QCOMPARE(wait.elements().size(), 6);
        QCOMPARE(distinct.size(), 6);
        QCOMPARE(auditedItems(db, "bullmq_retry"), (QList<qint64>{2, 2, 2}));

        JobRepairJob again(jobOptionsFor(server.url()), r);
        const WriteOutcome nothing = runToEnd(again);
        QCOMPARE(nothing.counts.done, 0);
        QCOMPARE(db.command({"LLEN", "bull:mail:wait"}).integer(), 6);
    }

    // 4 Sidekiq jobs dead (retry: 0) and 3 in the retry set: the dead set
    // retried (one by its jid, then the rest), the retry set retried now;
    // each payload pushed to its queue byte for byte but for retry_count (one
    // less, as Sidekiq's own Retry does) and enqueued_at; Sidekiq's own
    // worker (the fix deployed) then processes all 7: dead 0, retry 0,
    // nothing enqueued, processed up by 7.
    void sidekiqRetryFromDeadAndRetrySets()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString dir = scenarioDir("sidekiq"), script = dir + QStringLiteral("/scenario.rb");
        const QString audit = QDir::temp().filePath(QStringLiteral("pelscope-repairs-sidekiq-%1.jsonl").arg(QCoreApplication::applicationPid()));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        {
            FrameworkWorker failing;
            QVERIFY(failing.start(QStringLiteral("ruby"), {script, QStringLiteral("worker"), server.url()}, dir));
            QVERIFY2(failing.waitForLine("READY", 30000), failing.output().constData());
            QCOMPARE(runProcess(QStringLiteral("ruby"), {script, QStringLiteral("poison"), server.url(), QStringLiteral("4")}).exitCode, 0);
            QCOMPARE(runProcess(QStringLiteral("ruby"), {script, QStringLiteral("flaky"), server.url(), QStringLiteral("3")}).exitCode, 0);
            QVERIFY2(waitUntil([&] { return db.command({"ZCARD", "dead"}).integer() == 4 && db.command({"ZCARD", "retry"}).integer() == 3; }, 20000),
                     failing.output().constData());
        } // killed before its own retries fall due (15 s at the earliest)
        const QJsonObject before = sidekiqTruth(script, server.url());
        const qint64 processedBefore = before.value(QLatin1String("stats")).toObject().value(QLatin1String("processed")).toInteger();
        const RedisReply deadMembers = db.command({"ZRANGE", "dead", "0", "-1"});
        const RedisReply retryMembers = db.command({"ZRANGE", "retry", "0", "-1"});
        QHash<QString, QJsonObject> original; // by jid
        for (const RedisReply *set : {&deadMembers, &retryMembers})
            for (const RedisReply &m : set->elements()) {
                const QJsonObject job = QJsonDocument::fromJson(m.bytes()).object();
                original.insert(job.value(QLatin1String("jid")).toString(), job);
            }
        QCOMPARE(original.size(), 7);
        const QString firstJid = QJsonDocument::fromJson(deadMembers.at(0).bytes()).object().value(QLatin1String("jid")).toString();

        ProcessRun run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("Sidekiq dead"), QStringLiteral("--dry-run")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("would retry 4 jobs from \"dead\"") && run.out.contains("ArgumentError: poison pill"), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "dead"}).integer(), 4);

        run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("Sidekiq dead"), QStringLiteral("--id"), firstJid, QStringLiteral("--yes")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("retried 1 job from \"dead\""), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "dead"}).integer(), 3);
        run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("Sidekiq dead"), QStringLiteral("--yes")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("retried 3 jobs from \"dead\""), qPrintable(said(run)));
        run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("Sidekiq retry"), QStringLiteral("--yes")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("retried 3 jobs from \"retry\""), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "dead"}).integer() + db.command({"ZCARD", "retry"}).integer(), 0);
        QVERIFY(db.command({"SISMEMBER", "queues", "default"}).integer() == 1);

        // On the queue: the same jobs, retry_count one less, enqueued_at now, the rest as it was.
        const RedisReply queued = db.command({"LRANGE", "queue:default", "0", "-1"});
        QCOMPARE(queued.elements().size(), 7);
        for (const RedisReply &m : queued.elements()) {
            const QJsonObject job = QJsonDocument::fromJson(m.bytes()).object();
            const QJsonObject was = original.value(job.value(QLatin1String("jid")).toString());
            QVERIFY2(!was.isEmpty(), m.bytes().constData());
            QCOMPARE(job.value(QLatin1String("retry_count")).toInt(), was.value(QLatin1String("retry_count")).toInt() - 1);
            QVERIFY(job.value(QLatin1String("enqueued_at")).toDouble() > was.value(QLatin1String("enqueued_at")).toDouble());
            QCOMPARE(without(job, {QStringLiteral("retry_count"), QStringLiteral("enqueued_at")}),
                     without(was, {QStringLiteral("retry_count"), QStringLiteral("enqueued_at")}));
        }
        QCOMPARE(auditedItems(db, "sidekiq_retry"), (QList<qint64>{1, 3, 3}));

        QProcessEnvironment cured = QProcessEnvironment::systemEnvironment();
        cured.insert(QStringLiteral("SCENARIO_CURED"), QStringLiteral("1"));
        FrameworkWorker worker;
        QVERIFY(worker.start(QStringLiteral("ruby"), {script, QStringLiteral("worker"), server.url()}, dir, cured));
        QVERIFY2(worker.waitForLine("READY", 30000), worker.output().constData());
        QJsonObject after;
        QVERIFY2(waitUntil(
                     [&] {
                         after = sidekiqTruth(script, server.url());
                         return after.value(QLatin1String("stats")).toObject().value(QLatin1String("processed")).toInteger() >= processedBefore + 7;
                     },
                     30000),
                 QJsonDocument(after).toJson().constData());
        const QJsonObject stats = after.value(QLatin1String("stats")).toObject();
        QCOMPARE(stats.value(QLatin1String("dead_size")).toInt(), 0);
        QCOMPARE(stats.value(QLatin1String("retry_size")).toInt(), 0);
        QCOMPARE(stats.value(QLatin1String("enqueued")).toInt(), 0);
        QCOMPARE(stats.value(QLatin1String("failed")).toInteger(), before.value(QLatin1String("stats")).toObject().value(QLatin1String("failed")).toInteger());
        QFile::remove(audit);
    }
    // 3 RQ jobs in the failed registry (their worker raised): requeued as
    // RQ's own FailedJobRegistry.requeue does (status queued, exc_info
    // emptied, the id to its queue's right end); RQ's own worker (the fix
    // deployed) then finishes them: its finished registry holds all 3.
    void rqRequeueFromTheFailedRegistry()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString py = QStringLiteral("/usr/bin/python3"), dir = scenarioDir("rq"), script = dir + QStringLiteral("/scenario.py");
        const QString audit = QDir::temp().filePath(QStringLiteral("pelscope-repairs-rq-%1.jsonl").arg(QCoreApplication::applicationPid()));
        ProcessRun step = runProcess(py, {script, QStringLiteral("produce"), server.url(), QStringLiteral("1")});
        QVERIFY2(step.exitCode == 0, step.err.constData());
        step = runProcess(py, {script, QStringLiteral("fail-worker"), server.url()});
        QVERIFY2(step.exitCode == 0, step.err.constData());
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QCOMPARE(db.command({"ZCARD", "rq:failed:flaky"}).integer(), 3);
        const RedisReply failed = db.command({"ZRANGE", "rq:failed:flaky", "0", "-1"});
        // What failed, as RQ stored it, on the queue's row (the error the repair's --error matches).
        const ProcessRun snap = cli(server.url(), {QStringLiteral("snapshot"), QStringLiteral("--json")}, audit);
        QString newest;
        for (const QJsonValue &v : QJsonDocument::fromJson(snap.out).object().value(QLatin1String("job_systems")).toObject().value(QLatin1String("queues")).toArray())
            if (v.toObject().value(QLatin1String("framework")).toString() == QLatin1String("rq") && v.toObject().value(QLatin1String("name")).toString() == QLatin1String("flaky"))
                newest = v.toObject().value(QLatin1String("newest_failure")).toString();
        QCOMPARE(newest, QStringLiteral("RuntimeError: scenario: deliberate failure"));

        ProcessRun run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("RQ flaky"), QStringLiteral("--error"),
                                            QStringLiteral("deliberate failure"), QStringLiteral("--dry-run")},
                             audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("would requeue 3 jobs from \"rq:failed:flaky\"") && run.out.contains("RuntimeError"),
                 qPrintable(said(run)));
        run = cli(server.url(), {QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("RQ flaky"), QStringLiteral("--yes")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("requeued 3 jobs from \"rq:failed:flaky\""), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "rq:failed:flaky"}).integer(), 0);
        QCOMPARE(db.command({"LRANGE", "rq:queue:flaky", "0", "-1"}).elements().size(), 3);
        for (const RedisReply &id : failed.elements()) {
            QCOMPARE(db.command({"HGET", "rq:job:" + id.bytes(), "status"}).bytes(), QByteArray("queued"));
            QCOMPARE(db.command({"HGET", "rq:job:" + id.bytes(), "ended_at"}).bytes(), QByteArray());
        }
        QCOMPARE(auditedItems(db, "rq_requeue"), (QList<qint64>{3}));

        QProcessEnvironment cured = QProcessEnvironment::systemEnvironment();
        cured.insert(QStringLiteral("SCENARIO_CURED"), QStringLiteral("1"));
        step = runProcess(py, {script, QStringLiteral("worker"), server.url(), QStringLiteral("flaky"), QStringLiteral("--fast"), QStringLiteral("--burst")}, cured, 60000);
        QVERIFY2(step.exitCode == 0, step.err.constData());
        QCOMPARE(db.command({"ZCARD", "rq:finished:flaky"}).integer(), 3);
        for (const RedisReply &id : failed.elements())
            QCOMPARE(db.command({"HGET", "rq:job:" + id.bytes(), "status"}).bytes(), QByteArray("finished"));
        QCOMPARE(db.command({"ZCARD", "rq:failed:flaky"}).integer(), 0);
        QFile::remove(audit);
    }
    // A Celery worker SIGKILLed holding 8 tasks (2 running, 6 prefetched):
    // within the visibility timeout nothing is restored (a live worker may
    // hold them); past it they go back as kombu's own restore sends them
    // (marked redelivered, RPUSHed to the queue the exchange binds), and a
    // new worker runs all 8.
    void celeryRestoreUnackedPastTheVisibilityTimeout()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString py = QStringLiteral("/usr/bin/python3"), dir = scenarioDir("celery"), script = dir + QStringLiteral("/scenario.py");
        const QString url = server.url() + QStringLiteral("/0");
        const QString audit = QDir::temp().filePath(QStringLiteral("pelscope-repairs-celery-%1.jsonl").arg(QCoreApplication::applicationPid()));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("VISIBILITY_TIMEOUT"), QStringLiteral("3"));
        QVERIFY(runProcess(py, {script, QStringLiteral("produce"), url, QStringLiteral("8"), QStringLiteral("--mail"), QStringLiteral("0"), QStringLiteral("--prio"),
                                QStringLiteral("0")},
                           env, 30000)
                    .exitCode == 0);
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        {
            FrameworkWorker holding;
            QVERIFY(holding.start(py, {script, QStringLiteral("worker"), url}, dir, env));
            QVERIFY2(holding.waitForLine("ready", 30000), holding.output().constData());
            QVERIFY2(waitUntil([&] { return db.command({"ZCARD", "unacked_index"}).integer() == 8; }, 20000), holding.output().constData());
        } // SIGKILLed holding all 8
        const QStringList restore{QStringLiteral("job"), QStringLiteral("retry"), QStringLiteral("Celery unacked")};
        const QStringList within{QStringLiteral("--threshold"), QStringLiteral("celery_visibility_timeout=1h")};
        const QStringList past{QStringLiteral("--threshold"), QStringLiteral("celery_visibility_timeout=3s")};

        ProcessRun run = cli(server.url(), within + restore + QStringList{QStringLiteral("--id"), QString::fromUtf8(db.command({"ZRANGE", "unacked_index", "0", "0"}).at(0).bytes()), QStringLiteral("--yes")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("nothing to write") && run.out.contains("within the visibility timeout"), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "unacked_index"}).integer(), 8);

        QTest::qWait(3500); // past the app's visibility timeout
        run = cli(server.url(), past + restore + QStringList{QStringLiteral("--dry-run")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("would restore 8 tasks from \"unacked_index\"") && run.out.contains("scenario.slow")
                     && run.out.contains("RPUSH \"celery\""),
                 qPrintable(said(run)));
        run = cli(server.url(), past + restore + QStringList{QStringLiteral("--yes")}, audit);
        QVERIFY2(run.exitCode == 0 && run.out.contains("restored 8 tasks from \"unacked_index\""), qPrintable(said(run)));
        QCOMPARE(db.command({"ZCARD", "unacked_index"}).integer(), 0);
        QCOMPARE(db.command({"HLEN", "unacked"}).integer(), 0);
        const RedisReply queued = db.command({"LRANGE", "celery", "0", "-1"});
        QCOMPARE(queued.elements().size(), 8);
        for (const RedisReply &m : queued.elements()) {
            const QJsonObject message = QJsonDocument::fromJson(m.bytes()).object();
            QVERIFY2(message.value(QLatin1String("headers")).toObject().value(QLatin1String("redelivered")).toBool(), m.bytes().constData());
            QVERIFY(message.value(QLatin1String("properties")).toObject().value(QLatin1String("delivery_info")).toObject().value(QLatin1String("redelivered")).toBool());
        }
        QCOMPARE(auditedItems(db, "celery_restore"), (QList<qint64>{8}));

        env.insert(QStringLiteral("SLOW_SECONDS"), QStringLiteral("0"));
        FrameworkWorker worker;
        QVERIFY(worker.start(py, {script, QStringLiteral("worker"), url}, dir, env));
        QVERIFY2(waitUntil([&] { return worker.output().count("succeeded in") == 8; }, 30000), worker.output().constData());
        QCOMPARE(db.command({"LLEN", "celery"}).integer(), 0);
        QFile::remove(audit);
    }
};

QTEST_GUILESS_MAIN(TestFrameworkRepairs)
#include "tst_framework_repairs.moc"
