// Redis Sentinel against real processes: a primary, one replica, three
// sentinels. Pelscope polls through a redis+sentinel:// URL, sees the values
// the primary holds, follows the failover when the primary is killed, never
// talks to the replica while it is one, and a write lands on the new primary.
#include "cli_process.h"
#include "poll_once.h"
#include "polling/connection_poller.h"
#include "redis/redis_connection.h"
#include "redis_oracle.h"
#include "redis_sentinels.h"
#include "redis_server.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <csignal>

using namespace pelscope;
using namespace pelscope::test;

namespace {

QString nodeOf(const RedisServer &s)
{
    return QStringLiteral("127.0.0.1:%1").arg(s.port());
}

bool replicaInSync(RedisOracle &replica)
{
    const QByteArray info = replica.command({"INFO", "replication"}).bytes();
    return info.contains("master_link_status:up");
}

// Client names connected to a node (CLIENT LIST), to see who talks to it.
QList<QByteArray> clientNames(RedisOracle &db)
{
    QList<QByteArray> names;
    for (const QByteArray &line : db.command({"CLIENT", "LIST"}).bytes().split('\n'))
        for (const QByteArray &field : line.split(' '))
            if (field.startsWith("name="))
                names << field.mid(5);
    return names;
}

// The values Pelscope reports for `orders`/`workers` equal what `db` holds now.
void compareWithTruth(const Snapshot &s, RedisOracle &db)
{
    const StreamSnapshot *stream = s.stream("orders");
    QVERIFY(stream);
    QCOMPARE(stream->length, db.command({"XLEN", "orders"}).toInt());
    const RedisReply info = db.command({"XINFO", "STREAM", "orders"});
    QCOMPARE(stream->lastGeneratedId, info.field("last-generated-id").bytes());
    const GroupSnapshot *group = s.group("orders", "workers");
    QVERIFY(group);
    const RedisReply groups = db.command({"XINFO", "GROUPS", "orders"});
    QCOMPARE(groups.size(), 1);
    QCOMPARE(group->pending, groups.at(0).field("pending").toInt());
    QCOMPARE(group->lastDeliveredId, groups.at(0).field("last-delivered-id").bytes());
    QCOMPARE(group->lag, groups.at(0).field("lag").toInt());
    // Per entry: owner and delivery count (idle moves with the clock).
    const RedisReply pel = db.command({"XPENDING", "orders", "workers", "-", "+", "100"});
    QCOMPARE(qsizetype(group->headEntries.size()), pel.size());
    QMap<qint64, qint64> counts;
    for (qsizetype i = 0; i < pel.size(); ++i) {
        QCOMPARE(group->headEntries[i].id, pel.at(i).at(0).bytes());
        QCOMPARE(group->headEntries[i].consumer, pel.at(i).at(1).bytes());
        QCOMPARE(group->headEntries[i].deliveries, *pel.at(i).at(3).toInt());
        ++counts[*pel.at(i).at(3).toInt()];
    }
    QCOMPARE(group->deliveryCounts, counts);
}

} // namespace

