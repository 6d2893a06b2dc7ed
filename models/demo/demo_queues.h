// The demo incident's other two queue patterns (docs/QUEUES.md), with the
// articles' own commands: a delayed queue whose scheduler has stalled (tasks
// keep being scheduled, none is taken, the oldest due ones are minutes late),
// and a reliable list served by a healthy worker (LMOVE, then LREM) next to
// the items a crashed worker left in processing. Commands only, no I/O.
#pragma once

#include "../redis/redis_reply.h"

namespace pelscope::demo {

struct QueueKeys
{
    explicit QueueKeys(const QByteArray &prefix)
        : delayed(prefix + "delayed_queue")
        , jobs(prefix + "jobs")
        , processing(prefix + "jobs:processing")
    {}
    QByteArray delayed, jobs, processing;
};

inline constexpr int kStalledTasks = 12;         // due 6 to 8 minutes ago when the demo starts
inline constexpr int kCrashedItems = 6;          // in processing since 11 minutes ago
inline constexpr qint64 kCrashedAgeS = 660;
inline constexpr qint64 kScheduleAheadS = 20;    // each new task is due this long after it is scheduled

// The set-up: stalled tasks and later ones, a backlog, the crashed worker's items.
RedisBatch queueSetup(const QueueKeys &keys, qint64 nowS);
// Once a second: a task scheduled (never taken), a job pushed, and the healthy
// worker's LMOVE (its LREM follows with the item it got: queueFinish).
RedisBatch queueTick(const QueueKeys &keys, qint64 nowS, qint64 serial);
RedisCommand queueFinish(const QueueKeys &keys, const QByteArray &item);

} // namespace pelscope::demo
