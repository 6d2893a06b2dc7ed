#include "tick_scheduler.h"

#include <QTimer>

#include <algorithm>

namespace pelscope {

TickScheduler::TickScheduler(QObject *owner, std::function<void()> tick)
    : m_timer(new QTimer(owner))
{
    m_timer->setSingleShot(true);
    QObject::connect(m_timer, &QTimer::timeout, owner, std::move(tick));
}

void TickScheduler::setIntervalMs(int ms)
{
    m_intervalMs = std::clamp(ms, 100, 3'600'000);
}

void TickScheduler::setPaused(bool paused, bool idle)
{
    m_paused = paused;
    if (paused)
        m_timer->stop();
    else if (idle)
        scheduleNext();
}

void TickScheduler::scheduleNext()
{
    if (m_paused)
        return;
    m_timer->start(int(std::max<qint64>(0, m_intervalMs - tickElapsedMs())));
}

void TickScheduler::startIn(int ms)
{
    m_timer->start(ms);
}

void TickScheduler::cancel()
{
    m_timer->stop();
}

} // namespace pelscope