class TestSentinel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsFailover()
    {
        QElapsedTimer wall;
        wall.start();
        QString error;
        RedisServer primary;
        QVERIFY2(primary.start(&error), qPrintable(error));
        RedisServer::Options replicaOptions;
        replicaOptions.extraArgs = {QStringLiteral("--replicaof"), QStringLiteral("127.0.0.1"), QString::number(primary.port())};
        RedisServer replica(replicaOptions);
        QVERIFY2(replica.start(&error), qPrintable(error));

        RedisOracle p;
        QVERIFY(p.connectTcp(QStringLiteral("127.0.0.1"), primary.port()));
        RedisOracle r;
        QVERIFY(r.connectTcp(QStringLiteral("127.0.0.1"), replica.port()));
        QTRY_VERIFY_WITH_TIMEOUT(replicaInSync(r), 10000);

        // A group with entries delivered once, twice and three times.
        for (int i = 0; i < 20; ++i)
            p.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        p.command({"XGROUP", "CREATE", "orders", "workers", "0"});
        p.command({"XREADGROUP", "GROUP", "workers", "alice", "COUNT", "8", "STREAMS", "orders", ">"});
        p.command({"XREADGROUP", "GROUP", "workers", "bob", "COUNT", "4", "STREAMS", "orders", ">"});
        const RedisReply head = p.command({"XRANGE", "orders", "-", "+", "COUNT", "3"});
        for (int round = 0; round < 2; ++round)
            for (qsizetype i = 0; i <= round; ++i)
                p.command({"XCLAIM", "orders", "workers", "carol", "0", head.at(i).at(0).bytes()});
        QCOMPARE(p.command({"WAIT", "1", "5000"}).toInt(), 1);

        RedisSentinels::Options so;
        so.masterPort = primary.port();
        RedisSentinels sentinels(so);
        QVERIFY2(sentinels.start(&error), qPrintable(error));
        QCOMPARE(sentinels.masterAddress(), nodeOf(primary));
        // A least-privilege user on the sentinels, as the README says: only this one command.
        for (quint16 port : sentinels.ports()) {
            RedisOracle sentinel;
            QVERIFY(sentinel.connectTcp(QStringLiteral("127.0.0.1"), port));
            QCOMPARE(sentinel.command({"ACL", "SETUSER", "watch", "on", ">w4tch", "-@all", "+sentinel|get-master-addr-by-name"}).bytes(),
                     QByteArray("OK"));
        }
        const QString pollUrl = sentinels.url() + QStringLiteral("?sentinel_user=watch&sentinel_password=w4tch");
        qInfo("set-up took %lld ms", wall.elapsed());

        ConnectionPoller poller(optionsFor(pollUrl), ProbeConfig{});
        poller.setIntervalMs(200);
        QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
        QSignalSpy statuses(&poller, &ConnectionPoller::statusChanged);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(!snapshots.isEmpty(), 10000);
        Snapshot first = snapshots.last().first().value<Snapshot>();
        QCOMPARE(first->server.mode, QStringLiteral("sentinel"));
        QCOMPARE(first->server.role, QStringLiteral("master"));
        QCOMPARE(first->server.node, nodeOf(primary));
        QVERIFY(first->server.address.startsWith(QStringLiteral("redis+sentinel://")));
        compareWithTruth(first, p);

        // Pelscope talks to the primary and the sentinels, never to the replica.
        QVERIFY(clientNames(p).contains("pelscope"));
        QVERIFY(!clientNames(r).contains("pelscope"));

        // Kill the primary; the sentinels promote the replica.
        QElapsedTimer clock;
        clock.start();
        ::kill(pid_t(primary.pid()), SIGKILL);
        const QString promoted = nodeOf(replica);
        Snapshot after;
        int seen = snapshots.size();
        while (after.isNull() && clock.elapsed() < 30000) {
            snapshots.wait(100);
            for (; seen < snapshots.size(); ++seen) {
                const Snapshot s = snapshots.at(seen).first().value<Snapshot>();
                QCOMPARE(s->server.role, QStringLiteral("master")); // never a snapshot from a replica
                if (s->server.node == promoted)
                    after = s;
            }
        }
        QVERIFY2(!after.isNull(), "no snapshot from the promoted replica within 30 s");
        const qint64 followMs = clock.elapsed();
        qInfo("failover followed: first snapshot from the new primary %lld ms after the kill", followMs);
        // The promotion ends with CLIENT KILL TYPE normal: a fresh oracle.
        RedisOracle promotedDb;
        QVERIFY(promotedDb.connectTcp(QStringLiteral("127.0.0.1"), replica.port()));
        QCOMPARE(promotedDb.command({"ROLE"}).at(0).bytes(), QByteArray("master"));
        QCOMPARE(sentinels.masterAddress(), promoted);
        compareWithTruth(after, promotedDb);

        // The failover is visible in the status (banner/status bar).
        bool announced = false;
        for (const auto &args : statuses) {
            const ConnectionStatus st = args.first().value<ConnectionStatus>();
            announced = announced
                        || (st.failover == QStringLiteral("failover: now %1 (was %2)").arg(promoted, nodeOf(primary)) && st.server.node == promoted
                            && st.state == RedisConnection::State::Ready);
        }
        QVERIFY(announced);
        poller.stop();

        // A write through the sentinel URL lands on the new primary.
        RedisConnection writer(optionsFor(sentinels.url()));
        writer.setAutoReconnect(false);
        writer.open();
        RedisReplies written;
        bool done = false;
        writer.execute({{"XADD", "orders", "*", "n", "after-failover"}}, this, [&](const RedisReplies &replies, const RedisError &e) {
            QVERIFY2(!e.isError(), qPrintable(e.message));
            written = replies;
            done = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
        QCOMPARE(writer.hello().node, promoted);
        QVERIFY2(!written.value(0).isError(), written.value(0).bytes().constData());
        QCOMPARE(promotedDb.command({"XLEN", "orders"}).toInt(), 21);
        QCOMPARE(promotedDb.command({"XREVRANGE", "orders", "+", "-", "COUNT", "1"}).at(0).at(0).bytes(), written.value(0).bytes());

        // The master demoted under a live connection: -READONLY drops it, and
        // a node the sentinels still call master is refused when ROLE disagrees.
        QSignalSpy errors(&writer, &RedisConnection::errorOccurred);
        QCOMPARE(promotedDb.command({"REPLICAOF", "127.0.0.1", QByteArray::number(primary.port())}).bytes(), QByteArray("OK"));
        done = false;
        writer.execute({{"XADD", "orders", "*", "n", "to-a-replica"}}, this, [&](const RedisReplies &replies, const RedisError &) {
            written = replies;
            done = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
        QCOMPARE(written.value(0).errorCode(), QByteArray("READONLY"));
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 5000);
        QVERIFY2(errors.first().first().value<RedisError>().message.contains(QStringLiteral("READONLY")),
                 qPrintable(errors.first().first().value<RedisError>().message));
        QCOMPARE(writer.state(), RedisConnection::State::Disconnected);
        writer.open();
        QTRY_VERIFY_WITH_TIMEOUT(errors.size() >= 2, 10000);
        const QString refused = errors.at(1).first().value<RedisError>().message;
        QVERIFY2(refused.contains(QStringLiteral("ROLE is slave")) || refused.contains(QStringLiteral("refused")), qPrintable(refused));
        qInfo("after the demotion: %s", qPrintable(refused));
        QCOMPARE(promotedDb.command({"XLEN", "orders"}).toInt(), 21);
        qInfo("test wall time %lld ms", wall.elapsed());
    }
    // The sentinels name a master that is gone (killed, nothing to promote):
    // every write and read command ends within its --timeout (connect and
    // command, 2 s each here) with the reason, exit 3, nothing written;
    // before, `dlq requeue --yes` was still running after 641 s, deaf to
    // SIGTERM (issue 47).
    void commandsEndWhenTheNamedMasterIsGone()
    {
        QString error;
        RedisServer primary;
        QVERIFY2(primary.start(&error), qPrintable(error));
        RedisOracle p;
        QVERIFY(p.connectTcp(QStringLiteral("127.0.0.1"), primary.port()));
        p.command({"XADD", "jobs:dlq", "*", "payload", "x", "source_stream", "jobs"});
        RedisSentinels::Options so;
        so.masterPort = primary.port();
        so.count = 1;
        so.quorum = 1;
        so.replicas = 0;
        RedisSentinels sentinels(so);
        QVERIFY2(sentinels.start(&error), qPrintable(error));
        ::kill(pid_t(primary.pid()), SIGKILL);
        QTest::qWait(300);
        QCOMPARE(sentinels.masterAddress(), nodeOf(primary)); // still named: nobody to promote
        const QStringList commands[] = {
            {QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("jobs:dlq"), QStringLiteral("--all"), QStringLiteral("--yes")},
            {QStringLiteral("pending"), QStringLiteral("ack"), QStringLiteral("jobs"), QStringLiteral("g"), QStringLiteral("--id"), QStringLiteral("1-0"),
             QStringLiteral("--yes")},
            {QStringLiteral("dlq"), QStringLiteral("show"), QStringLiteral("jobs:dlq")},
        };
        for (const QStringList &command : commands) {
            const ProcessRun run = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                              QStringList{QStringLiteral("--url"), sentinels.url(), QStringLiteral("--timeout"), QStringLiteral("2s")}
                                                  + command,
                                              QProcessEnvironment::systemEnvironment(), 30000);
            QCOMPARE(run.exitCode, 3);
            QVERIFY2(run.ms < 15000, qPrintable(QString::number(run.ms)));
            QVERIFY2(run.err.contains("did not answer within 4s"), run.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestSentinel)
#include "tst_sentinel.moc"
