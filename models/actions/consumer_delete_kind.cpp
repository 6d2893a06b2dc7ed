#include "consumer_delete_kind.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "audit_log.h"
#include "requeue_route.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

// Where it runs, and the request as it will be sent there.
struct Routed
{
    ConsumerDeleteRequest request;
    QString path;
};

} // namespace

ConsumerDeleteKind::ConsumerDeleteKind(ConsumerDeleteRequest request)
    : m_request(std::move(request))
{}

QString ConsumerDeleteKind::title() const
{
    return QCoreApplication::translate("ConsumerDelete", "Delete consumer");
}

QString ConsumerDeleteKind::aclAction() const
{
    return QStringLiteral("delete_consumer");
}

PreparedWrite ConsumerDeleteKind::prepare(const ConnectionOptions &writeOptions) const
{
    PreparedWrite p;
    const KeyRoute route = routeKey(writeOptions, m_request.stream);
    if (!route.error.isEmpty()) {
        p.error = fillText(QCoreApplication::translate("ConsumerDelete", "cannot tell which server holds %1: %2"), displayBytes(m_request.stream),
                           route.error);
        return p;
    }
    p.node = route.cluster ? route.node : writeOptions;
    Routed routed{m_request, {}};
    if (route.cluster) {
        // The script checks, deletes and audits in one go: the audit stream in the stream's slot.
        routed.request.auditStream = clusterAuditStream(m_request.stream);
        if (routed.request.auditStream.isEmpty()) {
            p.refusal = fillText(QCoreApplication::translate("ConsumerDelete", "refused: no audit stream can share the slot of %1, so the script "
                                                                               "that checks, deletes and audits cannot run"),
                                 displayBytes(m_request.stream));
            return p;
        }
        routed.path = fillText(QCoreApplication::translate("ConsumerDelete", "on %1, the master serving slot %2, which holds %3; audited in %4; "
                                                                             "a -MOVED while it runs is reported, never retried blindly"),
                               route.nodeAddress, route.slot, displayBytes(m_request.stream), displayBytes(routed.request.auditStream));
    }
    p.plan = routed;
    return p;
}

WritePreview ConsumerDeleteKind::preview(const PreparedWrite &p) const
{
    const Routed routed = std::any_cast<Routed>(p.plan);
    WritePreview v;
    v.title = title();
    v.headline = fillText(QCoreApplication::translate("ConsumerDelete", "Delete consumer %1 from group %2 of stream %3, if it holds no pending "
                                                                        "entry when the script runs."),
                          displayBytes(m_request.consumer), displayBytes(m_request.group), displayBytes(m_request.stream));
    v.commands << fillText(QCoreApplication::translate("ConsumerDelete", "One Lua script on %1:"), p.node.redactedUrl());
    for (const QString &line : consumerDeletePlan(routed.request))
        v.commands << QStringLiteral("  ") + line;
    v.commands << QCoreApplication::translate("ConsumerDelete", "Audit log: %1").arg(AuditLog(m_request.auditLogPath).path());
    v.commandsNote = QCoreApplication::translate("ConsumerDelete", "One script checks that the consumer holds nothing and deletes it, or changes nothing:");
    v.path = routed.path;
    return v;
}

QStringList ConsumerDeleteKind::dryRunLines(const PreparedWrite &p) const
{
    return preview(p).commands;
}

std::unique_ptr<WriteJob> ConsumerDeleteKind::job(const PreparedWrite &p, const WriteDecision &) const
{
    return std::make_unique<ConsumerDeleteJob>(p.node, std::any_cast<Routed>(p.plan).request);
}

QString ConsumerDeleteKind::progressText(const WriteCounts &) const
{
    return title();
}

QString ConsumerDeleteKind::outcomeText(const WriteOutcome &outcome) const
{
    if (outcome.counts.done > 0)
        return QCoreApplication::translate("ConsumerDelete", "%1 deleted").arg(displayBytes(m_request.consumer));
    if (outcome.holdsPending)
        return fillText(QCoreApplication::translate("ConsumerDelete", "not deleted: %1 took %2 pending entries meanwhile"), displayBytes(m_request.consumer),
                        outcome.holdsPending);
    return QCoreApplication::translate("ConsumerDelete", "not deleted");
}

WriteRecord ConsumerDeleteKind::record(const WriteOutcome &outcome, const QString &auditPath, const QString &) const
{
    return writeRecordFor(m_request, outcome, auditPath);
}

} // namespace pelscope
