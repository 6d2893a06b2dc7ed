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

// What the action will do, in lines for a confirmation: the exact commands,
// keys and counts. `consumerHolds`: the pending count of request.fromConsumer.
QStringList pendingActionPlan(const PendingActionRequest &request, const QString &connection, qint64 consumerHolds = 0);

} // namespace pelscope
