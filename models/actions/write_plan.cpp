#include "write_plan.h"

#include "../values/key_slot.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

namespace pelscope {

QString editedRequeueRefusal(const QByteArray &dlq, const QByteArray &target)
{
    if (target.isEmpty() || keySlot(dlq) == keySlot(target))
        return {};
    return fillText(QStringLiteral("an edited entry is added to its source and deleted from the DLQ by one script, which needs both in one "
                                   "slot: %1 (slot %2) and %3 (slot %4) are not. Requeue it unedited (the ledger path moves it exactly once), or "
                                   "edit it once it is back in %3."),
                    displayBytes(dlq), keySlot(dlq), displayBytes(target), keySlot(target));
}

RequeuePlan planRequeue(const ConnectionOptions &seed, RequeueRequest request, const QByteArray &target, bool targetExplicit,
                        const QString &noTargetHint)
{
    RequeuePlan plan;
    plan.request = request; // what a refusal is about
    const bool deleting = request.operation == RequeueRequest::Operation::Delete;
    const RequeueRoute route = routeRequeue(seed, request.dlq, deleting ? QByteArray() : target, noTargetHint);
    plan.node = route.dlqNode;
    plan.dlqNode = route.dlqNode;
    if (!route.error.isEmpty()) {
        plan.error = QStringLiteral("cannot tell where %1 lives: %2").arg(quotedBytes(request.dlq), route.error);
        return plan;
    }
    if (!route.cluster) { // one server: every key is here
        plan.path = RequeuePlan::Path::OneServer;
        plan.request = std::move(request);
        return plan;
    }
    if (deleting) {
        // One script per batch deletes and audits: the audit stream must share the DLQ's slot.
        const QByteArray audit = clusterAuditStream(request.dlq);
        if (audit.isEmpty()) {
            plan.refusal = QStringLiteral("refused: no audit stream can share the slot of %1, so the script that deletes and audits "
                                          "each entry cannot run on this cluster")
                               .arg(displayBytes(request.dlq));
            plan.pathText = plan.pathLine = plan.refusal;
            return plan;
        }
        request.auditStream = audit;
        plan.path = RequeuePlan::Path::Atomic;
        plan.pathText =
            fillText(QStringLiteral("on %1, the master serving slot %2 of %3: one script per batch deletes the entries and audits them in %4"),
                     route.dlqNodeAddress, keySlot(request.dlq), displayBytes(request.dlq), displayBytes(audit));
        plan.pathLine = plan.pathText;
        plan.request = std::move(request);
        return plan;
    }
    plan.pathText = route.summary();
    plan.pathLine = route.path.description;
    if (route.refused()) {
        plan.refusal = plan.pathText;
        return plan;
    }
    if (request.editedFields && !route.atomic()) {
        plan.refusal = QStringLiteral("refused: ") + editedRequeueRefusal(request.dlq, route.target);
        return plan;
    }
    if (route.atomic()) {
        request.auditStream = route.auditStream; // written by the same script: in the DLQ's slot
        plan.path = RequeuePlan::Path::Atomic;
        plan.request = std::move(request);
        return plan;
    }
    plan.path = RequeuePlan::Path::Ledger;
    plan.node = seed; // the ledger job reads the slot map itself, again after a lost connection or a -MOVED
    plan.ledger = crossSlotRequestFor(request, route.target, targetExplicit);
    plan.request = std::move(request);
    return plan;
}

PendingActionPlan planPendingAction(const ConnectionOptions &seed, PendingActionRequest request)
{
    PendingActionPlan plan;
    plan.request = request; // what a refusal is about
    const KeyRoute route = routeKey(seed, request.stream);
    plan.node = route.node;
    if (!route.error.isEmpty()) {
        plan.error = QStringLiteral("cannot read the server that holds %1: %2").arg(quotedBytes(request.stream), route.error);
        return plan;
    }
    if (route.cluster) {
        plan.pathText =
            fillText(QStringLiteral("on %1, the master serving slot %2, which holds %3; a -MOVED while it runs (the slot moving) stops it "
                                    "and is reported, never retried blindly"),
                     route.nodeAddress, route.slot, displayBytes(request.stream));
        if (request.action == PendingActionRequest::Action::ToDlq) {
            // One script XADDs to the DLQ, XACKs and audits: all three in the stream's slot.
            const QByteArray audit = clusterAuditStream(request.stream);
            if (keySlot(request.dlq) != route.slot || audit.isEmpty()) {
                const QByteArray inSlot = keyInSlotOf(request.stream, ":dlq");
                plan.refusal = fillText(QStringLiteral("refused: %1 (slot %2) and %3 (slot %4) are in different cluster slots, so one script cannot "
                                                       "move the entries atomically; use a DLQ with the stream's hash tag%5"),
                                        quotedBytes(request.stream), route.slot, quotedBytes(request.dlq), keySlot(request.dlq),
                                        keySlot(inSlot) == route.slot ? QStringLiteral(", e.g. %1").arg(quotedBytes(inSlot)) : QString());
                return plan;
            }
            request.auditStream = audit;
            plan.pathText += QStringLiteral("; audited in %1").arg(displayBytes(audit));
        }
    }
    plan.request = std::move(request);
    return plan;
}

} // namespace pelscope
