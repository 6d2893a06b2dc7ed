// Celery on kombu's Redis transport, as kombu lays out its keys:
//   _kombu.binding.<exchange> (sets of "routing_key\x06\x16pattern\x06\x16queue"):
//     the queues, read each tick;
//   <queue> and <queue>\x06\x16<1..9> (lists, LPUSHed, BRPOPed): the backlog
//     with its priority steps (3, 6, 9 by default; any of 1..9 with kombu's
//     priority_steps option); the next message at the right end. With the
//     transport's `sep` option set to ":" (Celery's docs show it) the
//     separator is ":" in both;
//   unacked_index (sorted set: delivery tag -> the worker's time at delivery,
//     seconds) and unacked (hash): tasks reserved by workers until acked. kombu
//     gives a reservation back only after visibility_timeout (1 h by default),
//     and only while some worker runs.
// No key says which worker is alive or which queue it consumes; what is read
// instead: whether any task is reserved at all while tasks wait, how long ago
// the newest reservation was made, and (job_probe, client_roster.h) whether
// anyone listens on a pidbox or waits in BRPOP.
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
        if (key == "unacked" || key == "unacked_index" || m_queues.count(key) > 0)
            return true;
        // A priority step's list: <queue><sep><digit>.
        for (const auto &[name, q] : m_queues)
            if (key.size() == name.size() + q.sep.size() + 1 && key.startsWith(name) && key.mid(name.size(), q.sep.size()) == q.sep)
                return true;
        return false;
    }
    static constexpr int kSteps = 10; // the plain list (priority 0) and 1..9
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
        QByteArray sep = QByteArray("\x06\x16", 2); // kombu's separator, as its bindings spell it
        QList<int> lengths;  // the plain list and its priority steps 1..9
        QList<qint64> held;  // their lengths last tick (0 unknown): which steps' next message to read
        QList<int> heads;    // the lists' next messages, this tick (-1: not read)
        bool headRead = false;
    };
    QList<QByteArray> m_bindings;
    std::vector<SetPager> m_bindingSets;          // one per binding, as m_bindings
    QList<QPair<int, int>> m_bindingReads;        // this tick's SSCAN and SCARD per binding
    std::map<QByteArray, Queue> m_queues;
    int m_reserved = -1, m_overdue = -1, m_oldest = -1, m_newest = -1;
    // The newest reservation's message (HGET unacked <tag>), read once per
    // reservation: kombu marks a message it gave back (after the visibility
    // timeout, or at a worker's warm shutdown) headers.redelivered; reserved
    // again while the worker that first took it still runs (an ETA or long
    // task), it runs twice.
    QByteArray m_newestTag, m_newestTagRead;
    int m_newestMessage = -1;
    bool m_newestRedelivered = false;
    HeadPacer m_newestPacer; // a message may be megabytes: a large one read at most once a minute
    qint64 m_visibilityTimeoutMs = 3'600'000;
    bool m_needsAnotherTick = true;
};

} // namespace pelscope
