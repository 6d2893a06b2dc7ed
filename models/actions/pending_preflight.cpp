#include "pending_preflight.h"

#include "../redis/key_slot.h"
#include "../snapshot/format.h"

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
        return refused(QStringLiteral("%1 is a %2, not a stream").arg(quoted(r.dlq), QString::fromUtf8(type)));
    const int slot = keySlot(r.stream);
    if (cluster && (keySlot(r.dlq) != slot || (!r.auditStream.isEmpty() && keySlot(r.auditStream) != slot)))
        return refused(QStringLiteral("%1 (slot %2) and %3 (slot %4) live in different cluster slots, so one script cannot move entries "
                                      "atomically. Name them with a shared hash tag, e.g. {orders} and {orders}:dlq, and an audit stream "
                                      "with the same tag.")
                           .arg(quoted(r.stream)).arg(slot).arg(quoted(r.dlq)).arg(keySlot(r.dlq)));
    return {};
}

} // namespace pelscope
