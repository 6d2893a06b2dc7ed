// Actions on pending entries against a real server: the exact PEL and DLQ after
// move-to-DLQ, claim and ack; an entry acknowledged between selection and
// action; the min-idle guard; and lost replies that must not claim twice.
#include "actions/pending_action_job.h"
#include "fault_proxy.h"
#include "poll_once.h"
#include "write_job_runner.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace pelscope;
using namespace pelscope::test;

namespace {

using Setup = std::function<void(PendingActionJob &)>;

WriteOutcome runJob(const QString &url, PendingActionRequest request, const Setup &setup = {})
{
    PendingActionJob job(jobOptionsFor(url, 500), std::move(request));
    if (setup)
        setup(job);
    return runToEnd(job, {}, 60'000);
}

QList<PendingOutcome::Kind> kinds(const WriteOutcome &r)
{
    QList<PendingOutcome::Kind> out;
    for (const PendingOutcome &o : r.entries)
        out.append(o.kind);
    return out;
}

// Cuts the connection at the next reply the server sends after the job
// announces a write: the command runs, its reply is lost. Once only.
void loseTheNextReply(PendingActionJob &job, FaultProxy &proxy)
{
    auto armed = std::make_shared<bool>(false);
    QObject::connect(&job, &PendingActionJob::writing, &job, [&proxy, armed](const QList<QByteArray> &) {
        if (*armed)
            return;
        *armed = true;
        const int cutsBefore = proxy.cuts();
        proxy.cutAfterServerBytes(0);
        auto *watch = new QTimer(&proxy);
        QObject::connect(watch, &QTimer::timeout, &proxy, [&proxy, watch, cutsBefore] {
            if (proxy.cuts() > cutsBefore) {
                proxy.cutAfterServerBytes(-1); // the reconnection gets through
                watch->deleteLater();
            }
        });
        watch->start(1);
    });
}

} // namespace

class TestPendingActions : public QObject
{
    Q_OBJECT
private:
    RedisServer m_server;
    RedisOracle m_db;
    QTemporaryDir m_tmp;
    QList<QByteArray> m_ids;
    QList<RedisReply> m_entries; // XRANGE of the source, before anything moved

