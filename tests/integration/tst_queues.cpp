// The articles' other two queue patterns on a real server, built with their
// own command shapes (seed 004): a delayed queue on a sorted set scored by Unix
// time, taken with ZRANGEBYSCORE/ZREM, and a reliable list served with
// LMOVE myqueue processing RIGHT LEFT and LREM. Every value is compared with
// what the server says.
#include "actions/queue_write_job.h"
#include "fault_proxy.h"
#include "write_job_runner.h"
#include "poll_once.h"
#include "cli_process.h"
#include "probe/queue_probe.h"
#include "snapshot/activity_text.h"
#include "snapshot/format.h"
#include "text/fill_text.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace pelscope;
using namespace pelscope::test;

namespace {

qint64 serverNowMs(RedisOracle &db)
{
    const RedisReply t = db.command({"TIME"});
    return t.at(0).toInt().value_or(0) * 1000 + t.at(1).toInt().value_or(0) / 1000;
}

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

QByteArray job(int id, std::optional<qint64> timestamp, const char *field = "timestamp")
{
    QJsonObject o{{QStringLiteral("id"), id}, {QStringLiteral("payload"), QStringLiteral("task %1").arg(id)}};
    if (timestamp)
        o.insert(QLatin1String(field), double(*timestamp));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

const DelayedQueueSnapshot *delayed(const Snapshot &s, const QByteArray &key)
{
    for (const DelayedQueueSnapshot &q : s->delayedQueues)
        if (q.key == key)
            return &q;
    return nullptr;
}

const ListQueueSnapshot *list(const Snapshot &s, const QByteArray &key)
{
    for (const ListQueueSnapshot &q : s->listQueues)
        if (q.key == key)
            return &q;
    return nullptr;
}

using Run = ProcessRun;

WriteOutcome runQueueJob(const QString &url, QueueWriteRequest request, const std::function<void()> &whileRunning = {})
{
    QueueWriteJob job(jobOptionsFor(url), std::move(request));
    return runToEnd(job, whileRunning);
}

// Sorted, so two lists compare as multisets.
QList<QByteArray> sortedItems(const RedisReply &reply)
{
    QList<QByteArray> out;
    const QList<RedisReply> elements = reply.elements();
    for (const RedisReply &e : elements)
        out.append(e.bytes());
    std::sort(out.begin(), out.end());
    return out;
}

Run cli(const QStringList &args)
{
    return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), args);
}

} // namespace

