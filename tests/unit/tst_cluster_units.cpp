// Redis Cluster logic without a cluster: slot maps from CLUSTER SHARDS and
// CLUSTER SLOTS replies (shaped as Redis 7.0.15 sends them), redirections, and
// how a tick's parts are merged when a node does not answer.
#include "unit_tests.h"
#include "cluster/cluster_merge.h"
#include "cluster/cluster_node_link.h"
#include "cluster/cluster_redirect.h"
#include "cluster/cluster_topology.h"
#include "values/key_slot.h"

#include <QTest>

using namespace pelscope;

namespace {

RedisReply str(const char *s)
{
    return RedisReply::string(QByteArray(s));
}
RedisReply num(qint64 v)
{
    return RedisReply::integer(v);
}

RedisReply shardsNode(const char *id, qint64 port, const char *role)
{
    return RedisReply::array({str("id"), str(id), str("port"), num(port), str("ip"), str("127.0.0.1"), str("endpoint"), str("127.0.0.1"), str("role"),
                              str(role), str("replication-offset"), num(0), str("health"), str("online")});
}

RedisReply shardsNode(const char *id, qint64 port, const char *role, const char *health, qint64 offset)
{
    return RedisReply::array({str("id"), str(id), str("port"), num(port), str("ip"), str("127.0.0.1"), str("endpoint"), str("127.0.0.1"), str("role"),
                              str(role), str("replication-offset"), num(offset), str("health"), str(health)});
}

RedisReply shard(QList<qint64> bounds, QList<RedisReply> nodes)
{
    QList<RedisReply> slots;
    for (qint64 b : bounds)
        slots << num(b);
    return RedisReply::array({str("slots"), RedisReply::array(slots), str("nodes"), RedisReply::array(nodes)});
}

// Three masters as in the integration cluster, the third with a replica and two ranges.
RedisReply threeShards()
{
    return RedisReply::array({
        shard({5461, 10922}, {shardsNode("bbb", 7002, "master")}),
        shard({10923, 16000, 16001, 16383}, {shardsNode("ccc", 7003, "master"), shardsNode("ddd", 7004, "replica")}),
        shard({0, 5460}, {shardsNode("aaa", 7001, "master")}),
    });
}

RedisReply slotsEntry(qint64 a, qint64 b, const char *id, qint64 port)
{
    return RedisReply::array({num(a), num(b), RedisReply::array({str("127.0.0.1"), num(port), str(id), RedisReply::array({})})});
}

StreamSnapshot stream(const char *key, qint64 length)
{
    StreamSnapshot s;
    s.key = key;
    s.length = length;
    return s;
}

} // namespace

