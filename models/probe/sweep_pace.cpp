#include "sweep_pace.h"

#include <algorithm>

namespace pelscope {

qint64 SweepPace::keysPerTick() const
{
    if (m_keyspace < 0)
        return m_baseCount; // nothing measured yet: today's pace
    if (m_keyspace <= kSmallKeyspace)
        return std::max<qint64>(m_baseCount, (m_keyspace + 1) / 2);
    return std::max<qint64>(m_baseCount, qint64(kSmallKeyspace / 2) * kSmallKeyspace / m_keyspace);
}

int SweepPace::count() const
{
    return int(std::clamp<qint64>(keysPerTick(), m_baseCount, std::max(m_baseCount, kMaxPageCount)));
}

int SweepPace::pagesPerTick() const
{
    const qint64 perPage = count();
    return int(std::clamp<qint64>((keysPerTick() + perPage - 1) / perPage, 1, kMaxPagesPerTick));
}

qint64 SweepPace::pauseMs(qint64 configuredMs) const
{
    return m_keyspace >= 0 && m_keyspace <= kSmallKeyspace ? 0 : configuredMs;
}

} // namespace pelscope
