// StreamProbe without a server: one tick planned, then answered with replies
// a real redis-server 7.0 gave to the same commands (tests/fuzz/corpus/resp,
// captured by make_corpus.sh from a small incident: 30 entries in orders,
// group ship 15 behind with 15 pending on w1 and w2, group audit created at
// $, a dead-letter stream). Each row checks one figure the snapshot must
// carry, against what those captured replies say.
#include "unit_tests.h"
#include "probe/queue_discovery.h"
#include "probe/annotation_probe.h"
#include "probe/job_discovery.h"
#include "probe/job_reader.h"
#include "probe/queue_config.h"
#include "snapshot/dlq_layout.h"
#include "probe/queue_probe.h"
#include "probe/stream_probe.h"
#include "probe/sweep_pace.h"
#include "redis/resp_codec.h"

#include <QFile>
#include <QTest>

using namespace pelscope;

namespace {

RedisReply captured(const QString &name)
{
    QFile f(QStringLiteral(PELSCOPE_CORPUS_DIR "/resp/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return RedisReply::nil();
    RespDecoder decoder;
    const QByteArray bytes = f.readAll();
    decoder.feed(bytes.constData(), bytes.size());
    return decoder.next().value_or(RedisReply::nil());
}

// The capture for a command the probe planned; nil for one the incident did
// not record (an answer Redis also gives: a key or entry that is not there).
RedisReply answerFor(const RedisCommand &command)
{
    const QByteArray name = command.value(0).toUpper();
    const QByteArray sub = command.value(1).toUpper();
    if (name == "TIME")
        return captured(QStringLiteral("time"));
    if (name == "XLEN") { // no capture of its own: the length XINFO STREAM reported
        const RedisReply info = captured(QStringLiteral("xinfo_stream"));
        for (qsizetype i = 0; i + 1 < info.size(); i += 2)
            if (info.at(i).bytes() == "length")
                return info.at(i + 1);
    }
    if (name == "XINFO" && sub == "STREAM")
        return captured(QStringLiteral("xinfo_stream"));
    if (name == "XINFO" && sub == "GROUPS")
        return captured(QStringLiteral("xinfo_groups"));
    if (name == "XINFO" && sub == "CONSUMERS")
        return command.value(3) == "ship" ? captured(QStringLiteral("xinfo_consumers")) : RedisReply::array({});
    if (name == "XPENDING" && command.value(2) == "ship")
        return command.size() == 3 ? captured(QStringLiteral("xpending_summary")) : captured(QStringLiteral("xpending_head"));
    if (name == "XPENDING")
        return command.size() == 3 ? RedisReply::array({RedisReply::integer(0), RedisReply::nil(), RedisReply::nil(), RedisReply::nil()})
                                   : RedisReply::array({});
    return RedisReply::nil();
}

// Two ticks: the first learns the groups (XINFO GROUPS), the second also
// reads each group's PEL and consumers.
SnapshotData twoTicks()
{
    ProbeConfig config;
    config.streams = {"orders"};
    StreamProbe probe(config);
    SnapshotData last;
    for (int tick = 0; tick < 2; ++tick) {
        RedisReplies replies;
        for (const RedisCommand &c : probe.planTick())
            replies.append(answerFor(c));
        last = probe.parseTick(replies);
    }
    return last;
}

const GroupSnapshot *group(const SnapshotData &d, const QByteArray &name)
{
    for (const StreamSnapshot &s : d.streams)
        for (const GroupSnapshot &g : s.groups)
            if (g.name == name)
                return &g;
    return nullptr;
}

} // namespace

class TestProbeReplies : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // --annotations-stream entries as a pipeline may write them: the text
    // (or message) required and cut at 1,000 characters, the scope only with
    // both stream and group and neither longer than a key could be, `at` in
    // ms or ISO 8601 over the ID's time, an author kept.
    void annotationEntriesAreBounded()
    {
        const auto entry = [](const QByteArray &id, const QList<QByteArray> &fields) {
            QList<RedisReply> values;
            for (const QByteArray &f : fields)
                values.append(RedisReply::string(f));
            return RedisReply::array({RedisReply::string(id), RedisReply::array(values)});
        };
        const auto plain = AnnotationProbe::fromEntry(entry("1700000000000-0", {"text", "deploy 1.4.2", "author", "ci"}));
        QVERIFY(plain);
        QCOMPARE(plain->atMs, 1'700'000'000'000);
        QCOMPARE(plain->text, QStringLiteral("deploy 1.4.2"));
        QCOMPARE(plain->author, QStringLiteral("ci"));
        QVERIFY(plain->group.isEmpty());
        QVERIFY(!AnnotationProbe::fromEntry(entry("1-0", {"note", "no text"})));
        QVERIFY(!AnnotationProbe::fromEntry(entry("1-0", {"text", "   "})));
        QCOMPARE(AnnotationProbe::fromEntry(entry("1-0", {"message", "from message"}))->text, QStringLiteral("from message"));
        const auto cut = AnnotationProbe::fromEntry(entry("1-0", {"text", QByteArray(5'000, 'x')}));
        QCOMPARE(cut->text.size(), AnnotationProbe::kMaxText);
        QVERIFY(cut->text.endsWith(QChar(0x2026)));
        const auto scoped = AnnotationProbe::fromEntry(entry("1-0", {"text", "t", "stream", "orders", "group", "billing"}));
        QCOMPARE(scoped->stream, QByteArray("orders"));
        QCOMPARE(scoped->group, QByteArray("billing"));
        QVERIFY(AnnotationProbe::fromEntry(entry("1-0", {"text", "t", "stream", "orders"}))->stream.isEmpty()); // no group: the connection
        const auto huge = AnnotationProbe::fromEntry(entry("1-0", {"text", "t", "stream", "orders", "group", QByteArray(2'000, 'g')}));
        QVERIFY(huge && huge->stream.isEmpty() && huge->group.isEmpty());
        QCOMPARE(AnnotationProbe::fromEntry(entry("1700000000000-0", {"text", "t", "at", "1600000000000"}))->atMs, 1'600'000'000'000);
        QCOMPARE(AnnotationProbe::fromEntry(entry("1700000000000-0", {"text", "t", "at", "2020-09-13T12:26:40.000Z"}))->atMs, 1'600'000'000'000);
        QCOMPARE(AnnotationProbe::fromEntry(entry("1700000000000-0", {"text", "t", "at", "soon"}))->atMs, 1'700'000'000'000); // unreadable: the ID's time
    }

    // Only the documented shapes are taken (docs/QUEUES.md); nothing else is guessed at.
    void queueNamingRules()
    {
        const FoundQueues f = classifyQueueKeys({"delayed_queue", "email:Schedule", "leaderboard", "scores:delays"},
                                                {"jobs:processing", "processing:emails", "resize-processing", "recent", "orders", "orders:processing",
                                                 "orders-processing"});
        QCOMPARE(f.delayed, (QList<QByteArray>{"delayed_queue", "email:Schedule", "scores:delays"}));
        // jobs exists only as its processing list (an empty main list does not exist);
        // orders has two spellings: X:processing wins; recent stays a plain list.
        const QList<QPair<QByteArray, QByteArray>> lists{
            {"emails", "processing:emails"}, {"jobs", "jobs:processing"}, {"orders", "orders:processing"}, {"resize", "resize-processing"}};
        QCOMPARE(f.lists, lists);
        // The articles' bare `processing`: paired only when one other list can own it.
        QCOMPARE(classifyQueueKeys({}, {"myqueue", "processing"}).lists, (QList<QPair<QByteArray, QByteArray>>{{"myqueue", "processing"}}));
        QVERIFY(classifyQueueKeys({}, {"a", "b", "processing"}).lists.isEmpty());
        QVERIFY(classifyQueueKeys({}, {"processing"}).lists.isEmpty());
        QVERIFY(classifyQueueKeys({}, {":processing", "processing:"}).lists.isEmpty());
    }

    // Job frameworks by their key shapes (docs/FRAMEWORKS.md): candidates, confirmed by their readers.
    void jobFrameworkShapes()
    {
        const FoundJobSystems f = classifyJobKeys({"queues", "rq:queues", "_kombu.binding.celery", "_kombu.binding.celery.pidbox", "_kombu.binding.celeryev"},
                                                  {"bull:mail:delayed", "myapp:x:y:reports:failed", "rq:scheduled:default", "leaderboard", "a::delayed"},
                                                  {"bull:mail:wait", "rq:queue:failed", "queue:default", "plain"});
        QCOMPARE(f.bullmq, (QList<QPair<QByteArray, QByteArray>>{{"bull", "mail"}, {"myapp:x:y", "reports"}})); // a prefix may hold ':'
        QVERIFY(f.sidekiq);
        QVERIFY(f.rq);
        QCOMPARE(f.celeryBindings, (QList<QByteArray>{"_kombu.binding.celery"})); // not the remote-control and event bindings
        QVERIFY(!classifyJobKeys({"_kombu.binding.x"}, {}, {}).sidekiq);
        QVERIFY(classifyJobKeys({}, {}, {"wait", ":mail:wait", "bull::wait"}).bullmq.isEmpty());
    }

    // dramatiq by its lists, dead-letter sets and acks sets, in its default
    // namespace or one with a heartbeats set; arq by its default queue.
    void dramatiqAndArqShapes()
    {
        const FoundJobSystems f = classifyJobKeys({"dramatiq:__acks__.5f1c-9a.emails", "dramatiq:__acks__.5f1c-9a.reports.DQ", "dramatiq:__acks__.nodot"},
                                                  {"dramatiq:__heartbeats__", "dramatiq:default.XQ", "app:__heartbeats__", "app:billing.XQ", "arq:queue",
                                                   "other:x.XQ"},
                                                  {"dramatiq:default", "dramatiq:default.DQ", "app:billing.DQ", "other:billing", "dramatiq:__x"});
        QCOMPARE(f.dramatiq, (QList<QPair<QByteArray, QByteArray>>{{"app", "billing"}, {"dramatiq", "default"}, {"dramatiq", "emails"}, {"dramatiq", "reports"}}));
        QCOMPARE(f.arq, (QList<QByteArray>{"arq:queue"}));
        QVERIFY(classifyJobKeys({}, {"arq:queue:health-check", "arqueue"}, {"dramatiq"}).dramatiq.isEmpty());
        QVERIFY(classifyJobKeys({}, {"arq:queue:health-check", "arqueue"}, {}).arq.isEmpty());
    }

    // --framework: each framework's own way to name a deployment, and a clear error otherwise.
    void namedFrameworks()
    {
        QueueConfig c;
        for (const char *spec : {"bullmq:mail", "bull:myapp:x:reports", "sidekiq", "RQ", "celery", "dramatiq:default", "dramatiq:app:billing", "arq",
                                 "arq:arq:queue:low", "bullmq:mail", "taskiq", "taskiq:jobs:emails", "taskiq:orders/workers"})
            QCOMPARE(c.addFramework(QString::fromLatin1(spec)), QString());
        QCOMPARE(c.frameworks.bullmq, (QList<QPair<QByteArray, QByteArray>>{{"bull", "mail"}, {"myapp:x", "reports"}}));
        QVERIFY(c.frameworks.sidekiq && c.frameworks.rq);
        QCOMPARE(c.frameworks.celeryBindings, (QList<QByteArray>{"_kombu.binding.celery"}));
        QCOMPARE(c.frameworks.dramatiq, (QList<QPair<QByteArray, QByteArray>>{{"app", "billing"}, {"dramatiq", "default"}}));
        QCOMPARE(c.frameworks.arq, (QList<QByteArray>{"arq:queue", "arq:queue:low"}));
        QCOMPARE(c.frameworks.taskiq, (QList<QPair<QByteArray, QByteArray>>{{"jobs:emails", "taskiq"}, {"orders", "workers"}, {"taskiq", "taskiq"}}));
        for (const char *bad : {"bullmq", "bullmq:", "dramatiq", "sidekiq:x", "huey", "arq:", "taskiq:/g", "taskiq:s/", "%1:%2"}) {
            const QString e = c.addFramework(QString::fromLatin1(bad));
            QVERIFY2(e.contains(QString::fromLatin1(bad)), qPrintable(e)); // the spec, as given
        }
    }

    // Nobody takes jobs: the oldest stays the oldest and the queue never shorter.
    void takenWatch()
    {
        TakenWatch w;
        QCOMPARE(w.update("a", 5, 0), std::nullopt); // first seen: not known yet
        QCOMPARE(w.update("a", 6, 1000), std::optional<qint64>(1000));
        QCOMPARE(w.update("b", 6, 2000), std::nullopt); // the oldest was taken
        QCOMPARE(w.update("b", 5, 3000), std::nullopt); // shorter: something was taken
        QCOMPARE(w.update("b", 5, 4500), std::optional<qint64>(1500));
        QCOMPARE(w.update({}, 0, 5000), std::nullopt); // empty
        QCOMPARE(w.update("b", 5, 6000), std::nullopt); // seen again: from now
        QCOMPARE(w.update("b", std::nullopt, 7000), std::nullopt); // not read
    }

    // A job's own time: Unix seconds (Sidekiq, Celery), ms, or an ISO date with
    // Python's microseconds (RQ); else none.
    void jobTimes()
    {
        QCOMPARE(jobTimeMs("1796313459.0879111"), std::optional<qint64>(1796313459087));
        QCOMPARE(jobTimeMs("1796313459087"), std::optional<qint64>(1796313459087));
        QCOMPARE(jobTimeMs("2026-12-03T15:44:19.833670Z"), std::optional<qint64>(1796312659834)); // to the nearest ms
        QCOMPARE(jobTimeMs("2026-12-03T15:44:19Z"), std::optional<qint64>(1796312659000));
        for (const char *bad : {"", "-5", "nan", "inf", "1e300", "soon", "2026-13-45T99:00:00Z"})
            QVERIFY2(!jobTimeMs(bad), bad);
    }

    // An item's time: the first timestamp field, seconds or milliseconds, or an ISO date; else unknown.
    void queueItemTimes()
    {
        const QList<QByteArray> fields{"timestamp", "ts", "enqueued_at"};
        QCOMPARE(QueueProbe::itemTimeMs(R"({"timestamp":1706649000})", fields), std::optional<qint64>(1706649000000));
        QCOMPARE(QueueProbe::itemTimeMs(R"({"ts":1706649000123})", fields), std::optional<qint64>(1706649000123));
        QCOMPARE(QueueProbe::itemTimeMs(R"({"enqueued_at":"1706649000.5"})", fields), std::optional<qint64>(1706649000500));
        QCOMPARE(QueueProbe::itemTimeMs(R"({"timestamp":"2024-01-30T21:10:00Z"})", fields), std::optional<qint64>(1706649000000));
        QCOMPARE(QueueProbe::itemTimeMs(R"({"timestamp":"soon","ts":1706649000})", fields), std::optional<qint64>(1706649000000));
        QVERIFY(!QueueProbe::itemTimeMs("task:abc123", fields));
        QVERIFY(!QueueProbe::itemTimeMs(R"({"id":1})", fields));
        QVERIFY(!QueueProbe::itemTimeMs(R"({"timestamp":-5})", fields));
        QVERIFY(!QueueProbe::itemTimeMs(R"({"timestamp":1e400})", fields));
        QVERIFY(!QueueProbe::itemTimeMs(R"({"timestamp":1e19})", fields));
        QVERIFY(!QueueProbe::itemTimeMs(R"([1706649000])", fields));
        QVERIFY(!QueueProbe::itemTimeMs(R"({"timestamp":1706649000)", fields)); // cut short
    }

    void capturesArePresent_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"time", "xinfo_stream", "xinfo_groups", "xinfo_consumers", "xpending_summary", "xpending_head", "scan", "error"})
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void capturesArePresent()
    {
        QFETCH(QString, file);
        QVERIFY2(!captured(file).isNil(), qPrintable(file));
    }

    void planAsksWhatEveryTickNeeds()
    {
        ProbeConfig config;
        config.streams = {"orders"};
        StreamProbe probe(config);
        QStringList names;
        for (const RedisCommand &c : probe.planTick())
            names << QString::fromLatin1(c.value(0) + (c.value(0) == "XINFO" ? " " + c.value(1) : QByteArray()));
        // TIME first: every age in the snapshot is measured against the server's clock.
        QCOMPARE(names.value(0), QStringLiteral("TIME"));
        QVERIFY2(names.contains(QStringLiteral("XINFO GROUPS")), qPrintable(names.join(QLatin1Char(','))));
        QVERIFY2(names.contains(QStringLiteral("XINFO STREAM")), qPrintable(names.join(QLatin1Char(','))));
    }

    void tickParsed_data()
    {
        QTest::addColumn<QString>("figure");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("stream length") << QStringLiteral("length") << qint64(30);
        QTest::newRow("entries added") << QStringLiteral("added") << qint64(30);
        QTest::newRow("groups") << QStringLiteral("groups") << qint64(2);
        QTest::newRow("ship lag") << QStringLiteral("ship.lag") << qint64(15);
        QTest::newRow("ship pending") << QStringLiteral("ship.pending") << qint64(15);
        QTest::newRow("ship entries read") << QStringLiteral("ship.read") << qint64(15);
        QTest::newRow("ship consumers") << QStringLiteral("ship.consumers") << qint64(2);
        QTest::newRow("audit lag") << QStringLiteral("audit.lag") << qint64(0);
        QTest::newRow("audit pending") << QStringLiteral("audit.pending") << qint64(0);
    }
    void tickParsed()
    {
        QFETCH(QString, figure);
        QFETCH(qint64, expected);
        const SnapshotData d = twoTicks();
        QCOMPARE(d.streams.size(), 1);
        const StreamSnapshot &s = d.streams.first();
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        std::optional<qint64> got;
        if (figure == QLatin1String("length"))
            got = s.length;
        else if (figure == QLatin1String("added"))
            got = s.entriesAdded;
        else if (figure == QLatin1String("groups"))
            got = s.groups.size();
        else {
            const GroupSnapshot *g = group(d, figure.section(QLatin1Char('.'), 0, 0).toUtf8());
            QVERIFY(g);
            const QString what = figure.section(QLatin1Char('.'), 1);
            got = what == QLatin1String("lag")       ? g->lag
                  : what == QLatin1String("pending") ? g->pending
                  : what == QLatin1String("read")    ? g->entriesRead
                                                     : g->consumers;
        }
        QVERIFY2(got.has_value(), qPrintable(figure));
        QCOMPARE(*got, expected);
    }

    // Redis 7.0 reports entries-read as nil for a group created at $ (and
    // lag 0): nil stays unknown, it is not read as 0.
    void nilEntriesReadStaysUnknown()
    {
        const SnapshotData d = twoTicks();
        const GroupSnapshot *audit = group(d, "audit");
        QVERIFY(audit);
        QVERIFY(!audit->entriesRead.has_value());
    }

    // The PEL head from XPENDING's extended form: the first entry, its owner
    // and delivery count, as the server listed them.
    void pendingHeadParsed()
    {
        const QList<PendingEntry> head = parsePendingEntries(captured(QStringLiteral("xpending_head")));
        QCOMPARE(head.size(), 15);
        QCOMPARE(head.first().id, QByteArray("1796135654181-0"));
        QCOMPARE(head.first().consumer, QByteArray("w2"));
        QCOMPARE(head.first().deliveries, qint64(2));
        for (const PendingEntry &e : head)
            QVERIFY(e.consumer == "w1" || e.consumer == "w2");
        const SnapshotData d = twoTicks();
        const GroupSnapshot *ship = group(d, "ship");
        QVERIFY(ship && ship->pendingMinId);
        QCOMPARE(*ship->pendingMinId, QByteArray("1796135654181-0"));
    }

    // SCAN ... TYPE stream from the same server: the cursor and the keys found.
    void scanReplyFindsTheStreams()
    {
        StreamProbe probe(ProbeConfig{});
        const QString error = probe.onScanReply(captured(QStringLiteral("scan")));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(probe.discoveryComplete());
    }

    // Discovery's pace from the keyspace a sweep visited (issue 34): two
    // ticks a sweep up to 20,000 keys, in pages of at most 1,000; above, the
    // keys a tick visits fall as the keyspace grows, to one page of the
    // configured 200 from a million keys on, with the 30 s pause back.
    void sweepPaceFollowsTheKeyspace_data()
    {
        QTest::addColumn<qint64>("keyspace");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("pages");
        QTest::addColumn<qint64>("pauseMs");
        QTest::newRow("unmeasured") << qint64(-1) << 200 << 1 << qint64(30'000);
        QTest::newRow("150 keys") << qint64(200) << 200 << 1 << qint64(0);
        QTest::newRow("10,000 keys") << qint64(10'000) << 1000 << 5 << qint64(0);
        QTest::newRow("20,000 keys") << qint64(20'000) << 1000 << 10 << qint64(0);
        QTest::newRow("100,000 keys") << qint64(100'000) << 1000 << 2 << qint64(30'000);
        QTest::newRow("400,000 keys") << qint64(400'000) << 500 << 1 << qint64(30'000);
        QTest::newRow("1,000,000 keys") << qint64(1'000'000) << 200 << 1 << qint64(30'000);
        QTest::newRow("3,000,000 keys") << qint64(3'000'000) << 200 << 1 << qint64(30'000);
    }
    void sweepPaceFollowsTheKeyspace()
    {
        QFETCH(qint64, keyspace);
        SweepPace pace(200);
        if (keyspace >= 0)
            pace.measured(keyspace);
        QTEST(pace.count(), "count");
        QTEST(pace.pagesPerTick(), "pages");
        QTEST(pace.pauseMs(30'000), "pauseMs");
        // A sweep of a small keyspace ends within two ticks.
        if (keyspace >= 0 && keyspace <= SweepPace::kSmallKeyspace)
            QVERIFY(qint64(pace.count()) * pace.pagesPerTick() * 2 >= keyspace);
    }

    // The probe sends its pages with the paced COUNT, and asks for more in
    // the same tick only while a sweep after the first is under way.
    void probeSweepsAtItsPace()
    {
        ProbeConfig config;
        StreamProbe probe(config);
        const auto page = [](const QByteArray &cursor) {
            return RedisReply::array({RedisReply::string(cursor), RedisReply::array({})});
        };
        // The first sweep (before the first tick): 50 pages of 200.
        for (int i = 1; i < 50; ++i)
            QVERIFY(probe.onScanReply(page(QByteArray::number(i))).isEmpty());
        QVERIFY(!probe.discoveryComplete());
        QVERIFY(probe.onScanReply(page("0")).isEmpty());
        QVERIFY(probe.discoveryComplete());
        QCOMPARE(probe.pace().keyspace(), qint64(10'000));
        QCOMPARE(probe.scanCommand().value(5), QByteArray("1000"));
        // The next tick starts a sweep at once (no pause on 10,000 keys) and
        // its own page leaves four more for the tick.
        const RedisBatch batch = probe.planTick();
        QVERIFY(std::any_of(batch.cbegin(), batch.cend(), [](const RedisCommand &c) { return c.value(0) == "SCAN"; }));
        for (int i = 0; i < 5; ++i) {
            QVERIFY(probe.wantsAnotherPage());
            QVERIFY(probe.onScanReply(page(QByteArray::number(100 + i))).isEmpty());
        }
        QVERIFY(!probe.wantsAnotherPage()); // five pages of 1,000 are the tick's share
        probe.planTick();
        QVERIFY(probe.wantsAnotherPage()); // a new tick, a new share
    }
    // A delayed queue's score unit from its evidence: each score that is a
    // time near the server's in one unit votes; no vote or a split: unknown.
    void scoreUnitFromTheScores_data()
    {
        QTest::addColumn<QList<double>>("scores");
        QTest::addColumn<int>("unit");
        const double nowS = 1'796'600'000, nowMs = nowS * 1000;
        QTest::newRow("seconds") << QList<double>{nowS - 90, nowS + 600} << int(ScoreUnit::Seconds);
        QTest::newRow("milliseconds") << QList<double>{nowMs - 90'000, nowMs + 600'000} << int(ScoreUnit::Milliseconds);
        QTest::newRow("ms with a member at 0") << QList<double>{0, nowMs + 60'000} << int(ScoreUnit::Milliseconds);
        QTest::newRow("seconds with -inf") << QList<double>{-qInf(), nowS} << int(ScoreUnit::Seconds);
        QTest::newRow("years ahead, seconds") << QList<double>{nowS + 20 * 365 * 86'400.0} << int(ScoreUnit::Seconds);
        QTest::newRow("priorities") << QList<double>{0, 5, 10} << int(ScoreUnit::Auto);
        QTest::newRow("1973 in ms is no time now") << QList<double>{1e11} << int(ScoreUnit::Auto);
        QTest::newRow("one of each: a split") << QList<double>{nowS, nowMs} << int(ScoreUnit::Auto);
        QTest::newRow("nothing") << QList<double>{} << int(ScoreUnit::Auto);
        QTest::newRow("inf and NaN") << QList<double>{qInf(), qQNaN()} << int(ScoreUnit::Auto);
    }
    void scoreUnitFromTheScores()
    {
        QFETCH(QList<double>, scores);
        QFETCH(int, unit);
        QCOMPARE(int(scoreUnitFrom(scores, qint64(1'796'600'000) * 1000)), unit);
    }
    // A dead letter's layout: an entry Pelscope moved loses exactly its
    // pelscope: fields and goes where pelscope:source_stream says, whatever
    // its payload names; an application's dead letter loses its metadata
    // fields and goes where its source_stream says; its cause is its
    // category, else its error with the numbers folded.
    void deadLetterLayoutKeepsThePayload()
    {
        const DlqLayout layout;
        const StreamFields ours{{"order_id", "7"},          {"source_stream", "inventory"}, {"error", "x"},
                                {"pelscope:category", "p"}, {"pelscope:source_stream", "orders"}};
        QCOMPARE(layout.requeuedFields(ours), (StreamFields{{"order_id", "7"}, {"source_stream", "inventory"}, {"error", "x"}}));
        QCOMPARE(DlqLayout::sourceStreamOf(ours), std::optional<QByteArray>("orders"));
        const StreamFields theirs{{"order_id", "7"}, {"source_stream", "inventory"}, {"error", "card 4111 declined"}, {"dlq_note", "n"}};
        QCOMPARE(layout.requeuedFields(theirs), (StreamFields{{"order_id", "7"}}));
        QCOMPARE(DlqLayout::sourceStreamOf(theirs), std::optional<QByteArray>("inventory"));
        // Moved by Pelscope without its source named: no source from the payload either.
        QCOMPARE(DlqLayout::sourceStreamOf(StreamFields{{"source_stream", "inventory"}, {"pelscope:group", "g"}}), std::nullopt);
        QCOMPARE(DlqLayout::causeOf(theirs), QByteArray("card # declined"));
        QCOMPARE(DlqLayout::causeOf(ours), QByteArray("p")); // Pelscope's category, the app's error second
        QCOMPARE(DlqLayout::causeOf(StreamFields{{"category", "schema"}, {"error", "e 1"}}), QByteArray("schema"));
        QCOMPARE(DlqLayout::causeOf(StreamFields{{"payload", "x"}}), QByteArray());
        QVERIFY(DlqLayout::fieldMatches(ours, "category", "p"));
        QVERIFY(!DlqLayout::fieldMatches(ours, "category", ""));
        QVERIFY(!DlqLayout::fieldMatches(theirs, "category", ""));
        QVERIFY(DlqLayout::fieldMatches(StreamFields{{"category", ""}}, "category", ""));
    }
};

PELSCOPE_UNIT_TEST(TestProbeReplies)
#include "tst_probe_replies.moc"
