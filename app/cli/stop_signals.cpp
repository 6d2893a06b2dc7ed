#include "stop_signals.h"

#include <QCoreApplication>

#include <csignal>

#ifndef _WIN32
#include <poll.h>
#include <sys/stat.h>
#endif

namespace pelscope {

namespace {

volatile std::sig_atomic_t g_stop = 0;

} // namespace

void catchStopSignals()
{
    std::signal(SIGINT, [](int) { g_stop = 1; });
    std::signal(SIGTERM, [](int) { g_stop = 1; });
#ifndef _WIN32
    // A write to a pipe nobody reads fails with EPIPE instead of killing the
    // process mid-batch; stdoutGone() notices it between polls.
    std::signal(SIGPIPE, SIG_IGN);
#endif
}

bool stopRequested()
{
    return g_stop != 0;
}

bool stdoutGone()
{
#ifndef _WIN32
    // The writing end of a pipe or socket whose reader has gone reports
    // POLLERR or POLLHUP; a terminal or a file never does.
    struct stat st{};
    if (fstat(1, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
        return false;
    pollfd out{1, 0, 0};
    return ::poll(&out, 1, 0) == 1 && (out.revents & (POLLERR | POLLHUP)) != 0;
#else
    return false;
#endif
}

ExitOnStopSignal::ExitOnStopSignal()
{
    catchStopSignals();
    QObject::connect(&m_watch, &QTimer::timeout, [] {
        if (stopRequested() || stdoutGone())
            QCoreApplication::exit(0);
    });
    m_watch.start(100);
}

} // namespace pelscope
