// The demo's workload plays the incident it promises, as the real poller sees it.
#include "demo/demo_past.h"
#include "demo/demo_scenario.h"
#include "demo/demo_workload.h"
#include "demo_fixture.h"
#include "history/history_database.h"
#include "history/history_rules.h"
#include "history/history_session.h"
#include "history/history_store.h"
#include "text/display_text.h"
#include "text/fill_text.h"
#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

class TestDemo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The simulated past runs on into the live traffic (issue 28, item 9: the
    // rates stepped at the live start): its in rates are the traffic's own
    // waves run backwards, up to the last point before the live start.
    void simulatedPastMeetsTheLiveRates()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("past.sqlite"));
        const qint64 liveStart = 1'764'720'000'000;
        const DemoTraffic traffic(1.0);
        const DemoRate rate = [&](DemoTraffic::Stream s, qint64 atMs) { return traffic.rate(s, double(atMs - liveStart) / 1000.0); };
        QString error;
        QVERIFY2(writeDemoPast(path, liveStart, {}, rate, &error), qPrintable(error));
        HistoryDatabase db(path, true);
        QVERIFY2(db.open(&error), qPrintable(error));
        const demo::Keys keys({});
        const QList<StoredPoint> points = db.series(GroupKey{keys.orders, demo::kFulfillment}, liveStart - 3'600'000, liveStart, &error);
        QVERIFY2(points.size() > 100, qPrintable(QString::number(points.size())));
        for (const StoredPoint &p : points) {
            const double expected = rate(DemoTraffic::Stream::Orders, p.atMs);
            QVERIFY2(std::abs(p.values[int(Metric::InRate)] - expected) <= 0.2 * demo::kOrdersPerSecond,
                     qPrintable(QString::number(p.values[int(Metric::InRate)]) + QStringLiteral(" vs ") + QString::number(expected)));
        }
        // The last simulated point and the live start differ by what 10 s of the wave moves, not by a step.
        const double last = points.last().values[int(Metric::InRate)];
        QVERIFY(std::abs(last - rate(DemoTraffic::Stream::Orders, liveStart)) <= 0.2 * demo::kOrdersPerSecond);
    }

    // The window opens on the simulated past, and its first live polls go on
    // from it: no group changes status at the live start (the demo's
    // analytics was CRIT "stalled for 30 minutes" at the first poll and WARN at
    // the next, which raised an alert and reset its "for"; the ledger's WARN
    // past turned OK). Through the history session, as the window replays it.
    void firstLivePollsGoOnFromThePast()
    {
        DemoFixture demo;
        QString error;
        QVERIFY2(demo.start(&error), qPrintable(error));
        RedisServer &server = demo.server();
        DemoWorkload &workload = demo.workload();

        QTemporaryDir dir;
        HistorySettings settings;
        settings.path = dir.filePath(QStringLiteral("demo.sqlite"));
        settings.owner = QStringLiteral("tst_demo");
        const DemoRate rate = [&](DemoTraffic::Stream s, qint64 atMs) { return workload.rateAt(s, atMs); };
        QVERIFY2(writeDemoPast(settings.path, QDateTime::currentMSecsSinceEpoch(), {}, rate, &error), qPrintable(error));

        HistorySession session;
        QSignalSpy replayed(&session, &HistorySession::pastReplayed);
        session.start(settings);
        QVERIFY(replayed.wait(15000));

        const demo::Keys keys({});
        const QList<GroupKey> groups{{keys.orders, demo::kFulfillment}, {keys.orders, demo::kAnalytics}, {keys.payments, demo::kLedger},
                                     {keys.emails, demo::kSender}, {keys.emails, demo::kAudit}};
        const SharedHistoryStore &store = session.store();
        const auto changesOf = [&](const GroupKey &g) { return store.read([&](const HistoryStore &h) { return h.statusChanges(g); }); };
        QHash<GroupKey, Health> past;
        for (const GroupKey &g : groups) {
            QVERIFY(changesOf(g).isEmpty());
            QVERIFY(store.read([&](const HistoryStore &h) { return h.progress(g); }));
            for (Health h : {Health::Ok, Health::Warn, Health::Crit})
                if (store.read([&](const HistoryStore &s) { return s.statusSince(g, h); }))
                    past.insert(g, h);
            QVERIFY2(past.contains(g), g.group.constData());
        }
        // Live polls through the history's thread, as the window gets them:
        // judged by the history rules against the replayed past.
        QSignalSpy judged(&session, &HistorySession::judged);
        for (int poll = 0; poll < 3; ++poll) {
            const Snapshot snap = pollOnce(server.url(), {}, &error);
            QVERIFY2(!snap.isNull(), qPrintable(error));
            judged.clear();
            session.judge(snap);
            QVERIFY(judged.wait(5000));
            const Snapshot verdicts = judged.first().first().value<Snapshot>();
            QCOMPARE(verdicts->takenAtMs, snap->takenAtMs);
            for (const GroupKey &g : groups) {
                const GroupSnapshot *live = verdicts.group(g.stream, g.group);
                QVERIFY(live);
                const HealthVerdict &verdict = live->health;
                QVERIFY2(verdict.status == past.value(g),
                         qPrintable(fillText(QStringLiteral("%1/%2 at live poll %3: %4 after %5 in the past (%6)"), displayBytes(g.stream),
                                             displayBytes(g.group), poll + 1, healthName(verdict.status), healthName(past.value(g)),
                                             renderReasons(verdict.reasons).join(QStringLiteral("; ")))));
                QVERIFY(changesOf(g).isEmpty());
            }
            QTest::qWait(1000);
        }
    }

    void workloadPlaysTheIncident()
    {
        DemoFixture demo;
        QString error;
        QVERIFY2(demo.start(&error), qPrintable(error));
        RedisServer &server = demo.server();

        Snapshot snap = pollOnce(server.url(), {}, &error);
        QVERIFY2(!snap.isNull(), qPrintable(error));
        const GroupSnapshot *fulfillment = snap.group("orders", "fulfillment");
        QVERIFY(fulfillment);
        QCOMPARE(fulfillment->health.status, Health::Crit); // the dead consumer's entries
        // ... and the consumer that holds them is named from the first poll,
        // though XCLAIM (which back-dated its entries) made its own idle fresh.
        QVERIFY(!fulfillment->health.stalled.isEmpty());
        QCOMPARE(fulfillment->health.stalled.first().name, QByteArray(demo::kDeadConsumer));
        QCOMPARE(fulfillment->health.stalled.first().pending, demo::kDeadConsumerEntries);
        QVERIFY(fulfillment->health.stalled.first().idleMs >= demo::kDeadConsumerIdleMs);
        const GroupSnapshot *analytics = snap.group("orders", "analytics");
        QVERIFY(analytics && analytics->lag && *analytics->lag >= 1000);
        const GroupSnapshot *audit = snap.group("emails", "audit");
        QVERIFY(audit && !audit->lag);

        // Poison payments reach the dead-letter stream, with the source's
        // fields intact in the payload.
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        // The DLQ starts with the seeded history; the newest entry past it
        // is one the workload dead-lettered itself.
        QTRY_VERIFY_WITH_TIMEOUT(db.command({"XLEN", "payments:dlq"}).integer() > demo::kDeadLetterSeed, 60000);
        const RedisReply dead = db.command({"XREVRANGE", "payments:dlq", "+", "-", "COUNT", "1"}).at(0).at(1);
        QCOMPARE(dead.field("delivery_count").bytes(), QByteArray("5"));
        QVERIFY(!dead.field("reason").bytes().isEmpty());
        const QJsonObject payload = QJsonDocument::fromJson(dead.field("payload").bytes()).object();
        QVERIFY(payload.contains(QStringLiteral("payment_id")));
        // ... and are acknowledged in the source group: no longer pending.
        const QByteArray sourceId = dead.field("source_id").bytes();
        QCOMPARE(db.command({"XPENDING", "payments", "ledger", sourceId, sourceId, "1"}).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDemo)
#include "tst_demo.moc"
