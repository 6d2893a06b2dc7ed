#include "job_repair_kind.h"

#include "../snapshot/format.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "audit_log.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

// Celery calls its jobs tasks.
QString jobs(const JobRepairRequest &r, qint64 n)
{
    if (r.framework == JobFramework::Celery)
        return n == 1 ? QCoreApplication::translate("JobRepair", "1 task") : fillText(QCoreApplication::translate("JobRepair", "%1 tasks"), formatCount(n));
    return n == 1 ? QCoreApplication::translate("JobRepair", "1 job") : fillText(QCoreApplication::translate("JobRepair", "%1 jobs"), formatCount(n));
}

// What the framework's own code does that this mirrors, and what differs.
QStringList mirrors(const JobRepairRequest &r)
{
    switch (r.framework) {
    case JobFramework::BullMQ:
        return {QCoreApplication::translate("JobRepair", "As BullMQ's own Job.retry('failed') (reprocessJob-8.lua, default options): the attempts made are kept, "
                                                         "the job goes to wait (paused when the queue is paused) without its priority, as BullMQ's retry does."),
                QCoreApplication::translate("JobRepair", "A worker takes each job again and runs it with its remaining attempts; a job that fails again "
                                                         "goes back to the failed set and is not taken twice by this run.")};
    case JobFramework::Sidekiq:
        return {QCoreApplication::translate("JobRepair", "As Sidekiq's own Retry (SortedEntry#retry): retry_count one less, enqueued_at now, pushed to "
                                                         "its queue; the rest of each payload stays byte for byte. Client middleware does not run."),
                QCoreApplication::translate("JobRepair", "Each entry is removed and pushed in the same script: never in both places, never in neither.")};
    case JobFramework::Rq:
        return {QCoreApplication::translate("JobRepair", "As RQ's own FailedJobRegistry.requeue: status queued, enqueued_at now, started_at, ended_at and "
                                                         "exc_info emptied, the id pushed to the right end of its queue. The failure's record in "
                                                         "rq:results stays, as RQ leaves it.")};
    case JobFramework::Celery:
        return {fillText(QCoreApplication::translate("JobRepair", "As kombu's own restore of unacked messages: only reservations older than the visibility "
                                                                  "timeout (%1), each marked redelivered and pushed to the queues its exchange binds, "
                                                                  "where a worker's next BRPOP takes it."),
                         formatDuration(r.visibilityTimeoutMs)),
                QCoreApplication::translate("JobRepair", "A task whose worker is alive but slow runs twice: kombu's own restore has the same rule. "
                                                         "A reservation is moved only while it still holds the bytes read for this plan.")};
    default:
        return {};
    }
}

} // namespace

QString describeJobRepair(const JobRepairRequest &r, const WriteOutcome &o, bool dry)
{
    const WriteCounts &c = o.counts;
    const QString source = quotedForPlan(r.sourceKey());
    QString line;
    switch (r.framework) {
    case JobFramework::Celery:
        line = fillText(dry ? QCoreApplication::translate("JobRepair", "would restore %1 from %2") : QCoreApplication::translate("JobRepair", "restored %1 from %2"),
                        jobs(r, c.done), source);
        break;
    case JobFramework::Rq:
        line = fillText(dry ? QCoreApplication::translate("JobRepair", "would requeue %1 from %2") : QCoreApplication::translate("JobRepair", "requeued %1 from %2"),
                        jobs(r, c.done), source);
        break;
    default:
        line = fillText(dry ? QCoreApplication::translate("JobRepair", "would retry %1 from %2") : QCoreApplication::translate("JobRepair", "retried %1 from %2"),
                        jobs(r, c.done), source);
        break;
    }
    if (c.gone)
        line += fillText(QCoreApplication::translate("JobRepair", ", %1 not there any more (taken back, or deleted)"), jobs(r, c.gone));
    if (c.skipped)
        line += fillText(r.framework == JobFramework::Celery ? QCoreApplication::translate("JobRepair", ", %1 left (within the visibility timeout, or not asked for)")
                                                             : QCoreApplication::translate("JobRepair", ", %1 left (their error does not match, or retried by this run already)"),
                         jobs(r, c.skipped));
    if (c.refused)
        line += fillText(QCoreApplication::translate("JobRepair", ", %1 refused (the framework would not take them back either)"), jobs(r, c.refused));
    if (c.uncertain)
        line += fillText(QCoreApplication::translate("JobRepair", ", %1 uncertain (a lost reply the audit stream cannot settle)"), jobs(r, c.uncertain));
    if (c.retries)
        line += fillText(QCoreApplication::translate("JobRepair", ", %1 batches retried after a lost connection"), c.retries);
    if (o.cancelled)
        line += QCoreApplication::translate("JobRepair", ", interrupted");
    return line;
}

JobRepairKind::JobRepairKind(JobRepairRequest request)
    : m_request(std::move(request))
{}

QString JobRepairKind::title() const
{
    return jobRepairTitle(m_request);
}

