// read_from=replica on a Redis Cluster: a local cluster of 3 masters with one
// replica each, streams with groups and pending entries on every shard.
// Pelscope reads every shard from its replica (after READONLY): the masters'
// command counters show no stream command from the poll, the replicas' do; the
// values equal the masters' (entries-read aside, see tst_replica); each node
// entry says which replica was read and its offset lag, ~0 after WAIT; a shard
// whose replica is gone is not read from its master but goes stale, with why.
#include "poll_once.h"
#include "polling/connection_poller.h"
#include "values/key_slot.h"
#include "redis_cluster.h"
#include "snapshot/snapshot_json.h"
#include "text/fill_text.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

const QList<QByteArray> kCandidates = {"{orders}", "payments", "shipping", "emails",  "audit",  "invoices",
                                       "signups",  "clicks",   "refunds",  "returns", "alerts", "metrics"};

// Commands a read_from=replica poll may cost a master: the side connection's
// handshake and ROLE, the slot map, and our own oracle's INFO; replconf is the
// replica's ACKs.
const QStringList kAllowedOnMasters = {QStringLiteral("role"),
                                       QStringLiteral("info"),
                                       QStringLiteral("client|setname"),
                                       QStringLiteral("cluster|shards"),
                                       QStringLiteral("cluster|slots"),
                                       QStringLiteral("replconf"),
                                       QStringLiteral("ping")};

QStringList changedCommands(const QHash<QString, RedisOracle::Stat> &before, const QHash<QString, RedisOracle::Stat> &after)
{
    QStringList changed;
    for (auto it = after.cbegin(); it != after.cend(); ++it)
        if (it.value().calls != before.value(it.key()).calls)
            changed << it.key();
    changed.sort();
    return changed;
}

const ClusterNodeSnapshot *nodeAt(const Snapshot &s, const QString &address)
{
    for (const ClusterNodeSnapshot &n : s->nodes)
        if (n.address == address)
            return &n;
    return nullptr;
}

} // namespace

class TestClusterReplica : public QObject
{
    Q_OBJECT
private:
    RedisCluster m_cluster{RedisCluster::Options{3, 1, 15000}};
    QMap<QByteArray, int> m_owner; // stream -> master index, from the cluster itself
    QElapsedTimer m_wall;

    QString replicaUrl(int seed) const { return m_cluster.url(seed) + QStringLiteral("?read_from=replica"); }

    void waitOnEveryMaster()
    {
        for (int m = 0; m < m_cluster.masters(); ++m)
            QCOMPARE(m_cluster.oracle(m)->command({"WAIT", "1", "5000"}).toInt(), 1);
    }

