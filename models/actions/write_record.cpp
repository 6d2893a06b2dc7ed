#include "write_record.h"

#include "../redis/blocking_read.h"
#include "../snapshot/format.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

// "3 entries", "1 entry": counts in the panel read as sentences.
QString entries(qint64 n)
{
    return n == 1 ? QCoreApplication::translate("WriteRecord", "1 entry") : QCoreApplication::translate("WriteRecord", "%1 entries").arg(formatCount(n));
}

void addCount(QStringList &out, qint64 n, const QString &what)
{
    if (n > 0)
        out << what.arg(entries(n));
}

void listMoved(WriteRecord &r, const QList<QPair<QByteArray, QByteArray>> &moved, qint64 total)
{
    for (const auto &[from, to] : moved)
        r.entries << QStringLiteral("%1 → %2").arg(QString::fromLatin1(from), QString::fromLatin1(to));
    r.entriesNotListed = std::max<qint64>(0, total - moved.size());
}

void refusedTargets(WriteRecord &r, const QMap<QByteArray, QString> &targets)
{
    for (auto it = targets.cbegin(); it != targets.cend(); ++it)
        r.counts << QCoreApplication::translate("WriteRecord", "kept for %1: %2").arg(displayBytes(it.key()), it.value());
}

} // namespace

// What every job's record says the same way: the counts that are not the
// headline, retries, a cancel, the error, where the audit trail is.
void finishRecord(WriteRecord &r, const WriteOutcome &o, const QString &auditPath)
{
    const WriteCounts &c = o.counts;
    addCount(r.counts, c.gone, QCoreApplication::translate("WriteRecord", "%1 already gone (moved by an earlier attempt, or deleted)"));
    addCount(r.counts, c.empty, QCoreApplication::translate("WriteRecord", "%1 left in the DLQ: nothing but metadata to copy back"));
    addCount(r.counts, c.refused, QCoreApplication::translate("WriteRecord", "%1 kept in the DLQ, nothing written for them"));
    refusedTargets(r, o.refusedTargets);
    addCount(r.counts, c.notPending, QCoreApplication::translate("WriteRecord", "%1 no longer pending (settled by someone else): left alone"));
    addCount(r.counts, c.uncertain, QCoreApplication::translate("WriteRecord", "%1 not pending after a lost reply: this run or someone else settled them"));
    addCount(r.counts, c.failed, QCoreApplication::translate("WriteRecord", "%1 failed"));
    addCount(r.counts, c.skipped, QCoreApplication::translate("WriteRecord", "%1 skipped (not matching)"));
    if (c.retries > 0)
        r.counts << QCoreApplication::translate("WriteRecord", "%1 batches sent again after a lost connection (no entry twice)").arg(c.retries);
    if (o.cancelled)
        r.counts << QCoreApplication::translate("WriteRecord", "cancelled after the batch in flight");
    r.error = o.error;
    r.auditPath = auditPath;
    r.failed = c.failed > 0 || c.refused > 0 || !o.ranToTheEnd();
}

WriteRecord writeRecordFor(const RequeueRequest &request, const WriteOutcome &outcome, const QString &auditPath)
{
    WriteRecord r;
    r.at = QDateTime::currentDateTime();
    const bool deleting = request.operation == RequeueRequest::Operation::Delete;
    r.title = deleting ? QCoreApplication::translate("WriteRecord", "Delete dead letters") : QCoreApplication::translate("WriteRecord", "Requeue dead letters");
    r.where = deleting ? displayBytes(request.dlq)
                       : QStringLiteral("%1 → %2").arg(displayBytes(request.dlq), request.target.isEmpty() ? QCoreApplication::translate("WriteRecord", "each entry's source")
                                                                                                           : displayBytes(request.target));
    r.headline = (deleting ? QCoreApplication::translate("WriteRecord", "deleted %1") : QCoreApplication::translate("WriteRecord", "requeued %1")).arg(entries(outcome.counts.done));
    finishRecord(r, outcome, auditPath);
    listMoved(r, outcome.movedIds, deleting ? 0 : outcome.counts.done);
    return r;
}

WriteRecord writeRecordFor(const CrossSlotRequeueRequest &request, const WriteOutcome &outcome, const QString &auditPath)
{
    WriteRecord r;
    r.at = QDateTime::currentDateTime();
    r.title = QCoreApplication::translate("WriteRecord", "Requeue dead letters (across cluster slots)");
    r.where =
        QCoreApplication::translate("WriteRecord", "%1 (on %2) → %3 (on %4)").arg(displayBytes(request.dlq), outcome.dlqNode, displayBytes(request.target), outcome.sourceNode);
    r.headline = QCoreApplication::translate("WriteRecord", "requeued %1").arg(entries(outcome.counts.done));
    addCount(r.counts, outcome.counts.duplicates,
             QCoreApplication::translate("WriteRecord", "%1 of them found in the ledger: added by an attempt whose reply was lost, not added again"));
    finishRecord(r, outcome, auditPath);
    listMoved(r, outcome.movedIds, outcome.counts.done);
    return r;
}

