#include "demo_queues.h"

namespace pelscope::demo {

namespace {

QByteArray job(qint64 id, qint64 timestampS, const char *kind)
{
    return QByteArrayLiteral("{\"id\":") + QByteArray::number(id) + ",\"type\":\"" + kind + "\",\"timestamp\":" + QByteArray::number(timestampS) + "}";
}

} // namespace

RedisBatch queueSetup(const QueueKeys &keys, qint64 nowS)
{
    RedisBatch batch;
    RedisCommand zadd{"ZADD", keys.delayed};
    for (int i = 0; i < kStalledTasks; ++i)
        zadd += {QByteArray::number(nowS - 480 + i * 10), "task:report-" + QByteArray::number(i)};
    for (int i = 0; i < 5; ++i)
        zadd += {QByteArray::number(nowS + 120 * (i + 1)), "task:digest-" + QByteArray::number(i)};
    batch.append(zadd);
    batch.append({"DEL", keys.processing}); // a restarted demo: one crash, not one per run
    RedisCommand crashed{"LPUSH", keys.processing};
    for (int i = 0; i < kCrashedItems; ++i)
        crashed.append(job(9000 + i, nowS - kCrashedAgeS - i, "resize-image"));
    batch.append(crashed);
    RedisCommand backlog{"RPUSH", keys.jobs};
    for (int i = 0; i < 15; ++i)
        backlog.append(job(i, nowS, "resize-image"));
    batch.append(backlog);
    return batch;
}

RedisBatch queueTick(const QueueKeys &keys, qint64 nowS, qint64 serial)
{
    return {{"ZADD", keys.delayed, QByteArray::number(nowS + kScheduleAheadS), "task:send-" + QByteArray::number(serial)},
            {"LPUSH", keys.jobs, job(serial, nowS, "resize-image")},
            {"LMOVE", keys.jobs, keys.processing, "RIGHT", "LEFT"}};
}

RedisCommand queueFinish(const QueueKeys &keys, const QByteArray &item)
{
    return {"LREM", keys.processing, "1", item};
}

} // namespace pelscope::demo
