// Write jobs across a failover that keeps the clients connected: the primary
// is demoted with FAILOVER TO (Redis 6.2+: pause writes, let the replica catch
// up, swap roles) between two batches, and the sentinel then names the new
// primary. The next batch meets -READONLY on the demoted server; the job asks
// the sentinels again and finishes on the new primary, every entry exactly
// once, nothing reported failed.
#include "actions/pending_action_job.h"
#include "actions/requeue_job.h"
#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_sentinels.h"
#include "redis_server.h"

#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace pelscope;
using namespace pelscope::test;

namespace {

qint64 errorCount(RedisOracle &db, const QByteArray &code)
{
    const QByteArray prefix = "errorstat_" + code + ":count=";
    for (const QByteArray &line : db.command({"INFO", "errorstats"}).bytes().split('\n'))
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().toLongLong();
    return 0;
}

QByteArray roleOf(RedisOracle &db)
{
    const RedisReply r = db.command({"ROLE"});
    return r.isArray() && r.size() > 0 ? r.at(0).bytes() : QByteArray();
}

// A primary, its replica and one sentinel that never fails over by itself
// (down-after 60 s): the test decides when the roles swap.
struct Pair
{
    RedisServer primary;
    std::unique_ptr<RedisServer> replica;
    std::unique_ptr<RedisSentinels> sentinel;
    RedisOracle a, b;

    bool start(QString *error)
    {
        if (!primary.start(error))
            return false;
        RedisServer::Options o;
        o.extraArgs = {QStringLiteral("--replicaof"), QStringLiteral("127.0.0.1"), QString::number(primary.port()),
                       QStringLiteral("--repl-diskless-sync-delay"), QStringLiteral("0")};
        replica = std::make_unique<RedisServer>(o);
        if (!replica->start(error))
            return false;
        a.connectTcp(QStringLiteral("127.0.0.1"), primary.port());
        b.connectTcp(QStringLiteral("127.0.0.1"), replica->port());
        QDeadlineTimer deadline(10000);
        while (!b.command({"INFO", "replication"}).bytes().contains("master_link_status:up") && !deadline.hasExpired())
            QThread::msleep(20);
        RedisSentinels::Options so;
        so.masterPort = primary.port();
        so.count = 1;
        so.quorum = 1;
        so.downAfterMs = 60000;
        sentinel = std::make_unique<RedisSentinels>(so);
        return sentinel->start(error);
    }

    // FAILOVER TO the replica, then the sentinel is told of the new primary
    // (as its own failover would have it). Runs between two batches.
    bool swap(QString *error)
    {
        const RedisReply r = a.command({"FAILOVER", "TO", "127.0.0.1", QByteArray::number(replica->port())});
        if (r.isError()) {
            *error = QString::fromUtf8(r.bytes());
            return false;
        }
        QDeadlineTimer deadline(5000);
        while ((roleOf(a) != "slave" || roleOf(b) != "master") && !deadline.hasExpired())
            QThread::msleep(10);
        if (deadline.hasExpired()) {
            *error = QStringLiteral("FAILOVER did not swap the roles within 5 s");
            return false;
        }
        RedisOracle s;
        s.connectTcp(QStringLiteral("127.0.0.1"), sentinel->ports().first());
        s.command({"SENTINEL", "REMOVE", "mymaster"});
        const RedisReply m = s.command({"SENTINEL", "MONITOR", "mymaster", "127.0.0.1", QByteArray::number(replica->port()), "1"});
        if (m.isError()) {
            *error = QString::fromUtf8(m.bytes());
            return false;
        }
        return true;
    }
};

ConnectionOptions writerOptions(const QString &url)
{
    ConnectionOptions o = optionsFor(url);
    o.commandTimeoutMs = 2000;
    o.connectTimeoutMs = 2000;
    o.reconnectMaxMs = 500;
    return o;
}

} // namespace

