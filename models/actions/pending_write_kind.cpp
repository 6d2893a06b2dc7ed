#include "pending_write_kind.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "pending_preflight.h"
#include "write_plan.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

using Action = PendingActionRequest::Action;

// The planner's route and the plan's read: what job() and preview() need.
struct PlannedPending
{
    PendingActionRequest request; // as it will run
    QString path;
    PendingPlan plan;
};

const PlannedPending &plannedOf(const PreparedWrite &p)
{
    return *std::any_cast<std::shared_ptr<const PlannedPending>>(p.plan);
}

} // namespace

PendingWriteKind::PendingWriteKind(PendingActionRequest request)
    : m_request(std::move(request))
{}

QString PendingWriteKind::title() const
{
    switch (m_request.action) {
    case Action::Claim: return QCoreApplication::translate("WritePlan", "Claim");
    case Action::Ack: return QCoreApplication::translate("WritePlan", "Acknowledge");
    case Action::ToDlq: return QCoreApplication::translate("WritePlan", "Move to DLQ");
    }
    return {};
}

QString PendingWriteKind::aclAction() const
{
    switch (m_request.action) {
    case Action::Claim: return QStringLiteral("claim");
    case Action::Ack: return QStringLiteral("ack");
    case Action::ToDlq: return QStringLiteral("to_dlq");
    }
    return {};
}

PreparedWrite PendingWriteKind::prepare(const ConnectionOptions &writeOptions) const
{
    PreparedWrite p;
    // Where it runs (the stream's master on a cluster) and whether it may.
    const PendingActionPlan routed = planPendingAction(writeOptions, m_request);
    if (!routed.error.isEmpty()) {
        p.error = routed.error;
        p.errorKind = RedisError::Kind::Usage;
        return p;
    }
    if (!routed.refusal.isEmpty()) {
        p.refusal = routed.refusal;
        return p;
    }
    p.node = routed.node;
    auto planned = std::make_shared<PlannedPending>(PlannedPending{routed.request, routed.pathText, readPendingPlan(routed.node, routed.request)});
    if (planned->plan.refusal.isError()) {
        p.error = planned->plan.refusal.message;
        p.errorKind = planned->plan.refusal.kind;
        return p;
    }
    p.plan = std::shared_ptr<const PlannedPending>(planned);
    return p;
}

WritePreview PendingWriteKind::preview(const PreparedWrite &p) const
{
    const PlannedPending &planned = plannedOf(p);
    const PendingActionRequest &r = planned.request;
    WritePreview v;
    v.title = title();
    if (!r.fromConsumer.isEmpty()) {
        v.headline = fillText(QCoreApplication::translate("WritePlan", "%1 the pending entries of consumer %2 in group %3 of stream %4"), v.title,
                              displayBytes(r.fromConsumer), displayBytes(r.group), displayBytes(r.stream));
        v.confirmLabel = v.title;
    } else {
        v.headline = fillText(r.ids.size() == 1 ? QCoreApplication::translate("WritePlan", "%1 %2 selected entry of group %3 on stream %4")
                                                : QCoreApplication::translate("WritePlan", "%1 %2 selected entries of group %3 on stream %4"),
                              v.title, r.ids.size(), displayBytes(r.group), displayBytes(r.stream));
        v.confirmLabel = fillText(QStringLiteral("%1 %2"), v.title, r.ids.size());
    }
    v.summary = planned.plan.summary;
    v.notes = planned.plan.notes;
    if (r.action == Action::Ack)
        v.notes << QCoreApplication::translate("WritePlan", "Acknowledged entries are dropped unprocessed.");
    v.commands = planned.plan.lines;
    if (r.fromConsumer.isEmpty()) {
        v.commands << QString() << QCoreApplication::translate("WritePlan", "Entries:");
        for (const QByteArray &id : r.ids)
            v.commands << QStringLiteral("  ") + QString::fromLatin1(id);
    }
    // Only the move to the DLQ is a script; claim and acknowledge are plain commands.
    if (r.action == Action::Claim)
        v.commandsNote = QCoreApplication::translate("WritePlan", "Exactly these commands will run (plain XCLAIM calls, a batch of IDs each; no script):");
    else if (r.action == Action::Ack)
        v.commandsNote = QCoreApplication::translate("WritePlan", "Exactly these commands will run (plain XACK calls; no script):");
    v.path = planned.path;
    return v;
}

