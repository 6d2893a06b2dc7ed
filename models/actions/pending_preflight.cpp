#include "pending_preflight.h"

#include "../redis/key_slot.h"
#include "../snapshot/format.h"
#include "audit_log.h"

namespace pelscope {

namespace {

RedisError refused(const QString &message)
{
    RedisError e;
    e.kind = RedisError::Kind::Usage;
    e.message = QStringLiteral("refusing: ") + message;
    return e;
}

QString quoted(const QByteArray &key)
{
    return QLatin1Char('"') + displayBytes(key) + QLatin1Char('"');
}

} // namespace

RedisBatch preflightBatch(const PendingActionRequest &r)
{
    RedisBatch batch{{"TYPE", r.stream}, {"XINFO", "GROUPS", r.stream}};
    if (r.action == PendingActionRequest::Action::ToDlq)
        batch.append({"TYPE", r.dlq});
    return batch;
}

RedisError preflightRefusal(const PendingActionRequest &r, const RedisBatch &batch, const RedisReplies &replies, bool cluster)
{
    for (int i = 0; i < replies.size(); ++i)
        if (replies.at(i).isError())
            return describeReplyError(batch.value(i), replies.at(i));
    if (replies.value(0).bytes() != "stream")
        return refused(QStringLiteral("there is no stream named %1").arg(quoted(r.stream)));
    bool groupFound = false;
    const RedisReply groups = replies.value(1);
    for (const RedisReply &g : groups.elements())
        groupFound = groupFound || g.field("name").bytes() == r.group;
    if (!groupFound)
        return refused(QStringLiteral("stream %1 has no consumer group %2").arg(quoted(r.stream), quoted(r.group)));
    if (r.action != PendingActionRequest::Action::ToDlq)
        return {};
    const QByteArray type = replies.value(2).bytes();
    if (type != "stream" && type != "none")
        return refused(QStringLiteral("%1 is a %2, not a stream").arg(quoted(r.dlq), displayBytes(type)));
    const int slot = keySlot(r.stream);
    if (cluster && (keySlot(r.dlq) != slot || (!r.auditStream.isEmpty() && keySlot(r.auditStream) != slot)))
        return refused(QStringLiteral("%1 (slot %2) and %3 (slot %4) live in different cluster slots, so one script cannot move entries "
                                      "atomically. Name them with a shared hash tag, e.g. {orders} and {orders}:dlq, and an audit stream "
                                      "with the same tag.")
                           .arg(quoted(r.stream)).arg(slot).arg(quoted(r.dlq)).arg(keySlot(r.dlq)));
    return {};
}

QStringList pendingActionPlan(const PendingActionRequest &r, const QString &connection, qint64 consumerHolds)
{
    using Action = PendingActionRequest::Action;
    const QString where = QStringLiteral("group %1 of stream %2 on %3").arg(quoted(r.group), quoted(r.stream), connection);
    const QString audit = QStringLiteral("  audit: one record per entry in %1").arg(AuditLog(r.auditLogPath).path());
    switch (r.action) {
    case Action::Claim: {
        QString what = QStringLiteral("%1 entries by ID").arg(r.ids.size());
        if (!r.fromConsumer.isEmpty())
            what = QStringLiteral("the entries of consumer %1 idle at least %2%3 (it holds %4 pending entries)")
                       .arg(quoted(r.fromConsumer), formatDuration(r.minIdleMs),
                            r.limit > 0 ? QStringLiteral(", at most %1").arg(r.limit) : QString()).arg(consumerHolds);
        return {QStringLiteral("Claim pending entries of %1:").arg(where), QStringLiteral("  what:  %1").arg(what),
                QStringLiteral("  to:    consumer %1").arg(quoted(r.toConsumer)),
                QStringLiteral("  how:   XCLAIM %1 %2 %3 %4 <ids> JUSTID; entries idle less than %5 stay with their owner")
                    .arg(quoted(r.stream), quoted(r.group), quoted(r.toConsumer)).arg(r.minIdleMs).arg(formatDuration(r.minIdleMs)),
                audit};
    }
    case Action::Ack:
        return {QStringLiteral("Acknowledge %1 pending entries of %2:").arg(r.ids.size()).arg(where),
                QStringLiteral("  how:   XACK %1 %2 <id>, one per entry").arg(quoted(r.stream), quoted(r.group)),
                QStringLiteral("  WARNING: acknowledged entries leave the PEL unprocessed; no consumer will be given them again."), audit};
    case Action::ToDlq:
        return {QStringLiteral("Move %1 pending entries of %2 to the dead-letter stream %3:").arg(r.ids.size()).arg(where, quoted(r.dlq)),
                QStringLiteral("  how:   one Lua script per batch: for each entry still pending, XADD its fields plus category=%1, reason=%2, "
                               "delivery_count, source_stream, source_id, group, consumer to %3, then XACK; entries no longer pending "
                               "are left alone")
                    .arg(quoted(r.category), quoted(r.reason), quoted(r.dlq)),
                audit};
    }
    return {};
}

} // namespace pelscope
