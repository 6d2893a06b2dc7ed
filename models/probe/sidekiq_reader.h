// Sidekiq (6.x and 7.x, no namespace) as it lays out its keys:
//   queues (set) and queue:<q> (lists, LPUSHed, BRPOPed: the oldest at the
//     right end, its JSON's enqueued_at in seconds): the backlog;
//   schedule and retry (sorted sets scored by due time, seconds): jobs that
//     come due only while some Sidekiq process polls them;
//   dead (sorted set): Sidekiq's dead letters, the newest one's error_message;
//   processes (set) and each <identity> hash (EXPIREd 60 s after every
//     5-second heartbeat; its info JSON names the queues it serves) and
//     <identity>:workers (6.x; :work in 7.x), the jobs it is running.
// A process whose hash's TTL shows 15 s or more without a heartbeat (the
// server's clock, not the Sidekiq host's) is dead; its running jobs are
// gone with it unless it comes back (basic fetch keeps no copy). One still
// listed whose hash expired died without cleaning up.
// Rows: one per queue, and schedule, retry, dead and processes.
#pragma once

#include "job_reader.h"

#include <map>

namespace pelscope {

class SidekiqReader : public JobReader
{
public:
    bool wantsAnotherTick() const override;
    bool owns(const QByteArray &key) const override
    {
        return key == "schedule" || key == "retry" || key == "dead" || (key.startsWith("queue:") && m_queues.count(key.mid(6)) > 0);
    }
    QString gap() const override;
    // Queues listed and judged at most; read kReadPerTick a tick (ReadRotation).
    static constexpr int kMaxQueues = 10'000;
    static constexpr int kReadPerTick = 200;
    static constexpr int kMaxProcesses = 200;
    // No heartbeat for this long (the hash's TTL is 60 s from each beat).
    static constexpr qint64 kDeadAfterMs = 15'000;

protected:
    void planReads(qint64 nowMs) override;
    void parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out) override;

private:
    struct Queue
    {
        TakenWatch taken;
        HeadPacer pacer;
        int llen = -1, head = -1; // llen -1: not read this tick (ReadRotation); head -1: nor its oldest job (a large one, HeadPacer)
        std::optional<JobQueueSnapshot> last; // its last row, shown while it is not read
    };
    struct Process
    {
        bool dead = false; // judged so last tick: its running jobs are read this tick
        qint64 lost = 0;   // the running jobs last read while dead: gone with it once its hash expires
        QList<QByteArray> queues; // from its info, last read: the queues its going is said on
        int pttl = -1, fields = -1, work6 = -1, work7 = -1;
    };
    struct SetSlots
    {
        int size = -1, due = -1, earliest = -1;
    };
    std::map<QByteArray, Queue> m_queues;
    std::map<QByteArray, Process> m_processes;
    SetPager m_queueSet{kMaxQueues}, m_processSet{kMaxProcesses};
    int m_queuesScan = -1, m_queuesCard = -1, m_processesScan = -1, m_processesCard = -1, m_deadSize = -1, m_deadNewest = -1;
    SetSlots m_schedule, m_retry;
    ReadRotation m_rotation{kReadPerTick};
    bool m_needsAnotherTick = true;
};

} // namespace pelscope
