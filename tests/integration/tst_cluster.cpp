// Redis Cluster against a real local 3-master cluster: snapshot values equal
// the truth read from each node; a stopped node marks only its streams stale;
// a slot migrated while polling costs at most one stale tick; pelscope-cli
// says "cluster" and lists the nodes.
#include "cluster/cluster_topology.h"
#include "poll_once.h"
#include "polling/connection_poller.h"
#include "values/key_slot.h"
#include "redis_cluster.h"
#include "stream_truth.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

// Stream names, tagged and untagged, with a DLQ in its source's slot
// ({orders}:dlq) and one that is likely elsewhere (payments:dlq, on another node).
const QList<QByteArray> kCandidates = {"{orders}",     "payments",     "shipping", "emails", "audit",   "invoices", "signups", "clicks", "refunds",
                                       "{orders}:dlq", "payments:dlq", "returns",  "alerts", "metrics", "search",   "billing", "carts",  "reviews"};

Snapshot waitFor(QSignalSpy &spy, int &seen, const std::function<bool(const Snapshot &)> &until, int timeoutMs, QList<Snapshot> *all = nullptr)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        while (seen < spy.size()) {
            const Snapshot s = spy.at(seen++).first().value<Snapshot>();
            if (all)
                all->append(s);
            if (until(s))
                return s;
        }
        spy.wait(50);
    }
    return {};
}

// INFO errorstats (7.0+): how many -ASK / -MOVED a node has answered.
qint64 errorCount(RedisOracle &db, const QByteArray &code)
{
    const QByteArray prefix = "errorstat_" + code + ":count=";
    for (const QByteArray &line : db.command({"INFO", "errorstats"}).bytes().split('\n'))
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().toLongLong();
    return 0;
}

} // namespace

class TestCluster : public QObject
{
    Q_OBJECT
private:
    RedisCluster m_cluster{3};
    QMap<QByteArray, int> m_owner; // stream -> node index, from the cluster itself

    void compareWithTruth(const Snapshot &snap, const QByteArray &key, int owner)
    {
        const StreamSnapshot *s = snap.stream(key);
        QVERIFY2(s, key.constData());
        QCOMPARE(s->node, m_cluster.address(owner));
        QCOMPARE(s->shard, m_cluster.nodeId(owner)); // 7.0 reports no shard id: the master's id stands in
        compareStreamWithTruth(snap, key, *m_cluster.oracle(owner), true);
    }

