// One job framework deployment's reads for a tick: the commands it appends to
// the tick's pipelined batch (bounded: O(1) or O(log N) each, a fixed sample
// of held jobs), and the rows it makes of their replies. Reads that need an
// answer first (the oldest job's id, then its hash) use the previous tick's
// answer; wantsAnotherTick() asks for a second tick at once after the first,
// so a one-shot `check` is complete (docs/FRAMEWORKS.md).
#pragma once

#include "../redis/redis_reply.h"
#include "../snapshot/snapshot.h"
#include "../text/display_text.h"

#include <QJsonObject>
#include <QList>
#include <QSet>

#include <algorithm>
#include <optional>

namespace pelscope {

class JobReader
{
public:
    virtual ~JobReader() = default;

    void plan(RedisBatch &batch, qint64 nowMs);
    int planned() const { return int(m_asked.size()); }
    // The replies to exactly what plan() appended, in order.
    void parse(const RedisReplies &replies, qint64 nowMs, QList<JobQueueSnapshot> &out);
    virtual bool wantsAnotherTick() const { return false; }
    // True when `key` is one this reader reads (a confirmed queue's key):
    // plain queue discovery then leaves it alone.
    virtual bool owns(const QByteArray &key) const = 0;
    // Why some of the framework's queues are not read (more than its cap);
    // empty when all are. A check that cannot see them says UNKNOWN.
    virtual QString gap() const { return {}; }

    // Held jobs looked at per queue and tick, at most.
    static constexpr int kHeldSample = 20;

protected:
    virtual void planReads(qint64 nowMs) = 0;
    virtual void parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out) = 0;

    // Appends a command; its reply is reply(the index returned).
    int ask(RedisCommand command);
    const RedisReply &reply(int index) const;
    // The first error reply among `indices` (WRONGTYPE, NOPERM), as text; empty when none.
    QString errorAmong(std::initializer_list<int> indices) const;

private:
    RedisBatch m_asked;
    RedisReplies m_replies;
};

// A job's age from its own timestamp against the server's clock; none when
// the timestamp is more than a second ahead of that clock (a producer's clock
// ahead, or the server's moved back): "0 s old" would call a queue that has
// not moved in hours fresh. Known again once the clock passes it.
inline std::optional<qint64> ageFrom(qint64 nowMs, qint64 atMs)
{
    if (atMs > nowMs + 1000)
        return std::nullopt;
    return std::max<qint64>(0, nowMs - atMs);
}

// Whether anyone takes jobs: the oldest waiting job (its id or bytes) stays
// the oldest and the queue never gets shorter. How long that has held while
// watched; null when the queue is empty, moved, or was just seen first.
class TakenWatch
{
public:
    std::optional<qint64> update(const QByteArray &oldest, std::optional<qint64> length, qint64 nowMs);
    // A tick whose oldest job was not read (a large one, HeadPacer): the run
    // goes on while the list gets no shorter; shorter, it ends (something was
    // taken) until the job is read again.
    std::optional<qint64> keep(std::optional<qint64> length, qint64 nowMs);

private:
    size_t m_oldest = 0; // a digest of the oldest job's bytes: a job may be megabytes
    bool m_seen = false;
    qint64 m_length = 0;
    qint64 m_sinceMs = 0;
};

// When to read a list's oldest job whole (LINDEX): every tick while it is
// small; one larger than kValueCap — too large to parse for its time anyway —
// once a minute, or at the next tick after the list got shorter. A 30 MB
// Sidekiq job was read every poll: 30 MB a poll (issue 47, item 3).
class HeadPacer
{
public:
    static constexpr qint64 kLargeEveryMs = 60'000;
    bool due(qint64 nowMs) const { return m_lastBytes <= kValueCap || m_shorter || nowMs - m_readAtMs >= kLargeEveryMs; }
    void read(qsizetype bytes, qint64 nowMs)
    {
        m_lastBytes = bytes;
        m_readAtMs = nowMs;
        m_shorter = false;
    }
    // This tick's length against the last: shorter means read it next tick.
    void length(std::optional<qint64> n)
    {
        if (n && m_length && *n < *m_length)
            m_shorter = true;
        m_length = n;
    }

private:
    qsizetype m_lastBytes = 0;
    qint64 m_readAtMs = 0;
    bool m_shorter = false;
    std::optional<qint64> m_length;
};

