#include "stop_signals.h"

#include <QCoreApplication>

#include <csignal>

namespace pelscope {

namespace {

volatile std::sig_atomic_t g_stop = 0;

} // namespace

void catchStopSignals()
{
    std::signal(SIGINT, [](int) { g_stop = 1; });
    std::signal(SIGTERM, [](int) { g_stop = 1; });
}

bool stopRequested()
{
    return g_stop != 0;
}

ExitOnStopSignal::ExitOnStopSignal()
{
    catchStopSignals();
    QObject::connect(&m_watch, &QTimer::timeout, [] {
        if (stopRequested())
            QCoreApplication::exit(0);
    });
    m_watch.start(100);
}

} // namespace pelscope
