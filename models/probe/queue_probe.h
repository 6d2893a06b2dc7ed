// Delayed queues and reliable lists, read each tick alongside the streams in
// the same pipelined batch, with bounded cost (docs/QUEUES.md):
//   delayed queue  ZCARD, ZCOUNT -inf <now>, ZRANGE 0 0 WITHSCORES (the
//                  earliest due), ZRANGEBYSCORE (<now> +inf LIMIT 0 1
//                  WITHSCORES (the next due): O(log N) each;
//   reliable list  LLEN of both lists, LRANGE of the oldest `processingSample`
//                  items of processing (its right end: LMOVE ... RIGHT LEFT
//                  and BRPOPLPUSH push on the left): O(sample).
// "Now" for ZCOUNT is the previous tick's server time carried forward by the
// client's clock (the batch cannot wait for its own TIME); ages and overdue
// times are against this tick's TIME.
#pragma once

#include "../health/health_rules.h"
#include "../redis/redis_reply.h"
#include "../snapshot/snapshot.h"
#include "job_probe.h"
#include "queue_config.h"
#include "queue_discovery.h"

#include <QElapsedTimer>
#include <QSet>

#include <map>
#include <optional>

namespace pelscope {

class QueueProbe
{
public:
    // `match`, `scanCount`, `scanMaxPages`: as for stream discovery. Names
    // are discovered when config.discover is set and nothing is named.
    QueueProbe(QueueConfig config, QByteArray match, int scanCount, qint64 scanMaxPages, qint64 rescanIntervalMs);

    bool active() const;                                   // anything to watch or to look for
    bool discoveryComplete() const;                        // before the first tick
    RedisCommand scanCommand() const { return m_discovery.scanCommand(); }
    QString onScanReply(const RedisReply &reply) { return m_discovery.onScanReply(reply); }
    void endFirstSweepEarly() { m_discovery.endSweepEarly(); }
    void restartDiscovery();

    // Appends this tick's commands to `batch`; how many is planned().
    void plan(RedisBatch &batch);
    int planned() const { return int(m_layout.size()) + m_jobs.planned(); }
    // A job framework's reads wait for this tick's answers (job_reader.h).
    bool wantsAnotherTick() const { return m_jobs.wantsAnotherTick(); }
    // The replies to what plan() appended, in order; fills the snapshot's queues.
    void parse(const RedisReplies &replies, qint64 serverNowMs, const HealthThresholds &t, SnapshotData &data);

    // An item's time, from a JSON object's first field of `fields` holding a
    // Unix time (seconds, or milliseconds when ≥ 1e11) or an ISO 8601 date;
    // null when it has none.
    static std::optional<qint64> itemTimeMs(const QByteArray &item, const QList<QByteArray> &fields);

private:
    enum class Kind { Zcard, DueCount, Earliest, Latest, NextDue, Llen, ProcessingLlen, ProcessingSample, Head, Tail, Scan };
    struct Slot
    {
        Kind kind;
        QByteArray key;
        ScoreUnit unit = ScoreUnit::Seconds; // DueCount, NextDue: the unit `now` was given in
    };
    struct DelayedState
    {
        ScoreUnit detected = ScoreUnit::Auto;
    };
    struct ListState
    {
        // The run of polls with nothing in processing (a plain list has
        // none), the main list never shorter and one of its ends the same
        // item throughout (a worker takes from one end; producers may push at
        // the other): when it began, the length then, digests of both ends then.
        qint64 unservedSinceMs = 0;
        qint64 lengthAtStart = 0;
        qint64 lastLength = 0;
        size_t headAtStart = 0, tailAtStart = 0;
        bool processingWasEmpty = true; // last tick: the ends are read only then
        qint64 lastEndBytes = 0;        // ends over 1 MB are read every 10th tick
        quint64 endsTick = 0;
        // A sample over 1 MB is read every 10th tick; its findings are kept.
        qint64 lastSampleBytes = 0;
        quint64 sampledTick = 0;
        qint64 sampled = 0, undated = 0;
        std::optional<qint64> oldestItemMs; // the oldest dated item's own time
        QList<qint64> itemTimes;             // dated items' times, to count the stuck against each tick's now
    };

    QList<QByteArray> delayedKeys() const;
    QList<QPair<QByteArray, QByteArray>> listPairs() const;
    ScoreUnit unitOf(const QByteArray &key) const;
    void add(RedisBatch &batch, Kind kind, RedisCommand cmd, const QByteArray &key, ScoreUnit unit = ScoreUnit::Seconds);

    QueueConfig m_config;
    // The keys the configuration names, to tell found from named in O(1): a
    // configuration may name tens of thousands.
    QSet<QByteArray> m_namedDelayed, m_namedLists;
    QueueDiscovery m_discovery;
    bool m_plainDiscovery; // delayed queues and reliable lists by name
    bool m_discovering;    // that, or job frameworks by their keys
    qint64 m_rescanIntervalMs;
    qint64 m_lastSweepEndMs = 0;
    qint64 m_lastServerMs = 0;
    QElapsedTimer m_sinceServerTime; // client time since m_lastServerMs was read
    quint64 m_tick = 0;
    std::map<QByteArray, DelayedState> m_delayed;
    std::map<QByteArray, ListState> m_lists;
    QList<Slot> m_layout;
    JobProbe m_jobs;
};

} // namespace pelscope