// A registry set's members (Sidekiq's `queues` and `processes`, RQ's
// `rq:queues`) read in bounded pages: each tick one SSCAN from where the
// last left off, COUNT kPage, and an SCARD. The members of the last whole
// pass stand until the next pass ends (a small set's pass is one page, so
// every tick); at most `cap` are kept. A set of a million members costs a
// page a tick, never the whole set (SMEMBERS of it dropped every poll and
// took 9.6 s of the server's time in 15 s, issue 47).
class SetPager
{
public:
    explicit SetPager(int cap)
        : m_cap(cap)
    {}
    static constexpr int kPage = 500;

    RedisCommand scan(const QByteArray &key) const { return {"SSCAN", key, m_cursor, "COUNT", QByteArray::number(kPage)}; }
    static RedisCommand card(const QByteArray &key) { return {"SCARD", key}; }
    // This tick's replies to scan() and card(); false on an error or a
    // reply of another shape (nothing changes then).
    bool take(const RedisReply &scan, const RedisReply &card);
    // The last whole pass, else what this pass has seen so far.
    const QList<QByteArray> &members() const { return m_passes > 0 ? m_last : m_current; }
    // A whole pass has been seen: members() is every member, up to `cap`.
    bool complete() const { return m_passes > 0; }
    // The set's size (SCARD), unknown before the first reply.
    std::optional<qint64> size() const { return m_size; }

private:
    QByteArray m_cursor = "0";
    QList<QByteArray> m_current, m_last;
    QSet<QByteArray> m_seen; // this pass's (SSCAN may return a member twice)
    qint64 m_passes = 0;
    std::optional<qint64> m_size;
    int m_cap;
};

// Which of a framework's queues are read this tick. Up to `perTick` of
// them, all, every tick; past that a window of `perTick` that moves on each
// tick, so each queue is read every rounds() ticks and every one is judged:
// a cap that read "the first 200 by name" hid a burning 250th (issue 46). A
// queue not read this tick shows its last reading (its readAtMs says when).
class ReadRotation
{
public:
    explicit ReadRotation(int perTick)
        : m_perTick(perTick)
    {}
    // At the start of a tick's plan, over the `count` queues it holds now.
    void begin(qsizetype count)
    {
        if (count <= m_perTick)
            m_start = 0;
        else if (m_begun)
            m_start = (m_start + m_perTick) % count;
        m_begun = true;
        m_count = count;
    }
    // Whether the i-th queue (in the reader's own order) is read this tick.
    bool reads(qsizetype i) const { return m_count <= m_perTick || (i - m_start + m_count) % m_count < m_perTick; }
    // Ticks for each queue to be read once.
    qsizetype rounds() const { return m_count <= m_perTick ? 1 : (m_count + m_perTick - 1) / m_perTick; }
    int perTick() const { return m_perTick; }

private:
    int m_perTick;
    qsizetype m_start = 0, m_count = 0;
    bool m_begun = false;
};

// A count the server sent; unknown when the reply is an error, nil or negative.
std::optional<qint64> replyCount(const RedisReply &r);
// A job's JSON object; empty when it is not one, or larger than kValueCap
// (too large to parse every tick: its times are then unknown).
QJsonObject jobJson(const QByteArray &bytes);

// A Unix time in seconds ("1733232000.123", as Sidekiq and Celery write
// them) or milliseconds (≥ 1e11), or an ISO 8601 date (RQ's
// "2026-12-03T15:20:52.123456Z"), in ms; null when it is none of these.
std::optional<qint64> jobTimeMs(const QByteArray &text);
// A time in seconds (a score, a JSON number) in ms; null when it is not a
// time (negative, NaN, infinite, after 9999): never a cast that overflows.
std::optional<qint64> secondsToMs(double seconds);

} // namespace pelscope
