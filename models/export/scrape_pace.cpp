#include "scrape_pace.h"

#include <algorithm>
#include <cstdlib>

namespace pelscope {

bool ScrapePace::scraped(qint64 nowMs)
{
    if (m_lastMs >= 0 && nowMs - m_lastMs < kSameScrapeMs)
        return false;
    if (m_lastMs >= 0) {
        m_gaps.append(nowMs - m_lastMs);
        if (m_gaps.size() > kGapsKept)
            m_gaps.removeFirst();
    }
    m_lastMs = nowMs;
    if (m_gaps.isEmpty())
        return false;
    QList<qint64> sorted = m_gaps;
    std::sort(sorted.begin(), sorted.end());
    const qint64 median = sorted.at(sorted.size() / 2);
    const int next = int(std::clamp<qint64>(median, kFloorMs, kCeilingMs));
    if (std::abs(next - m_intervalMs) <= m_intervalMs / 20)
        return false; // jitter: the poller's timer is left alone
    m_intervalMs = next;
    return true;
}

} // namespace pelscope
