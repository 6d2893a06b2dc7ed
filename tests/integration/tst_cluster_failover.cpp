// A cluster master failing over while Pelscope watches: a local cluster of 3
// masters with one replica each, streams with groups and pending entries on
// every master. A master SIGKILLed mid-watch: its streams stay in the snapshot,
// marked stale, until the cluster promotes its replica and Pelscope reads them
// fresh from the new master; the other masters' streams never go stale. A
// manual CLUSTER FAILOVER (graceful) costs at most one stale tick. The times
// measured are printed (qInfo) for the record.
#include "poll_once.h"
#include "polling/connection_poller.h"
#include "redis_cluster.h"
#include "stream_truth.h"
#include "text/fill_text.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

const QList<QByteArray> kCandidates = {"{orders}",     "payments",     "shipping", "emails", "audit",   "invoices", "signups", "clicks", "refunds",
                                       "{orders}:dlq", "payments:dlq", "returns",  "alerts", "metrics", "search",   "billing", "carts",  "reviews"};

constexpr int kIntervalMs = 200;

// Every snapshot the poller publishes, in order, with the time it arrived.
struct Watch
{
    explicit Watch(ConnectionPoller *poller)
        : spy(poller, &ConnectionPoller::snapshotReady)
    {}
    QSignalSpy spy;
    int seen = 0;

    // Calls `each` for every new snapshot until it returns true or time runs out;
    // `between` runs every ~20 ms while waiting (to sample the cluster).
    Snapshot until(const std::function<bool(const Snapshot &)> &each, int timeoutMs, const std::function<void()> &between = {})
    {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < timeoutMs) {
            while (seen < spy.size()) {
                const Snapshot s = spy.at(seen++).first().value<Snapshot>();
                if (each(s))
                    return s;
            }
            if (between)
                between();
            spy.wait(20);
        }
        return {};
    }
};

} // namespace

class TestClusterFailover : public QObject
{
    Q_OBJECT
private:
    RedisCluster m_cluster{RedisCluster::Options{3, 1, 1000}};
    QMap<QByteArray, int> m_owner; // stream -> node index, from the cluster itself

    QList<QByteArray> streamsOn(int node) const
    {
        QList<QByteArray> out;
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it)
            if (it.value() == node)
                out << it.key();
        return out;
    }

    std::unique_ptr<ConnectionPoller> watch(int seed)
    {
        ConnectionOptions o = optionsFor(m_cluster.url(seed));
        o.commandTimeoutMs = 800;
        o.connectTimeoutMs = 800;
        auto poller = std::make_unique<ConnectionPoller>(o, ProbeConfig{});
        poller->setIntervalMs(kIntervalMs);
        return poller;
    }

    void compareWithTruth(const Snapshot &snap, const QByteArray &key, int owner)
    {
        const StreamSnapshot *s = snap.stream(key);
        QVERIFY2(s, key.constData());
        QCOMPARE(s->node, m_cluster.address(owner));
        compareStreamWithTruth(snap, key, *m_cluster.oracle(owner), false);
    }

    bool complete(const Snapshot &s) const { return s->streams.size() == m_owner.size(); }

