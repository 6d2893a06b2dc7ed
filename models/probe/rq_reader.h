// RQ (python-rq 1.x) as it lays out its keys under `rq:`:
//   rq:queues (set of rq:queue:<q> keys): the queues, read each tick;
//   rq:queue:<q> (list of job ids, oldest at the head): the backlog, and the
//     oldest job's enqueued_at from its hash rq:job:<id>;
//   rq:wip:<q> (sorted set scored by each job's heartbeat deadline, seconds):
//     started jobs; a deadline passed means the worker holding it stopped
//     (RQ's own test, StartedJobRegistry.cleanup);
//   rq:failed:<q> (sorted set scored by expiry, seconds): RQ's dead letters;
//     the newest (the latest expiry: one failure_ttl for all) is read, and
//     its error (exc_info, or RQ 1.12+'s result in rq:results:<id>) the tick
//     after it changes;
//   rq:scheduled:<q> (sorted set scored by due time, seconds): scheduled jobs;
//   rq:workers:<q> (set of rq:worker:<w> keys) and each worker's hash, which
//     expires when its heartbeats stop: the workers alive for the queue.
// O(1) or O(log N) per command, but SMEMBERS of the registries (O(queues),
// O(workers)); kReadPerTick queues a tick, at most kMaxQueues judged (ReadRotation).
#pragma once

#include "job_reader.h"

#include <map>

namespace pelscope {

// The error RQ stored for a failed job: its hash's exc_info (zlib, or plain
// text from older RQ), else the newest result of rq:results:<id> (RQ 1.12+
// on Redis 5+: exc_string, base64 of zlib). Empty when neither says.
QString rqFailureText(const QByteArray &excInfo, const RedisReply &newestResult);

class RqReader : public JobReader
{
public:
    bool wantsAnotherTick() const override
    {
        return m_needsAnotherTick || std::any_of(m_queues.cbegin(), m_queues.cend(), [](const auto &q) { return !q.second.last; });
    }
    bool owns(const QByteArray &key) const override { return key.startsWith("rq:"); }
    QString gap() const override;
    static constexpr int kMaxQueues = 10'000;
    static constexpr int kReadPerTick = 200;
    static constexpr int kInLine = 4;
    static constexpr int kMaxWorkersRead = 50; // per queue and tick

protected:
    void planReads(qint64 nowMs) override;
    void parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out) override;

private:
    struct Queue
    {
        QByteArray oldestId;           // the head's id, read last tick
        // While the queue moves (a minute after its head was last taken), the
        // next jobs in line too: their enqueued_at read ahead, so the new
        // head's age is known the tick it becomes the head.
        QList<QByteArray> inLine;
        qint64 movedAtMs = -1;
        QList<QPair<QByteArray, int>> inLineTimes;
        QList<QByteArray> workerKeys;  // rq:workers:<q>, read last tick
        TakenWatch taken;
        int llen = -1, head = -1, headTime = -1, wip = -1, wipOverdue = -1, wipEarliest = -1, failed = -1, scheduled = -1, due = -1,
            earliestDue = -1, workers = -1, workersCard = -1;
        QList<int> workerHashes;
        int newestFailed = -1, failureInfo = -1, failureResult = -1;
        QByteArray newestFailedId;  // the newest failed job, read last tick
        QByteArray failureOf;       // whose error `failure` is
        QString failure;
        std::optional<JobQueueSnapshot> last; // its last row, shown while it is not read
    };
    SetPager m_queueSet{kMaxQueues}; // rq:queues may hold other keys, skipped when read
    ReadRotation m_rotation{kReadPerTick};
    int m_queuesScan = -1, m_queuesCard = -1;
    std::map<QByteArray, Queue> m_queues; // by queue name
    bool m_needsAnotherTick = true;
};

} // namespace pelscope