QString JobRepairKind::aclAction() const
{
    return jobRepairAction(m_request.framework);
}

PreparedWrite JobRepairKind::prepare(const ConnectionOptions &writeOptions) const
{
    PreparedWrite p;
    p.node = writeOptions;
    JobRepairRequest dry = m_request;
    dry.dryRun = true;
    JobRepairJob planner(writeOptions, dry);
    p.dry = runJobHere(planner);
    if (!p.dry.error.isEmpty()) {
        p.error = p.dry.error;
        p.errorKind = p.dry.errorKind;
    } else if (p.dry.counts.done == 0) {
        QStringList why{describeJobRepair(m_request, p.dry, true)};
        for (auto it = p.dry.refusedTargets.cbegin(); it != p.dry.refusedTargets.cend() && why.size() < 4; ++it)
            why << fillText(QStringLiteral("%1: %2"), displayBytes(it.key().left(60)), it.value());
        p.nothingToDo = why.join(QStringLiteral("; "));
    }
    return p;
}

WritePreview JobRepairKind::preview(const PreparedWrite &p) const
{
    WritePreview v;
    v.title = title();
    v.confirmLabel = fillText(QCoreApplication::translate("JobRepair", "%1 (%2)"), title(), formatCount(p.dry.counts.done));
    v.headline = describeJobRepair(m_request, p.dry, true);
    if (!v.headline.isEmpty())
        v.headline[0] = v.headline[0].toUpper();
    if (!m_request.errorContains.isEmpty())
        v.summary = fillText(QCoreApplication::translate("JobRepair", "Only the jobs whose error contains \"%1\"."), m_request.errorContains);
    v.commands << fillText(QCoreApplication::translate("JobRepair", "On %1, per batch of %2, one Lua script (%3):"), p.node.redactedUrl(), m_request.batchSize,
                           jobRepairScript(m_request.framework).section(QLatin1Char('/'), -1));
    for (const QString &line : p.dry.plan)
        v.commands << QStringLiteral("  ") + line;
    if (p.dry.planLeftOut > 0)
        v.commands << fillText(QCoreApplication::translate("JobRepair", "  ... and %1 more"), p.dry.planLeftOut);
    v.commands << fillText(QStringLiteral("  XADD \"%1\" MAXLEN ~ %2 * action %3 ... batch <token>"), displayBytes(m_request.auditStream), m_request.auditMaxLen,
                           jobRepairAction(m_request.framework));
    v.commands << fillText(QCoreApplication::translate("JobRepair", "Audit log: %1"), AuditLog(m_request.auditLogPath).path());
    v.commandsNote = mirrors(m_request).join(QLatin1Char(' '));
    for (auto it = p.dry.refusedTargets.cbegin(); it != p.dry.refusedTargets.cend(); ++it)
        v.notes << fillText(QCoreApplication::translate("JobRepair", "Left: %1 — %2"), displayBytes(it.key().left(60)), it.value());
    return v;
}

QStringList JobRepairKind::dryRunLines(const PreparedWrite &p) const
{
    QStringList lines = p.dry.plan;
    if (p.dry.planLeftOut > 0)
        lines << fillText(QStringLiteral("... and %1 more"), p.dry.planLeftOut);
    for (auto it = p.dry.refusedTargets.cbegin(); it != p.dry.refusedTargets.cend(); ++it)
        lines << fillText(QStringLiteral("left %1: %2"), displayBytes(it.key().left(60)), it.value());
    lines << describeJobRepair(m_request, p.dry, true);
    return lines;
}

std::unique_ptr<WriteJob> JobRepairKind::job(const PreparedWrite &p, const WriteDecision &) const
{
    return std::make_unique<JobRepairJob>(p.node, m_request);
}

QString JobRepairKind::progressText(const WriteCounts &c) const
{
    return fillText(QCoreApplication::translate("JobRepair", "%1 done…"), jobs(m_request, c.done));
}

QString JobRepairKind::outcomeText(const WriteOutcome &outcome) const
{
    return describeJobRepair(m_request, outcome, false);
}

WriteRecord JobRepairKind::record(const WriteOutcome &outcome, const QString &auditPath, const QString &) const
{
    WriteRecord r;
    r.at = QDateTime::currentDateTime();
    r.title = title();
    r.where = displayBytes(m_request.sourceKey());
    r.headline = outcomeText(outcome);
    for (const QByteArray &id : m_request.ids.mid(0, 20))
        r.entries << displayBytes(id.left(200));
    r.entriesNotListed = std::max<qsizetype>(0, m_request.ids.size() - 20);
    for (auto it = outcome.refusedTargets.cbegin(); it != outcome.refusedTargets.cend(); ++it)
        r.entries << fillText(QStringLiteral("%1: %2"), displayBytes(it.key().left(60)), it.value());
    r.error = outcome.error;
    r.auditPath = auditPath;
    r.failed = !outcome.ranToTheEnd() || outcome.counts.failed > 0;
    return r;
}

} // namespace pelscope
