// The probe's reply parsers: one tick planned for two streams (one a DLQ),
// then answered with whatever the fuzzer's bytes decode to, reply by reply
// (XINFO GROUPS/STREAM/CONSUMERS, XPENDING, TIME, SCAN); a few ticks in a
// row so state carried between ticks (PEL walks, samples) is exercised too.
#include "fuzz_support.h"
#include "probe/stream_probe.h"
#include "snapshot/snapshot_json.h"

using namespace pelscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const RedisReplies replies = fuzz::repliesFrom(data, size);
    ProbeConfig config;
    config.streams = {"orders", "orders:dlq"};
    StreamProbe probe(config);
    qsizetype next = 0;
    for (int tick = 0; tick < 3; ++tick) {
        const RedisBatch batch = probe.planTick();
        RedisReplies answer;
        for (qsizetype i = 0; i < batch.size(); ++i)
            answer.append(next < replies.size() ? replies.at(next++) : RedisReply::nil());
        const SnapshotData data = probe.parseTick(answer);
        (void)snapshotToJsonBytes(Snapshot(data), false);
    }
    // Discovery and the pending-entry parser on their own.
    StreamProbe scanning(ProbeConfig{});
    for (const RedisReply &r : replies) {
        (void)scanning.onScanReply(r);
        (void)parsePendingEntries(r);
    }
    return 0;
}
