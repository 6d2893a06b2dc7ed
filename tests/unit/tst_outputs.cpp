// What leaves the process (pelscope_outputs): the Prometheus exposition against its golden
// file, the exporter's pace, the alert policy.
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

class TestOutputs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
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

PELSCOPE_UNIT_TEST(TestOutputs)
#include "tst_outputs.moc"