    QList<QByteArray> streamsOn(int node) const
    {
        QList<QByteArray> out;
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it)
            if (it.value() == node)
                out << it.key();
        return out;
    }

    std::unique_ptr<ConnectionPoller> watch(int intervalMs, int timeoutMs = 800)
    {
        ConnectionOptions o = optionsFor(m_cluster.url(0));
        o.commandTimeoutMs = timeoutMs;
        o.connectTimeoutMs = timeoutMs;
        auto poller = std::make_unique<ConnectionPoller>(o, ProbeConfig{});
        poller->setIntervalMs(intervalMs);
        return poller;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QElapsedTimer clock;
        clock.start();
        QString error;
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
        qInfo("3-master cluster up in %lld ms", clock.elapsed());

        QMap<int, int> perNode;
        int i = 0;
        for (const QByteArray &key : kCandidates) {
            const int owner = m_cluster.ownerOfKey(key);
            QVERIFY(owner >= 0);
            ++perNode[owner];
            m_owner.insert(key, owner);
            auto db = m_cluster.oracle(owner);
            QList<RedisCommand> batch;
            const int entries = 6 + i % 5;
            for (int n = 0; n < entries; ++n)
                batch.append({"XADD", key, "*", "n", QByteArray::number(n), "category", n % 2 ? "timeout" : "poison"});
            batch.append({"XGROUP", "CREATE", key, "workers", "0"});
            batch.append({"XGROUP", "CREATE", key, "idle", "$"});
            batch.append({"XREADGROUP", "GROUP", "workers", "w1", "COUNT", QByteArray::number(2 + i % 3), "STREAMS", key, ">"});
            batch.append({"XREADGROUP", "GROUP", "workers", "w2", "COUNT", "1", "STREAMS", key, ">"});
            for (const RedisReply &r : db->pipeline(batch))
                QVERIFY2(!r.isError(), r.bytes().constData());
            // Delivered again: a delivery count of 2 on the oldest entry.
            const RedisReply head = db->command({"XPENDING", key, "workers", "-", "+", "1"});
            db->command({"XCLAIM", key, "workers", "w2", "0", head.at(0).at(0).bytes()});
            ++i;
        }
        for (int n = 0; n < m_cluster.size(); ++n)
            QVERIFY2(perNode.value(n) >= 2, "every master must hold streams");
        // The routing the test relies on is the cluster's own: slot = CRC16 of the tag.
        QCOMPARE(keySlot("{orders}:dlq"), keySlot("{orders}"));
    }

    void topologyFromShardsAndSlotsAgree()
    {
        auto db = m_cluster.oracle(1);
        const auto shards = ClusterTopology::fromShards(db->command({"CLUSTER", "SHARDS"}), QStringLiteral("127.0.0.1"));
        const auto slots = ClusterTopology::fromSlots(db->command({"CLUSTER", "SLOTS"}), QStringLiteral("127.0.0.1"));
        QVERIFY(shards && slots);
        QCOMPARE(shards->masters().size(), 3);
        QCOMPARE(shards->coveredSlots(), 16384);
        QVERIFY(shards->sameRouting(*slots));
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it)
            QCOMPARE(shards->masterForKey(it.key())->node.address(), m_cluster.address(it.value()));
    }

    void snapshotMatchesTruthOnEachNode()
    {
        QString error;
        QElapsedTimer clock;
        clock.start();
        const Snapshot snap = pollOnce(m_cluster.url(2), {}, &error);
        QVERIFY2(!snap.isNull(), qPrintable(error));
        qInfo("one-shot cluster snapshot in %lld ms, %lld round trips, %lld commands", clock.elapsed(), snap->stats.roundTrips, snap->stats.commands);
        QCOMPARE(snap->server.mode, QStringLiteral("cluster"));
        QCOMPARE(snap->nodes.size(), 3);
        QSet<QString> addresses;
        for (const ClusterNodeSnapshot &n : snap->nodes) {
            QVERIFY2(n.ok, qPrintable(n.error));
            addresses.insert(n.address);
        }
        QCOMPARE(addresses, (QSet<QString>{m_cluster.address(0), m_cluster.address(1), m_cluster.address(2)}));
        QCOMPARE(snap->streams.size(), m_owner.size());
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it) {
            compareWithTruth(snap, it.key(), it.value());
            if (QTest::currentTestFailed())
                return;
        }
        for (int n = 0; n < m_cluster.size(); ++n) {
            const auto node = std::find_if(snap->nodes.cbegin(), snap->nodes.cend(),
                                           [&](const ClusterNodeSnapshot &s) { return s.address == m_cluster.address(n); });
            QCOMPARE(node->streams, qint64(streamsOn(n).size()));
        }
        // DLQs are linked to their sources whether or not they share a node.
        QCOMPARE(snap->deadLetters.size(), 2);
        QCOMPARE(snap->deadLetters.at(0).key, QByteArray("payments:dlq"));
        QCOMPARE(snap->deadLetters.at(0).source, QByteArray("payments"));
        QCOMPARE(snap->deadLetters.at(1).key, QByteArray("{orders}:dlq"));
        QCOMPARE(snap->deadLetters.at(1).source, QByteArray("{orders}"));
        QCOMPARE(*snap->deadLetters.at(1).length, m_cluster.oracle(m_owner.value("{orders}:dlq"))->command({"XLEN", "{orders}:dlq"}).integer());
        QVERIFY(m_owner.value("payments:dlq") != m_owner.value("payments")); // routed by the cluster itself
    }

    // With the default 5 s command timeout, a hung master must not hold the
    // whole tick: the window calls a connection stale after 3 s without a
    // snapshot, and the other masters' streams must stay current meanwhile.
    void hungNodeDoesNotHoldTheOthers()
    {
        const int victim = 2;
        const QByteArray live = streamsOn(0).first();
        auto poller = watch(300, 5000);
        QSignalSpy spy(poller.get(), &ConnectionPoller::snapshotReady);
        int seen = 0;
        poller->start();
        QVERIFY(!waitFor(
                     spy, seen, [&](const Snapshot &s) { return s->streams.size() == m_owner.size(); }, 10000)
                     .isNull());

        m_cluster.node(victim).freeze();
        QElapsedTimer clock;
        clock.start();
        QList<qint64> arrivals;
        QList<Snapshot> during;
        waitFor(
            spy, seen,
            [&](const Snapshot &) {
                arrivals << clock.elapsed();
                return false;
            },
            4000, &during);
        m_cluster.node(victim).thaw();
        qint64 worstGap = arrivals.isEmpty() ? 4000 : arrivals.first();
        for (qsizetype i = 1; i < arrivals.size(); ++i)
            worstGap = std::max(worstGap, arrivals.at(i) - arrivals.at(i - 1));
        qInfo("%lld snapshots in 4 s with a master stopped; longest gap %lld ms", qint64(arrivals.size()), worstGap);
        QVERIFY2(worstGap < 3000, qPrintable(QString::number(worstGap)));
        for (const Snapshot &s : std::as_const(during))
            QVERIFY(s.stream(live) && !s.stream(live)->stale);
        poller->stop();
    }

    // A cluster that considers itself down (full coverage required, a slot
    // unserved) answers CLUSTERDOWN to every read: the snapshot must say so
    // per node, not only grey the streams. Restored afterwards.
    void clusterDownIsNamed()
    {
        const int node = 0;
        const QByteArray live = streamsOn(node).first();
        auto db = m_cluster.oracle(node);
        // A slot of node 0 that no watched stream uses.
        QSet<int> used;
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it)
            used.insert(keySlot(it.key()));
        int slot = -1;
        for (int candidate = 0; candidate < 16384 && slot < 0; ++candidate)
            if (!used.contains(candidate) && m_cluster.ownerOfSlot(candidate) == node)
                slot = candidate;
        QVERIFY(slot >= 0);
        QCOMPARE(db->command({"CONFIG", "SET", "cluster-require-full-coverage", "yes"}).bytes(), QByteArray("OK"));
        QCOMPARE(db->command({"CONFIG", "SET", "cluster-allow-reads-when-down", "no"}).bytes(), QByteArray("OK"));
        QCOMPARE(db->command({"CLUSTER", "DELSLOTS", QByteArray::number(slot)}).bytes(), QByteArray("OK"));
        auto restore = qScopeGuard([&] {
            db->command({"CLUSTER", "ADDSLOTS", QByteArray::number(slot)});
            db->command({"CONFIG", "SET", "cluster-require-full-coverage", "no"});
            db->command({"CONFIG", "SET", "cluster-allow-reads-when-down", "yes"});
        });
        QTRY_VERIFY_WITH_TIMEOUT(db->command({"CLUSTER", "INFO"}).bytes().contains("cluster_state:fail"), 5000);
        const RedisReply refused = db->command({"XLEN", live}); // what the server itself says now
        QVERIFY2(refused.isError() && refused.bytes().startsWith("CLUSTERDOWN"), refused.bytes().constData());

        auto poller = watch(200);
        QSignalSpy spy(poller.get(), &ConnectionPoller::snapshotReady);
        int seen = 0;
        poller->start();
        const QString address = m_cluster.address(node);
        const Snapshot down = waitFor(
            spy, seen,
            [&](const Snapshot &s) {
                for (const ClusterNodeSnapshot &n : s->nodes)
                    if (n.address == address && n.note.contains(QStringLiteral("CLUSTERDOWN")))
                        return true;
                return false;
            },
            8000);
        poller->stop();
        QVERIFY2(!down.isNull(), "the server answers CLUSTERDOWN but no node note named it");
        QVERIFY(down->warning.contains(QStringLiteral("CLUSTERDOWN")));
        QVERIFY(!down.stream(live) || down.stream(live)->stale); // its values are not current
    }

    void stoppedNodeMarksOnlyItsStreamsStale()
    {
        const int victim = 1;
        const QList<QByteArray> frozen = streamsOn(victim);
        const QByteArray live = streamsOn(0).first();
        QMap<QByteArray, qint64> lengthBefore;
        for (const QByteArray &k : frozen)
            lengthBefore[k] = m_cluster.oracle(victim)->command({"XLEN", k}).integer();

        auto poller = watch(150);
        QSignalSpy spy(poller.get(), &ConnectionPoller::snapshotReady);
        int seen = 0;
        poller->start();
        const Snapshot fresh = waitFor(
            spy, seen, [&](const Snapshot &s) { return s->streams.size() == m_owner.size(); }, 10000);
        QVERIFY(!fresh.isNull());

        QElapsedTimer clock;
        clock.start();
        m_cluster.node(victim).freeze();
        auto db = m_cluster.oracle(0);
        for (int n = 0; n < 3; ++n)
            db->command({"XADD", live, "*", "during", "freeze"});
        const qint64 liveLength = db->command({"XLEN", live}).integer();

        QList<Snapshot> during;
        const Snapshot stale = waitFor(
            spy, seen,
            [&](const Snapshot &s) {
                const StreamSnapshot *v = s.stream(frozen.first());
                const StreamSnapshot *l = s.stream(live);
                return v && v->stale && l && !l->stale && l->length == liveLength;
            },
            6000, &during);
        const qint64 staleAfterMs = clock.elapsed();
        // Keep it stopped a little longer: several ticks must go by without it.
        waitFor(
            spy, seen, [](const Snapshot &) { return false; }, 1200, &during);
        m_cluster.node(victim).thaw();
        QVERIFY2(!stale.isNull(), "the stopped node's streams never showed as stale");
        qInfo("stopped node's streams stale after %lld ms; %lld ticks while stopped", staleAfterMs, qint64(during.size()));

        for (const StreamSnapshot &s : stale->streams) {
            const bool onVictim = m_owner.value(s.key) == victim;
            QCOMPARE(s.stale, onVictim);
            if (onVictim) {
                QCOMPARE(s.node, m_cluster.address(victim));
                QCOMPARE(*s.length, lengthBefore.value(s.key)); // the last values seen, not invented ones
            }
        }
        QCOMPARE(*stale.stream(live)->length, liveLength);
        for (const ClusterNodeSnapshot &n : stale->nodes)
            QCOMPARE(n.ok, n.address != m_cluster.address(victim));
        // No tick while it was stopped marked another node's stream stale.
        for (const Snapshot &s : std::as_const(during))
            for (const StreamSnapshot &st : s->streams)
                if (m_owner.value(st.key) != victim)
                    QVERIFY2(!st.stale, st.key.constData());

        // Back: everything fresh again within the reconnect backoff.
        clock.restart();
        const Snapshot recovered = waitFor(
            spy, seen,
            [&](const Snapshot &s) {
                if (s->streams.size() != m_owner.size())
                    return false;
                for (const StreamSnapshot &st : s->streams)
                    if (st.stale)
                        return false;
                return true;
            },
            10000);
        QVERIFY2(!recovered.isNull(), "the node's streams did not come back fresh");
        qInfo("fresh again %lld ms after SIGCONT", clock.elapsed());
        for (const QByteArray &k : frozen)
            compareWithTruth(recovered, k, victim);
        poller->stop();
    }

    void slotMigrationCostsAtMostOneStaleTick()
    {
        const int from = 0, to = 2, third = 1;
        // A stream alone in its slot on `from`.
        QByteArray moving;
        for (const QByteArray &k : streamsOn(from))
            if (m_cluster.oracle(from)->command({"CLUSTER", "COUNTKEYSINSLOT", QByteArray::number(keySlot(k))}).integer() == 1)
                moving = k;
        QVERIFY(!moving.isEmpty());
        const QByteArray slot = QByteArray::number(keySlot(moving));
        const QByteArray fromId = m_cluster.nodeId(from), toId = m_cluster.nodeId(to);
        auto a = m_cluster.oracle(from);
        auto b = m_cluster.oracle(to);
        auto c = m_cluster.oracle(third);
        const qint64 askingBefore = b->commandStats().value(QStringLiteral("asking")).calls;
        const qint64 askBefore = errorCount(*a, "ASK"), movedBefore = errorCount(*a, "MOVED");

        auto poller = watch(100, 2000);
        QSignalSpy spy(poller.get(), &ConnectionPoller::snapshotReady);
        int seen = 0;
        poller->start();
        QList<Snapshot> ticks;
        QVERIFY(!waitFor(
                     spy, seen, [&](const Snapshot &s) { return s->streams.size() == m_owner.size(); }, 10000, &ticks)
                     .isNull());
        const int firstTick = int(ticks.size()) - 1;
        auto step = [&](int ms) {
            waitFor(
                spy, seen, [](const Snapshot &) { return false; }, ms, &ticks);
        };

        // The documented order: importing on the target, migrating on the source,
        // MIGRATE, then the new owner on the target, the source and the rest.
        QCOMPARE(b->command({"CLUSTER", "SETSLOT", slot, "IMPORTING", fromId}).bytes(), QByteArray("OK"));
        QCOMPARE(a->command({"CLUSTER", "SETSLOT", slot, "MIGRATING", toId}).bytes(), QByteArray("OK"));
        step(400);
        // Written on the source while the slot is migrating: the key is still there.
        a->command({"XADD", moving, "*", "while", "migrating"});
        step(300);
        const RedisReply migrate =
            a->command({"MIGRATE", "127.0.0.1", QByteArray::number(m_cluster.node(to).port()), "", "0", "5000", "KEYS", moving});
        QCOMPARE(migrate.bytes(), QByteArray("OK"));
        step(500); // the source answers -ASK now
        QCOMPARE(b->command({"CLUSTER", "SETSLOT", slot, "NODE", toId}).bytes(), QByteArray("OK"));
        step(300);
        QCOMPARE(a->command({"CLUSTER", "SETSLOT", slot, "NODE", toId}).bytes(), QByteArray("OK"));
        c->command({"CLUSTER", "SETSLOT", slot, "NODE", toId});
        step(300); // the source answers -MOVED now
        QVERIFY(m_cluster.waitForOwner(keySlot(moving), to));
        b->command({"XADD", moving, "*", "after", "move"});
        step(600);
        poller->stop();
        m_owner[moving] = to;

        int staleTicks = 0, otherStale = 0;
        for (int t = firstTick; t < ticks.size(); ++t) {
            const StreamSnapshot *s = ticks[t].stream(moving);
            if (!s || s->stale || !s->error.isEmpty())
                ++staleTicks;
            for (const StreamSnapshot &o : ticks[t]->streams)
                if (o.key != moving && (o.stale || !o.error.isEmpty()))
                    ++otherStale;
        }
        const qint64 asking = b->commandStats().value(QStringLiteral("asking")).calls - askingBefore;
        const qint64 asks = errorCount(*a, "ASK") - askBefore, moves = errorCount(*a, "MOVED") - movedBefore;
        qInfo("migration of slot %s watched over %lld ticks: %d stale tick(s) for the moving stream; the source answered "
              "%lld -ASK and %lld -MOVED, %lld ASKING followed",
              slot.constData(), qint64(ticks.size() - firstTick), staleTicks, asks, moves, asking);
        QVERIFY(ticks.size() - firstTick >= 15);
        QVERIFY2(staleTicks <= 1, qPrintable(QStringLiteral("%1 stale ticks").arg(staleTicks)));
        QCOMPARE(otherStale, 0);
        // Both redirections really happened (the server counts them), and were followed.
        QVERIFY2(asks > 0 && asking > 0, "the -ASK window was never exercised");
        QVERIFY2(moves > 0, "no -MOVED was ever answered");
        const Snapshot last = ticks.last();
        compareWithTruth(last, moving, to);
    }

    void cliSnapshotJsonSaysCluster()
    {
        QProcess p;
        p.start(QStringLiteral(PELSCOPE_CLI_PATH), {QStringLiteral("--url"), m_cluster.url(1), QStringLiteral("snapshot"), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(doc[QStringLiteral("schema")].toString(), QStringLiteral("pelscope.snapshot/1"));
        QCOMPARE(doc[QStringLiteral("server")].toObject()[QStringLiteral("mode")].toString(), QStringLiteral("cluster"));
        const QJsonArray nodes = doc[QStringLiteral("nodes")].toArray();
        QCOMPARE(nodes.size(), 3);
        QSet<QString> addresses;
        for (const QJsonValue &n : nodes) {
            const QJsonObject o = n.toObject();
            addresses.insert(o[QStringLiteral("address")].toString());
            QVERIFY(o[QStringLiteral("ok")].toBool());
            QCOMPARE(o[QStringLiteral("role")].toString(), QStringLiteral("master"));
        }
        QCOMPARE(addresses, (QSet<QString>{m_cluster.address(0), m_cluster.address(1), m_cluster.address(2)}));
        const QJsonArray streams = doc[QStringLiteral("streams")].toArray();
        QCOMPARE(streams.size(), m_owner.size());
        for (const QJsonValue &v : streams) {
            const QJsonObject s = v.toObject();
            const QByteArray key = s[QStringLiteral("key")].toString().toUtf8();
            QCOMPARE(s[QStringLiteral("node")].toString(), m_cluster.address(m_cluster.ownerOfKey(key)));
            QCOMPARE(s[QStringLiteral("shard")].toString().toLatin1(), m_cluster.nodeId(m_cluster.ownerOfKey(key)));
            QCOMPARE(s[QStringLiteral("stale")].toBool(), false);
            QCOMPARE(qint64(s[QStringLiteral("length")].toDouble()), m_cluster.oracle(m_cluster.ownerOfKey(key))->command({"XLEN", key}).integer());
        }

        // The table names the node of every row.
        QProcess table;
        table.start(QStringLiteral(PELSCOPE_CLI_PATH), {QStringLiteral("--url"), m_cluster.url(0), QStringLiteral("snapshot")});
        QVERIFY(table.waitForFinished(30000));
        QCOMPARE(table.exitCode(), 0);
        const QString text = QString::fromUtf8(table.readAllStandardOutput());
        QVERIFY(text.section(QLatin1Char('\n'), 0, 0).contains(QStringLiteral("NODE")));
        QVERIFY(text.contains(m_cluster.address(2)));
    }
};

QTEST_GUILESS_MAIN(TestCluster)
#include "tst_cluster.moc"
