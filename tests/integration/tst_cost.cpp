// The poller's cost per tick does not grow with the PEL: with 200,000 pending
// entries no command it sends takes more than a small, fixed time.
#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QTest>

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
            QVERIFY2(perCall < 2000, qPrintable(QStringLiteral("%1 took %2 µs per call").arg(it.key()).arg(perCall)));
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
};

QTEST_GUILESS_MAIN(TestCost)
#include "tst_cost.moc"
