#include "requeue_path.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "../values/key_slot.h"

namespace pelscope {

namespace {

// The part of the key Redis hashes: the first non-empty {tag}, else the key.
QByteArray hashedPart(const QByteArray &key)
{
    const qsizetype open = key.indexOf('{');
    if (open >= 0) {
        const qsizetype close = key.indexOf('}', open + 1);
        if (close > open + 1)
            return key.mid(open + 1, close - open - 1);
    }
    return key;
}

} // namespace

QByteArray keyInSlotOf(const QByteArray &key, const QByteArray &suffix)
{
    return "{" + hashedPart(key) + "}" + suffix;
}

RequeuePathPlan planRequeuePath(const QByteArray &dlq, const QByteArray &target)
{
    RequeuePathPlan plan;
    if (keySlot(dlq) == keySlot(target)) {
        plan.path = RequeuePathPlan::Path::Atomic;
        plan.description = fillText(QStringLiteral("atomic: %1 and %2 share slot %3, one script moves each batch"), displayBytes(dlq),
                                    displayBytes(target), keySlot(dlq));
        return plan;
    }
    plan.ledgerKey = keyInSlotOf(target, ":pelscope:requeue-ledger");
    if (keySlot(plan.ledgerKey) != keySlot(target)) {
        // A key like "a}b" has no tag a ledger could share.
        plan.description = QStringLiteral("refusing: no ledger key can share the slot of %1, so a retry could not be "
                                          "recognised and an entry could be requeued twice")
                               .arg(displayBytes(target));
        return plan;
    }
    plan.path = RequeuePathPlan::Path::CrossSlotLedger;
    plan.description = fillText(QStringLiteral("cross-slot: %1 (slot %2) and %3 (slot %4) differ; each entry is added to the source by a "
                                               "script that records its DLQ ID in the ledger %5, then deleted from the DLQ"),
                                displayBytes(dlq), keySlot(dlq), displayBytes(target), keySlot(target), displayBytes(plan.ledgerKey));
    return plan;
}

} // namespace pelscope
