// The articles' last two numbers to watch (seed 000): claim activity
// (XCLAIM/XAUTOCLAIM calls, failed and rejected ones, µs per call) and XACK
// calls against entries actually acknowledged. The calls come from INFO
// commandstats, which is server-wide and read at most every 10 s; entries
// acknowledged come from each group's entries-read and pending between polls
// (deliveries minus the PEL's growth), summed over the same window.
#pragma once

#include "../redis/redis_reply.h"
#include "../snapshot/snapshot.h"

#include <QHash>

namespace pelscope {

class ActivityProbe
{
public:
    explicit ActivityProbe(qint64 everyMs = 10'000)
        : m_everyMs(everyMs)
    {}

    // Appends INFO commandstats to `batch` when a reading is due; returns
    // whether it did (its reply is then the batch's last).
    bool plan(RedisBatch &batch);
    // Every tick (after the streams are parsed): follows the groups; with the
    // reading's reply when plan() added one.
    void parse(const RedisReply *commandstats, SnapshotData &data);

    struct Stat
    {
        qint64 calls = 0, usec = 0, failed = 0, rejected = 0;
    };
    // cmdstat_<name>:calls=…,usec=…,rejected_calls=…,failed_calls=… lines.
    static QHash<QByteArray, Stat> parseCommandStats(const QByteArray &info);

private:
    void followGroups(const SnapshotData &data);

    qint64 m_everyMs;
    qint64 m_lastNowMs = 0;
    qint64 m_readAtMs = 0; // server ms of the last reading; 0: none yet
    qint64 m_refusedAtMs = -1;
    QHash<QByteArray, Stat> m_last;
    struct Seen
    {
        qint64 entriesRead = 0, pending = 0;
    };
    QHash<QByteArray, Seen> m_groups; // "stream\\0group"
    qint64 m_acked = 0, m_groupsFollowed = 0, m_groupsUnknown = 0;
    bool m_ackedUncertain = false;
    std::optional<CommandActivity> m_latest;
    QString m_note;
};

} // namespace pelscope
