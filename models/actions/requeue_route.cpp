#include "requeue_route.h"

#include "../redis/blocking_read.h"
#include "../text/display_text.h"

#include "../cluster/cluster_node_link.h"
#include "../values/key_slot.h"
#include "../redis/redis_connection.h"
#include "../snapshot/format.h"
#include "../text/fill_text.h"

namespace pelscope {

ClusterMap readClusterMap(const ConnectionOptions &seed)
{
    ClusterMap map;
    RedisError failure;
    const RedisReplies replies = readBlocking(seed, {{"INFO", "server"}, {"CLUSTER", "SHARDS"}, {"CLUSTER", "SLOTS"}}, &failure);
    if (failure.isError()) {
        map.error = failure.message;
        return map;
    }
    map.cluster = parseServerInfo(replies.value(0)).mode == QLatin1String("cluster"); // redis_mode, or Valkey's server_mode
    if (!map.cluster)
        return map;
    QString why;
    map.topology = ClusterTopology::fromShardsOrSlots(replies.value(1), replies.value(2), seed.host, &why);
    map.why = why;
    return map;
}

KeyRoute routeKey(const ConnectionOptions &seed, const ClusterMap &map, const QByteArray &key)
{
    KeyRoute route;
    route.node = seed;
    if (!map.error.isEmpty()) {
        route.error = map.error;
        return route;
    }
    route.cluster = map.cluster;
    if (!route.cluster)
        return route;
    route.slot = keySlot(key);
    const ClusterMaster *master = map.topology ? map.topology->masterForKey(key) : nullptr;
    if (!master) {
        route.error = fillText(QStringLiteral("cannot tell which cluster master serves %1 (slot %2)%3"), quotedBytes(key), route.slot,
                               map.why.isEmpty() ? QString() : QStringLiteral(": ") + map.why);
        return route;
    }
    route.node = nodeOptions(seed, *master);
    route.nodeAddress = route.node.address();
    return route;
}

KeyRoute routeKey(const ConnectionOptions &seed, const QByteArray &key)
{
    return routeKey(seed, readClusterMap(seed), key);
}

RequeueRoute routeRequeue(const ConnectionOptions &seed, const ClusterMap &map, const QByteArray &dlq, const QByteArray &target,
                          const QString &noTargetHint)
{
    RequeueRoute route;
    route.dlq = dlq;
    route.target = target;
    const KeyRoute where = routeKey(seed, map, dlq);
    route.dlqNode = where.node;
    if (!where.error.isEmpty()) {
        route.error = where.error;
        return route;
    }
    route.cluster = where.cluster;
    if (!route.cluster) {
        route.path.path = RequeuePathPlan::Path::Atomic; // one server: every key is here
        return route;
    }
    route.dlqNodeAddress = where.nodeAddress;
    if (!target.isEmpty() && map.topology)
        if (const ClusterMaster *m = map.topology->masterForKey(target))
            route.targetNodeAddress = nodeOptions(seed, *m).address();

    // Atomic when the DLQ and its target share a slot, else the ledger, else refused.
    RequeuePathPlan &path = route.path;
    if (target.isEmpty()) {
        path.path = RequeuePathPlan::Path::Atomic;
        path.description = fillText(QStringLiteral("atomic where an entry's source_stream shares the slot of %1 (slot %2); an entry "
                                                   "naming a stream in another slot stops the run (%3)"),
                                    displayBytes(dlq), keySlot(dlq), noTargetHint);
    } else {
        path = planRequeuePath(dlq, target);
    }
    if (path.path == RequeuePathPlan::Path::Atomic) {
        // The atomic script also writes the audit stream: it must share the DLQ's slot.
        route.auditStream = keyInSlotOf(dlq, ":pelscope:audit");
        if (keySlot(route.auditStream) != keySlot(dlq)) {
            path.path = RequeuePathPlan::Path::Refused;
            path.description = QStringLiteral("refusing: no audit stream can share the slot of %1, so one script cannot move "
                                              "its entries atomically")
                                   .arg(displayBytes(dlq));
        }
    }
    return route;
}

RequeueRoute routeRequeue(const ConnectionOptions &seed, const QByteArray &dlq, const QByteArray &target, const QString &noTargetHint)
{
    return routeRequeue(seed, readClusterMap(seed), dlq, target, noTargetHint);
}

QString RequeueRoute::summary(int ledgerTtlSeconds) const
{
    const QString d = displayBytes(dlq), t = displayBytes(target);
    if (!error.isEmpty())
        return QStringLiteral("refused: %1").arg(error);
    if (!cluster)
        return QStringLiteral("atomic: one script per batch adds each entry to its source and deletes it from %1").arg(d);
    switch (path.path) {
    case RequeuePathPlan::Path::Atomic: {
        const QString audit = QStringLiteral("audited in %1").arg(displayBytes(auditStream));
        if (target.isEmpty())
            return fillText(QStringLiteral("atomic: one script per batch on %1 adds each entry to the stream its source_stream field names and "
                                           "deletes it from %2, %3; an entry naming a stream outside slot %4 stops the run"),
                            dlqNodeAddress, d, audit, keySlot(dlq));
        const QByteArray tag = hashTagOf(dlq);
        const QString shared = !tag.isEmpty() && hashTagOf(target) == tag
                                   ? fillText(QStringLiteral("share hash tag %1, slot %2"), displayBytes(tag), keySlot(dlq))
                                   : QStringLiteral("share slot %1").arg(keySlot(dlq));
        return QStringLiteral("atomic: %1 and its source %2 %3 on %4; one script per batch adds each entry to %2 and deletes it "
                              "from %1, %5")
            .arg(d, t, shared, dlqNodeAddress, audit);
    }
    case RequeuePathPlan::Path::CrossSlotLedger: {
        const int days = ledgerTtlSeconds / 86'400;
        const QString expiry =
            days * 86'400 == ledgerTtlSeconds ? QStringLiteral("%1-day expiry").arg(days) : QStringLiteral("%1 s expiry").arg(ledgerTtlSeconds);
        return fillText(QStringLiteral("ledger: %1 (slot %2, on %3) and its source %4 (slot %5, on %6) are in different slots, so no one "
                                       "script can move an entry; each entry is added to %4 by a script that records its DLQ ID in the "
                                       "ledger key %7 (%8) and skips IDs already recorded, then deleted from %1: exactly once, also after a "
                                       "lost reply"),
                        d, keySlot(dlq), dlqNodeAddress, t, keySlot(target),
                        targetNodeAddress.isEmpty() ? QStringLiteral("its master") : targetNodeAddress, displayBytes(path.ledgerKey), expiry);
    }
    case RequeuePathPlan::Path::Refused: {
        QString why = path.description;
        if (why.startsWith(QLatin1String("refusing: ")))
            why = why.mid(10);
        return QStringLiteral("refused: %1").arg(why);
    }
    }
    return {};
}

QByteArray clusterAuditStream(const QByteArray &key)
{
    const QByteArray audit = keyInSlotOf(key, ":pelscope:audit");
    return keySlot(audit) == keySlot(key) ? audit : QByteArray();
}

QByteArray hashTagOf(const QByteArray &key)
{
    const qsizetype open = key.indexOf('{');
    if (open < 0)
        return {};
    const qsizetype close = key.indexOf('}', open + 1);
    if (close <= open + 1)
        return {};
    return key.mid(open, close - open + 1);
}

CrossSlotRequeueRequest crossSlotRequestFor(const RequeueRequest &request, const QByteArray &target, bool targetExplicit)
{
    using Select = CrossSlotRequeueRequest::Select;
    CrossSlotRequeueRequest x;
    x.dlq = request.dlq;
    x.target = target;
    x.targetExplicit = targetExplicit;
    x.select = request.select == RequeueRequest::Select::Ids     ? Select::Ids
               : request.select == RequeueRequest::Select::Match ? Select::Match
                                                                 : Select::All;
    x.ids = request.ids;
    x.matchField = request.matchField;
    x.matchValue = request.matchValue;
    x.dryRun = request.dryRun;
    x.ratePerSecond = request.ratePerSecond;
    x.layout = request.layout;
    x.auditLogPath = request.auditLogPath;
    x.maxConsecutiveFailures = request.maxConsecutiveFailures;
    return x;
}

} // namespace pelscope
