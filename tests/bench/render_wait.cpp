#include "render_wait.h"

#include "connection_view.h"
#include "session/connection_session.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QTimer>

namespace pelscope::bench {

namespace {

// The judged snapshot reaches the window's thread as a queued call to the
// connection's HistorySession; the render runs inside it. The last such
// call before the render is the one that brought it: its start is when the
// window's thread began on this snapshot.
class ArrivalClock : public QObject
{
public:
    explicit ArrivalClock(const QElapsedTimer &clock)
        : m_clock(clock)
    {}
    qint64 lastCallNs = -1;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::MetaCall)
            lastCallNs = m_clock.nsecsElapsed();
        return false;
    }

private:
    const QElapsedTimer &m_clock;
};

} // namespace

RenderTiming applyAndRender(ConnectionView &view, const Snapshot &s, int timeoutMs)
{
    RenderTiming timing;
    QElapsedTimer clock;
    clock.start();
    ArrivalClock arrival(clock);
    QObject *history = view.session()->historySessionForReads();
    history->installEventFilter(&arrival);
    QEventLoop loop;
    const qint64 at = s->takenAtMs;
    const auto c = QObject::connect(&view, &ConnectionView::polled, &loop, [&](const Snapshot &shown) {
        if (shown->takenAtMs < at || timing.rendered)
            return;
        const qint64 now = clock.nsecsElapsed();
        timing.rendered = true;
        timing.totalMs = double(now) / 1e6;
        timing.windowMs = arrival.lastCallNs >= 0 ? double(now - arrival.lastCallNs) / 1e6 : timing.totalMs;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    view.applySnapshot(s);
    if (!timing.rendered)
        loop.exec();
    QObject::disconnect(c);
    history->removeEventFilter(&arrival);
    return timing;
}

} // namespace pelscope::bench
