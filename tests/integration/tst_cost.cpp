// The poller's cost per tick does not grow with the PEL: with 200,000 pending
// entries no command it sends takes more than a small, fixed time.
#include "poll_once.h"
#include "polling/connection_poller.h"
#include "probe/sweep_pace.h"
#include "values/connection_options.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace pelscope;
using namespace pelscope::test;

class TestCost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void perTickCostIsBoundedWithAHugePel()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        constexpr int kEntries = 200'000;
        QList<RedisCommand> batch;
        for (int i = 0; i < kEntries; ++i) {
            batch.append({"XADD", "firehose", "*", "n", QByteArray::number(i)});
            if (batch.size() == 10'000) {
                db.pipeline(batch);
                batch.clear();
            }
        }
        db.command({"XGROUP", "CREATE", "firehose", "slow", "0"});
        for (int c = 0; c < 4; ++c)
            db.command({"XREADGROUP", "GROUP", "slow", "worker-" + QByteArray::number(c), "COUNT", "50000", "STREAMS", "firehose", ">"});
        QCOMPARE(db.command({"XPENDING", "firehose", "slow"}).at(0).integer(), kEntries);

        db.command({"CONFIG", "RESETSTAT"});
        constexpr int kTicks = 12;
        const QList<Snapshot> ticks = pollTicks(server.url(), kTicks, 50, {}, &error);
        QVERIFY2(ticks.size() == kTicks, qPrintable(error));

        const auto stats = db.commandStats();
        qint64 calls = 0;
        for (auto it = stats.cbegin(); it != stats.cend(); ++it) {
            if (it.key() == QLatin1String("config"))
                continue;
            calls += it->calls;
            const double perCall = double(it->usec) / double(std::max<qint64>(1, it->calls));
            qInfo("%-16s calls %4lld  usec/call %8.1f", qPrintable(it.key()), it->calls, perCall);
            // A whole-PEL XPENDING here costs ~100 ms; XINFO STREAM FULL, seconds.
            QVERIFY2(perCall < 2000, qPrintable(fillText(QStringLiteral("%1 took %2 µs per call"), it.key(), perCall)));
        }
        // Commands per tick stay a small constant (one pipelined batch each).
        QVERIFY2(calls <= (kTicks + 2) * 12, qPrintable(QString::number(calls)));
        for (const Snapshot &s : ticks)
            QCOMPARE(s->stats.roundTrips, 1);

        const GroupSnapshot *g = ticks.last().group("firehose", "slow");
        QVERIFY(g);
        QCOMPARE(*g->pending, kEntries);
        QVERIFY(g->pelSampled);
        QVERIFY(g->pelInspected <= 2000);
        QCOMPARE(g->consumerList.size(), 4);
        // The bracket holds the truth: the oldest entry's idle.
        const RedisReply head = db.command({"XPENDING", "firehose", "slow", "-", "+", "1"});
        const qint64 trueHeadIdle = head.at(0).at(2).integer();
        QVERIFY(*g->oldestIdleMs <= trueHeadIdle + 5000);
        QVERIFY(*g->oldestIdleUpperMs >= *g->oldestIdleMs);
    }

    // --poll-budget: with a budget too small for every optional read, the
    // server sees fewer commands, what every tick needs stays exact, and the
    // snapshot says the budget cannot cover the groups.
    void tightPollBudgetSendsFewerCommandsAndSaysSo()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        // Three streams of 300 pending entries (walked, not sampled); the
        // group of the last one has 150 consumers.
        const QList<int> consumers{3, 5, 150};
        for (int s = 0; s < consumers.size(); ++s) {
            const QByteArray key = "budget:" + QByteArray::number(s);
            QList<RedisCommand> batch;
            for (int i = 0; i < 300; ++i)
                batch.append({"XADD", key, "*", "n", QByteArray::number(i)});
            batch.append({"XGROUP", "CREATE", key, "g", "0"});
            for (int c = 0; c < consumers.at(s); ++c)
                batch.append({"XREADGROUP", "GROUP", "g", "c" + QByteArray::number(c), "COUNT", QByteArray::number(300 / consumers.at(s)), "STREAMS",
                              key, ">"});
            db.pipeline(batch);
        }

        constexpr int kTicks = 12;
        const auto run = [&](qint64 budgetUs, qint64 *serverCalls) {
            ProbeConfig config;
            config.match = "budget:*";
            config.pollBudgetUs = budgetUs;
            db.command({"CONFIG", "RESETSTAT"});
            const QList<Snapshot> ticks = pollTicks(server.url(), kTicks, 50, config, &error);
            const auto stats = db.commandStats();
            *serverCalls = 0;
            for (auto it = stats.cbegin(); it != stats.cend(); ++it)
                if (it.key() != QLatin1String("config") && it.key() != QLatin1String("commandstats"))
                    *serverCalls += it->calls;
            return ticks;
        };
        // Room for what every tick needs and a few optional reads, never for
        // XINFO CONSUMERS of 150 consumers (~65 µs warm on top of ~50).
        constexpr qint64 kBudget = 100;
        qint64 freeCalls = 0, tightCalls = 0;
        const QList<Snapshot> free = run(0, &freeCalls);
        QVERIFY2(free.size() == kTicks, qPrintable(error));
        const QList<Snapshot> tight = run(kBudget, &tightCalls);
        QVERIFY2(tight.size() == kTicks, qPrintable(error));
        qInfo("server calls over %d ticks: no budget %lld, budget %d µs %lld", kTicks, freeCalls, int(kBudget), tightCalls);

        qint64 freeCommands = 0, tightCommands = 0;
        for (const Snapshot &s : free) {
            freeCommands += s->stats.commands;
            QVERIFY(!s->stats.budgetTooSmall);
            QCOMPARE(s->stats.budgetUs, 0);
            QVERIFY(s->stats.estimatedUs > 0);
        }
        for (const Snapshot &s : tight) {
            tightCommands += s->stats.commands;
            QCOMPARE(s->stats.budgetUs, kBudget);
        }
        QVERIFY2(tightCommands < freeCommands, qPrintable(fillText(QStringLiteral("%1 vs %2"), tightCommands, freeCommands)));
        QVERIFY2(tightCalls < freeCalls, qPrintable(fillText(QStringLiteral("%1 vs %2"), tightCalls, freeCalls)));

        // Once XINFO STREAM is known, what every tick needs (~50 µs, warm in the pipeline) fits, and
        // the optional reads chosen stay within the budget.
        const Snapshot &last = tight.last();
        QVERIFY2(last->stats.estimatedUs <= kBudget, qPrintable(QString::number(last->stats.estimatedUs)));
        QVERIFY(last->stats.deferredReads > 0);
        // XINFO CONSUMERS of 150 consumers never fits: the snapshot says so.
        QVERIFY(last->stats.budgetTooSmall);
        QVERIFY2(last->stats.budgetNote.contains(QStringLiteral("consumers of budget:2/g")), qPrintable(last->stats.budgetNote));
        const GroupSnapshot *big = last.group("budget:2", "g");
        QVERIFY(big);
        QVERIFY(big->consumerList.isEmpty());
        QVERIFY(!big->consumersAgeMs);
        QCOMPARE(*big->consumers, 150); // XINFO GROUPS is read every tick
        // What every tick reads is still the server's truth.
        for (int s = 0; s < consumers.size(); ++s) {
            const QByteArray key = "budget:" + QByteArray::number(s);
            const GroupSnapshot *g = last.group(key, "g");
            QVERIFY(g);
            QCOMPARE(*g->pending, db.command({"XPENDING", key, "g"}).at(0).integer());
            QCOMPARE(*g->pendingMinId, db.command({"XPENDING", key, "g", "-", "+", "1"}).at(0).at(0).bytes());
            QVERIFY(g->oldestIdleMs && g->oldestIdleUpperMs && *g->oldestIdleMs <= *g->oldestIdleUpperMs);
        }
    }

    // More groups than one tick reads (groupsPerTick): streams are read in
    // turn. Every snapshot still lists every group, each says when it was
    // read, no group waits longer than the stated number of ticks, XINFO
    // GROUPS calls per tick follow the share, and a change on the server
    // shows within that many ticks with the server's own figures.
    void manyGroupsAreReadInTurn()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        constexpr int kStreams = 10, kShare = 4;
        QList<RedisCommand> batch;
        for (int s = 0; s < kStreams; ++s) {
            const QByteArray key = "turn:" + QByteArray::number(s);
            batch.append({"XADD", key, "*", "n", "1"});
            batch.append({"XGROUP", "CREATE", key, "g", "0"});
        }
        db.pipeline(batch);

        ProbeConfig config;
        config.match = "turn:*";
        config.groupsPerTick = kShare;
        constexpr int kTicks = 9;
        db.command({"CONFIG", "RESETSTAT"});
        // Added while polling: stream 7 gains 5 entries after the first ticks.
        QTimer::singleShot(350, [&] {
            for (int i = 0; i < 5; ++i)
                db.command({"XADD", "turn:7", "*", "n", "2"});
        });
        const QList<Snapshot> ticks = pollTicks(server.url(), kTicks, 100, config, &error);
        QVERIFY2(ticks.size() >= kTicks, qPrintable(error));
        // One tick may be in flight when polling stops.
        const qint64 xinfoGroups = db.commandStats().value(QStringLiteral("xinfo|groups")).calls;
        QVERIFY2(xinfoGroups >= ticks.size() * kShare && xinfoGroups <= (ticks.size() + 1) * kShare, qPrintable(QString::number(xinfoGroups)));

        const int period = (kStreams + kShare - 1) / kShare; // 3 ticks
        for (int t = period; t < ticks.size(); ++t) {
            const Snapshot &s = ticks.at(t);
            QCOMPARE(s->streams.size(), kStreams);
            QCOMPARE(s->stats.groupsRead, kShare);
            QCOMPARE(s->stats.groupsKnown, kStreams);
            QCOMPARE(s->stats.refreshTicks, period);
            int readNow = 0;
            for (const StreamSnapshot &st : s->streams) {
                QVERIFY(st.readAtMs > 0 && st.readAtMs <= s->takenAtMs);
                readNow += st.readAtMs == s->takenAtMs;
                // No stream is older than the period: its read is one of the last `period` ticks.
                QVERIFY2(st.readAtMs >= ticks.at(t - period + 1)->takenAtMs, qPrintable(QString::fromUtf8(st.key)));
            }
            QCOMPARE(readNow, kShare);
        }
        // The change shows, with the server's figures, within a period of ticks after it.
        const GroupSnapshot *seven = ticks.last().group("turn:7", "g");
        QVERIFY(seven);
        QCOMPARE(*seven->lag, db.command({"XINFO", "GROUPS", "turn:7"}).at(0).field("lag").integer());
        QCOMPARE(*seven->lag, 6);
    }

    // Streams without a consumer group (RQ keeps one per job result) are
    // not groups: past their first read they leave the groups' share, so the
    // real groups are read every tick, and they are looked at again in a slow
    // turn of their own (50 a tick), which still finds a group made on one.
    void streamsWithoutGroupsDoNotTakeTheGroupsShare()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        constexpr int kGrouped = 4, kGroupless = 300;
        QList<RedisCommand> batch;
        for (int s = 0; s < kGrouped; ++s) {
            const QByteArray key = "q:work:" + QByteArray::number(s);
            batch.append({"XADD", key, "*", "n", "1"});
            batch.append({"XGROUP", "CREATE", key, "g", "0"});
        }
        for (int s = 0; s < kGroupless; ++s)
            batch.append({"XADD", "q:results:" + QByteArray::number(s), "*", "status", "ok"});
        db.pipeline(batch);

        ProbeConfig config;
        config.match = "q:*";
        config.groupsPerTick = 100; // the 300 would have made the groups wait their turn
        db.command({"CONFIG", "RESETSTAT"});
        // A group made on one of them while polling (about the 9th tick).
        QTimer::singleShot(450, [&] { db.command({"XGROUP", "CREATE", "q:results:123", "late", "0"}); });
        constexpr int kTicks = 24;
        const QList<Snapshot> ticks = pollTicks(server.url(), kTicks, 50, config, &error);
        QVERIFY2(ticks.size() >= kTicks, qPrintable(error));
        for (int t = 6; t < ticks.size(); ++t) { // past the first read of everything (304 known, 100 a tick)
            const Snapshot &s = ticks.at(t);
            QCOMPARE(s->streams.size(), kGrouped + kGroupless);
            QVERIFY2(s->stats.groupsRead == kGrouped || s->stats.groupsRead == kGrouped + 1, qPrintable(QString::number(s->stats.groupsRead)));
            QCOMPARE(s->stats.refreshTicks, 1);
            for (int g = 0; g < kGrouped; ++g)
                QCOMPARE(s.stream("q:work:" + QByteArray::number(g))->readAtMs, s->takenAtMs);
        }
        // Found within one slow turn (300 / 50 = 6 ticks), then read every tick.
        const GroupSnapshot *late = ticks.last().group("q:results:123", "late");
        QVERIFY(late);
        QCOMPARE(ticks.last().stream("q:results:123")->readAtMs, ticks.last()->takenAtMs);
        // The first tick reads all 304; each later one the groups' streams and 50 without.
        const qint64 xinfoGroups = db.commandStats().value(QStringLiteral("xinfo|groups")).calls;
        QVERIFY2(xinfoGroups <= (kGrouped + kGroupless) + qint64(ticks.size() + 1) * (kGrouped + 1 + 50), qPrintable(QString::number(xinfoGroups)));
    }

    // Discovery paced by what a sweep costs (issue 34). Short-lived streams
    // are ordinary (per-request replies, per-job progress): on a small
    // keyspace one made between ticks is in the next snapshots, where it
    // waited for the next sweep, up to 30 s, before. Deleted ones leave at once.
    void newStreamsAreSeenWithinTicksOnASmallKeyspace()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QList<RedisCommand> batch;
        for (int i = 0; i < 150; ++i)
            batch.append({"XGROUP", "CREATE", "reply:" + QByteArray::number(i), "g", "$", "MKSTREAM"});
        db.pipeline(batch);
        const QList<QByteArray> made{"reply:new-1", "reply:new-2", "reply:%1", "reply:\xe2\x80\x8f"};
        const QList<QByteArray> deleted{"reply:0", "reply:1", "reply:2"};
        const qint64 took = snapshotsUntilShown(server.url(), db, made, deleted, 150, &error);
        QVERIFY2(took >= 1 && took <= 3, qPrintable(error));
    }

    void newStreamsAreSeenWithinTicksAmongTenThousandKeys()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QList<RedisCommand> batch;
        for (int i = 0; i < 10'000; ++i)
            batch.append({"SET", "session:" + QByteArray::number(i), "x"});
        for (int i = 0; i < 20; ++i)
            batch.append({"XGROUP", "CREATE", "reply:" + QByteArray::number(i), "g", "$", "MKSTREAM"});
        db.pipeline(batch);
        db.command({"CONFIG", "RESETSTAT"});
        const QList<QByteArray> made{"reply:new-1", "reply:new-2"};
        const QList<QByteArray> deleted{"reply:0"};
        const qint64 took = snapshotsUntilShown(server.url(), db, made, deleted, 20, &error);
        QVERIFY2(took >= 1 && took <= 3, qPrintable(error));
        // In pages of at most 1,000 keys: 10,000 keys in about ten SCANs a sweep, not fifty.
        const auto scans = db.commandStats().value(QStringLiteral("scan"));
        qInfo("SCAN: %lld calls, %lld µs in all", scans.calls, scans.usec);
    }

    // A keyspace of a million keys costs what it did: one page of 200 keys a
    // tick for the streams at most (and one for the queues), never the
    // small keyspace's ten.
    void aMillionKeysKeepOnePageATick()
    {
        RedisServer server(RedisServer::Options{.extraArgs = {QStringLiteral("--enable-debug-command"), QStringLiteral("yes")}, .fakeTime = {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QVERIFY(!db.command({"DEBUG", "POPULATE", "1000000", "session"}).isError());
        QCOMPARE(db.command({"DBSIZE"}).integer(), 1000000);
        db.command({"XGROUP", "CREATE", "orders", "g", "$", "MKSTREAM"});
        ConnectionPoller poller(*parseRedisUrl(server.url()).options, ProbeConfig{});
        poller.setIntervalMs(100);
        QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 1, 20000); // after the first sweep, within its 3 s budget
        db.command({"CONFIG", "RESETSTAT"});
        const qsizetype at = snapshots.size();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= at + 20, 20000);
        poller.stop();
        const qint64 ticks = snapshots.size() - at + 1; // the one under way at RESETSTAT included
        const auto scan = db.commandStats().value(QStringLiteral("scan"));
        qInfo("SCAN over %lld ticks: %lld calls, %lld µs", ticks, scan.calls, scan.usec);
        // One page for the streams and one for the queues' sorted sets, lists
        // and sets (a sweep of its own), as before.
        QVERIFY2(scan.calls <= 2 * ticks, qPrintable(fillText(QStringLiteral("%1 SCANs in %2 ticks"), scan.calls, ticks)));
    }

    // A set named `queues` (Sidekiq's registry) of 200,000 members: read a
    // page a tick (SSCAN … COUNT 500 and SCARD), never whole, so every poll
    // arrives and costs the server little; the healthy stream beside it is
    // judged in each. With framework discovery off, or named streams only,
    // the set is not touched at all (issue 47: SMEMBERS of a million members
    // dropped every poll and took 9.6 s of Redis's time in 15 s).
    void aBigRegistrySetIsReadAPageATick()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QList<RedisCommand> batch;
        for (int i = 0; i < 200'000; i += 1000) {
            RedisCommand add{"SADD", "queues"};
            for (int j = i; j < i + 1000; ++j)
                add.append("q" + QByteArray::number(j));
            batch.append(add);
        }
        // RQ's workers of a queue and a Celery binding set, as big: paged too
        // (they were read with SMEMBERS every poll).
        db.command({"SADD", "rq:queues", "rq:queue:default"});
        db.command({"RPUSH", "rq:queue:default", "job-1"});
        for (int i = 0; i < 200'000; i += 1000) {
            RedisCommand workers{"SADD", "rq:workers:default"}, binding{"SADD", "_kombu.binding.celery"};
            for (int j = i; j < i + 1000; ++j) {
                workers.append("rq:worker:w" + QByteArray::number(j));
                binding.append("celery" + QByteArray("\x06\x16\x06\x16", 4) + "celery" + QByteArray::number(j));
            }
            batch.append(workers);
            batch.append(binding);
        }
        db.pipeline(batch);
        QCOMPARE(db.command({"SCARD", "queues"}).integer(), 200'000);
        QCOMPARE(db.command({"SCARD", "rq:workers:default"}).integer(), 200'000);
        db.command({"XADD", "orders", "*", "n", "1"});
        db.command({"XGROUP", "CREATE", "orders", "g", "$"});

        db.command({"CONFIG", "RESETSTAT"});
        constexpr int kTicks = 8;
        const QList<Snapshot> ticks = pollTicks(server.url(), kTicks, 100, {}, &error);
        QVERIFY2(ticks.size() == kTicks, qPrintable(error));
        for (const Snapshot &s : ticks) {
            QVERIFY(s.group("orders", "g"));
            QVERIFY2(s->stats.bytesIn < 200'000, qPrintable(QString::number(s->stats.bytesIn)));
        }
        auto stats = db.commandStats();
        QCOMPARE(stats.value(QStringLiteral("smembers")).calls, 0);
        QVERIFY(stats.value(QStringLiteral("sscan")).calls >= 1);
        const auto sscan = stats.value(QStringLiteral("sscan"));
        qInfo("SSCAN of a 200,000-member set: %lld calls, %.1f µs per call", sscan.calls, double(sscan.usec) / double(std::max<qint64>(1, sscan.calls)));

        for (const bool namedStreams : {false, true}) {
            ProbeConfig config;
            if (namedStreams)
                config.streams = {"orders"};
            else
                config.queues.discoverFrameworks = false;
            db.command({"CONFIG", "RESETSTAT"});
            const QList<Snapshot> quiet = pollTicks(server.url(), 4, 100, config, &error);
            QVERIFY2(quiet.size() == 4, qPrintable(error));
            stats = db.commandStats();
            for (const char *cmd : {"smembers", "sscan", "scard"})
                QVERIFY2(stats.value(QLatin1String(cmd)).calls == 0, cmd);
        }
    }

    // A Sidekiq queue whose oldest job is 3 MB: read whole every poll, 3 MB
    // a poll (issue 47, item 3). Read once, then once a minute or when the
    // queue gets shorter; in between the queue is still watched (its length
    // and "not taken for"), without a verdict that comes and goes.
    void aLargeOldestJobIsNotReadEveryPoll()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        const qint64 nowS = db.command({"TIME"}).at(0).toInt().value_or(0);
        db.command({"SADD", "queues", "big"});
        db.command({"LPUSH", "queue:big",
                    "{\"class\":\"Report\",\"jid\":\"a1\",\"enqueued_at\":" + QByteArray::number(nowS - 30) + ",\"args\":[\"" + QByteArray(3 << 20, 'x')
                        + "\"]}"});
        db.command({"LPUSH", "queue:big", "{\"class\":\"Small\",\"jid\":\"b2\",\"enqueued_at\":" + QByteArray::number(nowS) + "}"});
        constexpr int kTicks = 10;
        const QList<Snapshot> ticks = pollTicks(server.url(), kTicks, 150, {}, &error);
        QVERIFY2(ticks.size() == kTicks, qPrintable(error));
        QVERIFY2(ticks.first()->stats.bytesIn > (3 << 20), qPrintable(QString::number(ticks.first()->stats.bytesIn)));
        qint64 later = 0;
        for (const Snapshot &s : ticks.mid(1))
            later = std::max(later, s->stats.bytesIn);
        qInfo("the first poll read %lld bytes, the largest after it %lld", ticks.first()->stats.bytesIn, later);
        QVERIFY2(later < 100'000, qPrintable(QString::number(later)));
        for (const Snapshot &s : ticks.mid(2)) {
            const auto row = std::find_if(s->jobQueues.cbegin(), s->jobQueues.cend(), [](const JobQueueSnapshot &q) { return q.name == "big"; });
            QVERIFY(row != s->jobQueues.cend());
            QCOMPARE(row->waiting, std::optional<qint64>(2));
            QVERIFY(row->notTakenForMs.has_value()); // watched on, not unknown every other poll
        }
    }

private:
    // Polls every 200 ms; after two snapshots showing `groups` groups makes
    // `made` (each with a group) and deletes `deleted`, then counts the
    // snapshots until the poller shows exactly that; -1 and `error` when not
    // within 10 s.
    qint64 snapshotsUntilShown(const QString &url, RedisOracle &db, const QList<QByteArray> &made, const QList<QByteArray> &deleted,
                               int groups, QString *error)
    {
        ConnectionPoller poller(*parseRedisUrl(url).options, ProbeConfig{});
        poller.setIntervalMs(200);
        QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
        poller.start();
        const auto groupsIn = [](const Snapshot &s) {
            QSet<QByteArray> keys;
            for (const StreamSnapshot &st : s->streams)
                if (!st.groups.isEmpty())
                    keys.insert(st.key);
            return keys;
        };
        if (!QTest::qWaitFor([&] { return snapshots.size() >= 2; }, 15000)) {
            *error = QStringLiteral("no snapshots");
            return -1;
        }
        if (const qsizetype seen = groupsIn(snapshots.last().first().value<Snapshot>()).size(); seen != groups) {
            *error = fillText(QStringLiteral("%1 groups seen, %2 made"), seen, groups);
            return -1;
        }
        QList<RedisCommand> batch;
        for (const QByteArray &k : made)
            batch.append({"XGROUP", "CREATE", k, "g", "$", "MKSTREAM"});
        for (const QByteArray &k : deleted)
            batch.append({"DEL", k});
        db.pipeline(batch);
        const qsizetype at = snapshots.size();
        const auto shown = [&] {
            const QSet<QByteArray> keys = groupsIn(snapshots.last().first().value<Snapshot>());
            return std::all_of(made.cbegin(), made.cend(), [&](const QByteArray &k) { return keys.contains(k); })
                && std::none_of(deleted.cbegin(), deleted.cend(), [&](const QByteArray &k) { return keys.contains(k); });
        };
        // The first snapshot after the change may have been planned before it.
        const bool ok = QTest::qWaitFor([&] { return snapshots.size() > at && shown(); }, 10000);
        poller.stop();
        const qint64 took = snapshots.size() - at;
        *error = fillText(QStringLiteral("shown %1 snapshot(s) after the change"), ok ? QString::number(took) : QStringLiteral("not"));
        qInfo("%s", qPrintable(*error));
        return ok ? took : -1;
    }
};

QTEST_GUILESS_MAIN(TestCost)
#include "tst_cost.moc"
