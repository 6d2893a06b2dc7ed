#include "queue_write_kind.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "audit_log.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

QString titleOf(const QueueWriteRequest &r)
{
    switch (r.operation) {
    case QueueWriteRequest::Operation::Requeue: return QCoreApplication::translate("QueueWrite", "Requeue stuck items");
    case QueueWriteRequest::Operation::DeleteFromList:
    case QueueWriteRequest::Operation::DeleteDelayed: return QCoreApplication::translate("QueueWrite", "Delete queue items");
    case QueueWriteRequest::Operation::Reschedule:
        return r.dueMs || r.dueInMs ? QCoreApplication::translate("QueueWrite", "Reschedule") : QCoreApplication::translate("QueueWrite", "Run now");
    }
    return {};
}

} // namespace

QueueWriteKind::QueueWriteKind(QueueWriteRequest request)
    : m_request(std::move(request))
{}

QString QueueWriteKind::title() const
{
    return titleOf(m_request);
}

QString QueueWriteKind::aclAction() const
{
    return queueActionName(m_request.operation);
}

PreparedWrite QueueWriteKind::prepare(const ConnectionOptions &writeOptions) const
{
    PreparedWrite p;
    p.node = writeOptions;
    QueueWriteRequest dry = m_request;
    dry.dryRun = true;
    QueueWriteJob planner(writeOptions, dry);
    p.dry = runJobHere(planner);
    if (!p.dry.error.isEmpty()) {
        p.error = p.dry.error;
        p.errorKind = p.dry.errorKind;
    } else if (p.dry.counts.done == 0) {
        p.nothingToDo = describeQueueWrite(m_request, p.dry, true);
    }
    return p;
}

WritePreview QueueWriteKind::preview(const PreparedWrite &p) const
{
    WritePreview v;
    v.title = title();
    v.headline = describeQueueWrite(m_request, p.dry, true);
    if (!v.headline.isEmpty())
        v.headline[0] = v.headline[0].toUpper();
    v.commands << fillText(QCoreApplication::translate("QueueWrite", "On %1, per batch of %2, one Lua script:"), p.node.redactedUrl(),
                           m_request.batchSize);
    for (const QString &line : p.dry.plan)
        v.commands << QStringLiteral("  ") + line;
    if (p.dry.counts.done > p.dry.plan.size())
        v.commands << QCoreApplication::translate("QueueWrite", "  ... and %1 more").arg(p.dry.counts.done - p.dry.plan.size());
    v.commands << fillText(QStringLiteral("  XADD \"%1\" MAXLEN ~ %2 * action %3 ... batch <token>"), displayBytes(m_request.auditStream),
                           m_request.auditMaxLen, queueActionName(m_request.operation));
    v.commands << QCoreApplication::translate("QueueWrite", "Audit log: %1").arg(AuditLog(m_request.auditLogPath).path());
    v.commandsNote = QCoreApplication::translate("QueueWrite", "Each item is removed and written in the same script: never in both places, never in neither. After a lost "
                                                 "reply the batch's audit record says whether it ran; items chosen by age are chosen again "
                                                 "from what the server holds then.");
    return v;
}

QStringList QueueWriteKind::dryRunLines(const PreparedWrite &p) const
{
    return p.dry.plan + QStringList{describeQueueWrite(m_request, p.dry, true)};
}

std::unique_ptr<WriteJob> QueueWriteKind::job(const PreparedWrite &p, const WriteDecision &) const
{
    return std::make_unique<QueueWriteJob>(p.node, m_request);
}

QString QueueWriteKind::progressText(const WriteCounts &c) const
{
    return QCoreApplication::translate("QueueWrite", "%1 items done…").arg(c.done);
}

QString QueueWriteKind::outcomeText(const WriteOutcome &outcome) const
{
    return describeQueueWrite(m_request, outcome, false);
}

WriteRecord QueueWriteKind::record(const WriteOutcome &outcome, const QString &auditPath, const QString &) const
{
    return writeRecordFor(m_request, outcome, auditPath);
}

} // namespace pelscope
