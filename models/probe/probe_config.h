// What the poller asks each tick, and how much it may spend doing it.
#pragma once

#include "../health/health_rules.h"

#include <QByteArray>
#include <QList>

namespace pelscope {

struct ProbeConfig
{
    QList<QByteArray> streams;      // explicit keys: no SCAN at all
    QByteArray match = "*";         // SCAN MATCH pattern otherwise
    int scanCount = 200;            // keys visited per SCAN page (~125 µs at 100)
    qint64 rescanIntervalMs = 30'000;

    int headSample = 20;            // XPENDING k g - + H every tick
    int smallPel = 100;             // PELs this small are read whole every tick
    int pelBudget = 10'000;         // walk the PEL exactly up to this size
    int walkPage = 100;             // entries walked per tick (one command, ~50 µs)
    int samplesPerTick = 2;         // random probes for PELs over budget
    int sampleSize = 10;
    int sampleWindow = 2'000;       // sampled entries the histogram rests on, at most

    int consumersEveryTicks = 5;    // XINFO CONSUMERS + XPENDING summary cadence
    int consumerBudgetPerTick = 1'000; // consumer rows read per tick, summed over groups
    qint64 bigStreamReplyBytes = 1 << 20; // XINFO STREAM replies this large are rationed

    bool oneShot = false;           // CLI snapshot: spend up to pelBudget per group now
    HealthThresholds thresholds;
};

} // namespace pelscope
