// Builds a consumer group with a PEL of a given size quickly (one `redis-cli
// --pipe` run: XADD, XREADGROUP, XCLAIM RETRYCOUNT on a subset), and reads the
// truth about it out of band with a whole-PEL XPENDING.
#pragma once

#include "raw_redis.h"

#include <QMap>

namespace pelscope::bench {

struct FixtureSpec
{
    qint64 pending = 1000;
    int consumers = 10;
    QByteArray stream = "bench:orders";
    QByteArray group = "workers";
    int poisonHead = 25; // first entries redelivered (RETRYCOUNT 25): their idle resets
    quint32 seed = 42;
};

// The PEL as a whole-PEL XPENDING saw it. Nothing changes the PEL while the
// monitors run, so the oldest idle at any later server time follows from it.
struct PelTruth
{
    qint64 entries = 0;
    QMap<qint64, qint64> deliveryCounts;
    qint64 maxIdleMs = 0;
    qint64 readAtMs = 0; // server TIME right before that XPENDING
    QByteArray oldestIdleId;
    // The true oldest idle for a tick whose TIME said `serverMs` and whose
    // commands ran within `spanMs` after it: [lo, hi].
    std::pair<qint64, qint64> oldestIdleAt(qint64 serverMs, qint64 spanMs) const;
};

bool buildFixture(quint16 port, const FixtureSpec &spec, QString *error);
bool readTruth(RawRedis &redis, const FixtureSpec &spec, PelTruth *truth, QString *error);

// Total-variation distance between two histograms (each normalised).
double totalVariation(const QMap<qint64, qint64> &a, const QMap<qint64, qint64> &b);

} // namespace pelscope::bench
