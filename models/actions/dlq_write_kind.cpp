#include "dlq_write_kind.h"

#include "../redis/blocking_read.h"
#include "../snapshot/format.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "audit_log.h"
#include "write_plan.h"
#include "write_record.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

// What job() and preview() need from prepare(): the planner's answer.
struct PlannedRequeue
{
    RequeuePlan plan;
};

const RequeuePlan &planOf(const PreparedWrite &p)
{
    return std::any_cast<std::shared_ptr<const PlannedRequeue>>(p.plan)->plan;
}

} // namespace

DlqWriteKind::DlqWriteKind(RequeueRequest request, const DlqFinderConfig &finder, QString noTargetHint)
    : m_request(std::move(request))
    , m_noTargetHint(std::move(noTargetHint))
{
    if (m_request.target.isEmpty())
        if (const auto source = DlqFinder::sourceOf(m_request.dlq, finder)) {
            if (source->second)
                m_request.target = source->first; // a mapping names it
            else if (!deleting())
                m_pathTarget = source->first; // the name's convention: planned for, each entry still says where it goes
        }
    m_targetExplicit = !m_request.target.isEmpty();
    if (m_targetExplicit)
        m_pathTarget = m_request.target;
}

QString DlqWriteKind::title() const
{
    return deleting() ? QCoreApplication::translate("DeadLetterWrite", "Delete dead letters")
                      : QCoreApplication::translate("DeadLetterWrite", "Requeue dead letters");
}

QString DlqWriteKind::aclAction() const
{
    return deleting() ? QStringLiteral("delete") : QStringLiteral("requeue");
}

PreparedWrite DlqWriteKind::prepare(const ConnectionOptions &writeOptions) const
{
    PreparedWrite p;
    // The path first: where it runs, or why it cannot (said before anything is read).
    const RequeuePlan plan = planRequeue(writeOptions, m_request, m_pathTarget, m_targetExplicit, m_noTargetHint);
    p.pathLine = plan.pathLine;
    if (!plan.error.isEmpty()) {
        p.error = plan.error;
        p.errorKind = RedisError::Kind::Usage;
        return p;
    }
    if (!plan.runs()) {
        p.refusal = plan.refusal.isEmpty() ? plan.pathText : plan.refusal;
        return p;
    }
    p.node = plan.node;

    // The DLQ must be a stream: a key of another type, or none, is refused
    // with its name (the dry run would only say "nothing to do").
    RedisError failure;
    const RedisReplies type = readBlocking(plan.dlqNode, {{"TYPE", m_request.dlq}}, &failure);
    if (failure.isError() || type.value(0).isError()) {
        p.error = failure.isError() ? failure.message : QString::fromUtf8(type.value(0).bytes());
        p.errorKind = failure.isError() ? failure.kind : RedisError::Kind::Usage;
        return p;
    }
    const QByteArray keyType = type.value(0).bytes();
    if (keyType == "none") {
        p.refusal = fillText(QCoreApplication::translate("DeadLetterWrite", "there is no stream named %1"), quotedForPlan(m_request.dlq));
        return p;
    }
    if (keyType != "stream") {
        p.refusal = fillText(QCoreApplication::translate("DeadLetterWrite", "%1 is a %2, not a stream"), quotedForPlan(m_request.dlq), displayBytes(keyType));
        return p;
    }

    // The dry run of the very job that will run: its commands, its counts.
    if (plan.ledger) {
        CrossSlotRequeueRequest dry = *plan.ledger;
        dry.dryRun = true;
        CrossSlotRequeueJob planner(plan.node, dry);
        p.dry = runJobHere(planner);
    } else {
        RequeueRequest dry = plan.request;
        dry.dryRun = true;
        RequeueJob planner(plan.node, dry);
        p.dry = runJobHere(planner);
    }
    p.plan = std::make_shared<const PlannedRequeue>(PlannedRequeue{plan});
    if (!p.dry.error.isEmpty()) {
        p.error = p.dry.error;
        p.errorKind = p.dry.errorKind;
    } else if (p.dry.counts.done == 0) {
        p.nothingToDo = countsLine(p.dry, false);
    }
    return p;
}

