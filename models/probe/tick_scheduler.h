// The cadence every poller keeps: the next tick starts one interval after the
// previous one started (a slow tick shortens the wait), is armed only when
// the previous tick completed (ticks never overlap), and never while paused.
#pragma once

#include <QElapsedTimer>

#include <functional>

class QObject;
class QTimer;

namespace pelscope {

class TickScheduler
{
public:
    // The timer is a child of `owner`, so it moves to the poller's thread with it.
    TickScheduler(QObject *owner, std::function<void()> tick);

    void setIntervalMs(int ms); // clamped to 100 ms .. 1 h
    int intervalMs() const { return m_intervalMs; }
    bool paused() const { return m_paused; }
    // Pausing drops an armed tick; resuming arms one when `idle` (no tick
    // under way and the connection ready).
    void setPaused(bool paused, bool idle);

    void tickStarted() { m_clock.start(); }
    qint64 tickElapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }
    // After a tick completed: the next one, unless paused.
    void scheduleNext();
    // A tick after `ms` whatever the cadence (a retry).
    void startIn(int ms);
    void cancel();

private:
    QTimer *m_timer;
    QElapsedTimer m_clock;
    int m_intervalMs = 1000;
    bool m_paused = false;
};

} // namespace pelscope
