// What the poller asks each tick, and how much it may spend doing it.
#pragma once

#include "../health/health_rules.h"
#include "queue_config.h"

#include <QByteArray>
#include <QList>

namespace pelscope {

struct ProbeConfig
{
    QList<QByteArray> streams; // explicit keys: no SCAN at all
    QByteArray match = "*";    // SCAN MATCH pattern otherwise
    int scanCount = 200;       // keys visited per SCAN page (~125 µs at 100)
    qint64 rescanIntervalMs = 30'000;
    // The first sweep runs before the first snapshot, within this time; what
    // is not swept by then follows in later ticks (one-shot: is said missing).
    qint64 discoveryBudgetMs = 3'000;
    // A sweep ends after this many pages even if the cursor never returns
    // to 0 (a broken or hostile server): 20,000 × scanCount keys.
    qint64 scanMaxPages = 20'000;

    int headSample = 20;    // XPENDING k g - + H every tick
    int smallPel = 100;     // PELs this small are read whole every tick
    int pelBudget = 10'000; // walk the PEL exactly up to this size
    int walkPage = 100;     // entries walked per tick (one command, ~50 µs)
    int samplesPerTick = 2; // random probes for PELs over budget
    int sampleSize = 10;
    int sampleWindow = 2'000; // sampled entries the histogram rests on, at most

    // Once a group's histogram is known (walked whole, or sampleWindow / 4
    // probed entries), its walk pages or probes come every this many ticks.
    int settledEveryTicks = 10;

    int consumersEveryTicks = 10;      // XINFO CONSUMERS cadence, times consumers / 200
    int consumerBudgetPerTick = 1'000; // consumer rows read per tick, summed over groups
    // The XPENDING summary only gives pending_max_id here, and visits every
    // consumer: read with the consumers, and only for groups this small.
    int summaryMaxConsumers = 50;
    // XINFO STREAM (XLEN in between) while every group of the stream reports
    // its lag: lag, pending and positions come from XINFO GROUPS every tick.
    int streamInfoEveryTicks = 10;
    qint64 bigStreamReplyBytes = 1 << 20; // XINFO STREAM replies this large: every 10th tick at most

    // Estimated server µs per tick (poll_cost.h); 0: no budget. What every
    // tick needs is always sent; optional reads wait for a tick with room.
    qint64 pollBudgetUs = 0;
    int starvedAfterTicks = 30; // a read waiting this long means the budget is too small

    // More groups than this: streams are read in turn, a tick reads the next
    // streams up to this many groups (dead-letter streams every tick) and the
    // others keep their last values, so every group is read at least every
    // ceil(groups / groupsPerTick) ticks. 0: every stream every tick.
    // 2,000 groups are ~20 ms of server time and ~80 ms of client CPU a tick.
    int groupsPerTick = 2'000;

    bool oneShot = false; // CLI snapshot: spend up to pelBudget per group now
    HealthThresholds thresholds;
    QueueConfig queues; // delayed queues and reliable lists (queue_probe.h)
    // INFO commandstats for claim and XACK activity (activity_probe.h), at most this often.
    qint64 activityEveryMs = 10'000;
    // --annotations-stream: a stream a deploy pipeline XADDs its marks to
    // (annotation_probe.h); empty: none.
    QByteArray annotationsStream;
};

} // namespace pelscope