WritePreview DlqWriteKind::preview(const PreparedWrite &p) const
{
    const RequeuePlan &plan = planOf(p);
    const RequeueRequest &r = plan.request;
    const WriteCounts &c = p.dry.counts;
    const bool one = c.done == 1;
    WritePreview v;
    v.title = title();
    v.offersRate = true;
    const QString dlq = displayBytes(r.dlq);
    if (deleting()) {
        v.headline = fillText(one ? QCoreApplication::translate("DeadLetterWrite", "Delete %1 entry from %2 for good.") : QCoreApplication::translate("DeadLetterWrite", "Delete %1 entries from %2 for good."), c.done, dlq);
        v.notes << (one ? QCoreApplication::translate("DeadLetterWrite", "It is not copied anywhere; only the audit log keeps its ID.")
                        : QCoreApplication::translate("DeadLetterWrite", "They are not copied anywhere; only the audit log keeps their IDs."));
        v.confirmLabel = fillText(QCoreApplication::translate("DeadLetterWrite", "Delete %1"), c.done);
    } else {
        const QByteArray target = plan.ledger ? plan.ledger->target : r.target;
        if (target.isEmpty())
            v.headline = fillText(one ? QCoreApplication::translate("DeadLetterWrite", "Requeue %1 entry from %2 to its source stream, then delete it from the DLQ.")
                                      : QCoreApplication::translate("DeadLetterWrite", "Requeue %1 entries from %2 to their source streams, then delete them from the DLQ."),
                                  c.done, dlq);
        else
            v.headline = fillText(one ? QCoreApplication::translate("DeadLetterWrite", "Requeue %1 entry from %2 to %3, then delete it from the DLQ.")
                                      : QCoreApplication::translate("DeadLetterWrite", "Requeue %1 entries from %2 to %3, then delete them from the DLQ."),
                                  c.done, dlq, displayBytes(target));
        v.confirmLabel = fillText(QCoreApplication::translate("DeadLetterWrite", "Requeue %1"), c.done);
    }
    QStringList summary;
    if (c.gone)
        summary << fillText(QCoreApplication::translate("DeadLetterWrite", "%1 of the selected entries are already gone."), c.gone);
    if (c.empty)
        summary << fillText(QCoreApplication::translate("DeadLetterWrite", "%1 entries hold nothing but metadata and stay in the DLQ."), c.empty);
    if (c.skipped)
        summary << fillText(QCoreApplication::translate("DeadLetterWrite", "%1 entries do not match and stay."), c.skipped);
    summary << fillText(QCoreApplication::translate("DeadLetterWrite", "Audit log: %1"), AuditLog(r.auditLogPath).path());
    v.summary = summary.join(QLatin1Char(' '));
    v.commands = p.dry.plan;
    if (p.dry.planLeftOut > 0)
        v.commands << fillText(QCoreApplication::translate("DeadLetterWrite", "… and the commands for %1 more entries, the same way (not listed)"), p.dry.planLeftOut);
    if (plan.ledger)
        v.commandsNote = QCoreApplication::translate("DeadLetterWrite", "Exactly these commands will run (per entry: a script on the source's master that skips IDs already in the ledger, "
                            "then XDEL on the DLQ's master):");
    else
        v.commandsNote = fillText(QCoreApplication::translate("DeadLetterWrite", "Exactly these commands will run, in one Lua script per batch of %1 that also appends an audit record to %2:"),
                                  r.batchSize, displayBytes(r.auditStream));
    v.path = plan.pathText;
    return v;
}

QStringList DlqWriteKind::dryRunLines(const PreparedWrite &p) const
{
    QStringList lines = p.dry.plan;
    if (p.dry.planLeftOut > 0)
        lines << fillText(QStringLiteral("# ... and the commands for %1 more entries, the same way (not listed)"), p.dry.planLeftOut);
    lines << countsLine(p.dry, true);
    return lines;
}

std::unique_ptr<WriteJob> DlqWriteKind::job(const PreparedWrite &p, const WriteDecision &decision) const
{
    const RequeuePlan &plan = planOf(p);
    // The rate asked in the confirmation, else the one the request came with (--rate).
    const double rate = decision.ratePerSecond > 0 ? decision.ratePerSecond : plan.request.ratePerSecond;
    if (plan.ledger) {
        CrossSlotRequeueRequest x = *plan.ledger;
        x.ratePerSecond = rate;
        return std::make_unique<CrossSlotRequeueJob>(p.node, x);
    }
    RequeueRequest r = plan.request;
    r.ratePerSecond = rate;
    if (rate > 0) // small batches pace evenly: about ten a second
        r.batchSize = std::clamp(int(rate / 10), 1, r.batchSize);
    return std::make_unique<RequeueJob>(p.node, r);
}

QString DlqWriteKind::progressText(const WriteCounts &c) const
{
    return fillText(deleting() ? QCoreApplication::translate("DeadLetterWrite", "deleted %1%2, already gone %3, failed %4") : QCoreApplication::translate("DeadLetterWrite", "requeued %1%2, already gone %3, failed %4"), c.done,
                    c.total >= 0 ? fillText(QCoreApplication::translate("DeadLetterWrite", " of %1"), c.total) : QString(), c.gone, c.failed);
}

QString DlqWriteKind::outcomeText(const WriteOutcome &outcome) const
{
    const WriteRecord r = record(outcome, QString(), QString());
    return r.counts.isEmpty() ? r.headline : r.headline + QStringLiteral("; ") + r.counts.join(QStringLiteral("; "));
}

QString DlqWriteKind::countsLine(const WriteOutcome &outcome, bool dryRun) const
{
    const WriteCounts &c = outcome.counts;
    const char *verb = deleting() ? (dryRun ? "dry run: would delete" : "deleted") : (dryRun ? "dry run: would requeue" : "requeued");
    QString line = fillText(QStringLiteral("%1 %2, already gone %3, failed %4"), QLatin1String(verb), c.done, c.gone, c.failed);
    if (c.skipped)
        line += fillText(QStringLiteral(", skipped %1 (not matching)"), c.skipped);
    if (c.empty)
        line += fillText(QStringLiteral(", left with only metadata %1"), c.empty);
    if (outcome.cancelled)
        line += QStringLiteral(", interrupted");
    return line;
}

QStringList DlqWriteKind::reportLines(const WriteOutcome &outcome) const
{
    QStringList lines{countsLine(outcome, false)};
    if (!outcome.ledgerKey.isEmpty())
        lines << fillText(QStringLiteral("cross-slot: %1 found in the ledger %2 after a lost reply, %3 retries (source on %4, DLQ on %5)"),
                          outcome.counts.duplicates, displayBytes(outcome.ledgerKey), outcome.counts.retries, outcome.sourceNode, outcome.dlqNode);
    return lines;
}

WriteRecord DlqWriteKind::record(const WriteOutcome &outcome, const QString &auditPath, const QString &) const
{
    if (!outcome.ledgerKey.isEmpty()) // the ledger path ran
        return writeRecordFor(crossSlotRequestFor(m_request, m_pathTarget, m_targetExplicit), outcome, auditPath);
    return writeRecordFor(m_request, outcome, auditPath);
}

} // namespace pelscope
