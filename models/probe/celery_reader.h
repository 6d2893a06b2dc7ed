// Celery on kombu's Redis transport, as kombu lays out its keys:
//   _kombu.binding.<exchange> (sets of "routing_key\x06\x16pattern\x06\x16queue"):
//     the queues, read each tick;
//   <queue> and <queue>\x06\x16{3,6,9} (lists, LPUSHed, BRPOPed): the backlog
//     with its priority steps; the next message at the right end;
//   unacked_index (sorted set: delivery tag -> the worker's time at delivery,
//     seconds) and unacked (hash): tasks reserved by workers until acked. kombu
//     gives a reservation back only after visibility_timeout (1 h by default),
//     and only while some worker runs.
// Nothing in Redis says which worker is alive or which queue it consumes;
// what is read instead: whether any task is reserved at all while tasks wait,
// and how long ago the newest reservation was made.
#pragma once

#include "job_reader.h"

#include <map>

namespace pelscope {

class CeleryReader : public JobReader
{
public:
    explicit CeleryReader(QList<QByteArray> bindings) { setBindings(std::move(bindings)); }
    void setBindings(QList<QByteArray> bindings);
    void setVisibilityTimeoutMs(qint64 ms) { m_visibilityTimeoutMs = ms; }
    bool wantsAnotherTick() const override { return m_needsAnotherTick; }
    bool owns(const QByteArray &key) const override
    {
        return key == "unacked" || key == "unacked_index" || m_queues.count(key.left(key.indexOf('\x06'))) > 0;
    }
    static constexpr int kMaxQueues = 200;
    static constexpr int kMaxBindings = 50;
    // kombu's restore_visible runs at a worker's start and then about every 100 s.
    static constexpr qint64 kRestorePaceMs = 100'000;

protected:
    void planReads(qint64 nowMs) override;
    void parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out) override;

private:
    struct Queue
    {
        TakenWatch taken;
        HeadPacer pacer;    // the next messages read whole only while small (a message may be megabytes)
        QList<int> lengths; // the plain list and its priority steps
        int head = -1;      // -1: not read this tick
        QList<int> heads; // the priority steps' next messages
    };
    QList<QByteArray> m_bindings;
    std::vector<SetPager> m_bindingSets;          // one per binding, as m_bindings
    QList<QPair<int, int>> m_bindingReads;        // this tick's SSCAN and SCARD per binding
    std::map<QByteArray, Queue> m_queues;
    int m_reserved = -1, m_overdue = -1, m_oldest = -1, m_newest = -1;
    qint64 m_visibilityTimeoutMs = 3'600'000;
    bool m_needsAnotherTick = true;
};

} // namespace pelscope