private Q_SLOTS:
    void initTestCase()
    {
        QElapsedTimer clock;
        clock.start();
        QString error;
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
        qInfo("3 masters + 3 replicas up and in sync in %lld ms", clock.elapsed());

        QMap<int, int> perNode;
        int i = 0;
        for (const QByteArray &key : kCandidates) {
            const int owner = m_cluster.ownerOfKey(key);
            QVERIFY(owner >= 0 && owner < m_cluster.masters());
            ++perNode[owner];
            m_owner.insert(key, owner);
            auto db = m_cluster.oracle(owner);
            QList<RedisCommand> batch;
            for (int n = 0; n < 6 + i % 5; ++n)
                batch.append({"XADD", key, "*", "n", QByteArray::number(n)});
            batch.append({"XGROUP", "CREATE", key, "workers", "0"});
            batch.append({"XREADGROUP", "GROUP", "workers", "w1", "COUNT", QByteArray::number(2 + i % 3), "STREAMS", key, ">"});
            batch.append({"XREADGROUP", "GROUP", "workers", "w2", "COUNT", "1", "STREAMS", key, ">"});
            for (const RedisReply &r : db->pipeline(batch))
                QVERIFY2(!r.isError(), r.bytes().constData());
            const RedisReply head = db->command({"XPENDING", key, "workers", "-", "+", "1"});
            db->command({"XCLAIM", key, "workers", "w2", "0", head.at(0).at(0).bytes()});
            ++i;
        }
        for (int n = 0; n < m_cluster.masters(); ++n)
            QVERIFY2(perNode.value(n) >= 2, "every master must hold streams");
        QVERIFY2(m_cluster.waitForReplicasInSync(10000, &error), qPrintable(error));
    }

    // The seed itself is killed: Pelscope must find the cluster through the
    // surviving masters, not by dialling the dead address again.
    void killedMasterFailsOverWhileWatching()
    {
        const int victim = 0;
        const int heir = m_cluster.replicaOf(victim);
        const QList<QByteArray> moving = streamsOn(victim);
        auto poller = watch(victim);
        Watch w(poller.get());
        poller->start();
        QVERIFY(!w.until([&](const Snapshot &s) { return complete(s); }, 10000).isNull());

        QElapsedTimer clock;
        m_cluster.kill(victim);
        clock.start();
        qint64 promotedAt = -1;
        int ticks = 0, staleTicks = 0;
        QStringList problems;
        const Snapshot fresh = w.until(
            [&](const Snapshot &s) {
                ++ticks;
                bool allFresh = true;
                for (const QByteArray &key : m_owner.keys()) {
                    const StreamSnapshot *st = s.stream(key);
                    if (!st) {
                        problems << fillText(QStringLiteral("tick %1: %2 missing"), s->tick, QString::fromUtf8(key));
                        allFresh = false;
                        continue;
                    }
                    if (m_owner.value(key) != victim) {
                        if (st->stale || !st->error.isEmpty())
                            problems << fillText(QStringLiteral("tick %1: %2 on a live master stale"), s->tick, QString::fromUtf8(key));
                        continue;
                    }
                    if (st->stale && st->node != m_cluster.address(victim) && st->node != m_cluster.address(heir))
                        problems << fillText(QStringLiteral("tick %1: %2 on %3"), s->tick, QString::fromUtf8(key), st->node);
                    allFresh = allFresh && !st->stale && st->error.isEmpty() && st->node == m_cluster.address(heir);
                }
                if (!allFresh)
                    ++staleTicks;
                return allFresh;
            },
            15000,
            [&] {
                if (promotedAt < 0 && m_cluster.role(heir) == "master")
                    promotedAt = clock.elapsed();
            });
        const qint64 freshAt = clock.elapsed();
        QVERIFY2(!fresh.isNull(), qPrintable(fillText(QStringLiteral("the victim's streams never came back fresh from the promoted "
                                                                     "replica; %1 ticks; %2"),
                                                      ticks, problems.join(QStringLiteral("; ")))));
        qInfo("SIGKILL of master %s: replica promoted after %lld ms, its streams fresh from %s after %lld ms "
              "(%d stale ticks at %d ms); %lld streams moved",
              qPrintable(m_cluster.address(victim)), promotedAt, qPrintable(m_cluster.address(heir)), freshAt, staleTicks, kIntervalMs,
              qint64(moving.size()));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
        QVERIFY2(staleTicks >= 1, "the dead master's streams were never marked stale");

        for (const QByteArray &key : moving)
            m_owner[key] = heir;
        // The dead address is gone from the nodes: no link keeps dialling it.
        const Snapshot settled = w.until(
            [&](const Snapshot &s) {
                for (const ClusterNodeSnapshot &n : s->nodes)
                    if (n.address == m_cluster.address(victim) || !n.ok)
                        return false;
                return s->nodes.size() == 3;
            },
            3000);
        QVERIFY2(!settled.isNull(), "the dead master is still listed as a node");

        // Still watching: a write on the new master shows up, and every value
        // equals the truth read from the node now holding it.
        auto db = m_cluster.oracle(heir);
        QVERIFY(!db->command({"XADD", moving.first(), "*", "after", "failover"}).isError());
        const qint64 length = db->command({"XLEN", moving.first()}).integer();
        const QByteArray newest = db->command({"XINFO", "STREAM", moving.first()}).field("last-generated-id").bytes();
        const Snapshot after = w.until(
            [&](const Snapshot &s) {
                // XLEN shows the new length at once; XINFO STREAM's fields
                // (the newest ID) follow at the next tick (StreamProbe::planStream).
                const StreamSnapshot *st = s.stream(moving.first());
                return st && st->length == length && st->lastGeneratedId == newest;
            },
            3000);
        QVERIFY(!after.isNull());
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it) {
            compareWithTruth(after, it.key(), it.value());
            if (QTest::currentTestFailed())
                return;
        }
        poller->stop();
    }

    // CLUSTER FAILOVER on a replica: the master hands over its slots and
    // becomes a replica itself; its connections stay up and answer -MOVED.
    void manualFailoverCostsAtMostOneStaleTick()
    {
        const int master = 1;
        const int heir = m_cluster.replicaOf(master);
        QVERIFY(m_cluster.alive(heir) && m_cluster.role(heir) == "slave");
        QVERIFY(m_cluster.waitForReplicasInSync());
        const QList<QByteArray> moving = streamsOn(master);
        auto poller = watch(2);
        Watch w(poller.get());
        poller->start();
        QVERIFY(!w.until([&](const Snapshot &s) { return complete(s); }, 10000).isNull());
        // A few ticks of calm first.
        w.until([](const Snapshot &) { return false; }, 3 * kIntervalMs);

        QElapsedTimer clock;
        QCOMPARE(m_cluster.oracle(heir)->command({"CLUSTER", "FAILOVER"}).bytes(), QByteArray("OK"));
        clock.start();
        qint64 promotedAt = -1;
        int ticks = 0, staleTicks = 0, oldAddressTicks = 0;
        QStringList problems;
        const Snapshot fresh = w.until(
            [&](const Snapshot &s) {
                ++ticks;
                bool allMoved = true;
                for (const QByteArray &key : m_owner.keys()) {
                    const StreamSnapshot *st = s.stream(key);
                    if (!st) {
                        problems << fillText(QStringLiteral("tick %1: %2 missing"), s->tick, QString::fromUtf8(key));
                        continue;
                    }
                    if (m_owner.value(key) != master) {
                        if (st->stale || !st->error.isEmpty())
                            problems << fillText(QStringLiteral("tick %1: %2 on a live master stale"), s->tick, QString::fromUtf8(key));
                        continue;
                    }
                    allMoved = allMoved && st->node == m_cluster.address(heir);
                }
                bool stale = false;
                for (const QByteArray &key : moving) {
                    const StreamSnapshot *st = s.stream(key);
                    stale = stale || !st || st->stale || !st->error.isEmpty();
                }
                staleTicks += stale ? 1 : 0;
                oldAddressTicks += allMoved ? 0 : 1;
                return allMoved && !stale;
            },
            10000,
            [&] {
                if (promotedAt < 0 && m_cluster.role(heir) == "master")
                    promotedAt = clock.elapsed();
            });
        const qint64 freshAt = clock.elapsed();
        QVERIFY2(!fresh.isNull(),
                 qPrintable(QStringLiteral("the streams never came back fresh from the new master; %1").arg(problems.join(QStringLiteral("; ")))));
        qInfo("CLUSTER FAILOVER of %s to %s: promoted after %lld ms, streams fresh from the new master after %lld ms; "
              "%d stale tick(s), %d tick(s) before the new master served them, %d ticks in all",
              qPrintable(m_cluster.address(master)), qPrintable(m_cluster.address(heir)), promotedAt, freshAt, staleTicks, oldAddressTicks, ticks);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
        QVERIFY2(staleTicks <= 1, qPrintable(QStringLiteral("%1 stale ticks").arg(staleTicks)));

        for (const QByteArray &key : moving)
            m_owner[key] = heir;
        for (auto it = m_owner.cbegin(); it != m_owner.cend(); ++it) {
            compareWithTruth(fresh, it.key(), it.value());
            if (QTest::currentTestFailed())
                return;
        }
        poller->stop();
    }
};

QTEST_GUILESS_MAIN(TestClusterFailover)
#include "tst_cluster_failover.moc"
