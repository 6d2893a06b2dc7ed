// read_from=replica against real processes: a primary and a replica
// (--replicaof), later three sentinels. Pelscope polls the replica and sends
// the primary nothing but ROLE; the values equal the primary's except where
// the replica keeps its own clock or counters (found by experiment, below);
// the offset lag and a broken link are shown; writes land on the primary.
//
// What a replica reports differently (Redis 7.0.15, measured here):
// - PEL entries: owner, delivery count and idle are equal. XREADGROUP and
//   XCLAIM reach the replica as XCLAIM ... TIME <ms> RETRYCOUNT <n>, so the
//   delivery time is the primary's and idle agrees within the time between the
//   two reads (a few ms), even when the replica applied the command late.
// - Consumer idle (XINFO CONSUMERS "idle", seen-time) counts from when the
//   replica applied the command: with the replica stopped for 1 s while a
//   consumer read, its idle on the replica is about 1 s shorter.
// - Group entries-read is null on a 7.0 replica once a consumer has read
//   (the propagated XCLAIM ... LASTID does not carry it), so the lag Redis
//   reports may be null there too (Pelscope then shows its estimate and says
//   why); pending, last-delivered-id, length and last-generated-id are equal.
#include "poll_once.h"
#include "cli_process.h"
#include "polling/connection_poller.h"
#include "redis_oracle.h"
#include "redis_sentinels.h"
#include "redis_server.h"
#include "snapshot/snapshot_json.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

QString nodeOf(const RedisServer &s)
{
    return QStringLiteral("127.0.0.1:%1").arg(s.port());
}

QString tcpUrl(const RedisServer &s)
{
    return QStringLiteral("redis://") + nodeOf(s);
}

QList<QByteArray> clientNames(RedisOracle &db)
{
    QList<QByteArray> names;
    for (const QByteArray &line : db.command({"CLIENT", "LIST"}).bytes().split('\n'))
        for (const QByteArray &field : line.split(' '))
            if (field.startsWith("name=") && field.size() > 5)
                names << field.mid(5);
    return names;
}

std::optional<qint64> idleOf(const QList<ConsumerSnapshot> &consumers, const QByteArray &name)
{
    for (const ConsumerSnapshot &c : consumers)
        if (c.name == name)
            return c.idleMs;
    return std::nullopt;
}

} // namespace

class TestReplica : public QObject
{
    Q_OBJECT
private:
    RedisServer m_primary;
    std::unique_ptr<RedisServer> m_replica;
    RedisOracle m_p;
    RedisOracle m_r;
    QTemporaryDir m_tmp;
    QElapsedTimer m_wall;

    QString replicaUrl() const { return tcpUrl(*m_replica); }

