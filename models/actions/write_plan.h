// Where and how a write runs, decided before anything is read for the
// confirmation or written: the node (the key's master on a cluster), the
// path (one server, atomic, the cross-slot ledger), the request as it will
// run (the audit stream in the right slot), or the refusal with its reason.
// The one place this policy lives: pelscope-cli and the window's
// WriteController both ask here and only show the answer. Blocking (it may
// read the slot map): call it from the CLI or a worker thread.
#pragma once

#include "pending_action_job.h"
#include "requeue_route.h"

#include <optional>

namespace pelscope {

struct RequeuePlan
{
    enum class Path { OneServer, Atomic, Ledger, Refused };
    Path path = Path::Refused;
    ConnectionOptions node;                        // where the job connects (the ledger job: the seed, it routes itself)
    ConnectionOptions dlqNode;                     // where the DLQ is read (its master on a cluster)
    RequeueRequest request;                        // as it will run
    std::optional<CrossSlotRequeueRequest> ledger; // Path::Ledger
    QString pathText;                              // the path in words, for a confirmation; empty on one server
    QString pathLine;                              // the same in one line, pelscope-cli's "path:"
    QString refusal;                               // Path::Refused: why nothing will be written
    QString error;                                 // the server's mode or slot map could not be read

    bool runs() const { return error.isEmpty() && path != Path::Refused; }
    bool cluster() const { return path == Path::Atomic || path == Path::Ledger || (path == Path::Refused && !pathText.isEmpty()); }
};

// `target`: the stream entries go back to, named (`targetExplicit`) or
// inferred from the DLQ's name; empty: each entry's source_stream decides.
// `noTargetHint` says how to name one ("name the target with --to").
RequeuePlan planRequeue(const ConnectionOptions &seed, RequeueRequest request, const QByteArray &target, bool targetExplicit,
                        const QString &noTargetHint);

// On a cluster: why an edited entry cannot be requeued from `dlq` to
// `target` (one script must add and delete, so both need one slot); empty
// when it can, or when the target is not known yet.
QString editedRequeueRefusal(const QByteArray &dlq, const QByteArray &target);

struct PendingActionPlan
{
    ConnectionOptions node;       // the stream's master on a cluster, else the seed
    PendingActionRequest request; // as it will run (the audit stream in the stream's slot on a cluster)
    QString pathText;             // empty on one server
    QString refusal;              // why nothing will be written
    QString error;                // the server's mode or slot map could not be read

    bool runs() const { return error.isEmpty() && refusal.isEmpty(); }
};

PendingActionPlan planPendingAction(const ConnectionOptions &seed, PendingActionRequest request);

} // namespace pelscope