class TestClusterUnits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shardsReply()
    {
        const auto t = ClusterTopology::fromShards(threeShards(), QStringLiteral("seed"));
        QVERIFY(t);
        QCOMPARE(t->masters().size(), 3);
        QCOMPARE(t->coveredSlots(), 16384);
        // Ordered by first slot, whatever order the server listed them in.
        QCOMPARE(t->masters().at(0).node.address(), QStringLiteral("127.0.0.1:7001"));
        QCOMPARE(t->masters().at(2).node.id, QByteArray("ccc"));
        QCOMPARE(t->masters().at(2).replicas.size(), 1);
        QCOMPARE(t->masters().at(2).slotsText(), QStringLiteral("10923-16000 16001-16383"));
        QCOMPARE(t->masters().at(2).shardId, QByteArray("ccc")); // no shard-id before 7.2
        // REFERENCE.md vectors: foo -> 12182, orders -> 105, {orders}:dlq -> 105.
        QCOMPARE(keySlot("foo"), 12182);
        QCOMPARE(t->masterForKey("foo")->node.port, 7003);
        QCOMPARE(t->masterForKey("orders")->node.port, 7001);
        QCOMPARE(t->masterForKey("{orders}:dlq")->node.port, 7001);
        QCOMPARE(t->masterIndexForSlot(5461), 1);
        QCOMPARE(t->masterIndexForSlot(16384), -1);
    }

    void slotsReplyRoutesTheSame()
    {
        const RedisReply slots = RedisReply::array({slotsEntry(0, 5460, "aaa", 7001), slotsEntry(5461, 10922, "bbb", 7002),
                                                    slotsEntry(10923, 16000, "ccc", 7003), slotsEntry(16001, 16383, "ccc", 7003)});
        const auto fromSlots = ClusterTopology::fromSlots(slots, QStringLiteral("seed"));
        const auto fromShards = ClusterTopology::fromShards(threeShards(), QStringLiteral("seed"));
        QVERIFY(fromSlots && fromShards);
        QCOMPARE(fromSlots->masters().size(), 3); // two ranges, one master
        QVERIFY(fromSlots->sameRouting(*fromShards));
    }

    void unservedSlotsAndErrors()
    {
        const RedisReply partial = RedisReply::array({shard({0, 99}, {shardsNode("aaa", 7001, "master")})});
        const auto t = ClusterTopology::fromShards(partial, {});
        QCOMPARE(t->coveredSlots(), 100);
        QVERIFY(!t->masterForKey("foo"));
        QString why;
        QVERIFY(!ClusterTopology::fromShards(RedisReply::error("ERR unknown subcommand 'SHARDS'"), {}, &why));
        QVERIFY(why.contains(QStringLiteral("unknown subcommand")));
        const RedisReply bad = RedisReply::array({shard({10, 20000}, {shardsNode("aaa", 7001, "master")})});
        QVERIFY(!ClusterTopology::fromShards(bad, {}, &why));
    }

    // Redis 7.0 after a failover: every master is a shard of its own, and the
    // dead one stays listed, failed and without slots, until it is forgotten.
    void failedMasterWithoutSlotsIsDropped()
    {
        for (const char *health : {"fail", "failed"}) {
            const RedisReply reply = RedisReply::array({
                shard({}, {shardsNode("aaa", 7001, "master", health, 900)}),
                shard({0, 5460}, {shardsNode("ddd", 7004, "master", "online", 1200)}),
                shard({5461, 10922}, {shardsNode("bbb", 7002, "master"), shardsNode("eee", 7005, "replica")}),
                shard({10923, 16383}, {shardsNode("ccc", 7003, "master"), shardsNode("fff", 7006, "replica")}),
            });
            const auto t = ClusterTopology::fromShards(reply, QStringLiteral("seed"));
            QVERIFY(t);
            QCOMPARE(t->masters().size(), 3);
            QCOMPARE(t->coveredSlots(), 16384);
            QCOMPARE(t->masters().at(0).node.id, QByteArray("ddd"));
            QCOMPARE(t->masters().at(0).node.replicationOffset, 1200);
            QVERIFY(t->masters().at(0).replicas.isEmpty());
            QCOMPARE(t->masterForKey("orders")->node.port, 7004);
            for (const ClusterMaster &m : t->masters())
                QVERIFY(m.node.id != "aaa");
            // The promoted master's shard has no replica left to read.
            QVERIFY(!t->masters().at(0).readableReplica());
            QCOMPARE(t->masters().at(1).readableReplica()->id, QByteArray("eee"));
        }
    }

    // Redis 7.2+ groups nodes by shard id: the failed former master and the
    // promoted replica share one shard, both with role master, in either order.
    void failedAndPromotedMasterInOneShard()
    {
        const QList<QList<RedisReply>> orders = {
            {shardsNode("aaa", 7001, "master", "fail", 900), shardsNode("ddd", 7004, "master", "online", 1200)},
            {shardsNode("ddd", 7004, "master", "online", 1200), shardsNode("aaa", 7001, "master", "fail", 900)},
        };
        for (const QList<RedisReply> &nodes : orders) {
            const RedisReply reply = RedisReply::array({shard({0, 16383}, nodes)});
            const auto t = ClusterTopology::fromShards(reply, QStringLiteral("seed"));
            QVERIFY(t);
            QCOMPARE(t->masters().size(), 1);
            const ClusterMaster &m = t->masters().at(0);
            QCOMPARE(m.node.id, QByteArray("ddd"));
            QCOMPARE(m.node.port, 7004);
            QCOMPARE(m.slotCount(), 16384);
            QCOMPARE(m.replicas.size(), 1); // the failed one, kept where replicas are listed
            QCOMPARE(m.replicas.at(0).id, QByteArray("aaa"));
            QVERIFY(!m.replicas.at(0).healthy() && m.replicas.at(0).failed());
            QVERIFY(!m.readableReplica()); // never read from a failed node
        }
        // Not failed over yet: the failed master still owns its slots.
        const auto t = ClusterTopology::fromShards(RedisReply::array({shard({0, 16383}, {shardsNode("aaa", 7001, "master", "fail", 900),
                                                                                         shardsNode("ddd", 7004, "replica", "online", 900)})}),
                                                   QStringLiteral("seed"));
        QCOMPARE(t->masters().size(), 1);
        QCOMPARE(t->masters().at(0).node.id, QByteArray("aaa"));
        QCOMPARE(t->masters().at(0).readableReplica()->id, QByteArray("ddd"));
    }

    // read_from=replica picks per shard: never a failed one; online before
    // loading, the highest offset first, and the one already read while it
    // has not failed.
    void readableReplicaChoice()
    {
        const RedisReply reply = RedisReply::array({shard({0, 16383}, {
                                                                          shardsNode("mmm", 7001, "master", "online", 5000),
                                                                          shardsNode("r1", 7002, "replica", "online", 4000),
                                                                          shardsNode("r2", 7003, "replica", "online", 4900),
                                                                          shardsNode("r3", 7004, "replica", "loading", 0),
                                                                          shardsNode("r4", 7005, "replica", "fail", 5000),
                                                                      })});
        const auto t = ClusterTopology::fromShards(reply, QStringLiteral("seed"));
        const ClusterMaster &m = t->masters().at(0);
        QCOMPARE(m.replicas.size(), 4);
        QCOMPARE(m.readableReplica()->id, QByteArray("r2"));
        QCOMPARE(m.readableReplica("r1")->id, QByteArray("r1")); // sticky while healthy
        QCOMPARE(m.readableReplica("r4")->id, QByteArray("r2")); // failed: moved on
        // "loading" is what a node says of a replica whose offset it has not
        // heard yet: kept when already read, taken when nothing is online.
        QCOMPARE(m.readableReplica("r3")->id, QByteArray("r3"));
        const auto onlyLoading = ClusterTopology::fromShards(
            RedisReply::array({shard({0, 16383}, {shardsNode("mmm", 7001, "master", "online", 5000), shardsNode("r3", 7004, "replica", "loading", 0),
                                                  shardsNode("r4", 7005, "replica", "fail", 5000)})}),
            QStringLiteral("seed"));
        QCOMPARE(onlyLoading->masters().at(0).readableReplica()->id, QByteArray("r3"));
        // CLUSTER SLOTS lists no failed replicas and no health: the first listed.
        const RedisReply slots = RedisReply::array({RedisReply::array(
            {num(0), num(16383), RedisReply::array({str("127.0.0.1"), num(7001), str("mmm")}),
             RedisReply::array({str("127.0.0.1"), num(7002), str("r1")}), RedisReply::array({str("127.0.0.1"), num(7003), str("r2")})})});
        const auto fromSlots = ClusterTopology::fromSlots(slots, QStringLiteral("seed"));
        QCOMPARE(fromSlots->masters().at(0).readableReplica()->id, QByteArray("r1"));
        QCOMPARE(fromSlots->masters().at(0).readableReplica("r2")->id, QByteArray("r2"));
    }

    void redirects()
    {
        auto r = parseRedirect(RedisReply::error("MOVED 12182 127.0.0.1:7003"));
        QVERIFY(r);
        QCOMPARE(r->kind, ClusterRedirect::Kind::Moved);
        QCOMPARE(r->slot, 12182);
        QCOMPARE(r->address(), QStringLiteral("127.0.0.1:7003"));
        r = parseRedirect(RedisReply::error("ASK 5 ::1:7001"));
        QCOMPARE(r->kind, ClusterRedirect::Kind::Ask);
        QCOMPARE(r->host, QStringLiteral("::1"));
        QCOMPARE(r->port, 7001);
        r = parseRedirect(RedisReply::error("MOVED 5 :7001")); // "the node you asked"
        QVERIFY(r && r->host.isEmpty());
        QVERIFY(!parseRedirect(RedisReply::error("ERR no such key")));
        QVERIFY(!parseRedirect(RedisReply::string("MOVED 1 h:1")));
        QVERIFY(!parseRedirect(RedisReply::error("MOVED 99999 h:1")));

        QCOMPARE(commandKey({"XINFO", "STREAM", "orders"}), QByteArray("orders"));
        QCOMPARE(commandKey({"XPENDING", "orders", "g", "-", "+", "10"}), QByteArray("orders"));
        QCOMPARE(commandKey({"XREVRANGE", "orders:dlq", "+", "-"}), QByteArray("orders:dlq"));
        QVERIFY(commandKey({"TIME"}).isEmpty());
        QVERIFY(commandKey({"SCAN", "0"}).isEmpty());
    }

    void mergeMarksOnlyTheSilentNodesStreamsStale()
    {
        const auto t = ClusterTopology::fromShards(threeShards(), QStringLiteral("seed"));
        QList<ClusterNodeTickView> views(3);
        QHash<QByteArray, QString> routes;
        SnapshotData previous;
        for (int i = 0; i < 3; ++i) {
            views[i].master = t->masters().at(i);
            views[i].address = views[i].master.node.address();
        }
        routes.insert("orders", views[0].address);
        routes.insert("payments", views[1].address);
        routes.insert("emails", views[1].address);
        routes.insert("never-seen", views[1].address);
        previous.streams = {stream("emails", 7), stream("orders", 5), stream("payments", 3)};
        previous.takenAtMs = 1000;

        views[0].result.answered = true;
        views[0].result.data.streams = {stream("orders", 6)};
        views[0].result.data.takenAtMs = 2000;
        views[1].result.error = QStringLiteral("timed out");
        views[1].staleTicks = 1;
        views[2].result.answered = true;

        const SnapshotData merged = mergeClusterTick(views, routes, previous);
        QCOMPARE(merged.streams.size(), 3); // never-seen has no earlier values to show
        QCOMPARE(merged.streams.at(0).key, QByteArray("emails"));
        QVERIFY(merged.streams.at(0).stale);
        QCOMPARE(*merged.streams.at(0).length, 7);
        QCOMPARE(merged.streams.at(1).key, QByteArray("orders"));
        QVERIFY(!merged.streams.at(1).stale);
        QCOMPARE(*merged.streams.at(1).length, 6);
        QCOMPARE(merged.streams.at(1).node, views[0].address);
        QCOMPARE(merged.streams.at(1).shard, QByteArray("aaa"));
        QVERIFY(merged.streams.at(2).stale);
        QCOMPARE(merged.takenAtMs, 2000);
        QCOMPARE(merged.nodes.size(), 3);
        QVERIFY(!merged.nodes.at(1).ok);
        QCOMPARE(merged.nodes.at(1).streams, 2);
        QCOMPARE(merged.nodes.at(1).staleTicks, 1);
        QVERIFY(merged.warning.contains(views[1].address));
    }

    // read_from=replica: each node entry says which node was read and how far
    // behind it is; a shard without a healthy replica is not read, its streams
    // stay stale with the reason, and nothing is read from its master.
    void mergeReadFromReplica()
    {
        const auto t = ClusterTopology::fromShards(threeShards(), QStringLiteral("seed"));
        QList<ClusterNodeTickView> views(2);
        for (int i = 0; i < 2; ++i) {
            views[i].master = t->masters().at(i);
            views[i].address = views[i].master.node.address();
            views[i].readFromReplica = true;
        }
        views[0].polledAddress = QStringLiteral("127.0.0.1:7004");
        views[0].result.answered = true;
        views[0].result.data.streams = {stream("orders", 6)};
        ReplicaSnapshot r;
        r.address = views[0].polledAddress;
        r.primary = views[0].address;
        r.link = QStringLiteral("up");
        r.offset = 100;
        r.primaryOffset = 114;
        r.lagBytes = 14;
        views[0].replica = r;
        views[1].notRead = true;
        views[1].note = QStringLiteral("read_from=replica: no healthy replica of 127.0.0.1:7002 (none listed)");
        views[1].result.error = views[1].note;
        QHash<QByteArray, QString> routes{{"orders", views[0].address}, {"payments", views[1].address}};
        SnapshotData previous;
        previous.streams = {stream("orders", 5), stream("payments", 3)};
        const SnapshotData merged = mergeClusterTick(views, routes, previous);
        QCOMPARE(merged.streams.size(), 2);
        QCOMPARE(merged.streams.at(0).node, views[0].address); // the master holding it
        QVERIFY(!merged.streams.at(0).stale);
        QVERIFY(merged.streams.at(1).stale);
        const ClusterNodeSnapshot &n0 = merged.nodes.at(0);
        QVERIFY(n0.readFromReplica && n0.ok);
        QCOMPARE(n0.polledAddress, QStringLiteral("127.0.0.1:7004"));
        QCOMPARE(n0.replicaOf, views[0].address);
        QCOMPARE(n0.lagBytes, 14);
        QCOMPARE(n0.masterOffset, 114);
        QVERIFY(n0.note.isEmpty());
        const ClusterNodeSnapshot &n1 = merged.nodes.at(1);
        QVERIFY(!n1.ok);
        QVERIFY(n1.polledAddress.isEmpty());
        QVERIFY(!n1.lagBytes);
        QVERIFY(n1.note.contains(QStringLiteral("no healthy replica")));
        QVERIFY(merged.warning.contains(QStringLiteral("shard of 127.0.0.1:7002 not read")));

        // Node links never carry read_from=replica into the standalone resolver.
        ConnectionOptions seed;
        seed.readFromReplica = true;
        seed.followToPrimary = true;
        const ConnectionOptions m = nodeOptions(seed, t->masters().at(0));
        QVERIFY(!m.readFromReplica);
        QVERIFY(m.followToPrimary); // forWrites() options keep following a demoted master
        const ConnectionOptions rep = replicaNodeOptions(seed, t->masters().at(2).replicas.at(0));
        QVERIFY(!rep.readFromReplica && !rep.followToPrimary);
        QCOMPARE(rep.address(), QStringLiteral("127.0.0.1:7004"));
    }

    void mergeCarriesARedirectedStreamThatCouldNotBeRead()
    {
        const auto t = ClusterTopology::fromShards(threeShards(), QStringLiteral("seed"));
        QList<ClusterNodeTickView> views(1);
        views[0].master = t->masters().at(0);
        views[0].address = views[0].master.node.address();
        views[0].result.answered = true;
        StreamSnapshot moved = stream("orders", 0);
        moved.length.reset();
        moved.error = QStringLiteral("MOVED 105 127.0.0.1:7002");
        views[0].result.data.streams = {moved, stream("shipping", 2)};
        views[0].result.unresolved.insert("orders");
        SnapshotData previous;
        previous.streams = {stream("orders", 9)};
        const SnapshotData merged = mergeClusterTick(views, {}, previous);
        QCOMPARE(merged.streams.size(), 2);
        QVERIFY(merged.streams.at(0).stale);
        QCOMPARE(*merged.streams.at(0).length, 9);
        QVERIFY(merged.streams.at(0).error.isEmpty());
        QVERIFY(!merged.streams.at(1).stale);
    }
};

PELSCOPE_UNIT_TEST(TestClusterUnits)
#include "tst_cluster_units.moc"