    // Values equal the master's; entries-read (and so lag) as the replica says.
    void compareWithMaster(const Snapshot &snap, const QByteArray &key, int master)
    {
        const StreamSnapshot *s = snap.stream(key);
        QVERIFY2(s, key.constData());
        QCOMPARE(s->node, m_cluster.address(master)); // the master holding it; nodes[] says where it was read
        QVERIFY(!s->stale);
        QVERIFY2(s->error.isEmpty(), qPrintable(s->error));
        auto db = m_cluster.oracle(master);
        auto rdb = m_cluster.oracle(m_cluster.replicaOf(master));
        const RedisReply info = db->command({"XINFO", "STREAM", key});
        QCOMPARE(*s->length, info.field("length").integer());
        QCOMPARE(s->lastGeneratedId, info.field("last-generated-id").bytes());
        const RedisReply groups = db->command({"XINFO", "GROUPS", key});
        rdb->command({"READONLY"});
        const RedisReply rGroups = rdb->command({"XINFO", "GROUPS", key});
        QCOMPARE(s->groups.size(), groups.size());
        QCOMPARE(rGroups.size(), groups.size());
        for (qsizetype gi = 0; gi < groups.size(); ++gi) {
            const RedisReply &truth = groups.at(gi);
            const RedisReply &rTruth = rGroups.at(gi);
            const QByteArray name = truth.field("name").bytes();
            const GroupSnapshot *g = snap.group(key, name);
            QVERIFY(g);
            QCOMPARE(*g->pending, truth.field("pending").integer());
            QCOMPARE(*g->consumers, truth.field("consumers").integer());
            QCOMPARE(g->lastDeliveredId, truth.field("last-delivered-id").bytes());
            // entries-read: the replica's (null on 7.0 once a consumer read, see tst_replica).
            QCOMPARE(g->entriesRead, rTruth.field("entries-read").isNil() ? std::nullopt : rTruth.field("entries-read").toInt());
            if (!rTruth.field("entries-read").isNil())
                QCOMPARE(rTruth.field("entries-read").toInt(), truth.field("entries-read").toInt());
            if (!g->lag)
                QVERIFY(!g->lagNote.isEmpty());
            // Per PEL entry: owner and delivery count equal the master's.
            const RedisReply pel = db->command({"XPENDING", key, name, "-", "+", "1000"});
            QVERIFY(g->pelScanComplete);
            QCOMPARE(g->pelInspected, pel.size());
            QMap<qint64, qint64> counts;
            for (const RedisReply &e : pel.elements())
                ++counts[e.at(3).integer()];
            QCOMPARE(g->deliveryCounts, counts);
            QCOMPARE(qsizetype(g->headEntries.size()), pel.size());
            for (qsizetype i = 0; i < pel.size(); ++i) {
                QCOMPARE(g->headEntries.at(i).id, pel.at(i).at(0).bytes());
                QCOMPARE(g->headEntries.at(i).consumer, pel.at(i).at(1).bytes());
                QCOMPARE(g->headEntries.at(i).deliveries, pel.at(i).at(3).integer());
            }
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_wall.start();
        QString error;
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
        for (const QByteArray &key : kCandidates)
            m_owner.insert(key, m_cluster.ownerOfKey(key));
        for (int m = 0; m < m_cluster.masters(); ++m) {
            int n = 0;
            for (const int owner : std::as_const(m_owner))
                n += owner == m;
            QVERIFY2(n >= 2, qPrintable(fillText(QStringLiteral("master %1 holds %2 of the candidate streams"), m, n)));
        }
        // Every stream: 12 entries; group "workers" read by two consumers, the
        // first two entries claimed again (delivery counts 2 and 3), one
        // acknowledged; group "audit" created at $ (nothing read).
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it) {
            auto db = m_cluster.oracle(it.value());
            const QByteArray key = it.key();
            QList<RedisCommand> batch;
            for (int i = 0; i < 12; ++i)
                batch.append({"XADD", key, "*", "n", QByteArray::number(i)});
            batch.append({"XGROUP", "CREATE", key, "workers", "0"});
            batch.append({"XGROUP", "CREATE", key, "audit", "$"});
            batch.append({"XREADGROUP", "GROUP", "workers", "alice", "COUNT", "5", "STREAMS", key, ">"});
            batch.append({"XREADGROUP", "GROUP", "workers", "bob", "COUNT", "3", "STREAMS", key, ">"});
            for (const RedisReply &r : db->pipeline(batch))
                QVERIFY2(!r.isError(), r.bytes().constData());
            const RedisReply head = db->command({"XRANGE", key, "-", "+", "COUNT", "3"});
            db->command({"XCLAIM", key, "workers", "carol", "0", head.at(0).at(0).bytes(), head.at(1).at(0).bytes()});
            db->command({"XCLAIM", key, "workers", "carol", "0", head.at(0).at(0).bytes()});
            QCOMPARE(db->command({"XACK", key, "workers", head.at(2).at(0).bytes()}).toInt(), 1);
        }
        waitOnEveryMaster();
        qInfo("set-up took %lld ms", m_wall.elapsed());
    }

