// arq (0.2x) as it lays out its keys (arq's constants.py, connections.py,
// worker.py):
//   <queue> ("arq:queue" by default): sorted set job id → when it is due (ms,
//     its enqueue time plus any deferral). A job stays in it while it runs and
//     leaves when it finishes, so the due jobs are waiting or running;
//   arq:in-progress:<id>: set while a worker runs the job (expires after the
//     job's timeout + 10 s, when another worker may retry it);
//   arq:job:<id> (the pickled job) and arq:result:<id>: not read;
//   <queue>:health-check: written by every worker each health_check_interval
//     (1 h by default) with that expiry + 1 s; absent, no worker has run
//     against the queue for that long.
// Each tick: O(log N) per queue, and an EXISTS for each of the kHeldSample
// oldest due jobs (read the tick before) to tell running from waiting.
#pragma once

#include "job_reader.h"

#include <map>

namespace pelscope {

class ArqReader : public JobReader
{
public:
    void addQueue(const QByteArray &key);
    bool wantsAnotherTick() const override { return m_needsAnotherTick; }
    bool owns(const QByteArray &key) const override
    {
        return m_queues.count(key) > 0 || key.startsWith("arq:in-progress:") || key.startsWith("arq:job:") || key.startsWith("arq:result:")
               || key.startsWith("arq:retry:") || key == "arq:abort";
    }
    static constexpr qsizetype kMaxQueues = 200;

protected:
    void planReads(qint64 nowMs) override;
    void parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out) override;

private:
    struct Due
    {
        QByteArray id;
        qint64 dueMs = 0;
    };
    struct Queue
    {
        QList<Due> oldestDue; // the oldest due jobs, read last tick
        TakenWatch taken;
        int total = -1, due = -1, sample = -1, health = -1;
        QList<int> running; // EXISTS arq:in-progress:<id>, one per oldestDue
    };
    std::map<QByteArray, Queue> m_queues; // by the queue's key
    bool m_needsAnotherTick = true;
};

} // namespace pelscope
