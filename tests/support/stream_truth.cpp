#include "stream_truth.h"

#include <QTest>

namespace pelscope::test {

std::optional<qint64> optionalInt(const RedisReply &reply)
{
    return reply.isNil() ? std::nullopt : reply.toInt();
}

void compareStreamWithTruth(const Snapshot &snap, const QByteArray &key, RedisOracle &db, bool pelScanComplete)
{
    const StreamSnapshot *s = snap.stream(key);
    QVERIFY2(s, key.constData());
    QVERIFY(!s->stale);
    QVERIFY2(s->error.isEmpty(), qPrintable(s->error));
    const RedisReply info = db.command({"XINFO", "STREAM", key});
    QCOMPARE(*s->length, info.field("length").integer());
    QCOMPARE(s->lastGeneratedId, info.field("last-generated-id").bytes());
    QCOMPARE(*s->entriesAdded, info.field("entries-added").integer());
    const RedisReply groups = db.command({"XINFO", "GROUPS", key});
    QCOMPARE(s->groups.size(), groups.size());
    for (const RedisReply &truth : groups.elements()) {
        const QByteArray name = truth.field("name").bytes();
        const GroupSnapshot *g = snap.group(key, name);
        QVERIFY(g);
        QCOMPARE(*g->pending, truth.field("pending").integer());
        QCOMPARE(*g->consumers, truth.field("consumers").integer());
        QCOMPARE(g->lastDeliveredId, truth.field("last-delivered-id").bytes());
        // Both may be nil (a group created at "$" has read nothing yet).
        QCOMPARE(g->entriesRead, optionalInt(truth.field("entries-read")));
        QCOMPARE(g->lag, optionalInt(truth.field("lag")));
        const RedisReply pel = db.command({"XPENDING", key, name, "-", "+", "1000"});
        if (pelScanComplete)
            QVERIFY(g->pelScanComplete);
        QCOMPARE(g->pelInspected, pel.size());
        if (pel.size() > 0) {
            QCOMPARE(*g->pendingMinId, pel.at(0).at(0).bytes());
            QCOMPARE(*g->pendingMaxId, pel.at(pel.size() - 1).at(0).bytes());
        }
        // Delivery counts are replicated too (XCLAIM propagates them): after a
        // failover the promoted replica reports what the dead master did.
        qint64 deliveries = 0;
        for (const RedisReply &e : pel.elements())
            deliveries += e.at(3).integer();
        qint64 counted = 0;
        for (auto it = g->deliveryCounts.cbegin(); it != g->deliveryCounts.cend(); ++it)
            counted += it.key() * it.value();
        QCOMPARE(counted, deliveries);
    }
}

} // namespace pelscope::test
