// Finding delayed queues and reliable lists by their names, within --match:
// a SCAN sweep for sorted sets, then one for lists, riding along with the
// ticks like stream discovery. Only these shapes are taken, nothing else is
// guessed at (docs/QUEUES.md):
//   - a sorted set whose name contains "delay" or "schedul" (any case) is a
//     delayed queue;
//   - a list named X:processing, processing:X or X-processing is the
//     processing list of the reliable list X (which need not exist now: an
//     empty list does not); a list named "processing" next to exactly one
//     other list pairs with it (the articles' `LMOVE myqueue processing RIGHT LEFT`).
// Redis deletes an empty list or set, so a queue once found stays watched
// (an empty processing list is the healthy state); at most maxDiscovered.
#pragma once

#include "job_discovery.h"
#include "queue_config.h"
#include "sweep_pace.h"
#include "../redis/redis_reply.h"

#include <QSet>

namespace pelscope {

struct FoundQueues
{
    QList<QByteArray> delayed;
    QList<QPair<QByteArray, QByteArray>> lists;
};

// The naming rules alone, on one sweep's keys.
FoundQueues classifyQueueKeys(const QList<QByteArray> &sortedSets, const QList<QByteArray> &lists);

class QueueDiscovery
{
public:
    // `frameworks`: also sweep the sets, and find job frameworks (job_discovery.h).
    QueueDiscovery(QByteArray match, int scanCount, qint64 scanMaxPages, int maxQueues, bool frameworks);

    bool sweeping() const { return m_phase != Phase::Idle; }
    bool sweptOnce() const { return m_sweptOnce; }
    void startSweep();
    // The first sweep ran out of the discovery budget: what was found stands.
    void endSweepEarly();
    RedisCommand scanCommand() const;
    // An error text for an error or malformed reply, empty otherwise.
    QString onScanReply(const RedisReply &reply);

    // Everything found so far (sticky), sorted.
    const QList<QByteArray> &delayed() const { return m_delayed; }
    const QList<QPair<QByteArray, QByteArray>> &lists() const { return m_lists; }
    // The job frameworks found by the last finished sweep (sticky).
    const FoundJobSystems &jobSystems() const { return m_jobSystems; }
    // Why the queues found may not be all of them; empty when none.
    const QString &gap() const { return m_gap; }

private:
    enum class Phase { Idle, SortedSets, Lists, Sets };
    void finishSweep();

    QByteArray m_match;
    SweepPace m_pace; // COUNT from the keyspace the last sweep's first phase visited
    qint64 m_phaseKeys = 0;
    qint64 m_scanMaxPages;
    int m_maxQueues;
    bool m_frameworks;
    Phase m_phase = Phase::Idle;
    QByteArray m_cursor = "0";
    qint64 m_pages = 0;
    bool m_sweptOnce = false;
    bool m_cutShort = false; // this sweep stopped at scanMaxPages
    QSet<QByteArray> m_sortedSets, m_listKeys, m_setKeys; // this sweep's
    QList<QByteArray> m_delayed;
    QList<QPair<QByteArray, QByteArray>> m_lists;
    FoundJobSystems m_jobSystems;
    QString m_gap;
};

} // namespace pelscope
