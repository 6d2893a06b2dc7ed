// Which path a requeue from a dead-letter stream back to its source takes on
// a cluster, decided from the two keys' slots alone, before anything is read
// or written: one script when they share a slot, the ledger when they do
// not, a refusal when no ledger key could share the source's slot.
#pragma once

#include <QByteArray>
#include <QString>

namespace pelscope {

// Which path a requeue from `dlq` to `target` takes, said before anything is written.
struct RequeuePathPlan
{
    enum class Path { Atomic, CrossSlotLedger, Refused };
    Path path = Path::Refused;
    QByteArray ledgerKey; // CrossSlotLedger: "{<source's hash tag or key>}:pelscope:requeue-ledger"
    QString description;  // for the plan shown to the operator, or the refusal
};
RequeuePathPlan planRequeuePath(const QByteArray &dlq, const QByteArray &target);

// "{<the part of `key` Redis hashes>}<suffix>": a key in `key`'s slot.
QByteArray keyInSlotOf(const QByteArray &key, const QByteArray &suffix);

} // namespace pelscope
