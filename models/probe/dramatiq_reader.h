// dramatiq (1.x, 2.x) as its Redis broker lays out its keys under a namespace
// ("dramatiq" by default; the layout is in dramatiq's brokers/redis/dispatch.lua):
//   <ns>:<q>            list of message ids, oldest at the head (RPUSH to
//                       enqueue, LPOP to fetch): the backlog;
//   <ns>:<q>.msgs       hash id → message JSON of every message not yet acked,
//                       waiting or fetched: held by workers = HLEN − LLEN;
//   <ns>:<q>.DQ.msgs    the delayed queue's messages: a worker fetches them and
//                       holds them until their eta, then enqueues them on <q>;
//   <ns>:<q>.XQ         sorted set of dead-lettered ids by when (ms): the dead
//                       letters, their bodies in <ns>:<q>.XQ.msgs;
//   <ns>:__heartbeats__ sorted set broker id → the time (ms) of its last
//                       command: every broker beats with every command,
//                       producers too, so it counts processes, not workers;
//   <ns>:__acks__.<broker>.<q>  set of the ids a broker fetched and has not acked.
// A broker silent for longer than heartbeat_timeout (60 s by default) is dead
// by dramatiq's own test; what its acks sets hold is requeued only when a
// later command's random maintenance (one in a thousand) runs: until then it
// is held by nobody. Each tick: O(1) per queue, the dead brokers' SCARDs (at
// most kMaxDeadRead brokers per namespace), and one message read per queue.
#pragma once

#include "job_reader.h"

#include <map>

namespace pelscope {

class DramatiqReader : public JobReader
{
public:
    void addQueue(const QByteArray &ns, const QByteArray &queue);
    void setHeartbeatTimeoutMs(qint64 ms) { m_heartbeatTimeoutMs = ms; }
    bool wantsAnotherTick() const override { return m_needsAnotherTick; }
    bool owns(const QByteArray &key) const override;
    static constexpr qsizetype kMaxQueues = 200;
    static constexpr int kMaxDeadRead = 10; // dead brokers per namespace and tick

protected:
    void planReads(qint64 nowMs) override;
    void parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out) override;

private:
    struct Queue
    {
        QByteArray oldestId;     // the head's id, read last tick
        // The oldest message when it was found larger than kValueCap, and
        // when: read again once a minute, not every poll (it is parsed for
        // its time alone, which a message that large does not give).
        QByteArray bigId;
        qint64 bigReadAtMs = 0;
        QByteArray newestDeadId; // the newest dead letter's id, read last tick
        TakenWatch taken;
        int llen = -1, msgs = -1, head = -1, headMessage = -1, delayed = -1, dead = -1, deadNewest = -1, deadMessage = -1;
        QList<int> held; // per dead broker read last tick: SCARD of its acks for <q>, then for <q>.DQ
    };
    struct DeadBroker
    {
        QByteArray id;
        qint64 lastBeatMs = 0;
    };
    struct Namespace
    {
        QList<DeadBroker> dead; // as read last tick
        int alive = -1, deadRead = -1;
        std::map<QByteArray, Queue> queues;
    };
    std::map<QByteArray, Namespace> m_namespaces;
    qsizetype m_queueCount = 0;
    qint64 m_heartbeatTimeoutMs = 60'000;
    bool m_needsAnotherTick = true;
};

} // namespace pelscope
