#include "pending_preflight.h"

#include "../values/key_slot.h"
#include "../snapshot/format.h"
#include "../snapshot/status_words.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "audit_log.h"
#include "../redis/blocking_read.h"

#include <QCoreApplication>
#include <QDateTime>

// The words of a plan are in the operator's language (the window loads
// Korean; the commands in them stay as they run): context "WritePlan".
namespace pelscope {

namespace {

RedisError refused(const QString &message)
{
    RedisError e;
    e.kind = RedisError::Kind::Usage;
    e.message = fillText(QCoreApplication::translate("WritePlan", "refusing: %1"), message);
    return e;
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
        return refused(QCoreApplication::translate("WritePlan", "there is no stream named %1").arg(quotedBytes(r.stream)));
    bool groupFound = false;
    const RedisReply groups = replies.value(1);
    for (const RedisReply &g : groups.elements())
        groupFound = groupFound || g.field("name").bytes() == r.group;
    if (!groupFound)
        return refused(QCoreApplication::translate("WritePlan", "stream %1 has no consumer group %2").arg(quotedBytes(r.stream), quotedBytes(r.group)));
    if (r.action != PendingActionRequest::Action::ToDlq)
        return {};
    const QByteArray type = replies.value(2).bytes();
    if (type != "stream" && type != "none")
        return refused(QCoreApplication::translate("WritePlan", "%1 is a %2, not a stream").arg(quotedBytes(r.dlq), displayBytes(type)));
    const int slot = keySlot(r.stream);
    if (cluster && (keySlot(r.dlq) != slot || (!r.auditStream.isEmpty() && keySlot(r.auditStream) != slot)))
        return refused(fillText(QCoreApplication::translate("WritePlan", "%1 (slot %2) and %3 (slot %4) live in different cluster slots, so one script cannot move entries "
                                   "atomically. Name them with a shared hash tag, e.g. {orders} and {orders}:dlq, and an audit stream "
                                   "with the same tag."),
                                quotedBytes(r.stream), slot, quotedBytes(r.dlq), keySlot(r.dlq)));
    return {};
}

namespace {

// Counting a consumer's entries past the guard walks the PEL (XPENDING with
// IDLE skips without counting): only where that is cheap.
constexpr qint64 kCountEligibleUpToPel = 100'000;
constexpr qint64 kCheckIdsUpTo = 1'000;

QString claimNote(const PendingActionRequest &r)
{
    return fillText(QCoreApplication::translate("WritePlan", "%1 must read its pending entries again (XREADGROUP GROUP %2 %1 STREAMS %3 0): a consumer "
                                                             "that reads only new entries ('>') never sees entries claimed to it, so they would idle "
                                                             "again and the group go back to %4."),
                    quotedBytes(r.toConsumer), quotedBytes(r.group), quotedBytes(r.stream), statusWord(Health::Warn));
}

} // namespace

PendingPlan readPendingPlan(const ConnectionOptions &node, const PendingActionRequest &r)
{
    using Action = PendingActionRequest::Action;
    PendingPlan plan;
    plan.readAtMs = QDateTime::currentMSecsSinceEpoch();
    RedisBatch batch = preflightBatch(r);
    const qsizetype summaryAt = batch.size();
    batch.append({"XPENDING", r.stream, r.group});
    const qsizetype idsAt = batch.size();
    const QList<QByteArray> ids = r.ids.mid(0, kCheckIdsUpTo);
    for (const QByteArray &id : ids)
        batch.append({"XPENDING", r.stream, r.group, id, id, "1"});
    RedisError error;
    const RedisReplies replies = readBlocking(node, batch, &error);
    if (!error.isError())
        error = preflightRefusal(r, batch.mid(0, summaryAt), replies.mid(0, summaryAt), false);
    if (error.isError()) {
        plan.refusal = error;
        return plan;
    }
    const RedisReply summary = replies.value(summaryAt);
    const qint64 pelSize = summary.at(0).toInt().value_or(0);
    if (!r.fromConsumer.isEmpty()) {
        plan.holds = 0;
        const RedisReply &perConsumer = summary.at(3);
        for (const RedisReply &c : perConsumer.elements())
            if (c.at(0).bytes() == r.fromConsumer)
                plan.holds = c.at(1).toInt().value_or(0);
        if (*plan.holds > 0 && pelSize <= kCountEligibleUpToPel) {
            const qint64 cap = r.limit > 0 ? r.limit : *plan.holds;
            const RedisReplies idle = readBlocking(
                node, {{"XPENDING", r.stream, r.group, "IDLE", QByteArray::number(r.minIdleMs), "-", "+", QByteArray::number(cap), r.fromConsumer}},
                &error);
            if (!error.isError() && idle.value(0).isArray())
                plan.eligible = idle.value(0).size();
        } else if (*plan.holds == 0) {
            plan.eligible = 0;
        }
    } else {
        qint64 pending = 0;
        for (qsizetype i = 0; i < ids.size(); ++i)
            pending += replies.value(idsAt + i).size() > 0 ? 1 : 0;
        plan.stillPending = pending;
    }
    plan.lines = pendingActionPlan(r, node.redactedUrl(), plan);

    // The sentence both the window and the CLI show, every number from this read.
    const QString at = QDateTime::fromMSecsSinceEpoch(plan.readAtMs).toString(QStringLiteral("HH:mm:ss"));
    if (!r.fromConsumer.isEmpty()) {
        plan.summary = fillText(QCoreApplication::translate("WritePlan", "Consumer %1 holds %2 pending entries (read at %3); "), quotedBytes(r.fromConsumer), *plan.holds, at);
        if (plan.eligible)
            plan.summary +=
                fillText(QCoreApplication::translate("WritePlan", "%1 of them are idle at least %2 and would move to %3%4; the other %5 stay with %6."), *plan.eligible,
                         formatDuration(r.minIdleMs), quotedBytes(r.toConsumer), r.limit > 0 ? QCoreApplication::translate("WritePlan", " (at most %1)").arg(r.limit) : QString(),
                         std::max<qint64>(0, *plan.holds - *plan.eligible), quotedBytes(r.fromConsumer));
        else
            plan.summary += fillText(QCoreApplication::translate("WritePlan", "those idle at least %1 move to %2 (not counted beforehand: the group's %3 pending entries are "
                                        "too many to count cheaply)."),
                                     formatDuration(r.minIdleMs), quotedBytes(r.toConsumer), pelSize);
    } else {
        const QString verb = r.action == Action::Claim ? QCoreApplication::translate("WritePlan", "claimed")
                             : r.action == Action::Ack ? QCoreApplication::translate("WritePlan", "acknowledged")
                                                       : QCoreApplication::translate("WritePlan", "moved");
        plan.summary =
            ids.size() < r.ids.size()
                ? fillText(QCoreApplication::translate("WritePlan", "%1 entries selected; of the first %2, %3 are pending now (read at %4) and would be %5."), r.ids.size(),
                           ids.size(), *plan.stillPending, at, verb)
                : fillText(QCoreApplication::translate("WritePlan", "%1 entries selected, %2 of them pending now (read at %3) and would be %4; the others are left alone."),
                           r.ids.size(), *plan.stillPending, at, verb);
    }
    if (r.action == Action::Claim)
        plan.notes << claimNote(r);
    return plan;
}

QStringList pendingActionPlan(const PendingActionRequest &r, const QString &connection, const PendingPlan &numbers)
{
    using Action = PendingActionRequest::Action;
    const QString where = QCoreApplication::translate("WritePlan", "group %1 of stream %2 on %3").arg(quotedBytes(r.group), quotedBytes(r.stream), connection);
    const QString audit = QCoreApplication::translate("WritePlan", "  audit: one record per entry in %1").arg(AuditLog(r.auditLogPath).path());
    switch (r.action) {
    case Action::Claim: {
        QString what = QCoreApplication::translate("WritePlan", "%1 entries by ID").arg(r.ids.size());
        if (numbers.stillPending)
            what += QCoreApplication::translate("WritePlan", ", %1 of them pending now").arg(*numbers.stillPending);
        if (!r.fromConsumer.isEmpty())
            what = fillText(QCoreApplication::translate("WritePlan", "the entries of consumer %1 idle at least %2%3: it holds %4, %5"), quotedBytes(r.fromConsumer),
                            formatDuration(r.minIdleMs), r.limit > 0 ? QCoreApplication::translate("WritePlan", ", at most %1").arg(r.limit) : QString(),
                            numbers.holds.value_or(0),
                            numbers.eligible ? QCoreApplication::translate("WritePlan", "%1 of them idle that long now").arg(*numbers.eligible)
                                             : QCoreApplication::translate("WritePlan", "not counted how many are idle that long"));
        return {QCoreApplication::translate("WritePlan", "Claim pending entries of %1:").arg(where),
                QCoreApplication::translate("WritePlan", "  what:  %1").arg(what),
                QCoreApplication::translate("WritePlan", "  to:    consumer %1").arg(quotedBytes(r.toConsumer)),
                fillText(QCoreApplication::translate("WritePlan", "  how:   XCLAIM %1 %2 %3 %4 <ids> JUSTID; entries idle less than %5 stay with their owner"),
                         quotedBytes(r.stream), quotedBytes(r.group), quotedBytes(r.toConsumer), r.minIdleMs, formatDuration(r.minIdleMs)),
                QCoreApplication::translate("WritePlan", "  then:  %1").arg(claimNote(r)),
                audit};
    }
    case Action::Ack:
        return {fillText(QCoreApplication::translate("WritePlan", "Acknowledge %1 entries of %2%3:"), r.ids.size(), where,
                         numbers.stillPending ? QCoreApplication::translate("WritePlan", " (%1 of them pending now)").arg(*numbers.stillPending) : QString()),
                QCoreApplication::translate("WritePlan", "  how:   XACK %1 %2 <id>, one per entry").arg(quotedBytes(r.stream), quotedBytes(r.group)),
                QCoreApplication::translate("WritePlan", "  WARNING: acknowledged entries leave the PEL unprocessed; no consumer will be given them again."), audit};
    case Action::ToDlq:
        return {fillText(QCoreApplication::translate("WritePlan", "Move %1 entries of %2 to the dead-letter stream %3%4:"), r.ids.size(), where, quotedBytes(r.dlq),
                         numbers.stillPending ? QCoreApplication::translate("WritePlan", " (%1 of them pending now)").arg(*numbers.stillPending) : QString()),
                fillText(QCoreApplication::translate("WritePlan", "  how:   one Lua script per batch: for each entry still pending, XADD its fields as they are plus "
                   "pelscope:category=%1, pelscope:reason=%2, pelscope:delivery_count, pelscope:source_stream, pelscope:source_id, "
                   "pelscope:group, pelscope:consumer to %3, then XACK; entries no longer pending are left alone"),
                    quotedBytes(r.category), quotedBytes(r.reason), quotedBytes(r.dlq)),
                audit};
    }
    return {};
}

} // namespace pelscope