class TestWriteFailover : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void requeueRetriesOnTheNewPrimary()
    {
        Pair pair;
        QString error;
        QVERIFY2(pair.start(&error), qPrintable(error));
        constexpr int kEntries = 200;
        QList<RedisCommand> fixture;
        for (int i = 0; i < kEntries; ++i)
            fixture.append({"XADD", "orders:dlq", "*", "msg_id", "m" + QByteArray::number(i), "payload",
                            QByteArray("\x00\xff", 2) + QByteArray::number(i), "category", "timeout"});
        fixture.append({"XGROUP", "CREATE", "orders", "workers", "$", "MKSTREAM"}); // requeue delivers only into streams that are read
        pair.a.pipeline(fixture);
        QCOMPARE(pair.a.command({"WAIT", "1", "5000"}).integer(), 1);

        RequeueRequest r;
        r.dlq = "orders:dlq";
        r.batchSize = 20;
        r.auditLogPath = m_tmp.filePath(QStringLiteral("requeue.jsonl"));
        RequeueJob job(writerOptions(pair.sentinel->url()), r);
        QSignalSpy done(&job, &RequeueJob::finished);
        QStringList retries;
        connect(&job, &RequeueJob::retrying, this, [&](const QString &why) { retries << why; });
        bool swapped = false;
        connect(&job, &RequeueJob::progress, this, [&](const WriteCounts &p) {
            if (!swapped && p.done >= 60) {
                swapped = true;
                QVERIFY2(pair.swap(&error), qPrintable(error));
            }
        });
        job.start();
        QVERIFY(done.wait(20000));
        const WriteOutcome result = done.first().first().value<WriteOutcome>();
        qInfo("requeue across FAILOVER: %lld requeued, %lld gone, %lld failed, %lld retries; first retry: %s", result.counts.done, result.counts.gone,
              result.counts.failed, result.counts.retries, qPrintable(retries.value(0)));
        QVERIFY(swapped);
        QVERIFY2(errorCount(pair.a, "READONLY") > 0, "the job never met -READONLY: the test proves nothing");
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.failed, 0);
        QVERIFY(result.counts.retries >= 1);
        QVERIFY(retries.value(0).contains(QStringLiteral("READONLY")));
        QCOMPARE(result.counts.done + result.counts.gone, kEntries);

        // On the new primary: every entry exactly once in the source, byte-exact, the DLQ empty.
        QCOMPARE(pair.b.command({"XLEN", "orders:dlq"}).integer(), 0);
        const RedisReply source = pair.b.command({"XRANGE", "orders", "-", "+"});
        QCOMPARE(source.size(), kEntries);
        for (int i = 0; i < kEntries; ++i) {
            const RedisReply &fields = source.at(i).at(1);
            QCOMPARE(fields.at(1).bytes(), "m" + QByteArray::number(i));
            QCOMPARE(fields.at(3).bytes(), QByteArray("\x00\xff", 2) + QByteArray::number(i));
        }
    }

    void ackRetriesOnTheNewPrimary()
    {
        Pair pair;
        QString error;
        QVERIFY2(pair.start(&error), qPrintable(error));
        constexpr int kEntries = 100;
        QList<RedisCommand> fixture;
        for (int i = 0; i < kEntries; ++i)
            fixture.append({"XADD", "orders", "*", "n", QByteArray::number(i)});
        fixture.append({"XGROUP", "CREATE", "orders", "workers", "0"});
        fixture.append({"XREADGROUP", "GROUP", "workers", "w1", "STREAMS", "orders", ">"});
        pair.a.pipeline(fixture);
        QCOMPARE(pair.a.command({"WAIT", "1", "5000"}).integer(), 1);
        QList<QByteArray> ids;
        const RedisReply entries = pair.a.command({"XRANGE", "orders", "-", "+"});
        for (const RedisReply &e : entries.elements())
            ids << e.at(0).bytes();

        PendingActionRequest r;
        r.action = PendingActionRequest::Action::Ack;
        r.stream = "orders";
        r.group = "workers";
        r.ids = ids;
        r.batchSize = 10;
        r.auditLogPath = m_tmp.filePath(QStringLiteral("ack.jsonl"));
        PendingActionJob job(writerOptions(pair.sentinel->url()), r);
        QSignalSpy done(&job, &PendingActionJob::finished);
        int batches = 0;
        bool swapped = false;
        // Just before the fourth batch is sent: it goes to the demoted server.
        connect(&job, &PendingActionJob::writing, this, [&](const QList<QByteArray> &) {
            if (++batches == 4 && !swapped) {
                swapped = true;
                QVERIFY2(pair.swap(&error), qPrintable(error));
            }
        });
        job.start();
        QVERIFY(done.wait(20000));
        const WriteOutcome result = done.first().first().value<WriteOutcome>();
        qInfo("ack across FAILOVER: %lld done, %lld not pending, %lld failed, %lld retries", result.counts.done, result.counts.notPending,
              result.counts.failed, result.counts.retries);
        QVERIFY(swapped);
        QVERIFY2(errorCount(pair.a, "READONLY") > 0, "the job never met -READONLY: the test proves nothing");
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.failed, 0);
        QCOMPARE(result.counts.done, kEntries); // nothing was acknowledged twice or reported uncertain
        QVERIFY(result.counts.retries >= 1);
        const RedisReply summary = pair.b.command({"XPENDING", "orders", "workers"});
        QCOMPARE(summary.at(0).integer(), 0);
    }
};

QTEST_GUILESS_MAIN(TestWriteFailover)
#include "tst_write_failover.moc"