    // (a) every shard read from its replica: the masters ran no stream command
    // during the poll, the replicas did; (b) values equal the masters'.
    void everyShardIsReadFromItsReplica()
    {
        QList<QHash<QString, RedisOracle::Stat>> before;
        for (int i = 0; i < m_cluster.size(); ++i)
            before << m_cluster.oracle(i)->commandStats();
        QString error;
        QElapsedTimer clock;
        clock.start();
        const Snapshot s = pollOnce(replicaUrl(0), {}, &error);
        const qint64 pollMs = clock.elapsed();
        QVERIFY2(!s.isNull(), qPrintable(error));
        for (int i = 0; i < m_cluster.size(); ++i) {
            const QStringList changed = changedCommands(before.at(i), m_cluster.oracle(i)->commandStats());
            qInfo("node %d (%s): %s", i, i < m_cluster.masters() ? "master" : "replica", qPrintable(changed.join(QStringLiteral(", "))));
            if (i < m_cluster.masters()) {
                for (const QString &c : changed)
                    QVERIFY2(kAllowedOnMasters.contains(c),
                             qPrintable(fillText(QStringLiteral("master %1 ran %2 during a read_from=replica poll"), i, c)));
                QVERIFY(changed.contains(QStringLiteral("role"))); // the offset lag's side connection
            } else {
                for (const char *c : {"readonly", "scan", "xinfo|stream", "xinfo|groups", "xpending"})
                    QVERIFY2(changed.contains(QLatin1String(c)),
                             qPrintable(fillText(QStringLiteral("replica %1 did not run %2"), i, QLatin1String(c))));
            }
        }
        qInfo("single-shot poll of 3 replicas took %lld ms", pollMs);

        QCOMPARE(s->server.mode, QStringLiteral("cluster"));
        QCOMPARE(s->server.role, QStringLiteral("slave"));
        QCOMPARE(s->nodes.size(), 3);
        for (int m = 0; m < m_cluster.masters(); ++m) {
            const ClusterNodeSnapshot *n = nodeAt(s, m_cluster.address(m));
            QVERIFY2(n, qPrintable(m_cluster.address(m)));
            QVERIFY2(n->ok, qPrintable(n->error));
            QVERIFY(n->readFromReplica);
            QCOMPARE(n->polledAddress, m_cluster.address(m_cluster.replicaOf(m)));
            QCOMPARE(n->replicaOf, m_cluster.address(m));
            QCOMPARE(n->replicaLink, QStringLiteral("up"));
            QVERIFY(n->replicaOffset);
            QVERIFY2(n->masterOffset, qPrintable(n->note));
            QVERIFY(n->lagBytes);
        }
        QCOMPARE(s->streams.size(), m_owner.size());
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it) {
            compareWithMaster(s, it.key(), it.value());
            if (QTest::currentTestFailed())
                return;
        }

