// Pure logic: URL parsing, RESP decoding, IDs, durations, health rules (the
// groups' and the queues'), the Prometheus exposition and the exporter's pace.
#include "unit_tests.h"
#include "alerts/alert_policy.h"
#include "export/prometheus_exposition.h"
#include "export/scrape_pace.h"
#include "health/health_rules.h"
#include "health/queue_rules.h"
#include "values/connection_options.h"
#include "redis/resp_codec.h"
#include "snapshot/format.h"
#include "snapshot/stream_id.h"

#include <QFile>
#include <QJsonDocument>
#include <QTranslator>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace pelscope;

class TestCoreUnits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The delayed-queue and reliable-list rules as a table: each row a
    // snapshot as the probe fills it, and the verdict word for word.
    void queueRulesAsATable()
    {
        const HealthThresholds t; // the defaults: overdue warn 1m, crit 5m; processing 5m; unserved 1m
        struct DelayedRow
        {
            const char *name;
            DelayedQueueSnapshot q;
            Health status;
            QStringList reasons;
        };
        const auto delayed = [](std::optional<qint64> due, std::optional<qint64> overdueMs) {
            DelayedQueueSnapshot q;
            q.key = "delayed";
            q.size = 10;
            q.due = due;
            q.oldestOverdueMs = overdueMs;
            return q;
        };
        DelayedQueueSnapshot unreadable = delayed(3, 400'000);
        unreadable.error = QStringLiteral("WRONGTYPE: not a sorted set");
        DelayedQueueSnapshot untimed = delayed(3, 400'000);
        untimed.untimedScores = QStringLiteral("0 … 7");
        DelayedQueueSnapshot never = delayed(0, std::nullopt);
        never.nextNotTime = QStringLiteral("+inf");
        DelayedQueueSnapshot sinceWhen = delayed(2, std::nullopt);
        sinceWhen.earliestNotTime = QStringLiteral("-inf");
        const DelayedRow delayedRows[] = {
            {"nothing due", delayed(0, std::nullopt), Health::Ok, {}},
            {"due, 59 s late", delayed(4, 59'000), Health::Ok, {}},
            {"one due, 1 min late", delayed(1, 60'000), Health::Warn, {QStringLiteral("scheduler behind: 1 item due, the oldest overdue by 1m00s ≥ 1m00s")}},
            {"many due, 5 min late", delayed(1200, 300'000), Health::Crit,
             {QStringLiteral("scheduler behind: 1,200 items due, the oldest overdue by 5m00s ≥ 5m00s")}},
            {"unreadable", unreadable, Health::Warn, {QStringLiteral("not judged: WRONGTYPE: not a sorted set")}},
            {"no score is a time", untimed, Health::Warn, {QStringLiteral("not judged: no item's score is a time (scores 0 … 7)")}},
            {"next never comes due", never, Health::Warn, {QStringLiteral("the next item is scored +inf, not a time: it will never come due")}},
            {"due since nobody knows when", sinceWhen, Health::Warn,
             {QStringLiteral("2 item(s) due, the earliest scored -inf: not a time, so nobody can say since when")}},
        };
        for (const DelayedRow &row : delayedRows) {
            const HealthVerdict v = evaluateDelayedQueue(row.q, t);
            QVERIFY2(v.status == row.status && renderReasons(v.reasons) == row.reasons, qPrintable(QStringLiteral("%1: %2 %3").arg(QLatin1String(row.name),
                                                                                                                  healthName(v.status), renderReasons(v.reasons).join(QLatin1Char('|')))));
        }

        struct ListRow
        {
            const char *name;
            ListQueueSnapshot q;
            Health status;
            QStringList reasons;
        };
        const auto list = [](qint64 processing, qint64 sampled, qint64 stuck, std::optional<qint64> oldestMs) {
            ListQueueSnapshot q;
            q.key = "jobs";
            q.processingKey = "jobs:processing";
            q.length = 5;
            q.processingLength = processing;
            q.sampled = sampled;
            q.stuck = stuck;
            q.oldestProcessingAgeMs = oldestMs;
            return q;
        };
        ListQueueSnapshot unserved = list(0, 0, 0, std::nullopt);
        unserved.unservedForMs = 60'000;
        unserved.unservedGrowth = 42;
        ListQueueSnapshot notYet = unserved;
        notYet.unservedForMs = 59'000;
        ListQueueSnapshot failed = list(6, 6, 6, 900'000);
        failed.error = QStringLiteral("NOPERM: no permission to LRANGE");
        const ListRow listRows[] = {
            {"working", list(3, 3, 0, 2'000), Health::Ok, {}},
            {"one stuck", list(1, 1, 1, 400'000), Health::Warn,
             {QStringLiteral("1 item in processing longer than 5m00s (the oldest 6m40s): a worker may have crashed holding it")}},
            {"six stuck, all read", list(6, 6, 6, 900'000), Health::Warn,
             {QStringLiteral("6 items in processing longer than 5m00s (the oldest 15m00s): a worker may have crashed holding them")}},
            {"stuck within a sample", list(5000, 100, 100, 900'000), Health::Warn,
             {QStringLiteral("at least 100 items in processing longer than 5m00s (the oldest 15m00s): a worker may have crashed holding them")}},
            {"stuck, undated", list(2, 2, 2, std::nullopt), Health::Warn,
             {QStringLiteral("2 items in processing longer than 5m00s (the oldest ?): a worker may have crashed holding them")}},
            {"no worker for a minute", unserved, Health::Warn, {QStringLiteral("no worker: the main list grew by 42 over 1m00s with nothing in processing")}},
            {"no worker for 59 s", notYet, Health::Ok, {}},
            {"unreadable", failed, Health::Warn, {QStringLiteral("not judged: NOPERM: no permission to LRANGE")}},
        };
        for (const ListRow &row : listRows) {
            const HealthVerdict v = evaluateListQueue(row.q, t);
            QVERIFY2(v.status == row.status && renderReasons(v.reasons) == row.reasons, qPrintable(QStringLiteral("%1: %2 %3").arg(QLatin1String(row.name),
                                                                                                                  healthName(v.status), renderReasons(v.reasons).join(QLatin1Char('|')))));
        }
    }

    // The exposition of one snapshot, line for line: what a team's Prometheus
    // stores. The per-group families by default; the delivery histogram and
    // the per-consumer series only when asked for.
    void expositionGolden()
    {
        SnapshotData d;
        d.takenAtMs = 1'700'000'000'000;
        d.stats.estimatedUs = 250;
        d.stats.commands = 7;
        d.stats.durationMs = 3;
        StreamSnapshot st;
        st.key = "orders\"%1";
        st.entriesAdded = 120;
        GroupSnapshot g;
        g.name = "ship";
        g.lag = 12;
        g.pending = 3;
        g.entriesRead = 108;
        g.oldestUnreadAgeMs = 4'500;
        g.oldestIdleMs = 61'000;
        g.oldestIdleUpperMs = 62'000;
        g.pelInspected = 3;
        g.pelScanComplete = true;
        g.deliveryCounts = {{1, 2}, {7, 1}};
        g.consumers = 2;
        g.consumerList = {ConsumerSnapshot{"w1", 3, 61'000, {}}, ConsumerSnapshot{"w2", 0, 500, 500}};
        g.health.status = Health::Warn;
        st.groups.append(g);
        GroupSnapshot unknown;
        unknown.name = "audit";
        unknown.pending = 0;
        st.groups.prepend(unknown);
        d.streams.append(st);
        DeadLetterSnapshot dlq;
        dlq.key = "orders:dlq";
        dlq.source = "orders";
        dlq.length = 4;
        dlq.newestEntryMs = d.takenAtMs - 30'000;
        d.deadLetters.append(dlq);
        const Snapshot snapshot(std::move(d));
        ExpositionContext ctx;
        ctx.connection = QStringLiteral("redis://h:6379");
        ctx.up = true;
        ctx.nowMs = 5'000;
        ctx.lastPollWallMs = 4'000;
        const QByteArray lean = prometheusExposition(snapshot, ctx);
        const QByteArray expected =
            "# HELP pelscope_connection_info Always 1: the Redis this exporter watches. Group and queue series carry no connection label; join "
            "them with * on(instance, job) group_left(connection) pelscope_connection_info.\n"
            "# TYPE pelscope_connection_info gauge\n"
            "pelscope_connection_info{connection=\"redis://h:6379\"} 1\n"
            "# HELP pelscope_up 1 when the connection to Redis is up and polling.\n"
            "# TYPE pelscope_up gauge\n"
            "pelscope_up{connection=\"redis://h:6379\"} 1\n"
            "# HELP pelscope_poll_age_seconds Seconds since the last complete poll.\n"
            "# TYPE pelscope_poll_age_seconds gauge\n"
            "pelscope_poll_age_seconds{connection=\"redis://h:6379\"} 1\n";
        QVERIFY2(lean.startsWith(expected), lean.constData());
        const auto lines = [](const QByteArray &text, const QByteArray &family) {
            QByteArrayList out;
            for (const QByteArray &line : text.split('\n'))
                if (line.startsWith(family + '{') || line.startsWith(family + "_bucket{") || line.startsWith(family + "_sum{")
                    || line.startsWith(family + "_count{"))
                    out.append(line);
            return out;
        };
        // A group's series carry no connection label (the target's instance tells exporters apart).
        const QByteArray ship = "stream=\"orders\\\"%1\",group=\"ship\"";
        const QByteArray audit = "stream=\"orders\\\"%1\",group=\"audit\"";
        QCOMPARE(lines(lean, "pelscope_group_lag"), QByteArrayList{"pelscope_group_lag{" + ship + "} 12"});
        QCOMPARE(lines(lean, "pelscope_group_lag_unknown"),
                 QByteArrayList{"pelscope_group_lag_unknown{" + audit + "} 1"});
        QCOMPARE(lines(lean, "pelscope_group_pending"), (QByteArrayList{"pelscope_group_pending{" + audit + "} 0", "pelscope_group_pending{" + ship + "} 3"}));
        QCOMPARE(lines(lean, "pelscope_group_oldest_pending_idle_lower_seconds"),
                 QByteArrayList{"pelscope_group_oldest_pending_idle_lower_seconds{" + ship + "} 61"});
        QCOMPARE(lines(lean, "pelscope_group_oldest_unread_age_seconds"), QByteArrayList{"pelscope_group_oldest_unread_age_seconds{" + ship + "} 4.5"});
        QCOMPARE(lines(lean, "pelscope_group_consumers"),
                 (QByteArrayList{"pelscope_group_consumers{" + ship + ",state=\"total\"} 2", "pelscope_group_consumers{" + ship + ",state=\"alive\"} 1",
                                 "pelscope_group_consumers{" + ship + ",state=\"dead\"} 0"}));
        QCOMPARE(lines(lean, "pelscope_group_health"), (QByteArrayList{"pelscope_group_health{" + audit + "} 0", "pelscope_group_health{" + ship + "} 1"}));
        QCOMPARE(lines(lean, "pelscope_dead_letter_newest_age_seconds"),
                 QByteArrayList{"pelscope_dead_letter_newest_age_seconds{dlq=\"orders:dlq\",source=\"orders\"} 30"});
        QVERIFY(lines(lean, "pelscope_group_pending_deliveries").isEmpty());
        QVERIFY(!lean.contains("pelscope_consumer_"));
        // And whole, byte for byte, against the reviewed file (promtool check
        // metrics passes it): a family renamed, reordered or added shows here.
        // PELSCOPE_UPDATE_GOLDEN=1 rewrites it; review the diff before committing.
        const QString goldenPath = QStringLiteral(PELSCOPE_UNIT_DIR "/golden/exposition.prom");
        if (qEnvironmentVariableIsSet("PELSCOPE_UPDATE_GOLDEN")) {
            QFile out(goldenPath);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(lean);
        }
        QFile golden(goldenPath);
        QVERIFY2(golden.open(QIODevice::ReadOnly), qPrintable(goldenPath));
        const QByteArray want = golden.readAll();
        QVERIFY2(lean == want, qPrintable(QStringLiteral("the exposition differs from %1:\n%2").arg(goldenPath, QString::fromUtf8(lean))));

        ctx.deliveryHistogram = true;
        ctx.consumerSeries = true;
        const QByteArray full = prometheusExposition(snapshot, ctx);
        const QByteArrayList histogram = lines(full, "pelscope_group_pending_deliveries");
        QCOMPARE(histogram.size(), 11); // 8 buckets, +Inf, sum, count
        QCOMPARE(histogram.at(0), "pelscope_group_pending_deliveries_bucket{" + ship + ",le=\"1\"} 2");
        QCOMPARE(histogram.at(3), "pelscope_group_pending_deliveries_bucket{" + ship + ",le=\"5\"} 2");
        QCOMPARE(histogram.at(4), "pelscope_group_pending_deliveries_bucket{" + ship + ",le=\"10\"} 3");
        QCOMPARE(histogram.at(9), "pelscope_group_pending_deliveries_sum{" + ship + "} 9");
        QCOMPARE(histogram.at(10), "pelscope_group_pending_deliveries_count{" + ship + "} 3");
        QCOMPARE(lines(full, "pelscope_consumer_pending"),
                 (QByteArrayList{"pelscope_consumer_pending{" + ship + ",consumer=\"w1\"} 3", "pelscope_consumer_pending{" + ship + ",consumer=\"w2\"} 0"}));
        QCOMPARE(lines(full, "pelscope_consumer_inactive_seconds"), QByteArrayList{"pelscope_consumer_inactive_seconds{" + ship + ",consumer=\"w2\"} 0.5"});
        qInfo("one group: %lld bytes by default, %lld with the histogram and the consumers", qint64(lean.size()), qint64(full.size()));
        QVERIFY(full.size() > lean.size() + 1000);
    }

    // The exporter polls as often as it is scraped: the median gap of the
    // recent scrapes, one poll a second at the most, every two minutes at
    // the least; a repeat within 200 ms is the same scrape.
    void scrapePaceFollowsTheScrapers()
    {
        ScrapePace pace;
        QCOMPARE(pace.intervalMs(), ScrapePace::kFloorMs);
        QVERIFY(!pace.scraped(0)); // one scrape says nothing of a pace
        QVERIFY(pace.scraped(15'000));
        QCOMPARE(pace.intervalMs(), 15'000);
        QVERIFY(!pace.scraped(15'100)); // the same scrape again
        QVERIFY(!pace.scraped(30'050));  // jitter leaves the timer alone
        QCOMPARE(pace.intervalMs(), 15'000);
        // A second Prometheus (an HA pair) scraping 7 s after the first.
        qint64 t = 30'050;
        for (int i = 0; i < 8; ++i) {
            pace.scraped(t + 7'000);
            pace.scraped(t + 15'000);
            t += 15'000;
        }
        QVERIFY2(pace.intervalMs() >= 7'000 && pace.intervalMs() <= 8'000, qPrintable(QString::number(pace.intervalMs())));
        ScrapePace eager;
        for (int i = 0; i < 10; ++i)
            eager.scraped(i * 300);
        QCOMPARE(eager.intervalMs(), ScrapePace::kFloorMs);
        ScrapePace rare;
        for (int i = 0; i < 4; ++i)
            rare.scraped(i * 600'000LL);
        QCOMPARE(rare.intervalMs(), ScrapePace::kCeilingMs);
    }

    void urls()
    {
        auto r = parseRedisUrl(QStringLiteral("redis://mon:s%40cret@db.example:6380/3"));
        QVERIFY(r.options);
        QCOMPARE(r.options->host, QStringLiteral("db.example"));
        QCOMPARE(r.options->port, 6380);
        QCOMPARE(r.options->db, 3);
        QCOMPARE(r.options->user, QByteArray("mon"));
        QCOMPARE(*r.options->password, QByteArray("s@cret"));
        QCOMPARE(r.options->redactedUrl(), QStringLiteral("redis://mon:***@db.example:6380/3"));
        QVERIFY(!r.options->redactedUrl().contains(QStringLiteral("cret")));

        r = parseRedisUrl(QStringLiteral("rediss://h"));
        QCOMPARE(r.options->transport, ConnectionOptions::Transport::Tls);
        QCOMPARE(r.options->port, 6379);
        QVERIFY(!r.options->password);

        r = parseRedisUrl(QStringLiteral("redis://:legacy@h"));
        QCOMPARE(*r.options->password, QByteArray("legacy"));
        QVERIFY(r.options->user.isEmpty());

        r = parseRedisUrl(QStringLiteral("unix:///run/redis.sock?db=2"));
        QCOMPARE(r.options->transport, ConnectionOptions::Transport::Unix);
        QCOMPARE(r.options->socketPath, QStringLiteral("/run/redis.sock"));
        QCOMPARE(r.options->db, 2);

        QVERIFY(!parseRedisUrl(QStringLiteral("http://h")).options);
        QVERIFY(!parseRedisUrl(QStringLiteral("redis://h/notadb")).options);
        QVERIFY(parseRedisUrl(QStringLiteral("localhost:7000")).options);
    }

    // A master name holding what a URL treats specially reads back as itself
    // from the URL Pelscope writes for it (the connection dialog's and the
    // saved profile's round trip).
    void sentinelMasterNameRoundTrips()
    {
        const QByteArray master = "orders/main?x=1#%2F%1";
        auto r = parseRedisUrl(QStringLiteral("redis+sentinel://s1:26379/") + QString::fromLatin1(master.toPercentEncoding()));
        QVERIFY2(r.options && r.options->sentinel, qPrintable(r.error));
        QCOMPARE(r.options->sentinel->masterName, master);
        auto again = parseRedisUrl(r.options->redactedUrl());
        QVERIFY2(again.options && again.options->sentinel, qPrintable(again.error + QLatin1Char(' ') + r.options->redactedUrl()));
        QCOMPARE(again.options->sentinel->masterName, master);
    }

    void sentinelUrls()
    {
        auto r = parseRedisUrl(QStringLiteral("redis+sentinel://mon:s%40cret@s1:26379,[::1]:26380,s3/orders-main/2"
                                              "?sentinel_user=sen&sentinel_password=t0p"));
        QVERIFY2(r.options, qPrintable(r.error));
        const ConnectionOptions &o = *r.options;
        QVERIFY(o.sentinel);
        QCOMPARE(o.transport, ConnectionOptions::Transport::Tcp);
        QCOMPARE(o.sentinel->sentinels.size(), 3);
        QCOMPARE(o.sentinel->sentinels[0].host, QStringLiteral("s1"));
        QCOMPARE(o.sentinel->sentinels[1].host, QStringLiteral("::1"));
        QCOMPARE(o.sentinel->sentinels[1].port, 26380);
        QCOMPARE(o.sentinel->sentinels[2].port, 26379);
        QCOMPARE(o.sentinel->masterName, QByteArray("orders-main"));
        QCOMPARE(o.db, 2);
        QCOMPARE(o.user, QByteArray("mon"));
        QCOMPARE(*o.password, QByteArray("s@cret"));
        QCOMPARE(o.sentinel->user, QByteArray("sen"));
        QCOMPARE(*o.sentinel->password, QByteArray("t0p"));
        QCOMPARE(o.redactedUrl(), QStringLiteral("redis+sentinel://mon:***@s1:26379,[::1]:26380,s3:26379/orders-main/2"
                                                 "?sentinel_user=sen&sentinel_password=***"));
        QVERIFY(!o.redactedUrl().contains(QStringLiteral("cret")) && !o.redactedUrl().contains(QStringLiteral("t0p")));
        QVERIFY(o.address().contains(QStringLiteral("orders-main"))); // not resolved yet: no host to name

        r = parseRedisUrl(QStringLiteral("rediss+sentinel://s1/m"));
        QVERIFY(r.options && r.options->sentinel);
        QCOMPARE(r.options->transport, ConnectionOptions::Transport::Tls);
        QVERIFY(!r.options->password && !r.options->sentinel->password);
        QCOMPARE(r.options->redactedUrl(), QStringLiteral("rediss+sentinel://s1:26379/m"));

        QVERIFY(!parseRedisUrl(QStringLiteral("redis+sentinel://s1:26379")).options);   // no master name
        QVERIFY(!parseRedisUrl(QStringLiteral("redis+sentinel:///m")).options);         // no sentinel
        QVERIFY(!parseRedisUrl(QStringLiteral("redis+sentinel://s1:99999/m")).options); // bad port
        QVERIFY(!parseRedisUrl(QStringLiteral("redis+sentinel://s1/m/x")).options);     // bad db
        QVERIFY(!parseRedisUrl(QStringLiteral("redis://h")).options->sentinel);
    }

    void respRoundTripAndChunking()
    {
        const QByteArray wire = encodeCommand({"SET", QByteArray("k\0\xff", 3), ""});
        QCOMPARE(wire, QByteArray("*3\r\n$3\r\nSET\r\n$3\r\nk\0\xff\r\n$0\r\n\r\n", 28));

        const QByteArray reply("*3\r\n$5\r\nhello\r\n:42\r\n*2\r\n$-1\r\n-ERR bad\r\n");
        RespDecoder d;
        std::optional<RedisReply> out;
        for (char c : reply) { // one byte at a time
            QVERIFY(d.feed(&c, 1));
            if (auto r = d.next())
                out = r;
        }
        QVERIFY(out);
        QCOMPARE(out->size(), 3);
        QCOMPARE(out->at(0).bytes(), QByteArray("hello"));
        QCOMPARE(out->at(1).integer(), 42);
        QVERIFY(out->at(2).at(0).isNil());
        QCOMPARE(out->at(2).at(1).errorCode(), QByteArray("ERR"));
    }

    void respGarbageIsAnErrorNotACrash()
    {
        RespDecoder d;
        const QByteArray bad("?what\r\n");
        d.feed(bad.constData(), bad.size());
        QVERIFY(!d.next());
        QVERIFY(d.hasError());

        RespDecoder deep;
        const QByteArray nested = QByteArray("*1\r\n").repeated(12) + ":1\r\n";
        deep.feed(nested.constData(), nested.size());
        QVERIFY(!deep.next());
        QVERIFY(deep.hasError());
    }

    void streamIds()
    {
        QVERIFY(*StreamId::parse("5-1") < *StreamId::parse("5-2"));
        QVERIFY(*StreamId::parse("10-0") > *StreamId::parse("9-99"));
        QCOMPARE(StreamId::parse("12")->seq, 0u);
        QVERIFY(!StreamId::parse("x-1"));
    }

    void durations()
    {
        QCOMPARE(formatDuration(751000), QStringLiteral("12m31s"));
        QCOMPARE(formatDuration(950), QStringLiteral("950ms"));
        QCOMPARE(formatDuration(90061000), QStringLiteral("1d1h1m"));
        // The lowest qint64 (what a NaN converts to) has no positive twin: said, not recursed into.
        QVERIFY(formatDuration(std::numeric_limits<qint64>::min()).startsWith(QLatin1Char('-')));
        QCOMPARE(*parseDurationMs(QStringLiteral("250ms")), 250);
        QCOMPARE(*parseDurationMs(QStringLiteral("2m")), 120000);
        QCOMPARE(*parseDurationMs(QStringLiteral("1.5s")), 1500);
        QVERIFY(!parseDurationMs(QStringLiteral("soon")));
        QCOMPARE(displayBytes(QByteArray("a\xff", 2)), QStringLiteral("a\\xff"));
    }

    void healthRulesSayWhy()
    {
        StreamSnapshot s;
        GroupSnapshot g;
        g.lag = 12000;
        g.oldestIdleMs = 751000;
        g.maxDeliveryCount = 6;
        g.deliveryCounts = {{1, 10}, {6, 2}};
        g.consumerList = {ConsumerSnapshot{"w3", 40, 900000, std::nullopt}};
        HealthThresholds t;
        const HealthVerdict v = evaluateGroup(s, g, t);
        QCOMPARE(v.status, Health::Crit);
        const QString all = renderReasons(v.reasons).join(QLatin1Char('\n'));
        QVERIFY(all.contains(QStringLiteral("oldest pending idle 12m31s ≥ 5m00s")));
        QVERIFY(all.contains(QStringLiteral("lag 12,000 ≥ 10,000")));
        QVERIFY(all.contains(QStringLiteral("2 pending entries delivered ≥ 5 times")));
        QVERIFY(all.contains(QStringLiteral("w3")));

        QVERIFY(t.set(QStringLiteral("oldest_idle_crit"), QStringLiteral("20m")).isEmpty());
        QCOMPARE(evaluateGroup(s, g, t).status, Health::Crit); // lag still crit
        QVERIFY(!t.set(QStringLiteral("nope"), QStringLiteral("1")).isEmpty());
        g.lag.reset();
        g.lagNote = Reason::verbatim(QStringLiteral("deleted"));
        QVERIFY(renderReasons(evaluateGroup(s, g, t).reasons).join(QString()).contains(QStringLiteral("lag unknown: deleted")));
    }

    // Reasons are made as data by the rules and rendered only at the edge:
    // the window translates the template, the JSON and the history keep the
    // code and the values, and what is stored reads back the same.
    void reasonsAreDataRenderedAtTheEdge()
    {
        StreamSnapshot s;
        GroupSnapshot g;
        g.lag = 12000;
        g.oldestIdleMs = 751000;
        g.consumerList = {ConsumerSnapshot{QByteArray("w%1\x01\xe2\x80\xaeX", 8), 40, 900000, std::nullopt}};
        const HealthVerdict v = evaluateGroup(s, g, HealthThresholds{});
        QStringList codes;
        for (const Reason &r : v.reasons)
            codes << QString::fromUtf8(r.code);
        QCOMPARE(codes, (QStringList{QStringLiteral("oldest_idle"), QStringLiteral("lag"), QStringLiteral("consumer_stalled")}));
        QCOMPARE(renderReasons(v.reasons, ReasonLanguage::English),
                 (QStringList{QStringLiteral("oldest pending idle 12m31s ≥ 5m00s"), QStringLiteral("lag 12,000 ≥ 10,000 unread entries"),
                              QStringLiteral("w%1\\x01\\u202eX holds 40 entries idle 15m00s ≥ 5m00s")}));

        // The window's language: the rule's template translated, the values
        // filled in one pass (a name holding %1 stays itself).
        class Marker : public QTranslator
        {
        public:
            QString translate(const char *context, const char *source, const char *, int) const override
            {
                return qstrcmp(context, "Health") == 0 ? QStringLiteral("[ko] ") + QString::fromUtf8(source) : QString();
            }
            bool isEmpty() const override { return false; }
        } marker;
        QCoreApplication::installTranslator(&marker);
        const QStringList window = renderReasons(v.reasons);
        const QJsonArray json = reasonsJson(v.reasons);
        QCoreApplication::removeTranslator(&marker);
        QCOMPARE(window.at(2), QStringLiteral("[ko] w%1\\x01\\u202eX holds 40 entries idle 15m00s ≥ 5m00s"));
        // JSON is English whatever the window speaks; values as numbers.
        QCOMPARE(json.at(0).toObject().value(QLatin1String("text")).toString(), QStringLiteral("oldest pending idle 12m31s ≥ 5m00s"));
        QCOMPARE(json.at(0).toObject().value(QLatin1String("args")).toArray(), (QJsonArray{751000.0, 300000.0}));
        QCOMPARE(json.at(2).toObject().value(QLatin1String("args")).toArray().at(0).toString(), QStringLiteral("w%1\\x01\\u202eX"));

        // Stored and read back: the same reasons, binary names byte for byte,
        // nested notes included; an old file's text is one verbatim reason.
        g.lag.reset();
        g.lagNote = Reason::joined("lag_note", {healthReason("no_entries_read", "mid-stream"), healthReason("estimate_behind", "; estimate: %1", {ReasonArg::duration(5000)})});
        const QList<Reason> withNote = evaluateGroup(s, g, HealthThresholds{}).reasons;
        const QList<Reason> back = loadReasons(storeReasons(withNote));
        QVERIFY(back == withNote);
        QCOMPARE(renderReasons(back), renderReasons(withNote));
        QVERIFY2(renderReasons(back).contains(QStringLiteral("lag unknown: mid-stream; estimate: 5s")), qPrintable(renderReasons(back).join(u'|')));
        QCOMPARE(back.last().args.at(0).value.toByteArray(), g.consumerList.first().name);
        const QList<Reason> old = loadReasons("lag 20 ≥ 10; oldest pending idle 1m");
        QCOMPARE(old.size(), 1);
        QCOMPARE(renderReason(old.first()), QStringLiteral("lag 20 ≥ 10; oldest pending idle 1m"));
    }

    void perGroupThresholdOverrides()
    {
        StreamSnapshot orders;
        orders.key = "orders";
        StreamSnapshot emails;
        emails.key = "emails";
        GroupSnapshot g;
        g.name = "fulfillment";
        g.lag = 12000;
        g.oldestIdleMs = 751000;
        HealthThresholds t;
        QVERIFY(t.set(QStringLiteral("orders/fulfillment:oldest_idle_crit"), QStringLiteral("20m")).isEmpty());
        QVERIFY(t.set(QStringLiteral("orders/*:lag_crit"), QStringLiteral("50000")).isEmpty());
        QVERIFY(t.set(QStringLiteral("orders/*:oldest_idle_crit"), QStringLiteral("1h")).isEmpty()); // the exact group wins
        // fulfillment: idle below its own 20m crit, lag below the stream's 50,000: warn only.
        const HealthVerdict v = evaluateGroup(orders, g, t);
        QCOMPARE(v.status, Health::Warn);
        QVERIFY(renderReasons(v.reasons).join(QLatin1Char('\n')).contains(QStringLiteral("oldest pending idle 12m31s ≥ 1m00s")));
        QCOMPARE(t.forGroup("orders", "fulfillment").oldestIdleCritMs, 20 * 60'000);
        QCOMPARE(t.forGroup("orders", "analytics").oldestIdleCritMs, 3'600'000);
        // Another stream keeps the defaults: crit on both.
        QCOMPARE(evaluateGroup(emails, g, t).status, Health::Crit);
        QCOMPARE(t.forGroup("emails", "fulfillment").lagCrit, HealthThresholds().lagCrit);
        // Bad overrides are refused with the reason, and change nothing.
        QVERIFY(t.set(QStringLiteral("orders:lag_warn"), QStringLiteral("5")).contains(QStringLiteral("STREAM/GROUP")));
        QVERIFY(!t.set(QStringLiteral("orders/x:nope"), QStringLiteral("5")).isEmpty());
        QVERIFY(!t.set(QStringLiteral("orders/x:lag_warn"), QStringLiteral("many")).isEmpty());
        QVERIFY(!t.groupOverrides.contains(QStringLiteral("orders/x")) || t.groupOverrides.value(QStringLiteral("orders/x")).isEmpty());

        // The same from a config file, as QSettings reads it.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("health.ini"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[health]\noldest_idle_warn=2m\norders/fulfillment:lag_warn=5\n");
        f.close();
        HealthThresholds fromFile;
        QCOMPARE(fromFile.loadFile(path), QString());
        QCOMPARE(fromFile.oldestIdleWarnMs, 120'000);
        QCOMPARE(fromFile.forGroup("orders", "fulfillment").lagWarn, 5);
        QCOMPARE(fromFile.forGroup("orders", "analytics").lagWarn, HealthThresholds().lagWarn);
    }

    // Who is told, and when: a status held 3 polls is told once; a blip is
    // not; worse is told at once; flapping back and forth is not; a
    // reminder after 10 minutes; recovery once; a burst is one summary.
    void alertPolicyDebouncesRepeatsAndSummarises()
    {
        const auto poll = [](qint64 atMs, const QList<Health> &statuses) {
            SnapshotData d;
            d.takenAtMs = atMs;
            StreamSnapshot s;
            s.key = "orders";
            for (int i = 0; i < statuses.size(); ++i) {
                GroupSnapshot g;
                g.name = "g" + QByteArray::number(i);
                g.health.status = statuses.at(i);
                g.health.reasons = {Reason::verbatim(QStringLiteral("reason %1").arg(i))};
                s.groups.append(g);
            }
            d.streams.append(s);
            return Snapshot(d);
        };
        using H = Health;
        AlertPolicy policy;
        qint64 t = 1'000'000;
        const auto step = [&](const QList<Health> &statuses) { return policy.onSnapshot(poll(t += 1000, statuses)); };
        QVERIFY(step({H::Ok}).isEmpty());
        QVERIFY(step({H::Crit}).isEmpty()); // a blip:
        QVERIFY(step({H::Ok}).isEmpty());   // not told
        QVERIFY(step({H::Warn}).isEmpty());
        QVERIFY(step({H::Warn}).isEmpty());
        QList<Alert> a = step({H::Warn}); // held 3 polls
        QCOMPARE(a.size(), 1);
        QCOMPARE(a.first().kind, Alert::Kind::Raised);
        QCOMPARE(a.first().from, H::Ok);
        QCOMPARE(a.first().to, H::Warn);
        QCOMPARE(a.first().title(), QStringLiteral("orders/g0 is WARN"));
        QCOMPARE(a.first().message(), QStringLiteral("reason 0"));
        for (int i = 0; i < 5; ++i)
            QVERIFY(step({H::Warn}).isEmpty()); // told once
        QVERIFY(step({H::Crit}).isEmpty());
        QVERIFY(step({H::Crit}).isEmpty());
        a = step({H::Crit});
        QCOMPARE(a.size(), 1);
        QCOMPARE(a.first().kind, Alert::Kind::Worse);
        for (int i = 0; i < 4; ++i) // CRIT and WARN by turns, each held: no new incident
            for (int k = 0; k < 3; ++k)
                QVERIFY(step({i % 2 ? H::Crit : H::Warn}).isEmpty());
        t += 600'000; // ten minutes later, still bad (held all along): a reminder
        a = step({H::Crit});
        QCOMPARE(a.size(), 1);
        QCOMPARE(a.first().kind, Alert::Kind::Reminder);
        QCOMPARE(a.first().title(), QStringLiteral("orders/g0 is still CRIT"));
        QVERIFY(step({H::Ok}).isEmpty());
        QVERIFY(step({H::Ok}).isEmpty());
        a = step({H::Ok});
        QCOMPARE(a.size(), 1);
        QCOMPARE(a.first().kind, Alert::Kind::Recovered);
        QVERIFY(step({H::Ok}).isEmpty());

        // Six groups turn CRIT at once: one summary that names them.
        AlertPolicy burst;
        QList<Alert> told;
        for (int i = 0; i < 3; ++i)
            told = burst.onSnapshot(poll(t += 1000, QList<Health>(6, H::Crit)));
        QCOMPARE(told.size(), 1);
        QCOMPARE(told.first().kind, Alert::Kind::Summary);
        QCOMPARE(told.first().members.size(), 6);
        QCOMPARE(told.first().title(), QStringLiteral("6 changed at once: 6 CRIT"));
        const QJsonObject json = alertToJson(told.first(), QStringLiteral("redis://127.0.0.1:6379"));
        QCOMPARE(json.value(QLatin1String("kind")).toString(), QStringLiteral("summary"));
        QCOMPARE(json.value(QLatin1String("alerts")).toArray().size(), 6);
        QCOMPARE(json.value(QLatin1String("alerts")).toArray().at(0).toObject().value(QLatin1String("group")).toString(), QStringLiteral("g0"));

        // A group deleted while WARN is forgotten, not "recovered"; back, it starts afresh.
        AlertPolicy forget;
        for (int i = 0; i < 3; ++i)
            told = forget.onSnapshot(poll(t += 1000, {H::Ok, H::Warn}));
        QCOMPARE(told.size(), 1);
        QCOMPARE(told.first().subject.group, QByteArray("g1"));
        QVERIFY(forget.onSnapshot(poll(t += 1000, {H::Ok})).isEmpty()); // g1 gone
        for (int i = 0; i < 2; ++i)
            QVERIFY(forget.onSnapshot(poll(t += 1000, {H::Ok, H::Warn})).isEmpty());
        QCOMPARE(forget.onSnapshot(poll(t += 1000, {H::Ok, H::Warn})).size(), 1); // held three polls again

        // A job framework's queue: its alert says so in the hook's JSON
        // (this read past the end of the subjects' names before).
        SnapshotData jd;
        jd.takenAtMs = t;
        JobQueueSnapshot job;
        job.framework = JobFramework::BullMQ;
        job.prefix = "bull";
        job.name = "m%1{x}";
        job.key = "bull:m%1{x}:wait";
        job.health.status = H::Crit;
        job.health.reasons = {Reason::verbatim(QStringLiteral("5 active job(s) whose lock is gone"))};
        jd.jobQueues.append(job);
        AlertPolicy jobs;
        for (int i = 0; i < 3; ++i) {
            jd.takenAtMs += 1000;
            told = jobs.onSnapshot(Snapshot(jd));
        }
        QCOMPARE(told.size(), 1);
        const QJsonObject jobJson = alertToJson(told.first(), QStringLiteral("redis://127.0.0.1:6379"));
        QCOMPARE(jobJson.value(QLatin1String("subject")).toString(), QStringLiteral("job_queue"));
        QCOMPARE(jobJson.value(QLatin1String("queue")).toString(), QStringLiteral("bull:m%1{x}:wait"));
        QVERIFY2(jobJson.value(QLatin1String("job_queue")).toString().contains(QStringLiteral("m%1{x}")),
                 qPrintable(jobJson.value(QLatin1String("job_queue")).toString()));
    }
};

PELSCOPE_UNIT_TEST(TestCoreUnits)
#include "tst_core_units.moc"
