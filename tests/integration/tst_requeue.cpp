// Requeue, exactly once: byte-exact fields in their order, metadata left
// behind, audit records, -OOM, NOSCRIPT, and thousands of entries moved while
// the connection is killed again and again.
#include "actions/requeue_job.h"
#include "fault_proxy.h"
#include "write_job_runner.h"
#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace pelscope;
using namespace pelscope::test;

namespace {

// A dead letter in the operators' layout, with awkward bytes in it.
RedisCommand deadLetter(const QByteArray &dlq, int i)
{
    QByteArray body = "{\"order\":" + QByteArray::number(i) + "}";
    if (i % 7 == 0)
        body = QByteArray("\x00\xff\xfe bin ", 8) + QByteArray::number(i);
    return {"XADD", dlq,        "*",          "msg_id", "m" + QByteArray::number(i), "payload",
            body,   "category", "validation", "reason", "amount is negative",        "delivery_count",
            "5",    "dlq_note", "x",          "z_last", QByteArray("\r\n", 2)};
}

WriteOutcome runJob(const QString &url, RequeueRequest request, std::function<void()> whileRunning = {})
{
    RequeueJob job(jobOptionsFor(url), std::move(request));
    return runToEnd(job, whileRunning);
}

} // namespace

class TestRequeue : public QObject
{
    Q_OBJECT
private:
    RedisServer m_server;
    RedisOracle m_db;
    QTemporaryDir m_tmp;

