// -READONLY in the middle of a write job. With Redis Sentinel it means a
// failover demoted the server the job was writing to (the FAILOVER command,
// or an operator's REPLICAOF, keeps the clients connected): RedisConnection
// then asks the sentinels again, and the batch is sent once more, to the new
// primary. That is safe because a replica refuses every write, so nothing of
// the refused command was applied (a script stops at its first write, before
// anything is changed), and every write the jobs send is idempotent by ID:
// requeue.lua and delete.lua skip IDs no longer in the DLQ, move_to_dlq.lua
// skips IDs no longer pending, a second XACK acknowledges nothing, an XCLAIM
// refused as a whole claimed nothing. The retry counts against the job's
// limit of consecutive failures like a lost connection does.
// With a plain URL the server simply is a replica: retrying would not help,
// so the error stands as before.
#pragma once

#include "../values/connection_options.h"
#include "../redis/redis_error.h"
#include "../redis/redis_reply.h"

namespace pelscope {

inline bool demotedMidJob(const RedisReply &reply, const ConnectionOptions &options)
{
    return options.sentinel.has_value() && reply.isError() && reply.errorCode() == "READONLY";
}

// What retryLater() is told: not a configuration error, so it retries.
inline RedisError demotedError(const QString &node, const RedisReply &reply)
{
    RedisError e;
    e.kind = RedisError::Kind::Closed;
    e.detail = reply.bytes();
    e.message = QStringLiteral("%1 answered READONLY: a failover demoted it; retrying on the primary the sentinels name now")
                    .arg(node.isEmpty() ? QStringLiteral("the server") : node);
    return e;
}

} // namespace pelscope
