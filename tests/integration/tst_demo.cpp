// The demo's workload plays the incident it promises, as the real poller sees it.
#include "demo/demo_past.h"
#include "demo/demo_scenario.h"
#include "demo/demo_workload.h"
#include "history/history_database.h"
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

    void workloadPlaysTheIncident()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        DemoWorkload workload(optionsFor(server.url()));
        QSignalSpy started(&workload, &DemoWorkload::started);
        workload.start();
        QVERIFY(started.wait(15000));

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
        workload.stop();
    }
};

QTEST_GUILESS_MAIN(TestDemo)
#include "tst_demo.moc"