WriteRecord writeRecordFor(const PendingActionRequest &request, const WriteOutcome &outcome, const QString &auditPath, const QString &afterwards)
{
    using Action = PendingActionRequest::Action;
    WriteRecord r;
    r.at = QDateTime::currentDateTime();
    const WriteCounts &c = outcome.counts;
    r.where = QStringLiteral("%1 / %2").arg(displayBytes(request.stream), displayBytes(request.group));
    switch (request.action) {
    case Action::Claim:
        r.title = QCoreApplication::translate("WriteRecord", "Claim");
        r.headline = QCoreApplication::translate("WriteRecord", "claimed %1 to %2").arg(entries(c.done), displayBytes(request.toConsumer));
        if (c.notClaimed > 0)
            r.counts << QCoreApplication::translate("WriteRecord", "%1 left with their owner: idle less than the %2 guard")
                            .arg(entries(c.notClaimed), formatDuration(request.minIdleMs));
        break;
    case Action::Ack:
        r.title = QCoreApplication::translate("WriteRecord", "Acknowledge");
        r.headline = QCoreApplication::translate("WriteRecord", "acknowledged %1 (dropped unprocessed)").arg(entries(c.done));
        break;
    case Action::ToDlq:
        r.title = QCoreApplication::translate("WriteRecord", "Move to DLQ");
        r.where += QStringLiteral(" → %1").arg(displayBytes(request.dlq));
        r.headline = QCoreApplication::translate("WriteRecord", "moved %1 to %2").arg(entries(c.done), displayBytes(request.dlq));
        addCount(r.counts, c.trimmed, QCoreApplication::translate("WriteRecord", "%1 of them with metadata only: the entry was already trimmed from the stream"));
        break;
    }
    if (!afterwards.isEmpty())
        r.counts << afterwards;
    finishRecord(r, outcome, auditPath);
    for (const PendingOutcome &o : outcome.entries) {
        if (r.entries.size() >= WriteOutcome::kMaxListedEntries) {
            ++r.entriesNotListed;
            continue;
        }
        QString line = QString::fromLatin1(o.id) + QStringLiteral("  ") + o.outcomeName().replace(QLatin1Char('_'), QLatin1Char(' '));
        if (!o.newId.isEmpty())
            line += QStringLiteral(" → ") + QString::fromLatin1(o.newId);
        if (!o.note.isEmpty())
            line += QStringLiteral(" (") + o.note + QLatin1Char(')');
        r.entries << line;
    }
    return r;
}

WriteRecord writeRecordFor(const ConsumerDeleteRequest &request, const WriteOutcome &outcome, const QString &auditPath)
{
    WriteRecord r;
    r.at = QDateTime::currentDateTime();
    r.title = QCoreApplication::translate("WriteRecord", "Delete consumer");
    r.where = QStringLiteral("%1 / %2").arg(displayBytes(request.stream), displayBytes(request.group));
    const bool deleted = outcome.counts.done > 0;
    r.headline = deleted ? QCoreApplication::translate("WriteRecord", "deleted consumer %1").arg(displayBytes(request.consumer))
                 : outcome.holdsPending
                     ? QCoreApplication::translate("WriteRecord", "not deleted: %1 took %2 meanwhile").arg(displayBytes(request.consumer), entries(outcome.holdsPending))
                     : QCoreApplication::translate("WriteRecord", "not deleted");
    r.error = outcome.error;
    r.auditPath = auditPath;
    r.failed = !deleted;
    return r;
}

WriteRecord writeRecordFor(const QueueWriteRequest &request, const WriteOutcome &outcome, const QString &auditPath)
{
    WriteRecord r;
    r.at = QDateTime::currentDateTime();
    switch (request.operation) {
    case QueueWriteRequest::Operation::Requeue:
        r.title = QCoreApplication::translate("WriteRecord", "Requeue stuck items");
        r.where = QStringLiteral("%1 → %2").arg(displayBytes(request.key), displayBytes(request.mainKey));
        break;
    case QueueWriteRequest::Operation::DeleteFromList:
    case QueueWriteRequest::Operation::DeleteDelayed:
        r.title = QCoreApplication::translate("WriteRecord", "Delete queue items");
        r.where = displayBytes(request.key);
        break;
    case QueueWriteRequest::Operation::Reschedule:
        r.title = request.dueMs || request.dueInMs ? QCoreApplication::translate("WriteRecord", "Reschedule") : QCoreApplication::translate("WriteRecord", "Run now");
        r.where = displayBytes(request.key);
        break;
    }
    r.headline = describeQueueWrite(request, outcome, false);
    for (const QByteArray &item : request.items.mid(0, 20))
        r.entries << displayBytes(item.left(200));
    r.entriesNotListed = std::max<qsizetype>(0, request.items.size() - 20);
    r.error = outcome.error;
    r.auditPath = auditPath;
    r.failed = outcome.counts.refused > 0 || !outcome.ranToTheEnd();
    return r;
}

QString ownersAfterClaim(const ConnectionOptions &node, const PendingActionRequest &request)
{
    RedisError error;
    const RedisReplies replies = readBlocking(node, {{"XPENDING", request.stream, request.group}}, &error);
    if (error.isError() || !replies.value(0).isArray())
        return {};
    const RedisReply summary = replies.value(0);
    qint64 to = 0, from = 0;
    for (const RedisReply &c : summary.at(3).elements()) {
        if (c.at(0).bytes() == request.toConsumer)
            to = c.at(1).toInt().value_or(0);
        if (!request.fromConsumer.isEmpty() && c.at(0).bytes() == request.fromConsumer)
            from = c.at(1).toInt().value_or(0);
    }
    QString text = QCoreApplication::translate("WriteRecord", "%1 now holds %2").arg(displayBytes(request.toConsumer), entries(to));
    if (!request.fromConsumer.isEmpty())
        text += QCoreApplication::translate("WriteRecord", "; %1 keeps %2").arg(displayBytes(request.fromConsumer), entries(from));
    return text + QCoreApplication::translate("WriteRecord", " (read after the claim); the new owner must read them with ID 0 or they will idle again");
}

} // namespace pelscope
