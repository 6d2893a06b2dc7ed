#include "synthetic_history.h"

#include <cmath>

namespace pelscope::bench {

QVector<qint64> dayOfPolls(qint64 startMs)
{
    QVector<qint64> out;
    constexpr qint64 kDay = 86'400'000, kHour = 3'600'000;
    for (qint64 t = 0; t < kDay - kHour; t += HistoryStore::BucketMs)
        out.append(startMs + t);
    for (qint64 t = kDay - kHour; t < kDay; t += 1000)
        out.append(startMs + t);
    return out;
}

SyntheticFeed::SyntheticFeed(int groups, int consumersPerGroup, quint32 seed)
    : m_lag(groups, 0.0)
    , m_read(groups, 0)
    , m_rng(seed)
{
    constexpr int kGroupsPerStream = 5;
    for (int i = 0; i < groups; ++i) {
        if (i % kGroupsPerStream == 0) {
            StreamSnapshot s;
            s.key = "orders:" + QByteArray::number(i / kGroupsPerStream);
            s.length = 0;
            s.entriesAdded = 0;
            m_data.streams.append(s);
        }
        GroupSnapshot g;
        g.name = "group-" + QByteArray::number(i % kGroupsPerStream);
        g.consumers = consumersPerGroup;
        for (int c = 0; c < consumersPerGroup; ++c)
            g.consumerList.append(ConsumerSnapshot{"worker-" + QByteArray::number(c), 0, 0, std::nullopt});
        g.consumersAgeMs = 0;
        m_data.streams.last().groups.append(g);
    }
}

QList<GroupKey> SyntheticFeed::keys() const
{
    QList<GroupKey> out;
    for (const StreamSnapshot &s : m_data.streams)
        for (const GroupSnapshot &g : s.groups)
            out.append(GroupKey{s.key, g.name});
    return out;
}

Snapshot SyntheticFeed::next(qint64 atMs)
{
    const double dt = m_data.takenAtMs > 0 ? std::max(1.0, double(atMs - m_data.takenAtMs) / 1000.0) : 1.0;
    m_data.takenAtMs = atMs;
    ++m_data.tick;
    int i = 0;
    for (StreamSnapshot &s : m_data.streams) {
        const qint64 added = 200 + m_rng.bounded(50);
        s.entriesAdded = *s.entriesAdded + added;
        s.length = *s.length + added;
        for (GroupSnapshot &g : s.groups) {
            // A random walk with rare bursts, in server time (polls may be
            // 10 s apart): realistic for the decimator.
            double lag = m_lag[i] + (m_rng.generateDouble() - 0.5) * 40.0 * std::sqrt(dt);
            if (m_rng.generateDouble() < dt / 20'000.0)
                lag += 20'000;
            lag = std::max(0.0, lag * std::pow(0.9995, dt));
            m_lag[i] = lag;
            m_read[i] += added;
            g.lag = qint64(lag);
            g.entriesRead = m_read[i];
            g.pending = qint64(lag / 4) + m_rng.bounded(20);
            g.oldestIdleMs = qint64(m_rng.bounded(5000));
            g.oldestIdleUpperMs = *g.oldestIdleMs + 1000;
            for (ConsumerSnapshot &c : g.consumerList) {
                c.pending = m_rng.bounded(10);
                c.idleMs = qint64(m_rng.bounded(2000));
            }
            ++i;
        }
    }
    return Snapshot(m_data);
}

} // namespace pelscope::bench
