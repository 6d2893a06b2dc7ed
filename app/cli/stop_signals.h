// SIGINT and SIGTERM, the console's way to stop a long-running command (the
// recorder, the exporter, the workload, a write between its batches). A
// handler may only set a flag; the event loop reads it.
#pragma once

#include <QTimer>

namespace pelscope {

// Installs handlers for SIGINT and SIGTERM that only raise the flag.
void catchStopSignals();
// A stop signal arrived since catchStopSignals().
bool stopRequested();
// stdout is a pipe or socket whose reader has gone (`watch | head -5` after
// its five lines): nobody will read what a command prints.
bool stdoutGone();

// While it lives and the event loop runs: catches the signals and, once one
// came or stdout's reader has gone, ends the loop with exit code 0 (checked
// every 100 ms); the command then flushes what it holds and stops its poller
// (watch and record polled on for as long as they ran, issue 47).
class ExitOnStopSignal
{
public:
    ExitOnStopSignal();

private:
    QTimer m_watch;
};

} // namespace pelscope
