// The probe's reply parsers: one tick planned for two streams (one a DLQ),
// then answered with whatever the fuzzer's bytes decode to, reply by reply
// (XINFO GROUPS/STREAM/CONSUMERS, XPENDING, TIME, SCAN, the queues' ZCARD,
// ZRANGE, LLEN, LRANGE, INFO commandstats); a few ticks in a row so state
// carried between ticks (PEL walks, samples, activity windows) is exercised too.
// The job frameworks' readers (BullMQ, Sidekiq, RQ, Celery, dramatiq, arq) likewise: their
// registries, ids and job hashes and JSON come from the same bytes, and
// each tick's plan is checked to stay bounded (no SMEMBERS, no whole range).
#include "fuzz_support.h"
#include "probe/activity_probe.h"
#include "probe/job_probe.h"
#include "probe/queue_probe.h"
#include "probe/stream_probe.h"
#include "snapshot/snapshot_json.h"

using namespace pelscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const RedisReplies replies = fuzz::repliesFrom(data, size);
    ProbeConfig config;
    config.streams = {"orders", "orders:dlq"};
    StreamProbe probe(config);
    QueueConfig queueConfig;
    queueConfig.delayed = {"delayed_queue"};
    queueConfig.lists = {{"myqueue", "processing"}};
    QueueProbe queues(queueConfig, "*", 100, 10, 30'000);
    ActivityProbe activity(0);
    qsizetype next = 0;
    for (int tick = 0; tick < 3; ++tick) {
        const RedisBatch batch = probe.planTick();
        RedisReplies answer;
        for (qsizetype i = 0; i < batch.size(); ++i)
            answer.append(next < replies.size() ? replies.at(next++) : RedisReply::nil());
        SnapshotData data = probe.parseTick(answer);
        // The queues' and the activity's replies, from the same bytes.
        RedisBatch queueBatch;
        queues.plan(queueBatch);
        RedisReplies queueAnswer;
        for (qsizetype i = 0; i < queueBatch.size(); ++i)
            queueAnswer.append(next < replies.size() ? replies.at(next++) : RedisReply::nil());
        queues.parse(queueAnswer, data.takenAtMs, config.thresholds, data);
        activity.parse(next < replies.size() ? &replies.at(next++) : nullptr, data);
        (void)snapshotToJsonBytes(Snapshot(data), false);
    }
    JobProbe jobs;
    FoundJobSystems systems;
    systems.bullmq = {{"bull", "mail"}};
    systems.sidekiq = true;
    systems.rq = true;
    systems.celeryBindings = {"_kombu.binding.celery"};
    systems.dramatiq = {{"dramatiq", "default"}};
    systems.arq = {"arq:queue"};
    jobs.found(systems);
    for (int tick = 0; tick < 4; ++tick) {
        RedisBatch batch;
        jobs.plan(batch, 1'796'313'459'000 + tick * 1000);
        // Bounded per poll, whatever the server sent last tick (issue 47): no
        // whole-set or whole-hash read, no list range past a page, and a plan
        // that the caps keep small.
        if (batch.size() > 20'000)
            __builtin_trap();
        for (const RedisCommand &c : batch) {
            const QByteArray verb = c.value(0).toUpper();
            if (verb == "SMEMBERS" || verb == "HGETALL" || verb == "KEYS" || verb == "HVALS" || verb == "HKEYS")
                __builtin_trap();
            if (verb == "ZRANGEBYSCORE" && !c.contains("LIMIT"))
                __builtin_trap();
            if (verb == "LRANGE" || verb == "ZRANGE") {
                bool okFrom = false, okTo = false;
                const qint64 from = c.value(2).toLongLong(&okFrom), to = c.value(3).toLongLong(&okTo);
                if (!okFrom || !okTo || (from >= 0) != (to >= 0) || to - from > 1000)
                    __builtin_trap();
            }
        }
        RedisReplies answer;
        for (qsizetype i = 0; i < batch.size(); ++i)
            answer.append(next < replies.size() ? replies.at(next++) : RedisReply::nil());
        SnapshotData data;
        jobs.parse(answer, 1'796'313'459'000 + tick * 1000, HealthThresholds{}, data);
        (void)snapshotToJsonBytes(Snapshot(data), false);
    }
    QList<QByteArray> keys;
    for (const RedisReply &r : replies)
        keys.append(r.bytes());
    (void)classifyJobKeys(keys, keys, keys);
    // Discovery and the pending-entry parser on their own.
    StreamProbe scanning(ProbeConfig{});
    QueueConfig discover;
    QueueProbe finding(discover, "*", 100, 10, 30'000);
    for (const RedisReply &r : replies) {
        (void)scanning.onScanReply(r);
        (void)parsePendingEntries(r);
        (void)finding.onScanReply(r);
        (void)ActivityProbe::parseCommandStats(r.bytes());
        (void)QueueProbe::itemTimeMs(r.bytes(), discover.timestampFields);
        (void)jobTimeMs(r.bytes());
    }
    return 0;
}