        const QJsonObject json = snapshotToJson(s);
        const QJsonArray nodes = json.value(QLatin1String("nodes")).toArray();
        QCOMPARE(nodes.size(), 3);
        for (const QJsonValue &v : nodes) {
            const QJsonObject n = v.toObject();
            QCOMPARE(n.value(QLatin1String("read_from")).toString(), QStringLiteral("replica"));
            for (const char *k : {"polled_address", "replica_of", "replica_link", "replica_offset", "master_offset", "lag_bytes", "note"})
                QVERIFY2(n.contains(QLatin1String(k)), k);
            QVERIFY(n.value(QLatin1String("polled_address")).toString() != n.value(QLatin1String("address")).toString());
        }
    }

    // (c) the offset lag per shard, ~0 once WAIT says each replica has everything.
    void offsetLagAfterWait()
    {
        ConnectionOptions o = optionsFor(replicaUrl(1));
        ConnectionPoller poller(o, ProbeConfig{});
        poller.setIntervalMs(200);
        QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 2, 10000);
        // New writes on every master, then WAIT: the next ticks show lag ~0.
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it)
            m_cluster.oracle(it.value())->command({"XADD", it.key(), "*", "late", "1"});
        waitOnEveryMaster();
        const int seen = int(snapshots.size());
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= seen + 2, 5000);
        const Snapshot s = snapshots.last().first().value<Snapshot>();
        for (int m = 0; m < m_cluster.masters(); ++m) {
            const ClusterNodeSnapshot *n = nodeAt(s, m_cluster.address(m));
            QVERIFY(n && n->ok);
            QVERIFY2(n->lagBytes && n->masterOffset && n->replicaOffset, qPrintable(n->note));
            qInfo("shard %s read from %s: replica offset %lld, master offset %lld, lag %lld bytes, batch %lld ms", qPrintable(n->address),
                  qPrintable(n->polledAddress), *n->replicaOffset, *n->masterOffset, *n->lagBytes, n->durationMs);
            QCOMPARE(*n->lagBytes, std::max<qint64>(0, *n->masterOffset - *n->replicaOffset));
            QVERIFY2(*n->lagBytes <= 64, qPrintable(QString::number(*n->lagBytes))); // at most a replication PING in between
            QVERIFY2(n->note.isEmpty(), qPrintable(n->note));
        }
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it)
            QCOMPARE(*s.stream(it.key())->length, 13);
        poller.stop();

        // Why not CLUSTER SHARDS for the masters' offsets (one command per
        // tick instead of a ROLE per master): a node knows the others' offsets
        // only from gossip, seconds old. For the record, how far off it is now.
        const RedisReply shards = m_cluster.oracle(m_cluster.replicaOf(0))->command({"CLUSTER", "SHARDS"});
        for (const RedisReply &shard : shards.elements())
            for (const RedisReply &node : shard.field("nodes").elements()) {
                if (node.field("role").bytes() != "master")
                    continue;
                const qint64 port = node.field("port").toInt().value_or(0);
                for (int m = 0; m < m_cluster.masters(); ++m)
                    if (m_cluster.node(m).port() == port)
                        qInfo("master %s: offset by gossip (CLUSTER SHARDS on a replica) %lld, by its ROLE %lld", qPrintable(m_cluster.address(m)),
                              node.field("replication-offset").toInt().value_or(-1),
                              m_cluster.oracle(m)->command({"ROLE"}).at(1).toInt().value_or(-1));
            }
    }

    // A shard whose only replica is gone (killed and forgotten by every node):
    // its streams stay, stale, with the reason on its node entry; its master
    // is not read instead; the other shards carry on from their replicas.
    void shardWithoutReplicaGoesStale()
    {
        const int master = 2;
        const int replica = m_cluster.replicaOf(master);
        ConnectionOptions o = optionsFor(replicaUrl(0));
        o.commandTimeoutMs = 1000;
        o.connectTimeoutMs = 1000;
        ConnectionPoller poller(o, ProbeConfig{});
        poller.setIntervalMs(200);
        QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 2, 10000);

        const QByteArray replicaId = m_cluster.nodeId(replica);
        auto masterDb = m_cluster.oracle(master);
        const QHash<QString, RedisOracle::Stat> before = masterDb->commandStats();
        m_cluster.kill(replica);
        for (int i = 0; i < m_cluster.size(); ++i)
            if (m_cluster.alive(i))
                QVERIFY(!m_cluster.oracle(i)->command({"CLUSTER", "FORGET", replicaId}).isError());
        QElapsedTimer clock;
        clock.start();
        auto unread = [&] {
            const Snapshot s = snapshots.last().first().value<Snapshot>();
            const ClusterNodeSnapshot *n = nodeAt(s, m_cluster.address(master));
            return n && !n->ok && n->polledAddress.isEmpty() && n->note.contains(QStringLiteral("no healthy replica"));
        };
        QTRY_VERIFY_WITH_TIMEOUT(unread(), 10000);
        const qint64 shownMs = clock.elapsed();
        const int at = int(snapshots.size());
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= at + 3, 5000);
        const Snapshot s = snapshots.last().first().value<Snapshot>();
        const ClusterNodeSnapshot *n = nodeAt(s, m_cluster.address(master));
        qInfo("shard without a replica shown %lld ms after the kill: %s", shownMs, qPrintable(n->note));
        QVERIFY(n->staleTicks >= 3);
        QVERIFY(s->warning.contains(QStringLiteral("shard of %1 not read").arg(m_cluster.address(master))));
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it) {
            const StreamSnapshot *st = s.stream(it.key());
            QVERIFY2(st, it.key().constData());
            QCOMPARE(st->stale, it.value() == master);
            QCOMPARE(*st->length, 13); // the stale ones as last read
        }
        for (const ClusterNodeSnapshot &other : s->nodes)
            if (other.address != m_cluster.address(master))
                QVERIFY(other.ok && !other.polledAddress.isEmpty());
        const QJsonObject json = snapshotToJson(s);
        for (const QJsonValue &v : json.value(QLatin1String("nodes")).toArray())
            if (v.toObject().value(QLatin1String("address")).toString() == m_cluster.address(master))
                QVERIFY(v.toObject().value(QLatin1String("polled_address")).isNull());

        // Nothing but ROLE, INFO and the slot map on the master meanwhile.
        const QStringList changed = changedCommands(before, masterDb->commandStats());
        qInfo("master %d meanwhile: %s", master, qPrintable(changed.join(QStringLiteral(", "))));
        for (const QString &c : changed)
            QVERIFY2(kAllowedOnMasters.contains(c) || c == QLatin1String("cluster|forget"), qPrintable(c));
        poller.stop();
        qInfo("whole test %lld ms", m_wall.elapsed());
    }
};

QTEST_GUILESS_MAIN(TestClusterReplica)
#include "tst_cluster_replica.moc"
