// The reads a pending-entry action makes before it writes anything, and the
// refusal they may lead to (no stream, no group, a DLQ of another type, keys
// one script cannot reach atomically), and the plan shown before any write.
// Shared by the job, the CLI and the GUI.
#pragma once

#include "pending_action_job.h"

namespace pelscope {

// TYPE stream, XINFO GROUPS stream, and TYPE dlq for to-dlq.
RedisBatch preflightBatch(const PendingActionRequest &request);

// None when the request may go ahead; else why not (Usage for a refusal,
// the server's error otherwise). `cluster`: the server runs in cluster mode.
RedisError preflightRefusal(const PendingActionRequest &request, const RedisBatch &batch, const RedisReplies &replies, bool cluster);

// What an action on pending entries will touch, from one read made just
// before the confirmation: the window and the CLI show these numbers and no
// others, so a dialog cannot say 40 in one place and 0 in another.
struct PendingPlan
{
    RedisError refusal;                 // set: refuse (nothing was written)
    QStringList lines;                  // the exact commands, keys and counts
    QString summary;                    // one sentence with the numbers, plain text
    QStringList notes;                  // what the operator must do or know afterwards
    std::optional<qint64> holds;        // claim by consumer: its pending entries now
    std::optional<qint64> eligible;     // of those, idle at least the guard now (null: not counted, PEL too large)
    std::optional<qint64> stillPending; // by ID: how many of the IDs are pending now
    qint64 readAtMs = 0;                // when the numbers were read (local clock)
};

// The reads (one or two round trips on `node`, on the calling thread) and the plan.
PendingPlan readPendingPlan(const ConnectionOptions &node, const PendingActionRequest &request);

// The plan's lines for given numbers (readPendingPlan fills them in).
QStringList pendingActionPlan(const PendingActionRequest &request, const QString &connection, const PendingPlan &numbers);

} // namespace pelscope