    ProcessRun cli(const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), m_tmp.filePath(QStringLiteral("audit.jsonl")));
        return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), args, env);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_wall.start();
        QString error;
        QVERIFY2(m_primary.start(&error), qPrintable(error));
        RedisServer::Options ro;
        ro.extraArgs = {QStringLiteral("--replicaof"), QStringLiteral("127.0.0.1"), QString::number(m_primary.port())};
        m_replica = std::make_unique<RedisServer>(ro);
        QVERIFY2(m_replica->start(&error), qPrintable(error));
        QVERIFY(m_p.connectTcp(QStringLiteral("127.0.0.1"), m_primary.port()));
        QVERIFY(m_r.connectTcp(QStringLiteral("127.0.0.1"), m_replica->port()));
        QTRY_VERIFY_WITH_TIMEOUT(m_r.command({"INFO", "replication"}).bytes().contains("master_link_status:up"), 10000);

        // orders/workers: entries delivered once, twice and three times, two acknowledged.
        for (int i = 0; i < 20; ++i)
            m_p.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        m_p.command({"XGROUP", "CREATE", "orders", "workers", "0"});
        m_p.command({"XGROUP", "CREATE", "orders", "audit", "$"});
        m_p.command({"XREADGROUP", "GROUP", "workers", "alice", "COUNT", "8", "STREAMS", "orders", ">"});
        m_p.command({"XREADGROUP", "GROUP", "workers", "bob", "COUNT", "4", "STREAMS", "orders", ">"});
        const RedisReply head = m_p.command({"XRANGE", "orders", "-", "+", "COUNT", "8"});
        for (int round = 0; round < 2; ++round)
            for (qsizetype i = 0; i <= round; ++i)
                m_p.command({"XCLAIM", "orders", "workers", "carol", "0", head.at(i).at(0).bytes()});
        QCOMPARE(m_p.command({"XACK", "orders", "workers", head.at(5).at(0).bytes(), head.at(6).at(0).bytes()}).toInt(), 2);

        // payments/billing: dave reads while the replica is stopped, so the
        // replica applies it about 1 s late.
        for (int i = 0; i < 5; ++i)
            m_p.command({"XADD", "payments", "*", "n", QByteArray::number(i)});
        m_p.command({"XGROUP", "CREATE", "payments", "billing", "0"});
        QCOMPARE(m_p.command({"WAIT", "1", "5000"}).toInt(), 1);
        m_replica->freeze();
        m_p.command({"XREADGROUP", "GROUP", "billing", "dave", "COUNT", "3", "STREAMS", "payments", ">"});
        QTest::qWait(1000);
        m_replica->thaw();
        QCOMPARE(m_p.command({"WAIT", "1", "5000"}).toInt(), 1);
        qInfo("set-up took %lld ms", m_wall.elapsed());
    }

    // A plain URL naming the primary: its ROLE lists the replica, and the
    // replica is polled. The primary sees ROLE (and the connection's own
    // handshake), never a stream command.
    void pollsTheReplicaNotThePrimary()
    {
        const QHash<QString, RedisOracle::Stat> before = m_p.commandStats();
        QString error;
        QElapsedTimer clock;
        clock.start();
        const Snapshot s = pollOnce(tcpUrl(m_primary) + QStringLiteral("?read_from=replica"), {}, &error);
        const qint64 pollMs = clock.elapsed();
        QVERIFY2(!s.isNull(), qPrintable(error));
        const QHash<QString, RedisOracle::Stat> after = m_p.commandStats();

        // Truth from both, right after the poll.
        const RedisReply pGroups = m_p.command({"XINFO", "GROUPS", "orders"});
        const RedisReply rGroups = m_r.command({"XINFO", "GROUPS", "orders"});
        const RedisReply pPel = m_p.command({"XPENDING", "orders", "workers", "-", "+", "100"});
        const RedisReply pConsumers = m_p.command({"XINFO", "CONSUMERS", "payments", "billing"});
        const RedisReply rConsumers = m_r.command({"XINFO", "CONSUMERS", "payments", "billing"});
        const RedisReply pPaymentsPel = m_p.command({"XPENDING", "payments", "billing", "-", "+", "10"});
        const qint64 readMs = clock.elapsed() - pollMs; // the truth is this much later than the poll, at most

        QStringList changed;
        for (auto it = after.cbegin(); it != after.cend(); ++it)
            if (it.value().calls != before.value(it.key()).calls)
                changed << it.key();
        changed.sort();
        qInfo("poll took %lld ms; commands the primary ran meanwhile: %s", pollMs, qPrintable(changed.join(QStringLiteral(", "))));
        // info: the oracle's own INFO commandstats; replconf: the replica's ACKs.
        const QStringList allowed = {QStringLiteral("role"), QStringLiteral("info"), QStringLiteral("client|setname"), QStringLiteral("replconf")};
        for (const QString &c : std::as_const(changed))
            QVERIFY2(allowed.contains(c), qPrintable(QStringLiteral("the primary ran %1 during a read_from=replica poll").arg(c)));
        QVERIFY(changed.contains(QStringLiteral("role")));

        QCOMPARE(s->server.role, QStringLiteral("slave"));
        QCOMPARE(s->server.node, nodeOf(*m_replica));
        QVERIFY(s->server.replica);
        QCOMPARE(s->server.replica->address, nodeOf(*m_replica));
        QCOMPARE(s->server.replica->primary, nodeOf(m_primary));
        QCOMPARE(s->server.replica->link, QStringLiteral("up"));

        // Stream and group values equal the primary's.
        const StreamSnapshot *orders = s.stream("orders");
        QVERIFY(orders);
        QCOMPARE(orders->length, m_p.command({"XLEN", "orders"}).toInt());
        QCOMPARE(orders->lastGeneratedId, m_p.command({"XINFO", "STREAM", "orders"}).field("last-generated-id").bytes());
        const GroupSnapshot *workers = s.group("orders", "workers");
        QVERIFY(workers);
        const RedisReply pw = pGroups.at(1), rw = rGroups.at(1); // sorted: audit, workers
        QCOMPARE(pw.field("name").bytes(), QByteArray("workers"));
        QCOMPARE(workers->pending, pw.field("pending").toInt());
        QCOMPARE(workers->pending, qint64(10)); // 12 read, 2 acknowledged
        QCOMPARE(workers->lastDeliveredId, pw.field("last-delivered-id").bytes());
        QCOMPARE(workers->consumers, pw.field("consumers").toInt());
        // entries-read and lag: what the replica says (see the top of the file).
        QCOMPARE(workers->entriesRead, rw.field("entries-read").toInt());
        QCOMPARE(workers->lag.has_value(), !rw.field("lag").isNil());
        if (workers->lag)
            QCOMPARE(workers->lag, pw.field("lag").toInt());
        else
            QVERIFY(!workers->lagNote.isEmpty());
        if (rw.field("entries-read").isNil())
            qInfo("replica: workers entries-read null (primary %lld), lag %s (primary %lld); Pelscope: %s", *pw.field("entries-read").toInt(),
                  rw.field("lag").isNil() ? "null" : "given", *pw.field("lag").toInt(),
                  qPrintable(workers->lag ? QString::number(*workers->lag) : renderReason(workers->lagNote)));
        else
            QCOMPARE(rw.field("entries-read").toInt(), pw.field("entries-read").toInt());
        if (m_replica->version().startsWith(QLatin1String("7.0.")))
            QVERIFY(rw.field("entries-read").isNil()); // observed on 7.0: not replicated
        // A group that never read: everything equal, entries-read included.
        const GroupSnapshot *audit = s.group("orders", "audit");
        QVERIFY(audit);
        QCOMPARE(audit->entriesRead, pGroups.at(0).field("entries-read").toInt());
        QCOMPARE(audit->lag, pGroups.at(0).field("lag").toInt());

        // Per entry: owner and delivery count equal; idle within the reads' distance.
        QCOMPARE(qsizetype(workers->headEntries.size()), pPel.size());
        QMap<qint64, qint64> counts;
        qint64 worstIdleGap = 0;
        for (qsizetype i = 0; i < pPel.size(); ++i) {
            const PendingEntry &e = workers->headEntries[i];
            QCOMPARE(e.id, pPel.at(i).at(0).bytes());
            QCOMPARE(e.consumer, pPel.at(i).at(1).bytes());
            QCOMPARE(e.deliveries, *pPel.at(i).at(3).toInt());
            ++counts[e.deliveries];
            const qint64 gap = *pPel.at(i).at(2).toInt() - e.idleMs; // the primary was read later
            worstIdleGap = std::max(worstIdleGap, std::abs(gap));
            QVERIFY2(gap >= -5 && gap <= readMs + pollMs + 5, qPrintable(QStringLiteral("idle gap %1 ms").arg(gap)));
        }
        QCOMPARE(counts, (QMap<qint64, qint64>{{1, 8}, {2, 1}, {3, 1}}));
        QCOMPARE(workers->deliveryCounts, counts);
        QCOMPARE(workers->maxDeliveryCount, 3);

        // payments: dave's entries' idle agrees (the primary's delivery time
        // travels with the command); dave's own idle on the replica is about
        // the second the replica was stopped shorter.
        const GroupSnapshot *billing = s.group("payments", "billing");
        QVERIFY(billing);
        QCOMPARE(qsizetype(billing->headEntries.size()), pPaymentsPel.size());
        for (qsizetype i = 0; i < pPaymentsPel.size(); ++i) {
            const qint64 gap = *pPaymentsPel.at(i).at(2).toInt() - billing->headEntries[i].idleMs;
            QVERIFY2(gap >= -5 && gap <= readMs + pollMs + 5, qPrintable(QStringLiteral("payments idle gap %1 ms").arg(gap)));
        }
        const std::optional<qint64> replicaIdle = idleOf(billing->consumerList, "dave");
        QVERIFY(replicaIdle);
        const qint64 primaryIdle = *pConsumers.at(0).field("idle").toInt();
        const qint64 consumerGap = primaryIdle - *replicaIdle;
        qInfo("PEL idle: worst |primary - replica| %lld ms (reads %lld ms apart at most); consumer dave idle: primary %lld ms, "
              "replica (Pelscope) %lld ms, replica now %lld ms",
              worstIdleGap, readMs + pollMs, primaryIdle, *replicaIdle, *rConsumers.at(0).field("idle").toInt());
        QVERIFY2(consumerGap >= 700 && consumerGap <= 1000 + readMs + pollMs + 300,
                 qPrintable(QStringLiteral("consumer idle gap %1 ms").arg(consumerGap)));
    }

    // A plain URL naming the replica (?replica=1): polled as it is. The
    // offset lag is 0 once WAIT says the replica has everything, and only the
    // small ROLE connection is on the primary.
    void offsetLagAndConnections()
    {
        QCOMPARE(m_p.command({"WAIT", "1", "1000"}).toInt(), 1);
        ConnectionPoller poller(optionsFor(replicaUrl() + QStringLiteral("?replica=1")), ProbeConfig{});
        poller.setIntervalMs(200);
        QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
        QSignalSpy statuses(&poller, &ConnectionPoller::statusChanged);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 2, 10000);
        const Snapshot s = snapshots.last().first().value<Snapshot>();
        QVERIFY(s->server.replica);
        const ReplicaSnapshot &r = *s->server.replica;
        qInfo("offset lag: replica offset %lld, primary offset %lld, lag %lld bytes, last I/O %lld s ago", r.offset.value_or(-1),
              r.primaryOffset.value_or(-1), r.lagBytes.value_or(-1), r.lastIoS.value_or(-1));
        QCOMPARE(r.link, QStringLiteral("up"));
        QVERIFY(r.offset && r.primaryOffset && r.lagBytes);
        QCOMPARE(*r.lagBytes, std::max<qint64>(0, *r.primaryOffset - *r.offset));
        QVERIFY2(*r.lagBytes <= 64, qPrintable(QString::number(*r.lagBytes))); // at most a replication PING in between
        QVERIFY(r.lastIoS && *r.lastIoS >= 0 && *r.lastIoS <= 11);
        QVERIFY2(r.note.isEmpty(), qPrintable(r.note));

        const QJsonObject json = snapshotToJson(s).value(QLatin1String("server")).toObject().value(QLatin1String("replica")).toObject();
        for (const char *key : {"address", "primary", "link", "offset", "primary_offset", "lag_bytes", "last_io_s", "link_down_s", "syncing", "note"})
            QVERIFY2(json.contains(QLatin1String(key)), key);
        QCOMPARE(json.value(QLatin1String("lag_bytes")).toDouble(), double(*r.lagBytes));

        // Who is connected where: Pelscope's poller on the replica, its ROLE
        // connection alone on the primary.
        QVERIFY(clientNames(m_r).contains("pelscope"));
        QVERIFY(!clientNames(m_p).contains("pelscope"));
        QVERIFY(clientNames(m_p).contains("pelscope-role"));

        const ConnectionStatus st = statuses.last().first().value<ConnectionStatus>();
        QCOMPARE(st.server.role, QStringLiteral("slave"));
        QCOMPARE(st.server.node, nodeOf(*m_replica));
        QCOMPARE(st.server.primary, nodeOf(m_primary));
        QVERIFY(st.replica && st.replica->link == QLatin1String("up"));
        poller.stop();
    }

    // redis+sentinel://...?read_from=replica: the sentinels name the replica.
    void sentinelNamesTheReplica()
    {
        QElapsedTimer clock;
        clock.start();
        RedisSentinels::Options so;
        so.masterPort = m_primary.port();
        RedisSentinels sentinels(so);
        QString error;
        QVERIFY2(sentinels.start(&error), qPrintable(error));
        // Until the sentinels have read the replica's INFO it is not "ok" to them.
        RedisOracle s0;
        QVERIFY(s0.connectTcp(QStringLiteral("127.0.0.1"), sentinels.ports().first()));
        QTRY_VERIFY_WITH_TIMEOUT(s0.command({"SENTINEL", "REPLICAS", "mymaster"}).at(0).field("master-link-status").bytes() == "ok", 15000);
        const qint64 setupMs = clock.elapsed();

        const Snapshot s = pollOnce(sentinels.url() + QStringLiteral("?read_from=replica"), {}, &error);
        QVERIFY2(!s.isNull(), qPrintable(error));
        qInfo("sentinels up in %lld ms, poll through them %lld ms", setupMs, clock.elapsed() - setupMs);
        QCOMPARE(s->server.mode, QStringLiteral("sentinel"));
        QCOMPARE(s->server.role, QStringLiteral("slave"));
        QCOMPARE(s->server.node, nodeOf(*m_replica));
        QVERIFY(s->server.replica);
        QCOMPARE(s->server.replica->primary, nodeOf(m_primary));
        QVERIFY(s->server.address.contains(QStringLiteral("read_from=replica")));
        QCOMPARE(s.group("orders", "workers")->pending, m_p.command({"XINFO", "GROUPS", "orders"}).at(1).field("pending").toInt());
        sentinels.stop(); // before the primary goes down below: no failover
    }

    // The CLI: the table says where the values come from; a write with a
    // read_from=replica URL naming the replica lands on the primary.
    void cliReadsReplicaWritesPrimary()
    {
        ProcessRun r = cli({QStringLiteral("--url"), tcpUrl(m_primary), QStringLiteral("--read-from-replica"), QStringLiteral("snapshot")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray header = r.out.split('\n').value(0);
        qInfo("%s", header.constData());
        QVERIFY2(header.startsWith(QStringLiteral("replica %1 of %2: link up, offset lag ").arg(nodeOf(*m_replica), nodeOf(m_primary)).toUtf8()),
                 header.constData());

        const QByteArray id = m_p.command({"XPENDING", "orders", "workers", "-", "+", "1", "bob"}).at(0).at(0).bytes();
        const qint64 pendingBefore = *m_p.command({"XINFO", "GROUPS", "orders"}).at(1).field("pending").toInt();
        r = cli({QStringLiteral("--url"), replicaUrl() + QStringLiteral("?read_from=replica"), QStringLiteral("pending"), QStringLiteral("ack"),
                 QStringLiteral("orders"), QStringLiteral("workers"), QStringLiteral("--id"), QString::fromLatin1(id), QStringLiteral("--yes")});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(r.out.contains("acknowledged 1"), r.out.constData());
        QCOMPARE(*m_p.command({"XINFO", "GROUPS", "orders"}).at(1).field("pending").toInt(), pendingBefore - 1);
        QCOMPARE(m_p.command({"XPENDING", "orders", "workers", id, id, "1"}).size(), 0);
        QCOMPARE(m_p.command({"WAIT", "1", "1000"}).toInt(), 1);
        QCOMPARE(m_r.command({"XPENDING", "orders", "workers", id, id, "1"}).size(), 0);
    }

    // A primary with no replica: a clear refusal, never a poll of the primary.
    void primaryWithoutReplicaIsRefused()
    {
        RedisServer lone;
        QString error;
        QVERIFY2(lone.start(&error), qPrintable(error));
        const Snapshot s = pollOnce(tcpUrl(lone) + QStringLiteral("?read_from=replica"), {}, &error);
        QVERIFY(s.isNull());
        QVERIFY2(error.contains(QStringLiteral("primary with no connected replica; not polling the primary")), qPrintable(error));
    }

    // The primary goes away: the replica keeps answering with the values as of
    // the break, the link shows down and the offset lag unknown, with why.
    void brokenLinkIsShown()
    {
        ConnectionPoller poller(optionsFor(replicaUrl() + QStringLiteral("?read_from=replica")), ProbeConfig{});
        poller.setIntervalMs(200);
        QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(!snapshots.isEmpty(), 10000);
        const qint64 pending = *snapshots.last().first().value<Snapshot>().group("orders", "workers")->pending;
        m_primary.stop();
        QElapsedTimer clock;
        clock.start();
        auto down = [&] {
            const Snapshot s = snapshots.last().first().value<Snapshot>();
            return s->server.replica && s->server.replica->link == QLatin1String("down") && !s->server.replica->primaryOffset;
        };
        QTRY_VERIFY_WITH_TIMEOUT(down(), 10000);
        const Snapshot s = snapshots.last().first().value<Snapshot>();
        const ReplicaSnapshot &r = *s->server.replica;
        qInfo("link down shown %lld ms after the primary stopped: %s", clock.elapsed(), qPrintable(r.note));
        QVERIFY(!r.lagBytes);
        QVERIFY(r.offset);
        QVERIFY2(r.note.contains(QStringLiteral("replication link to %1 is down").arg(nodeOf(m_primary))), qPrintable(r.note));
        QVERIFY2(r.note.contains(QStringLiteral("offset lag unknown")), qPrintable(r.note));
        QCOMPARE(s.group("orders", "workers")->pending, pending);
        const QJsonObject json = snapshotToJson(s).value(QLatin1String("server")).toObject().value(QLatin1String("replica")).toObject();
        QVERIFY(json.value(QLatin1String("lag_bytes")).isNull());
        QCOMPARE(json.value(QLatin1String("link")).toString(), QStringLiteral("down"));
        poller.stop();
        qInfo("whole test %lld ms", m_wall.elapsed());
    }
};

QTEST_GUILESS_MAIN(TestReplica)
#include "tst_replica.moc"
