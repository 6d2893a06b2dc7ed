#include "render_wait.h"

#include "connection_view.h"

#include <QEventLoop>
#include <QTimer>

namespace pelscope::bench {

bool applyAndRender(ConnectionView &view, const Snapshot &s, int timeoutMs)
{
    QEventLoop loop;
    bool rendered = false;
    const qint64 at = s->takenAtMs;
    const auto c = QObject::connect(&view, &ConnectionView::polled, &loop, [&](const Snapshot &shown) {
        if (shown->takenAtMs >= at) {
            rendered = true;
            loop.quit();
        }
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    view.applySnapshot(s);
    if (!rendered)
        loop.exec();
    QObject::disconnect(c);
    return rendered;
}

} // namespace pelscope::bench
