// The snapshot layer's own logic: stream IDs, durations, the health rules of groups and queues
// and their reasons as data.
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

class TestSnapshotRules : public QObject
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
};

PELSCOPE_UNIT_TEST(TestSnapshotRules)
#include "tst_snapshot_rules.moc"