    QString auditPath(const char *name) const { return m_tmp.filePath(QString::fromLatin1(name)); }
    // A source stream that is read: requeue only delivers into streams with a consumer group.
    void readBy(const QByteArray &stream, const QByteArray &group = "workers")
    {
        QVERIFY(!m_db.command({"XGROUP", "CREATE", stream, group, "$", "MKSTREAM"}).isError());
    }
    // Outcome records; the "attempt" record written before each batch is not one.
    static int lines(const QString &path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        int n = 0;
        for (const QByteArray &line : f.readAll().split('\n'))
            n += !line.isEmpty() && !line.contains("\"outcome\":\"attempt\"");
        return n;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server.url()));
    }
    void init()
    {
        m_db.command({"CONFIG", "SET", "maxmemory", "0"});
        m_db.command({"FLUSHALL"});
    }

    void requeuesByteExactWithoutMetadata()
    {
        QList<RedisCommand> fixture;
        for (int i = 0; i < 30; ++i)
            fixture.append(deadLetter("orders:dlq", i));
        m_db.pipeline(fixture);
        const RedisReply before = m_db.command({"XRANGE", "orders:dlq", "-", "+"});
        readBy("orders");

        RequeueRequest r;
        r.dlq = "orders:dlq";
        r.batchSize = 8;
        r.auditLogPath = auditPath("basic.jsonl");
        const WriteOutcome result = runJob(m_server.url(), r);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.done, 30);
        QCOMPARE(result.counts.gone, 0);
        QCOMPARE(result.counts.scriptReloads, 1); // first EVALSHA meets an empty script cache

        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 0);
        const RedisReply after = m_db.command({"XRANGE", "orders", "-", "+"});
        QCOMPARE(after.size(), 30);
        for (int i = 0; i < 30; ++i) {
            // Exactly the non-metadata fields, byte for byte, in their order.
            const RedisReply &src = before.at(i).at(1);
            const RedisReply &dst = after.at(i).at(1);
            QCOMPARE(dst.size(), 6);
            QCOMPARE(dst.at(0).bytes(), QByteArray("msg_id"));
            QCOMPARE(dst.at(1).bytes(), src.at(1).bytes());
            QCOMPARE(dst.at(2).bytes(), QByteArray("payload"));
            QCOMPARE(dst.at(3).bytes(), src.at(3).bytes());
            QCOMPARE(dst.at(4).bytes(), QByteArray("z_last"));
            QCOMPARE(dst.at(5).bytes(), QByteArray("\r\n"));
        }
        QCOMPARE(m_db.command({"XLEN", "pelscope:audit"}).integer(), 30);
        QCOMPARE(lines(r.auditLogPath), 30);
    }

    void dryRunWritesNothing()
    {
        m_db.pipeline({deadLetter("dlq:payments", 1), deadLetter("dlq:payments", 2)});
        RequeueRequest r;
        r.dlq = "dlq:payments";
        r.dryRun = true;
        const WriteOutcome result = runJob(m_server.url(), r);
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.plan.size(), 4);
        QVERIFY2(result.plan.first().startsWith(QStringLiteral("XADD \"payments\" * \"msg_id\" \"m1\" \"payload\"")),
                 qPrintable(result.plan.first()));
        QVERIFY(!result.plan.first().contains(QStringLiteral("category")));
        QCOMPARE(m_db.command({"XLEN", "dlq:payments"}).integer(), 2);
        QCOMPARE(m_db.command({"EXISTS", "payments"}).integer(), 0);
    }

    void refusesWithoutAKnownSource()
    {
        m_db.command({"XADD", "mystery", "*", "payload", "x"});
        RequeueRequest r;
        r.dlq = "mystery";
        r.auditLogPath = auditPath("refuse.jsonl");
        const WriteOutcome result = runJob(m_server.url(), r);
        QVERIFY2(result.error.contains(QStringLiteral("--to")), qPrintable(result.error));
        QCOMPARE(m_db.command({"XLEN", "mystery"}).integer(), 1);
        // The source_stream field, when present, names it.
        m_db.command({"XADD", "mystery", "*", "payload", "y", "source_stream", "jobs"});
        readBy("jobs");
        r.select = RequeueRequest::Select::Match;
        r.matchField = "payload";
        r.matchValue = "y";
        const WriteOutcome ok = runJob(m_server.url(), r);
        QVERIFY2(ok.error.isEmpty(), qPrintable(ok.error));
        QCOMPARE(ok.counts.done, 1);
        QCOMPARE(ok.counts.skipped, 1);
        QCOMPARE(m_db.command({"XRANGE", "jobs", "-", "+"}).at(0).at(1).at(1).bytes(), QByteArray("y"));
    }

    // Into itself: refused whole before anything is written, whether named
    // with --to or by an entry's source_stream (issue 47: five entries,
    // 171,050 "requeued" until killed).
    void requeueIntoItselfIsRefused()
    {
        for (int i = 0; i < 5; ++i)
            m_db.command(deadLetter("jobs:dlq", i));
        RequeueRequest r;
        r.dlq = "jobs:dlq";
        r.target = "jobs:dlq";
        r.auditLogPath = auditPath("self.jsonl");
        const WriteOutcome named = runJob(m_server.url(), r);
        QVERIFY2(named.error.contains(QStringLiteral("into itself")), qPrintable(named.error));
        QCOMPARE(named.counts.done, 0);
        QCOMPARE(m_db.command({"XLEN", "jobs:dlq"}).integer(), 5);
        QCOMPARE(m_db.command({"EXISTS", "pelscope:audit"}).integer(), 0);

        m_db.command({"DEL", "jobs:dlq"});
        m_db.command({"XADD", "jobs:dlq", "*", "payload", "x", "source_stream", "jobs:dlq"});
        r.target.clear();
        const WriteOutcome byField = runJob(m_server.url(), r);
        QVERIFY2(byField.error.contains(QStringLiteral("names the dead-letter stream itself")), qPrintable(byField.error));
        QCOMPARE(byField.counts.done, 0);
        QCOMPARE(m_db.command({"XLEN", "jobs:dlq"}).integer(), 1);
    }

    // A worker fails every requeued order again at once: the run moves the
    // entries that were there when it began and stops, however many arrive
    // meanwhile (never more moves than planned).
    void runMovesOnlyWhatWasThereWhenItBegan()
    {
        QList<RedisCommand> fixture;
        for (int i = 0; i < 20; ++i)
            fixture.append(deadLetter("orders:dlq", i));
        m_db.pipeline(fixture);
        readBy("orders");
        RequeueRequest r;
        r.dlq = "orders:dlq";
        r.batchSize = 2;
        r.ratePerSecond = 20; // about a second: time for the worker to fail some again
        r.auditLogPath = auditPath("bounded.jsonl");
        int added = 0;
        QTimer failer;
        const WriteOutcome result = runJob(m_server.url(), r, [&] {
            QObject::connect(&failer, &QTimer::timeout, [&] {
                m_db.command(deadLetter("orders:dlq", 100 + added));
                ++added;
            });
            failer.start(25);
        });
        failer.stop();
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY2(added >= 10, qPrintable(QString::number(added)));
        QCOMPARE(result.counts.done, 20);
        QCOMPARE(m_db.command({"XLEN", "orders"}).integer(), 20);
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), added); // every one that arrived later stays
        QCOMPARE(m_db.command({"XLEN", "pelscope:audit"}).integer(), 20);
    }

    void outOfMemoryDeletesNothing()
    {
        QList<RedisCommand> fixture;
        for (int i = 0; i < 20; ++i)
            fixture.append(deadLetter("orders:dlq", i));
        m_db.pipeline(fixture);
        readBy("orders");
        m_db.command({"CONFIG", "SET", "maxmemory", "1"});
        RequeueRequest r;
        r.dlq = "orders:dlq";
        r.auditLogPath = auditPath("oom.jsonl");
        const WriteOutcome result = runJob(m_server.url(), r);
        m_db.command({"CONFIG", "SET", "maxmemory", "0"});
        QVERIFY2(result.error.contains(QStringLiteral("out of memory")) || result.error.contains(QStringLiteral("OOM")), qPrintable(result.error));
        QCOMPARE(result.counts.done, 0);
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 20);
        QCOMPARE(m_db.command({"XLEN", "orders"}).integer(), 0);
    }

    // A user who may XADD but not XDEL: the script checks every permission
    // before its first write, so the refusal leaves the DLQ and the source as
    // they were (before, one entry was XADDed and a rerun delivered it twice).
    void missingPermissionChangesNothing()
    {
        QList<RedisCommand> fixture;
        for (int i = 0; i < 3; ++i)
            fixture.append(deadLetter("orders:dlq", i));
        m_db.pipeline(fixture);
        readBy("orders");
        QVERIFY(!m_db.command({"ACL", "SETUSER", "noxdel", "on", ">pw", "~*", "+@all", "-xdel"}).isError());
        const RedisReply dlqBefore = m_db.command({"XRANGE", "orders:dlq", "-", "+"});
        RequeueRequest r;
        r.dlq = "orders:dlq";
        r.auditLogPath = auditPath("noperm.jsonl");
        QString url = m_server.url();
        url.replace(QStringLiteral("redis://"), QStringLiteral("redis://noxdel:pw@"));
        const WriteOutcome result = runJob(url, r);
        QCOMPARE(result.errorKind, RedisError::Kind::NoPermission);
        QVERIFY2(result.error.contains(QStringLiteral("XDEL")) && result.error.contains(QStringLiteral("nothing was written")),
                 qPrintable(result.error));
        QCOMPARE(result.counts.done, 0);
        QCOMPARE(result.counts.refused, 3);
        QCOMPARE(m_db.command({"XLEN", "orders"}).integer(), 0);
        QCOMPARE(m_db.command({"XRANGE", "orders:dlq", "-", "+"}).elements().size(), dlqBefore.elements().size());
        QCOMPARE(m_db.command({"XLEN", "pelscope:audit"}).integer(), 0);
        m_db.command({"ACL", "DELUSER", "noxdel"});
    }

    // A source_stream naming a stream that does not exist, or one nobody
    // reads: those entries stay in the DLQ, counted and explained; the rest
    // are requeued. Naming a target explicitly accepts it.
    void targetsNobodyReadsAreRefusedPerEntry()
    {
        readBy("orders");
        m_db.command({"XADD", "lonely", "*", "x", "1"}); // a stream without a group
        m_db.pipeline({{"XADD", "mixed:dlq", "*", "payload", "a", "source_stream", "orders"},
                       {"XADD", "mixed:dlq", "*", "payload", "b", "source_stream", "ghost"},
                       {"XADD", "mixed:dlq", "*", "payload", "c", "source_stream", "lonely"},
                       {"XADD", "mixed:dlq", "*", "payload", "d", "source_stream", "orders"}});
        RequeueRequest r;
        r.dlq = "mixed:dlq";
        r.auditLogPath = auditPath("targets.jsonl");
        const WriteOutcome result = runJob(m_server.url(), r);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.done, 2);
        QCOMPARE(result.counts.refused, 2);
        QCOMPARE(m_db.command({"XLEN", "orders"}).integer(), 2);
        QCOMPARE(m_db.command({"EXISTS", "ghost"}).integer(), 0);
        QCOMPARE(m_db.command({"XLEN", "lonely"}).integer(), 1);
        QCOMPARE(m_db.command({"XLEN", "mixed:dlq"}).integer(), 2);
        QVERIFY2(result.refusedTargets.value("ghost").contains(QStringLiteral("does not exist")), qPrintable(result.refusedTargets.value("ghost")));
        QVERIFY2(result.refusedTargets.value("lonely").contains(QStringLiteral("no consumer group")),
                 qPrintable(result.refusedTargets.value("lonely")));

        r.allowedTargets = {"ghost"};
        const WriteOutcome again = runJob(m_server.url(), r);
        QCOMPARE(again.counts.done, 1);
        QCOMPARE(again.counts.refused, 1);
        QCOMPARE(m_db.command({"XRANGE", "ghost", "-", "+"}).at(0).at(1).at(1).bytes(), QByteArray("b"));
        QCOMPARE(m_db.command({"XLEN", "mixed:dlq"}).integer(), 1);
    }

    void exactlyOnceWhileConnectionsAreKilled()
    {
        constexpr int kEntries = 5000;
        QList<RedisCommand> fixture;
        for (int i = 0; i < kEntries; ++i)
            fixture.append(deadLetter("orders:dlq", i));
        m_db.pipeline(fixture);
        readBy("orders");
        const RedisReply originals = m_db.command({"XRANGE", "orders:dlq", "-", "+"});

        FaultProxy proxy(m_server.port());
        QVERIFY(proxy.listen());
        proxy.setLatencyMs(2);
        RequeueRequest r;
        r.dlq = "orders:dlq";
        r.batchSize = 25;
        r.auditLogPath = auditPath("faults.jsonl");

        int kills = 0, clientKills = 0;
        RedisOracle killer;
        QVERIFY(killer.connectUrl(m_server.url()));
        QTimer chaos;
        QObject::connect(&chaos, &QTimer::timeout, &chaos, [&] {
            const quint32 dice = QRandomGenerator::global()->bounded(3u);
            if (dice == 0) {
                // The server drops the client, as an operator's CLIENT KILL would.
                const RedisReply n = killer.command({"CLIENT", "KILL", "USER", "default", "SKIPME", "yes"});
                clientKills += int(n.integer());
            } else if (dice == 1) {
                proxy.resetAll();
            } else {
                proxy.cutAfterServerBytes(QRandomGenerator::global()->bounded(1, 400));
                QTimer::singleShot(30, &proxy, [&proxy] { proxy.cutAfterServerBytes(-1); });
            }
            ++kills;
            chaos.setInterval(int(QRandomGenerator::global()->bounded(150u, 500u)));
        });
        const WriteOutcome result = runJob(proxy.url(), r, [&] { chaos.start(40); });
        chaos.stop();
        qInfo("entries %d, kills %d (CLIENT KILL %d, proxy cuts %d), batch retries %lld, requeued %lld, already gone %lld", kEntries, kills,
              clientKills, proxy.cuts(), result.counts.retries, result.counts.done, result.counts.gone);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY(kills >= 10);
        QCOMPARE(result.counts.done + result.counts.gone, kEntries);
        QCOMPARE(result.counts.failed, 0);

        // Truth from the server (the oracle's own connection was killed too).
        QVERIFY(m_db.connectUrl(m_server.url())); // every message exactly once, byte-exact
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 0);
        const RedisReply moved = m_db.command({"XRANGE", "orders", "-", "+"});
        QCOMPARE(moved.size(), kEntries);
        QHash<QByteArray, QByteArray> payloadById;
        for (const RedisReply &e : originals.elements())
            payloadById.insert(e.at(1).at(1).bytes(), e.at(1).at(3).bytes());
        QSet<QByteArray> seen;
        for (const RedisReply &e : moved.elements()) {
            const QByteArray msg = e.at(1).at(1).bytes();
            QVERIFY2(!seen.contains(msg), msg.constData()); // duplicates: 0
            seen.insert(msg);
            QCOMPARE(e.at(1).at(3).bytes(), payloadById.value(msg));
        }
        QCOMPARE(seen.size(), kEntries); // lost: 0
        const RedisReply audit = m_db.command({"XRANGE", "pelscope:audit", "-", "+"});
        QCOMPARE(audit.size(), kEntries);
        QCOMPARE(lines(r.auditLogPath), kEntries);
    }
};

QTEST_GUILESS_MAIN(TestRequeue)
#include "tst_requeue.moc"