QStringList PendingWriteKind::dryRunLines(const PreparedWrite &p) const
{
    const PlannedPending &planned = plannedOf(p);
    QStringList lines;
    if (!planned.path.isEmpty())
        lines << QStringLiteral("path: %1").arg(planned.path);
    return lines + QStringList{planned.plan.summary} + planned.plan.lines;
}

std::unique_ptr<WriteJob> PendingWriteKind::job(const PreparedWrite &p, const WriteDecision &) const
{
    return std::make_unique<PendingActionJob>(p.node, plannedOf(p).request);
}

QString PendingWriteKind::progressText(const WriteCounts &c) const
{
    return fillText(QCoreApplication::translate("WritePlan", "%1 settled%2"), c.settled(),
                    c.total >= 0 ? QCoreApplication::translate("WritePlan", " of %1").arg(c.total) : QString());
}

QString PendingWriteKind::outcomeText(const WriteOutcome &result) const
{
    const WriteCounts &c = result.counts;
    QString summary;
    switch (m_request.action) {
    case Action::Claim:
        summary = fillText(QCoreApplication::translate("WritePlan", "claimed %1, not claimed %2, not pending %3, failed %4"), c.done, c.notClaimed,
                           c.notPending, c.failed);
        break;
    case Action::Ack:
        summary = fillText(QCoreApplication::translate("WritePlan", "acknowledged %1, not pending %2, failed %3"), c.done, c.notPending, c.failed);
        break;
    case Action::ToDlq:
        summary = fillText(QCoreApplication::translate("WritePlan", "moved %1, not pending %2, failed %3"), c.done, c.notPending, c.failed);
        if (c.trimmed)
            summary += QCoreApplication::translate("WritePlan", ", moved with metadata only %1").arg(c.trimmed);
        break;
    }
    if (c.uncertain)
        summary += QCoreApplication::translate("WritePlan", ", not pending after a lost reply %1").arg(c.uncertain);
    if (result.cancelled)
        summary += QCoreApplication::translate("WritePlan", ", interrupted");
    return summary;
}

QStringList PendingWriteKind::reportLines(const WriteOutcome &result) const
{
    QStringList lines;
    for (const PendingOutcome &o : std::as_const(result.entries)) {
        QString line = QString::fromLatin1(o.id) + QStringLiteral("  ") + o.outcomeName();
        if (!o.newId.isEmpty())
            line += QStringLiteral(" -> ") + QString::fromLatin1(o.newId);
        if (!o.note.isEmpty())
            line += QStringLiteral(" (") + o.note + QLatin1Char(')');
        lines << line;
    }
    lines << outcomeText(result);
    if (m_request.action == Action::Claim && result.counts.done > 0)
        lines << fillText(QCoreApplication::translate("WritePlan", "%1 now owns the %2 claimed entries: it must read them again with ID 0 "
                                                                   "(XREADGROUP GROUP %3 %1 STREAMS %4 0), or they will idle again"),
                          quotedForPlan(m_request.toConsumer), result.counts.done, quotedForPlan(m_request.group), quotedForPlan(m_request.stream));
    return lines;
}

QString PendingWriteKind::afterwards(const PreparedWrite &p, const WriteOutcome &outcome) const
{
    // Where the entries are now, read after the claim, for the record.
    if (m_request.action != Action::Claim || outcome.counts.done == 0)
        return {};
    return ownersAfterClaim(p.node, plannedOf(p).request);
}

WriteRecord PendingWriteKind::record(const WriteOutcome &outcome, const QString &auditPath, const QString &afterwards) const
{
    return writeRecordFor(m_request, outcome, auditPath, afterwards);
}

} // namespace pelscope