    QString auditPath(const char *name) const { return m_tmp.filePath(QString::fromLatin1(name)); }
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
    // `n` entries of "orders", all delivered once to w1 in group "ship".
    void deliver(int n)
    {
        for (int i = 0; i < n; ++i)
            m_db.command({"XADD", "orders", "*", "order", QByteArray::number(i), "blob", QByteArray("\x00\xff\r\n", 4) + QByteArray::number(i)});
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", QByteArray::number(n), "STREAMS", "orders", ">"});
        m_entries = m_db.command({"XRANGE", "orders", "-", "+"}).elements();
        m_ids.clear();
        for (const RedisReply &e : std::as_const(m_entries))
            m_ids.append(e.at(0).bytes());
    }
    // Owner as a worker left it 10 minutes ago (JUSTID: the delivery count stays).
    void age(const QByteArray &id, const QByteArray &owner = "w1")
    {
        m_db.command({"XCLAIM", "orders", "ship", owner, "0", id, "IDLE", "600000", "JUSTID"});
    }
    // The PEL as [id, owner, deliveries] triples, from the server.
    QList<QList<QByteArray>> pel()
    {
        QList<QList<QByteArray>> out;
        const RedisReply reply = m_db.command({"XPENDING", "orders", "ship", "-", "+", "1000"});
        for (const RedisReply &e : reply.elements())
            out.append({e.at(0).bytes(), e.at(1).bytes(), QByteArray::number(e.at(3).integer())});
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server.url()));
    }
    void init() { m_db.command({"FLUSHALL"}); }

    void moveToDlqIsExactAndSkipsConcurrentAcks()
    {
        deliver(5);
        m_db.command({"XCLAIM", "orders", "ship", "w2", "0", m_ids[1]}); // a second delivery, to w2
        m_db.command({"XDEL", "orders", m_ids[3]});                      // pending, but gone from the stream

        PendingActionRequest r;
        r.action = PendingActionRequest::Action::ToDlq;
        r.stream = "orders";
        r.group = "ship";
        r.ids = {m_ids[0], m_ids[1], m_ids[2], m_ids[3]}; // selected...
        r.dlq = "orders:dlq";
        r.category = "poison";
        r.reason = QByteArray("bad \xff amount", 12);
        r.auditLogPath = auditPath("move.jsonl");
        const WriteOutcome result = runJob(m_server.url(), r, [&](PendingActionJob &job) {
            // ...and a worker acknowledges one of them just before the action.
            QObject::connect(&job, &PendingActionJob::writing, &job, [&] { m_db.command({"XACK", "orders", "ship", m_ids[2]}); });
        });
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        using K = PendingOutcome::Kind;
        QCOMPARE(kinds(result), (QList<K>{K::Moved, K::Moved, K::NotPending, K::MovedTrimmed}));
        QCOMPARE(result.counts.done, 3);
        QCOMPARE(result.counts.notPending, 1);
        QCOMPARE(result.counts.trimmed, 1);

        const QList<RedisReply> dlq = m_db.command({"XRANGE", "orders:dlq", "-", "+"}).elements();
        QCOMPARE(dlq.size(), 3);
        const QList<int> moved{0, 1, 3};
        const QList<QByteArray> owners{"w1", "w2", "w1"};
        const QList<QByteArray> deliveries{"1", "2", "1"};
        for (int k = 0; k < 3; ++k) {
            const int i = moved[k];
            QList<QByteArray> expected;
            if (i != 3)
                for (const RedisReply &f : m_entries[i].at(1).elements())
                    expected.append(f.bytes()); // the original fields, byte for byte
            expected += QList<QByteArray>{"pelscope:category",      "poison",   "pelscope:reason",    r.reason, "pelscope:delivery_count",
                                          deliveries[k],            "pelscope:source_stream", "orders", "pelscope:source_id", m_ids[i],
                                          "pelscope:group",         "ship",     "pelscope:consumer",  owners[k]};
            QList<QByteArray> actual;
            for (const RedisReply &f : dlq[k].at(1).elements())
                actual.append(f.bytes());
            QCOMPARE(actual, expected);
            QCOMPARE(result.entries[i].newId, dlq[k].at(0).bytes());
        }
        // Left pending: only the entry nobody selected.
        QCOMPARE(pel(), (QList<QList<QByteArray>>{{m_ids[4], "w1", "1"}}));
        QCOMPARE(lines(r.auditLogPath), 4);
        QCOMPARE(m_db.command({"XLEN", "pelscope:audit"}).integer(), 3);
    }

    void claimRespectsTheMinIdleGuard()
    {
        deliver(4);
        age(m_ids[0]);
        age(m_ids[1]);
        m_db.command({"XCLAIM", "orders", "ship", "w-live", "0", m_ids[2], "JUSTID"}); // a live worker just took it
        m_db.command({"XACK", "orders", "ship", m_ids[3]});

        PendingActionRequest r;
        r.action = PendingActionRequest::Action::Claim;
        r.stream = "orders";
        r.group = "ship";
        r.ids = m_ids;
        r.toConsumer = "rescuer";
        r.minIdleMs = 5 * 60 * 1000;
        r.auditLogPath = auditPath("claim.jsonl");
        const WriteOutcome result = runJob(m_server.url(), r);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        using K = PendingOutcome::Kind;
        QCOMPARE(kinds(result), (QList<K>{K::Claimed, K::Claimed, K::NotClaimed, K::NotPending}));
        QVERIFY2(result.entries[2].note.contains(QStringLiteral("owner w-live")), qPrintable(result.entries[2].note));
        QCOMPARE(pel(), (QList<QList<QByteArray>>{{m_ids[0], "rescuer", "1"}, {m_ids[1], "rescuer", "1"}, {m_ids[2], "w-live", "1"}}));
        QCOMPARE(lines(r.auditLogPath), 4);
    }

    void claimByConsumerTakesOnlyIdleEntriesUpToTheCount()
    {
        deliver(6);
        for (int i = 0; i < 5; ++i)
            age(m_ids[i]);
        m_db.command({"XCLAIM", "orders", "ship", "w1", "0", m_ids[2], "JUSTID"}); // touched again just now

        PendingActionRequest r;
        r.action = PendingActionRequest::Action::Claim;
        r.stream = "orders";
        r.group = "ship";
        r.fromConsumer = "w1";
        r.limit = 2;
        r.toConsumer = "rescuer";
        r.minIdleMs = 60'000;
        r.batchSize = 1; // page through the selection
        r.auditLogPath = auditPath("by-consumer.jsonl");
        WriteOutcome result = runJob(m_server.url(), r);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.done, 2);
        QCOMPARE(pel(), (QList<QList<QByteArray>>{{m_ids[0], "rescuer", "1"},
                                                  {m_ids[1], "rescuer", "1"},
                                                  {m_ids[2], "w1", "1"},
                                                  {m_ids[3], "w1", "1"},
                                                  {m_ids[4], "w1", "1"},
                                                  {m_ids[5], "w1", "1"}}));
        r.limit = -1;
        result = runJob(m_server.url(), r);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.done, 2); // 3 and 4; 2 and 5 are fresh
        QCOMPARE(pel(), (QList<QList<QByteArray>>{{m_ids[0], "rescuer", "1"},
                                                  {m_ids[1], "rescuer", "1"},
                                                  {m_ids[2], "w1", "1"},
                                                  {m_ids[3], "rescuer", "1"},
                                                  {m_ids[4], "rescuer", "1"},
                                                  {m_ids[5], "w1", "1"}}));
    }

    void ackReportsWhatWasPending()
    {
        deliver(3);
        m_db.command({"XACK", "orders", "ship", m_ids[1]});
        PendingActionRequest r;
        r.action = PendingActionRequest::Action::Ack;
        r.stream = "orders";
        r.group = "ship";
        r.ids = {m_ids[0], m_ids[1]};
        r.auditLogPath = auditPath("ack.jsonl");
        const WriteOutcome result = runJob(m_server.url(), r);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        using K = PendingOutcome::Kind;
        QCOMPARE(kinds(result), (QList<K>{K::Acked, K::NotPending}));
        QCOMPARE(pel(), (QList<QList<QByteArray>>{{m_ids[2], "w1", "1"}}));
        QCOMPARE(lines(r.auditLogPath), 2);
    }

    void refusesWithoutAnAuditTrailOrAGroup()
    {
        deliver(1);
        PendingActionRequest r;
        r.stream = "orders";
        r.group = "ship";
        r.ids = m_ids;
        r.auditLogPath = QStringLiteral("/proc/pelscope-nope/audit.jsonl");
        WriteOutcome result = runJob(m_server.url(), r);
        QVERIFY2(result.error.contains(QStringLiteral("audit log")), qPrintable(result.error));
        QCOMPARE(result.errorKind, RedisError::Kind::Usage);
        r.auditLogPath = auditPath("refused.jsonl");
        r.group = "nope";
        result = runJob(m_server.url(), r);
        QVERIFY2(result.error.contains(QStringLiteral("no consumer group")), qPrintable(result.error));
        QCOMPARE(pel().size(), 1);
    }

    void lostClaimReplyIsVerifiedNotRepeated()
    {
        deliver(3);
        age(m_ids[0]);
        age(m_ids[1]);
        FaultProxy proxy(m_server.port());
        QVERIFY(proxy.listen());
        m_db.command({"CONFIG", "RESETSTAT"});
        PendingActionRequest r;
        r.action = PendingActionRequest::Action::Claim;
        r.stream = "orders";
        r.group = "ship";
        r.ids = m_ids;
        r.toConsumer = "rescuer";
        r.minIdleMs = 60'000;
        r.auditLogPath = auditPath("lost-claim.jsonl");
        const WriteOutcome result = runJob(proxy.url(), r, [&](PendingActionJob &job) { loseTheNextReply(job, proxy); });
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY(proxy.cuts() >= 1);
        QCOMPARE(result.counts.retries, 1);
        using K = PendingOutcome::Kind;
        QCOMPARE(kinds(result), (QList<K>{K::Claimed, K::Claimed, K::NotClaimed}));
        QVERIFY(result.entries[0].afterLostReply);
        // One XCLAIM reached the server: the PEL was read, not claimed again.
        QCOMPARE(m_db.commandStats().value(QStringLiteral("xclaim")).calls, 1);
        QCOMPARE(pel(), (QList<QList<QByteArray>>{{m_ids[0], "rescuer", "1"}, {m_ids[1], "rescuer", "1"}, {m_ids[2], "w1", "1"}}));
    }

    void lostMoveReplyNeitherDuplicatesNorMisreports()
    {
        deliver(3);
        FaultProxy proxy(m_server.port());
        QVERIFY(proxy.listen());
        PendingActionRequest r;
        r.action = PendingActionRequest::Action::ToDlq;
        r.stream = "orders";
        r.group = "ship";
        r.ids = {m_ids[0], m_ids[1]};
        r.dlq = "orders:dlq";
        r.auditLogPath = auditPath("lost-move.jsonl");
        const WriteOutcome result = runJob(proxy.url(), r, [&](PendingActionJob &job) {
            // Load the script first, so the reply lost is the one that moved entries.
            m_db.command({"SCRIPT", "LOAD", LuaScript::fromResource(QStringLiteral(":/lua/move_to_dlq.lua")).source()});
            loseTheNextReply(job, proxy);
        });
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY(result.counts.retries >= 1);
        using K = PendingOutcome::Kind;
        QCOMPARE(kinds(result), (QList<K>{K::Moved, K::Moved}));
        QVERIFY(result.entries[0].afterLostReply);
        QCOMPARE(result.counts.uncertain, 0);
        const QList<RedisReply> dlq = m_db.command({"XRANGE", "orders:dlq", "-", "+"}).elements();
        QCOMPARE(dlq.size(), 2); // exactly once each
        QCOMPARE(result.entries[0].newId, dlq[0].at(0).bytes());
        QCOMPARE(result.entries[1].newId, dlq[1].at(0).bytes());
        QCOMPARE(pel(), (QList<QList<QByteArray>>{{m_ids[2], "w1", "1"}}));
        QCOMPARE(lines(r.auditLogPath), 2);
    }

    void lostAckReplyIsResentSafely()
    {
        deliver(2);
        FaultProxy proxy(m_server.port());
        QVERIFY(proxy.listen());
        PendingActionRequest r;
        r.stream = "orders";
        r.group = "ship";
        r.ids = m_ids;
        r.auditLogPath = auditPath("lost-ack.jsonl");
        const WriteOutcome result = runJob(proxy.url(), r, [&](PendingActionJob &job) { loseTheNextReply(job, proxy); });
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.retries, 1);
        QCOMPARE(result.counts.notPending, 2); // the second XACK finds them settled...
        QCOMPARE(result.counts.uncertain, 2);  // ...and says it cannot tell by whom
        QVERIFY(pel().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPendingActions)
#include "tst_pending_actions.moc"