class TestQueues : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QString error;
        m_server = std::make_unique<RedisServer>();
        QVERIFY2(m_server->start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server->url()));
    }
    void cleanup() { m_server.reset(); }

    // ZADD delayed_queue <unix time> "task:…": size, due now, how late the
    // oldest due item is and when the next falls due, against the server.
    void delayedQueueValuesEqualTheServer()
    {
        const qint64 now = serverNowMs(m_db) / 1000;
        m_db.command({"ZADD", "delayed_queue", num(now - 120), "task:abc123", num(now - 30), "task:def456", num(now - 5), "task:ghi789",
                      num(now + 600), "task:later", num(now + 3600), "task:much-later"});
        // A scheduler takes what is due, as the articles do: ZRANGEBYSCORE -inf <now> LIMIT 0 10, then ZREM.
        const RedisReply dueNow = m_db.command({"ZRANGEBYSCORE", "delayed_queue", "-inf", num(now), "LIMIT", "0", "10"});
        QCOMPARE(dueNow.size(), 3);

        ProbeConfig config;
        config.queues.delayed = {"delayed_queue"};
        QString error;
        const Snapshot s = pollOnce(m_server->url(), config, &error);
        QVERIFY2(!s.isNull(), qPrintable(error));
        const qint64 at = s->takenAtMs;
        const DelayedQueueSnapshot *q = delayed(s, "delayed_queue");
        QVERIFY(q);
        QVERIFY2(q->error.isEmpty(), qPrintable(q->error));
        QCOMPARE(q->discovered, false);
        QCOMPARE(*q->size, m_db.command({"ZCARD", "delayed_queue"}).integer());
        QCOMPARE(*q->due, m_db.command({"ZCOUNT", "delayed_queue", "-inf", QByteArray::number(double(at) / 1000.0, 'f', 3)}).integer());
        QCOMPARE(*q->due, 3);
        QCOMPARE(q->scoreUnit, QStringLiteral("s"));
        QCOMPARE(*q->oldestOverdueMs, at - (now - 120) * 1000);
        QCOMPARE(*q->nextDueInMs, (now + 600) * 1000 - at);
        // 120 s late: past the 60 s warning, short of the 300 s critical.
        QCOMPARE(q->health.status, Health::Warn);
        QVERIFY2(renderReasons(q->health.reasons).join(u' ').contains(QLatin1String("scheduler behind: 3 items due, the oldest overdue by 2m")),
                 qPrintable(renderReasons(q->health.reasons).join(u' ')));
    }

    // An item stamped 3 hours ahead of the server's clock was "0 s old": not
    // stuck, and the oldest age hid the real one (issue 47, item 7). It has
    // no age now, and counts as undated.
    void timestampsAheadOfTheClockAreNoAge()
    {
        const qint64 now = serverNowMs(m_db) / 1000;
        m_db.command({"LPUSH", "ahead:processing", job(1, now - 600), job(2, now + 3 * 3600)});
        ProbeConfig config;
        config.queues.lists = {{"ahead", "ahead:processing"}};
        const Snapshot s = pollOnce(m_server->url(), config);
        const ListQueueSnapshot *q = list(s, "ahead");
        QVERIFY(q);
        QCOMPARE(q->sampled, 2);
        QCOMPARE(q->undated, 1);
        QCOMPARE(q->stuck, 1);
        QCOMPARE(*q->oldestProcessingAgeMs, s->takenAtMs - (now - 600) * 1000);
    }

    // Milliseconds scores are told from seconds by their size, or set.
    void millisecondScoresAreDetected()
    {
        const qint64 nowMs = serverNowMs(m_db);
        m_db.command({"ZADD", "email:schedule", num(nowMs - 400'000), "a", num(nowMs + 10'000), "b"});
        ProbeConfig config;
        config.queues.delayed = {"email:schedule"};
        const Snapshot s = pollOnce(m_server->url(), config);
        const DelayedQueueSnapshot *q = delayed(s, "email:schedule");
        QVERIFY(q);
        QCOMPARE(q->scoreUnit, QStringLiteral("ms"));
        QCOMPARE(*q->due, 1);
        QCOMPARE(*q->oldestOverdueMs, s->takenAtMs - (nowMs - 400'000));
        QCOMPARE(*q->nextDueInMs, nowMs + 10'000 - s->takenAtMs);
        QCOMPARE(q->health.status, Health::Crit); // 400 s ≥ 300 s
        // Told the scores are seconds, the same set is all beyond the year
        // 33658: nothing is due, and the next item never will be (a wrong
        // score_unit shows, rather than an OK).
        config.queues.scoreUnit = ScoreUnit::Seconds;
        const Snapshot asSeconds = pollOnce(m_server->url(), config);
        QCOMPARE(*delayed(asSeconds, "email:schedule")->due, 0);
        QVERIFY(!delayed(asSeconds, "email:schedule")->nextDueInMs);
        QCOMPARE(delayed(asSeconds, "email:schedule")->nextNotTime, QString::number(nowMs - 400'000));
        QCOMPARE(delayed(asSeconds, "email:schedule")->health.status, Health::Warn);
    }

    // Scores that are not times (issue 26, item 7): an item at -inf (due
    // forever) used to leave the queue unjudged and OK with nothing due; one
    // at 1e300 was "next due in 998203768024 s". Now the -inf item counts as
    // due with a reason that names its score, and 1e300 is "never".
    void scoresThatAreNotTimes()
    {
        const qint64 now = serverNowMs(m_db) / 1000;
        m_db.command({"ZADD", "sched", "-inf", "forever", num(now + 60), "soon"});
        m_db.command({"ZADD", "far", num(now - 1), "due", "1e300", "never"});
        m_db.command({"ZADD", "nothing-timed", "-inf", "a", "+inf", "b"});
        ProbeConfig config;
        config.queues.delayed = {"sched", "far", "nothing-timed"};
        const Snapshot s = pollOnce(m_server->url(), config);
        QVERIFY(!s.isNull());

        const DelayedQueueSnapshot *sched = delayed(s, "sched");
        QVERIFY(sched);
        QCOMPARE(sched->scoreUnit, QStringLiteral("s")); // told by the item that is a time
        QCOMPARE(*sched->due, m_db.command({"ZCOUNT", "sched", "-inf", num(now + 1)}).integer());
        QCOMPARE(*sched->due, 1);
        QVERIFY(!sched->oldestOverdueMs);
        QCOMPARE(sched->earliestNotTime, QString::fromLatin1(m_db.command({"ZRANGE", "sched", "0", "0", "WITHSCORES"}).at(1).bytes()));
        QCOMPARE(sched->health.status, Health::Warn);
        QVERIFY2(renderReasons(sched->health.reasons).join(u' ').contains(QLatin1String("1 item(s) due, the earliest scored -inf")),
                 qPrintable(renderReasons(sched->health.reasons).join(u' ')));

        const DelayedQueueSnapshot *far = delayed(s, "far");
        QVERIFY(far);
        QVERIFY(!far->nextDueInMs);
        QCOMPARE(far->nextNotTime, QString::fromLatin1(m_db.command({"ZRANGE", "far", "-1", "-1", "WITHSCORES"}).at(1).bytes()));
        QVERIFY2(renderReasons(far->health.reasons).join(u' ').contains(QLatin1String("it will never come due")), qPrintable(renderReasons(far->health.reasons).join(u' ')));

        const DelayedQueueSnapshot *none = delayed(s, "nothing-timed");
        QVERIFY(none);
        QVERIFY(!none->due);
        QCOMPARE(none->untimedScores, QStringLiteral("-inf … inf"));
        QCOMPARE(none->health.status, Health::Warn);

        // The console says the same, never OK.
        const Run check = cli({QStringLiteral("check"), QStringLiteral("--url"), m_server->url(), QStringLiteral("--delayed-queue"),
                               QStringLiteral("nothing-timed")});
        QVERIFY2(check.out.contains("no item's score is a time"), check.out.constData());
        QVERIFY(check.exitCode != 0);
    }

    // A stalled scheduler in continuous polling: nothing is taken, the
    // oldest due item ages past the thresholds (set short here).
    void stalledSchedulerRaisesTheRule()
    {
        const qint64 now = serverNowMs(m_db) / 1000;
        m_db.command({"ZADD", "delayed_queue", num(now - 3), "task:1", num(now - 1), "task:2"});
        ProbeConfig config;
        config.queues.delayed = {"delayed_queue"};
        QVERIFY(config.thresholds.set(QStringLiteral("delayed_overdue_warn"), QStringLiteral("2s")).isEmpty());
        QVERIFY(config.thresholds.set(QStringLiteral("delayed_overdue_crit"), QStringLiteral("5s")).isEmpty());
        const QList<Snapshot> ticks = pollTicks(m_server->url(), 4, 1000, config);
        QCOMPARE(ticks.size(), 4);
        QCOMPARE(delayed(ticks.first(), "delayed_queue")->health.status, Health::Warn);
        const DelayedQueueSnapshot *last = delayed(ticks.last(), "delayed_queue");
        QCOMPARE(last->health.status, Health::Crit);
        QVERIFY(renderReasons(last->health.reasons).first().startsWith(QLatin1String("scheduler behind: 2 items due")));
        // The scheduler comes back and takes them: OK again.
        m_db.command({"ZREM", "delayed_queue", "task:1", "task:2"});
        const Snapshot after = pollOnce(m_server->url(), config);
        QCOMPARE(*delayed(after, "delayed_queue")->size, 0);
        QCOMPARE(delayed(after, "delayed_queue")->health.status, Health::Ok);
    }

    // LMOVE myqueue processing RIGHT LEFT by a worker that crashes before
    // its LREM: the items stay in processing with their timestamps.
    void crashedWorkerLeavesStuckItems()
    {
        const qint64 now = serverNowMs(m_db) / 1000;
        for (int i = 1; i <= 6; ++i)
            m_db.command({"LPUSH", "myqueue", job(i, now - 900 + i * 60)}); // enqueued 14, 13, … 9 minutes ago
        for (int i = 0; i < 4; ++i)
            QVERIFY(m_db.command({"LMOVE", "myqueue", "processing", "RIGHT", "LEFT"}).isString());
        // A healthy worker finishes one: LREM processing 1 <item>.
        const QByteArray done = m_db.command({"LINDEX", "processing", "0"}).bytes();
        QCOMPARE(m_db.command({"LREM", "processing", "1", done}).integer(), 1);

        ProbeConfig config;
        config.queues.lists = {{"myqueue", "processing"}};
        const Snapshot s = pollOnce(m_server->url(), config);
        const ListQueueSnapshot *q = list(s, "myqueue");
        QVERIFY(q);
        QVERIFY2(q->error.isEmpty(), qPrintable(q->error));
        QCOMPARE(*q->length, m_db.command({"LLEN", "myqueue"}).integer());
        QCOMPARE(*q->processingLength, m_db.command({"LLEN", "processing"}).integer());
        QCOMPARE(*q->processingLength, 3);
        QCOMPARE(q->sampled, 3);
        QCOMPARE(q->undated, 0);
        // The oldest item in processing is job 1, enqueued at now − 840 s.
        QCOMPARE(*q->oldestProcessingAgeMs, s->takenAtMs - (now - 840) * 1000);
        QCOMPARE(q->stuck, 3); // 14, 13 and 12 minutes: all past 5 minutes
        QCOMPARE(q->health.status, Health::Warn);
        QVERIFY2(renderReasons(q->health.reasons).first().startsWith(QLatin1String("3 items in processing longer than 5m00s (the oldest 14m")),
                 qPrintable(renderReasons(q->health.reasons).first()));
    }

    // Items without a timestamp are of unknown age, not of age 0; the other
    // field names (ts, enqueued_at) and milliseconds are read too.
    void undatedItemsAreUnknownNotZero()
    {
        m_db.command({"LPUSH", "jobs:processing", "task:abc123", "{\"id\":7}"});
        ProbeConfig config;
        config.queues.lists = {{"jobs", "jobs:processing"}};
        Snapshot s = pollOnce(m_server->url(), config);
        const ListQueueSnapshot *q = list(s, "jobs");
        QVERIFY(q);
        QCOMPARE(q->sampled, 2);
        QCOMPARE(q->undated, 2);
        QVERIFY(!q->oldestProcessingAgeMs.has_value());
        QCOMPARE(q->stuck, 0);

        const qint64 nowMs = serverNowMs(m_db);
        m_db.command({"LPUSH", "jobs:processing", job(8, nowMs - 30'000, "ts"), job(9, (nowMs - 7'000) / 1000, "enqueued_at")});
        s = pollOnce(m_server->url(), config);
        q = list(s, "jobs");
        QCOMPARE(q->sampled, 4);
        QCOMPARE(q->undated, 2);
        QCOMPARE(*q->oldestProcessingAgeMs, s->takenAtMs - (nowMs - 30'000));
        QVERIFY(QueueProbe::itemTimeMs("{\"timestamp\":\"2024-01-30T21:10:00Z\"}", {"timestamp"}) == 1706649000000LL);
    }

    // More in processing than the sample: the count is a lower bound, said so.
    void longProcessingListIsABracket()
    {
        const qint64 now = serverNowMs(m_db) / 1000;
        QList<RedisCommand> batch;
        for (int i = 0; i < 300; ++i)
            batch.append({"LPUSH", "work:processing", job(i, now - 3600 + i)});
        m_db.pipeline(batch);
        ProbeConfig config;
        config.queues.lists = {{"work", "work:processing"}};
        config.queues.processingSample = 50;
        const Snapshot s = pollOnce(m_server->url(), config);
        const ListQueueSnapshot *q = list(s, "work");
        QCOMPARE(*q->processingLength, 300);
        QCOMPARE(q->sampled, 50);
        QCOMPARE(q->stuck, 50);
        QCOMPARE(*q->oldestProcessingAgeMs, s->takenAtMs - (now - 3600) * 1000); // the sample is the oldest end
        QVERIFY(renderReasons(q->health.reasons).first().startsWith(QLatin1String("at least 50 items in processing")));
    }

    // Producers push, nobody takes: the main list grows with processing empty.
    void mainListGrowingWithoutWorkersWarns()
    {
        ProbeConfig config;
        config.queues.lists = {{"myqueue", "processing"}};
        QVERIFY(config.thresholds.set(QStringLiteral("unserved_warn"), QStringLiteral("2s")).isEmpty());
        m_db.command({"RPUSH", "myqueue", job(0, std::nullopt)});
        QTimer producer;
        int pushed = 1;
        QObject::connect(&producer, &QTimer::timeout, [&] { m_db.command({"RPUSH", "myqueue", job(pushed++, std::nullopt)}); });
        producer.start(300);
        const QList<Snapshot> ticks = pollTicks(m_server->url(), 5, 1000, config);
        producer.stop();
        QCOMPARE(ticks.size(), 5);
        const ListQueueSnapshot *first = list(ticks.first(), "myqueue");
        QCOMPARE(first->health.status, Health::Ok);
        const ListQueueSnapshot *last = list(ticks.last(), "myqueue");
        QVERIFY(*last->unservedGrowth > 0);
        QCOMPARE(*last->unservedGrowth, *last->length - *first->length);
        QCOMPARE(last->health.status, Health::Warn);
        QVERIFY2(renderReasons(last->health.reasons).first().startsWith(QLatin1String("no worker: the main list grew by")), qPrintable(renderReasons(last->health.reasons).first()));
    }

    // A plain list (huey, dramatiq, hand-made LPUSH/BRPOP queues) has no
    // processing list: nobody takes when neither end moves and it never gets
    // shorter, flat as well as growing; a worker popping while producers push
    // moves both ends and is never "no worker".
    void plainListWithoutWorkersWarnsFlatOrGrowing()
    {
        ProbeConfig config;
        QVERIFY(config.queues.addList(QStringLiteral("flat")).isEmpty());
        QVERIFY(config.queues.addList(QStringLiteral("growing")).isEmpty());
        QVERIFY(config.queues.addList(QStringLiteral("served")).isEmpty());
        QVERIFY(config.queues.addList(QStringLiteral("held=held:processing")).isEmpty());
        QVERIFY(config.thresholds.set(QStringLiteral("unserved_warn"), QStringLiteral("2s")).isEmpty());
        for (int i = 0; i < 5; ++i)
            for (const char *key : {"flat", "growing", "served", "held"})
                m_db.command({"RPUSH", key, job(i, std::nullopt)});
        QTimer traffic;
        int pushed = 5;
        QObject::connect(&traffic, &QTimer::timeout, [&] {
            m_db.command({"RPUSH", "growing", job(pushed, std::nullopt)});
            m_db.command({"RPUSH", "served", job(pushed++, std::nullopt)});
            m_db.command({"LPOP", "served"}); // a worker takes the oldest as a producer adds one: the length stays
        });
        traffic.start(300);
        const QList<Snapshot> ticks = pollTicks(m_server->url(), 5, 1000, config);
        traffic.stop();
        QCOMPARE(ticks.size(), 5);
        const Snapshot &last = ticks.last();
        QCOMPARE(list(ticks.first(), "flat")->health.status, Health::Ok);
        const ListQueueSnapshot *flat = list(last, "flat");
        QCOMPARE(*flat->unservedGrowth, 0);
        QCOMPARE(flat->health.status, Health::Warn);
        QVERIFY(*flat->unservedForMs >= 3000);
        // Said from the value the rule acts on (ticks drift on a slow run: 3 s, or 4 under ASan).
        QCOMPARE(renderReasons(flat->health.reasons).first(),
                 fillText(QStringLiteral("no worker: nothing taken from the list for %1 while 5 items wait"), formatDuration(*flat->unservedForMs)));
        const ListQueueSnapshot *growing = list(last, "growing");
        QCOMPARE(*growing->unservedGrowth, *growing->length - *list(ticks.first(), "growing")->length);
        QVERIFY2(renderReasons(growing->health.reasons).first().contains(QLatin1String("while it grew by")), qPrintable(renderReasons(growing->health.reasons).first()));
        const ListQueueSnapshot *served = list(last, "served");
        QCOMPARE(served->health.status, Health::Ok);
        QVERIFY(!served->unservedForMs);
        QVERIFY(!served->processingLength); // no processing list read
        const ListQueueSnapshot *held = list(last, "held");
        QCOMPARE(held->health.status, Health::Warn); // a reliable list nobody serves, flat
        QVERIFY2(renderReasons(held->health.reasons).first().startsWith(QLatin1String("no worker: nothing taken from the main list for")), qPrintable(renderReasons(held->health.reasons).first()));

        // The table and the CLI say what it is: a list, not "flat → ".
        const ProcessRun run = cli({QStringLiteral("snapshot"), QStringLiteral("--url"), m_server->url(), QStringLiteral("--list-queue"), QStringLiteral("flat")});
        QVERIFY2(run.exitCode == 0 && run.out.contains(" flat ") && !run.out.contains("flat →"), run.out.constData());
        const ProcessRun bad = cli({QStringLiteral("snapshot"), QStringLiteral("--url"), m_server->url(), QStringLiteral("--list-queue"), QStringLiteral("a=")});
        QVERIFY2(bad.exitCode != 0 && bad.err.contains("MAIN=PROCESSING (a reliable list, e.g. myqueue=processing) or MAIN (a plain list), got 'a='"), bad.err.constData());
    }

    // A key of another type under a queue's name is reported, not crashed on.
    void wrongTypeIsReported()
    {
        m_db.command({"RPUSH", "not_a_zset", "x"});
        m_db.command({"SET", "plain", "x"});
        ProbeConfig config;
        config.queues.delayed = {"not_a_zset"};
        config.queues.lists = {{"plain", "plain:processing"}};
        const Snapshot s = pollOnce(m_server->url(), config);
        QCOMPARE(delayed(s, "not_a_zset")->error, QStringLiteral("not_a_zset is not a sorted set"));
        QCOMPARE(list(s, "plain")->error, QStringLiteral("plain is not a list"));
        QCOMPARE(delayed(s, "not_a_zset")->health.status, Health::Warn);

        const Run check = cli({QStringLiteral("check"), QStringLiteral("-u"), m_server->url(), QStringLiteral("--delayed-queue"),
                               QStringLiteral("not_a_zset")});
        QCOMPARE(check.exitCode, 3); // UNKNOWN: it cannot see the queue
        QVERIFY2(check.out.contains("delayed queue not read: not_a_zset is not a sorted set"), check.out.constData());
        // The JSON says the same: not "warn" (a queue that is there and late), but unknown.
        const Run json = cli({QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("-u"), m_server->url(),
                              QStringLiteral("--delayed-queue"), QStringLiteral("not_a_zset")});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray delayedQueues = QJsonDocument::fromJson(json.out).object()[QStringLiteral("delayed_queues")].toArray();
        QCOMPARE(delayedQueues.size(), 1);
        QCOMPARE(delayedQueues.at(0).toObject()[QStringLiteral("status")].toString(), QStringLiteral("unknown"));
        QCOMPARE(delayedQueues.at(0).toObject()[QStringLiteral("error")].toString(), QStringLiteral("not_a_zset is not a sorted set"));
    }

    // Found by name within --match; other sorted sets and lists are never guessed at.
    void queuesAreFoundByTheirNames()
    {
        m_db.command({"ZADD", "retry_schedule", "1", "a"});
        m_db.command({"ZADD", "DelayedJobs", "1", "a"});
        m_db.command({"ZADD", "leaderboard", "1", "a"});
        m_db.command({"RPUSH", "jobs", "a"});
        m_db.command({"RPUSH", "jobs:processing", "a"});
        m_db.command({"RPUSH", "emails", "a"});
        m_db.command({"RPUSH", "processing:emails", "a"});
        m_db.command({"RPUSH", "recent", "a"}); // a list alone: not a queue
        m_db.command({"XADD", "orders", "*", "n", "1"});
        const Snapshot s = pollOnce(m_server->url());
        QStringList found;
        for (const DelayedQueueSnapshot &q : s->delayedQueues)
            found << QStringLiteral("delayed %1").arg(QString::fromUtf8(q.key));
        for (const ListQueueSnapshot &q : s->listQueues)
            found << QStringLiteral("list %1=%2").arg(QString::fromUtf8(q.key), QString::fromUtf8(q.processingKey));
        QCOMPARE(found, (QStringList{QStringLiteral("delayed DelayedJobs"), QStringLiteral("delayed retry_schedule"),
                                     QStringLiteral("list emails=processing:emails"), QStringLiteral("list jobs=jobs:processing")}));
        QVERIFY(s->delayedQueues.first().discovered);

        // The articles' bare `processing` next to one other list.
        RedisServer other;
        QString error;
        QVERIFY2(other.start(&error), qPrintable(error));
        RedisOracle db2;
        QVERIFY(db2.connectUrl(other.url()));
        db2.command({"RPUSH", "myqueue", "a"});
        db2.command({"RPUSH", "processing", "b"});
        const Snapshot bare = pollOnce(other.url());
        QCOMPARE(bare->listQueues.size(), 1);
        QCOMPARE(bare->listQueues.first().key, QByteArray("myqueue"));
        QCOMPARE(bare->listQueues.first().processingKey, QByteArray("processing"));

        // Off when asked, and when streams or queues are named.
        ProbeConfig off;
        off.queues.discover = false;
        QVERIFY(pollOnce(m_server->url(), off)->listQueues.isEmpty());
        ProbeConfig named;
        named.streams = {"orders"};
        QVERIFY(pollOnce(m_server->url(), named)->delayedQueues.isEmpty());
        ProbeConfig matched;
        matched.match = "retry*";
        const Snapshot m = pollOnce(m_server->url(), matched);
        QCOMPARE(m->delayedQueues.size(), 1);
        QVERIFY(m->listQueues.isEmpty());
    }

    // The CLI twin: flags, JSON, check's verdict and perfdata.
    void cliShowsQueues()
    {
        const qint64 now = serverNowMs(m_db) / 1000;
        m_db.command({"ZADD", "delayed_queue", num(now - 400), "task:late"});
        m_db.command({"RPUSH", "myqueue", "a", "b"});
        const QString url = m_server->url();
        const Run json = cli({QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("-u"), url, QStringLiteral("--list-queue"),
                              QStringLiteral("myqueue=processing"), QStringLiteral("--delayed-queue"), QStringLiteral("delayed_queue")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(json.out).object();
        const QJsonObject d = root.value(QLatin1String("delayed_queues")).toArray().first().toObject();
        QCOMPARE(d.value(QLatin1String("key")).toString(), QStringLiteral("delayed_queue"));
        QCOMPARE(d.value(QLatin1String("due")).toInt(), 1);
        QCOMPARE(d.value(QLatin1String("status")).toString(), QStringLiteral("crit"));
        const QJsonObject l = root.value(QLatin1String("list_queues")).toArray().first().toObject();
        QCOMPARE(l.value(QLatin1String("processing_key")).toString(), QStringLiteral("processing"));
        QCOMPARE(l.value(QLatin1String("length")).toInt(), 2);
        QCOMPARE(l.value(QLatin1String("processing_length")).toInt(), 0);
        QVERIFY(l.value(QLatin1String("oldest_processing_age_ms")).isNull());

        const Run check = cli({QStringLiteral("check"), QStringLiteral("-u"), url, QStringLiteral("--delayed-queue"), QStringLiteral("delayed_queue")});
        QCOMPARE(check.exitCode, 2);
        QVERIFY2(check.out.startsWith("PELSCOPE CRITICAL - 0 critical, 0 warning, 0 ok groups; 1 critical, 0 warning, 0 ok queues: CRIT delayed queue "
                                      "delayed_queue: scheduler behind"),
                 check.out.constData());
        QVERIFY(check.out.contains("queues_crit=1 queues_warn=0"));

        // A bare name is a plain list (no processing list); an empty main is refused.
        const Run plain = cli({QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("-u"), url, QStringLiteral("--list-queue"), QStringLiteral("myqueue")});
        QCOMPARE(plain.exitCode, 0);
        const QJsonObject p = QJsonDocument::fromJson(plain.out).object().value(QLatin1String("list_queues")).toArray().first().toObject();
        QCOMPARE(p.value(QLatin1String("key")).toString(), QStringLiteral("myqueue"));
        QCOMPARE(p.value(QLatin1String("processing_key")).toString(), QString());
        const Run bad = cli({QStringLiteral("snapshot"), QStringLiteral("-u"), url, QStringLiteral("--list-queue"), QStringLiteral("=processing")});
        QCOMPARE(bad.exitCode, 3);
        QVERIFY2(bad.err.contains("MAIN=PROCESSING"), bad.err.constData());
    }

    // The articles' last two numbers: claim activity and XACK calls against
    // entries acknowledged. A worker reads 50, another XAUTOCLAIMs three
    // times, 40 entries are acknowledged one XACK each and 15 of them once
    // more: 55 XACK calls for 40 entries, exactly what the probe must say.
    void claimAndAckActivity()
    {
        for (int i = 0; i < 100; ++i)
            m_db.command({"XADD", "orders", "*", "n", num(i)});
        m_db.command({"XGROUP", "CREATE", "orders", "billing", "0"});
        ProbeConfig config;
        config.streams = {"orders"};
        config.activityEveryMs = 1000;
        QTimer::singleShot(2500, [&] {
            const RedisReply read = m_db.command({"XREADGROUP", "GROUP", "billing", "worker-1", "COUNT", "50", "STREAMS", "orders", ">"});
            QList<QByteArray> ids;
            for (const RedisReply &e : read.at(0).at(1).elements())
                ids << e.at(0).bytes();
            for (int i = 0; i < 3; ++i)
                m_db.command({"XAUTOCLAIM", "orders", "billing", "worker-2", "0", "0-0", "COUNT", "5"});
            for (int i = 0; i < 40; ++i)
                QCOMPARE(m_db.command({"XACK", "orders", "billing", ids.at(i)}).integer(), 1);
            for (int i = 0; i < 15; ++i) // already acknowledged: a duplicate's XACK
                QCOMPARE(m_db.command({"XACK", "orders", "billing", ids.at(i)}).integer(), 0);
        });
        const QList<Snapshot> ticks = pollTicks(m_server->url(), 30, 200, config);
        QCOMPARE(ticks.size(), 30);
        QVERIFY(!ticks.first()->activity.has_value()); // one reading is no window yet
        QMap<qint64, CommandActivity> windows;
        for (const Snapshot &s : ticks)
            if (s->activity)
                windows.insert(s->activity->readAtMs, *s->activity);
        QVERIFY2(windows.size() >= 2, qPrintable(QString::number(windows.size()))); // readings ~1 s apart over ~5 s
        qint64 xautoclaim = 0, xclaim = 0, xack = 0, acked = 0;
        bool duplicates = false;
        for (const CommandActivity &a : std::as_const(windows)) {
            xautoclaim += a.xautoclaimCalls;
            xclaim += a.xclaimCalls;
            xack += a.xackCalls;
            QVERIFY2(a.entriesAcked.has_value(), qPrintable(a.note));
            acked += *a.entriesAcked;
            duplicates = duplicates || a.duplicateAcks;
            QVERIFY(a.windowMs >= 1000);
            if (a.xautoclaimCalls > 0)
                QVERIFY(a.usPerClaimCall && *a.usPerClaimCall > 0);
        }
        QCOMPARE(xautoclaim, 3);
        QCOMPARE(xclaim, 0);
        QCOMPARE(xack, 55);
        QCOMPARE(acked, 40);
        QVERIFY(duplicates);
        QVERIFY(!windows.first().duplicateAcks); // before the workload: nothing to say
        const CommandActivity &flagged = *std::find_if(windows.cbegin(), windows.cend(), [](const CommandActivity &a) { return a.duplicateAcks; });
        QVERIFY(describeActivity(flagged).contains(QLatin1String("consumers are acknowledging entries that are no longer theirs")));
    }

    // The console twin's read-only half: queue list and queue show.
    void cliListsAndShowsQueueItems()
    {
        const qint64 now = serverNowMs(m_db) / 1000;
        m_db.command({"ZADD", "delayed_queue", num(now - 492), "task:abc123", num(now + 180), "task:def456"});
        m_db.command({"LPUSH", "myqueue:processing", job(1, now - 700), "task:no-json", job(2, now - 5)});
        const QString url = m_server->url();

        const Run list = cli({QStringLiteral("queue"), QStringLiteral("list"), QStringLiteral("-u"), url});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.startsWith("STATUS  KIND"), list.out.constData());
        QVERIFY(list.out.contains("CRIT    delayed  delayed_queue"));
        QVERIFY(list.out.contains("myqueue → myqueue:processing"));
        const Run listJson = cli({QStringLiteral("queue"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("-u"), url});
        const QJsonObject doc = QJsonDocument::fromJson(listJson.out).object();
        QCOMPARE(doc.value(QLatin1String("schema")).toString(), QStringLiteral("pelscope.queues/1"));
        QCOMPARE(doc.value(QLatin1String("list_queues")).toArray().first().toObject().value(QLatin1String("processing_length")).toInt(), 3);

        // Earliest due first, with its date and how late it is.
        const Run zset = cli({QStringLiteral("queue"), QStringLiteral("show"), QStringLiteral("delayed_queue"), QStringLiteral("-u"), url});
        QCOMPARE(zset.exitCode, 0);
        const QList<QByteArray> zlines = zset.out.split('\n');
        QVERIFY2(zlines.value(0).startsWith("delayed_queue: delayed queue of 2 items (scores in seconds)"), zset.out.constData());
        QVERIFY2(zlines.value(1).startsWith(QDateTime::fromSecsSinceEpoch(now - 492, Qt::UTC).toString(Qt::ISODate).chopped(1).toUtf8()), zset.out.constData());
        QVERIFY2(zlines.value(1).contains("(due 8m") && zlines.value(1).endsWith("ago)  task:abc123"), zlines.value(1).constData());
        QVERIFY(zlines.value(2).contains("(due in 2m") && zlines.value(2).endsWith("task:def456"));

        // A list's oldest end first; an item without a timestamp is said so.
        const Run items = cli({QStringLiteral("queue"), QStringLiteral("show"), QStringLiteral("myqueue:processing"), QStringLiteral("--json"),
                               QStringLiteral("-u"), url});
        QCOMPARE(items.exitCode, 0);
        const QJsonArray shown = QJsonDocument::fromJson(items.out).object().value(QLatin1String("items")).toArray();
        QCOMPARE(shown.size(), 3);
        QCOMPARE(shown.at(0).toObject().value(QLatin1String("timestamp_ms")).toDouble(), double((now - 700) * 1000));
        QVERIFY(shown.at(1).toObject().value(QLatin1String("timestamp_ms")).isNull());
        QCOMPARE(shown.at(1).toObject().value(QLatin1String("value")).toString(), QStringLiteral("task:no-json"));
        const Run text = cli({QStringLiteral("queue"), QStringLiteral("show"), QStringLiteral("myqueue:processing"), QStringLiteral("-u"), url});
        QVERIFY2(text.out.contains("no timestamp: age unknown  task:no-json"), text.out.constData());

        m_db.command({"SET", "plain", "x"});
        const Run wrong = cli({QStringLiteral("queue"), QStringLiteral("show"), QStringLiteral("plain"), QStringLiteral("-u"), url});
        QCOMPARE(wrong.exitCode, 3);
        QVERIFY2(wrong.err.contains("plain\" is a string, not a sorted set (delayed queue) or a list"), wrong.err.constData());
    }


    // A batch's reply is lost and, before the job asks what happened, other
    // writers add 1,200 audit records: the job read only the newest 500, did
    // not find its token, and said "moved 0" after moving 50 (issue 47, item
    // 6). Every record since the job began is read now.
    void lostReplyIsFoundPastOtherWritersRecords()
    {
        QTemporaryDir tmp;
        m_db.command({"FLUSHALL"});
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        QList<QByteArray> stuck;
        RedisBatch fill;
        for (int i = 0; i < 50; ++i) {
            stuck.append(job(i, now - 3600));
            fill.append({"LPUSH", "myqueue:processing", stuck.last()});
        }
        m_db.pipeline(fill);
        FaultProxy proxy(m_server->port());
        QVERIFY(proxy.listen());
        proxy.loseReplyTo(stuck.at(25));
        QueueWriteRequest r;
        r.operation = QueueWriteRequest::Operation::Requeue;
        r.key = "myqueue:processing";
        r.mainKey = "myqueue";
        r.olderThanMs = 5 * 60'000;
        r.batchSize = 10;
        r.auditLogPath = tmp.filePath(QStringLiteral("audit.jsonl"));
        RedisOracle other;
        QVERIFY(other.connectUrl(m_server->url()));
        QTimer watch;
        bool written = false;
        QObject::connect(&watch, &QTimer::timeout, &watch, [&] {
            if (written || proxy.repliesLost() == 0)
                return;
            RedisBatch records;
            for (int i = 0; i < 1200; ++i)
                records.append({"XADD", "pelscope:audit", "*", "action", "queue_requeue", "batch", "another-operator", "items", "1"});
            other.pipeline(records);
            written = true;
        });
        const WriteOutcome result = runQueueJob(proxy.url(), r, [&] { watch.start(1); });
        watch.stop();
        QVERIFY(written);
        QCOMPARE(proxy.repliesLost(), 1);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.done, 50);
        QCOMPARE(result.counts.uncertain, 0);
        QCOMPARE(m_db.command({"LLEN", "myqueue"}).integer(), 50);
        QCOMPARE(m_db.command({"LLEN", "myqueue:processing"}).integer(), 0);
    }

    // The articles' recovery, done exactly once: 1,000 items a crashed worker
    // left in processing go back to the main list while the connection is
    // killed every few batches (CLIENT KILL, the proxy resetting, replies cut
    // halfway). Every stuck item ends in the main list once, byte for byte
    // (binary payloads and two identical items included), the young and the
    // undated stay in processing, and the audit counts every item once.
    void requeueStuckItemsExactlyOnceWhileConnectionsAreKilled()
    {
        QTemporaryDir tmp;
        const qint64 now = serverNowMs(m_db) / 1000;
        QList<QByteArray> stuck, young;
        QList<RedisCommand> fill;
        for (int i = 0; i < 1000; ++i) {
            QByteArray item = job(i, now - 900 + i % 60);
            if (i % 97 == 0)
                item.insert(item.size() - 1, R"(,"bin":"\u0000\r\n\u00ff")"); // JSON escapes: the timestamp stays readable
            stuck.append(item);
        }
        stuck.append(stuck.at(5)); // the same bytes twice: both occurrences are stuck, both move
        for (int i = 0; i < 40; ++i)
            young.append(job(5000 + i, now - 10));
        young.append("undated: no JSON");
        young.append(QByteArray("\x00\x01raw", 5));
        // Oldest on the right, as LMOVE myqueue processing RIGHT LEFT leaves them; young ones mixed in.
        qsizetype y = 0;
        for (qsizetype i = 0; i < stuck.size(); ++i) {
            fill.append({"LPUSH", "myqueue:processing", stuck.at(i)});
            if (i % 25 == 0 && y < young.size())
                fill.append({"LPUSH", "myqueue:processing", young.at(y++)});
        }
        while (y < young.size())
            fill.append({"LPUSH", "myqueue:processing", young.at(y++)});
        m_db.pipeline(fill);
        m_db.command({"LPUSH", "myqueue", "waiting:1"});

        FaultProxy proxy(m_server->port());
        QVERIFY(proxy.listen());
        proxy.setLatencyMs(2);
        // One batch's reply is surely lost (the random chaos below may hit
        // only reads): the batch that moves item 300 runs, its answer never
        // comes, and the job must settle it by its token, not move it twice.
        proxy.loseReplyTo(stuck.at(300));
        QueueWriteRequest r;
        r.operation = QueueWriteRequest::Operation::Requeue;
        r.key = "myqueue:processing";
        r.mainKey = "myqueue";
        r.olderThanMs = 5 * 60'000;
        r.batchSize = 10;
        r.auditLogPath = tmp.filePath(QStringLiteral("audit.jsonl"));

        int kills = 0;
        RedisOracle killer;
        QVERIFY(killer.connectUrl(m_server->url()));
        QTimer chaos;
        QObject::connect(&chaos, &QTimer::timeout, &chaos, [&] {
            const quint32 dice = QRandomGenerator::global()->bounded(3u);
            if (dice == 0)
                killer.command({"CLIENT", "KILL", "USER", "default", "SKIPME", "yes"});
            else if (dice == 1)
                proxy.resetAll();
            else {
                proxy.cutAfterServerBytes(QRandomGenerator::global()->bounded(1, 200));
                QTimer::singleShot(30, &proxy, [&proxy] { proxy.cutAfterServerBytes(-1); });
            }
            ++kills;
            chaos.setInterval(int(QRandomGenerator::global()->bounded(120u, 360u)));
        });
        const WriteOutcome result = runQueueJob(proxy.url(), r, [&] { chaos.start(30); });
        chaos.stop();
        qInfo("stuck %lld, kills %d, batch retries %lld, moved %lld, left %lld", qint64(stuck.size()), kills, result.counts.retries, result.counts.done,
              result.counts.skipped);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        if (qEnvironmentVariableIsSet("PELSCOPE_TEST_TRACE")) {
            QVERIFY(m_db.connectUrl(m_server->url()));
            qInfo("main %lld processing %lld", m_db.command({"LLEN", "myqueue"}).integer(), m_db.command({"LLEN", "myqueue:processing"}).integer());
        }
        QVERIFY2(kills >= 5, qPrintable(QString::number(kills)));
        QCOMPARE(proxy.repliesLost(), 1);
        QVERIFY(result.counts.retries >= 1); // a batch whose reply was lost, settled by its token
        QCOMPARE(result.counts.done, stuck.size());
        QCOMPARE(result.counts.skipped, young.size());

        QVERIFY(m_db.connectUrl(m_server->url())); // the oracle's own connection was killed too
        QList<QByteArray> expectedMain = stuck;
        expectedMain.append("waiting:1");
        std::sort(expectedMain.begin(), expectedMain.end());
        QCOMPARE(sortedItems(m_db.command({"LRANGE", "myqueue", "0", "-1"})), expectedMain); // each once, byte-exact
        std::sort(young.begin(), young.end());
        QCOMPARE(sortedItems(m_db.command({"LRANGE", "myqueue:processing", "0", "-1"})), young);
        // The oldest stuck item is served first after what was waiting, in its old order.
        QCOMPARE(m_db.command({"LINDEX", "myqueue", "-2"}).bytes(), stuck.first());
        qint64 audited = 0;
        const RedisReply trail = m_db.command({"XRANGE", "pelscope:audit", "-", "+"});
        for (const RedisReply &e : trail.elements()) {
            const QList<RedisReply> fields = e.at(1).elements();
            for (qsizetype i = 0; i + 1 < fields.size(); i += 2)
                if (fields.at(i).bytes() == "items")
                    audited += fields.at(i + 1).bytes().toLongLong();
        }
        QCOMPARE(audited, stuck.size());
    }

    // The CLI twin: run-now and reschedule write the server's time in the
    // set's unit, delete removes, members already taken are said so; a dry
    // run lists the exact commands; no "yes" and no terminal, or a key of
    // another type: refused, nothing changed.
    void cliRunsNowReschedulesAndDeletes()
    {
        QTemporaryDir tmp;
        qputenv("PELSCOPE_AUDIT_LOG", tmp.filePath(QStringLiteral("audit.jsonl")).toUtf8());
        const qint64 now = serverNowMs(m_db) / 1000;
        m_db.command({"ZADD", "delayed_queue", num(now + 3600), "task:abc123", num(now + 7200), "task:def456", num(now - 30), "task:due"});
        const QString url = m_server->url();
        const auto score = [&](const QByteArray &m) { return m_db.command({"ZSCORE", "delayed_queue", m}).bytes().toLongLong(); };

        const Run dry = cli({QStringLiteral("queue"), QStringLiteral("run-now"), QStringLiteral("delayed_queue"), QStringLiteral("--item"),
                             QStringLiteral("task:abc123"), QStringLiteral("--dry-run"), QStringLiteral("-u"), url});
        QCOMPARE(dry.exitCode, 0);
        QVERIFY2(dry.out.startsWith("ZADD \"delayed_queue\" XX " + num(now).left(6)), dry.out.constData());
        QVERIFY(dry.out.contains("would reschedule 1 item of \"delayed_queue\""));
        QCOMPARE(score("task:abc123"), now + 3600);

        const Run unconfirmed = cli({QStringLiteral("queue"), QStringLiteral("run-now"), QStringLiteral("delayed_queue"), QStringLiteral("--item"),
                                     QStringLiteral("task:abc123"), QStringLiteral("-u"), url});
        QCOMPARE(unconfirmed.exitCode, 3);
        QCOMPARE(score("task:abc123"), now + 3600);

        const qint64 before = serverNowMs(m_db) / 1000;
        const Run runNow = cli({QStringLiteral("queue"), QStringLiteral("run-now"), QStringLiteral("delayed_queue"), QStringLiteral("--item"),
                                QStringLiteral("task:abc123"), QStringLiteral("--item"), QStringLiteral("task:gone"), QStringLiteral("--yes"),
                                QStringLiteral("-u"), url});
        QCOMPARE(runNow.exitCode, 0);
        QVERIFY2(runNow.out.contains("rescheduled 1 item of \"delayed_queue\", 1 item not there"), runNow.out.constData());
        QVERIFY(score("task:abc123") >= before && score("task:abc123") <= serverNowMs(m_db) / 1000);
        QCOMPARE(m_db.command({"ZSCORE", "delayed_queue", "task:gone"}).isNil(), true); // never added

        const Run later = cli({QStringLiteral("queue"), QStringLiteral("reschedule"), QStringLiteral("delayed_queue"), QStringLiteral("--item"),
                               QStringLiteral("task:due"), QStringLiteral("--in"), QStringLiteral("10m"), QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(later.exitCode, 0);
        const qint64 rescheduled = score("task:due");
        QVERIFY2(rescheduled >= before + 600 && rescheduled <= serverNowMs(m_db) / 1000 + 600, qPrintable(QString::number(rescheduled - before)));

        const Run del = cli({QStringLiteral("queue"), QStringLiteral("delete"), QStringLiteral("delayed_queue"), QStringLiteral("--item"),
                             QStringLiteral("task:def456"), QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(del.exitCode, 0);
        QCOMPARE(m_db.command({"ZCARD", "delayed_queue"}).integer(), 2);
        QVERIFY(m_db.command({"ZSCORE", "delayed_queue", "task:def456"}).isNil());

        m_db.command({"SET", "plain", "x"});
        const Run wrong = cli({QStringLiteral("queue"), QStringLiteral("run-now"), QStringLiteral("plain"), QStringLiteral("--item"),
                               QStringLiteral("x"), QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(wrong.exitCode, 3);
        QVERIFY2(wrong.err.contains("is not a sorted set"), wrong.err.constData());
        QCOMPARE(m_db.command({"GET", "plain"}).bytes(), QByteArray("x"));
        qunsetenv("PELSCOPE_AUDIT_LOG");
    }

    // The unit from the set's own evidence (issue 47): a set scored in
    // milliseconds with one member at 0 (earlier than all) is still
    // milliseconds, so "--in 1h" writes now + 1 h in ms, not 1970; a set
    // whose scores are no time at all is refused, not guessed; a due time in
    // the past is refused (it would run the job at once).
    void rescheduleReadsTheUnitFromTheSetNotItsEarliestScore()
    {
        QTemporaryDir tmp;
        qputenv("PELSCOPE_AUDIT_LOG", tmp.filePath(QStringLiteral("audit.jsonl")).toUtf8());
        const QString url = m_server->url();
        const qint64 nowMs = serverNowMs(m_db);
        m_db.command({"ZADD", "ms_queue", "0", "job:zero", num(nowMs + 60'000), "job:a", num(nowMs + 120'000), "job:b"});
        const Run later = cli({QStringLiteral("queue"), QStringLiteral("reschedule"), QStringLiteral("ms_queue"), QStringLiteral("--item"),
                               QStringLiteral("job:a"), QStringLiteral("--in"), QStringLiteral("1h"), QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(later.exitCode, 0);
        const qint64 written = m_db.command({"ZSCORE", "ms_queue", "job:a"}).bytes().toLongLong();
        QVERIFY2(written >= nowMs + 3'600'000 && written <= serverNowMs(m_db) + 3'600'000, qPrintable(QString::number(written - nowMs)));
        // The listing says the same unit, and the 0 is no time.
        const Run list = cli({QStringLiteral("queue"), QStringLiteral("show"), QStringLiteral("ms_queue"), QStringLiteral("-u"), url});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains("(scores in milliseconds)"), list.out.constData());

        // Nothing in the set is a time: which unit "--in 1h" means cannot be known.
        m_db.command({"ZADD", "odd_queue", "0", "x", "-inf", "y", "5", "z"});
        const Run odd = cli({QStringLiteral("queue"), QStringLiteral("reschedule"), QStringLiteral("odd_queue"), QStringLiteral("--item"),
                             QStringLiteral("z"), QStringLiteral("--in"), QStringLiteral("1h"), QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(odd.exitCode, 3);
        QVERIFY2(odd.err.contains("cannot tell whether the scores of \"odd_queue\" are seconds or milliseconds"), odd.err.constData());
        QCOMPARE(m_db.command({"ZSCORE", "odd_queue", "z"}).bytes(), QByteArray("5"));
        // Told which: written.
        const Run told = cli({QStringLiteral("queue"), QStringLiteral("reschedule"), QStringLiteral("odd_queue"), QStringLiteral("--item"),
                              QStringLiteral("z"), QStringLiteral("--in"), QStringLiteral("1h"), QStringLiteral("--score-unit"), QStringLiteral("s"),
                              QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(told.exitCode, 0);
        QVERIFY(m_db.command({"ZSCORE", "odd_queue", "z"}).bytes().toLongLong() >= nowMs / 1000 + 3600);

        // Into the past: refused.
        const Run past = cli({QStringLiteral("queue"), QStringLiteral("reschedule"), QStringLiteral("ms_queue"), QStringLiteral("--item"),
                              QStringLiteral("job:b"), QStringLiteral("--at"), QStringLiteral("2001-01-01T00:00:00Z"), QStringLiteral("--yes"),
                              QStringLiteral("-u"), url});
        QCOMPARE(past.exitCode, 3);
        QVERIFY2(past.err.contains("refusing to reschedule into the past"), past.err.constData());
        QCOMPARE(m_db.command({"ZSCORE", "ms_queue", "job:b"}).bytes().toLongLong(), nowMs + 120'000);
        qunsetenv("PELSCOPE_AUDIT_LOG");
    }

    // Requeue and delete by the CLI: named items move with every occurrence;
    // by age with --limit; a user who may LREM but not LPUSH is refused by the
    // script before its first write, and nothing moves.
    void cliRequeuesAndDeletesListItems()
    {
        QTemporaryDir tmp;
        qputenv("PELSCOPE_AUDIT_LOG", tmp.filePath(QStringLiteral("audit.jsonl")).toUtf8());
        const qint64 now = serverNowMs(m_db) / 1000;
        m_db.command({"LPUSH", "processing", "poison", job(1, now - 900), job(2, now - 800), "poison", job(3, now - 700), job(4, now - 1)});
        m_db.command({"LPUSH", "myqueue", "waiting"});
        const QString url = m_server->url();
        const auto len = [&](const QByteArray &k) { return m_db.command({"LLEN", k}).integer(); };

        // The articles' bare "processing" list is named as MAIN=PROCESSING.
        const Run ambiguous = cli({QStringLiteral("queue"), QStringLiteral("requeue"), QStringLiteral("nothing-here"), QStringLiteral("--older-than"),
                                   QStringLiteral("5m"), QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(ambiguous.exitCode, 3);
        QVERIFY2(ambiguous.err.contains("MAIN=PROCESSING"), ambiguous.err.constData());

        // Only into the main list of a watched queue (issue 25): a main list
        // that the naming rules do not pair with this processing list, and
        // that is not configured, is refused before anything is written
        // ("obs" for "jobs": the key that lost its first letter).
        for (const QString &pair : {QStringLiteral("obs=processing"), QStringLiteral("obs=myqueue:processing")}) {
            const Run unwatched = cli({QStringLiteral("queue"), QStringLiteral("requeue"), pair, QStringLiteral("--older-than"), QStringLiteral("5m"),
                                       QStringLiteral("--yes"), QStringLiteral("-u"), url});
            QCOMPARE(unwatched.exitCode, 3);
            QVERIFY2(unwatched.err.contains("refused, nothing was written: \"obs\" is not the main list of"), unwatched.err.constData());
            QCOMPARE(len("processing"), 6);
            QCOMPARE(m_db.command({"EXISTS", "obs"}).integer(), 0);
        }
        // Named as a watched pair, the same pair may be written.
        const Run named = cli({QStringLiteral("queue"), QStringLiteral("requeue"), QStringLiteral("obs=processing"), QStringLiteral("--older-than"),
                               QStringLiteral("5m"), QStringLiteral("--dry-run"), QStringLiteral("--list-queue"), QStringLiteral("obs=processing"),
                               QStringLiteral("-u"), url});
        QCOMPARE(named.exitCode, 0);
        QVERIFY2(named.out.contains("\"obs\" does not exist yet"), named.out.constData());

        const Run dry = cli({QStringLiteral("queue"), QStringLiteral("requeue"), QStringLiteral("myqueue=processing"), QStringLiteral("--older-than"),
                             QStringLiteral("5m"), QStringLiteral("--dry-run"), QStringLiteral("-u"), url});
        QCOMPARE(dry.exitCode, 0);
        QVERIFY2(dry.out.contains("LREM \"processing\" -1 \"" + QByteArray(job(1, now - 900)).replace("\"", "\\\"") + "\" ; LPUSH \"myqueue\""),
                 dry.out.constData());
        QVERIFY2(dry.out.contains("would move 3 items back to \"myqueue\" from \"processing\", 3 items left in place"), dry.out.constData());

        RedisOracle admin;
        QVERIFY(admin.connectUrl(url));
        admin.command({"ACL", "SETUSER", "nolpush", "on", ">pw", "~*", "+@read", "+@connection", "+lrem", "+evalsha", "+script|load", "+xadd",
                       "+time", "+type", "+client|setname", "+info", "+ping"});
        QString limited = url;
        limited.replace(QStringLiteral("redis://"), QStringLiteral("redis://nolpush:pw@"));
        const Run refused = cli({QStringLiteral("queue"), QStringLiteral("requeue"), QStringLiteral("myqueue=processing"), QStringLiteral("--older-than"),
                                 QStringLiteral("5m"), QStringLiteral("--yes"), QStringLiteral("-u"), limited});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains("permission missing for LPUSH on the key myqueue"), refused.err.constData());
        QCOMPARE(len("processing"), 6);
        QCOMPARE(len("myqueue"), 1);

        const Run two = cli({QStringLiteral("queue"), QStringLiteral("requeue"), QStringLiteral("myqueue=processing"), QStringLiteral("--older-than"),
                             QStringLiteral("5m"), QStringLiteral("--limit"), QStringLiteral("2"), QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(two.exitCode, 0);
        QVERIFY2(two.out.startsWith("moved 2 items back"), two.out.constData());
        QCOMPARE(m_db.command({"LRANGE", "myqueue", "0", "-1"}).at(0).bytes(), job(2, now - 800)); // the oldest two, in order
        QCOMPARE(m_db.command({"LRANGE", "myqueue", "0", "-1"}).at(1).bytes(), job(1, now - 900));

        const Run poison = cli({QStringLiteral("queue"), QStringLiteral("delete"), QStringLiteral("myqueue=processing"), QStringLiteral("--item"),
                                QStringLiteral("poison"), QStringLiteral("--yes"), QStringLiteral("-u"), url});
        QCOMPARE(poison.exitCode, 0);
        QVERIFY2(poison.out.startsWith("deleted 2 items from \"processing\""), poison.out.constData()); // every occurrence
        QCOMPARE(len("processing"), 2);
        QCOMPARE(len("myqueue"), 3);
        QFile audit(tmp.filePath(QStringLiteral("audit.jsonl")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QByteArray trail = audit.readAll();
        QVERIFY(trail.contains("\"action\":\"queue_requeue\"") && trail.contains("\"action\":\"queue_delete\""));
        QVERIFY(trail.contains("\"outcome\":\"refused: "));
        qunsetenv("PELSCOPE_AUDIT_LOG");
    }

private:
    std::unique_ptr<RedisServer> m_server;
    RedisOracle m_db;
};

QTEST_GUILESS_MAIN(TestQueues)
#include "tst_queues.moc"
