// Runs a program (pelscope-cli, mostly) to its end and keeps what it said:
// the exit code (-1 when it crashed or was killed at the deadline), stdout,
// stderr and how long it took.
#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace pelscope::test {

struct ProcessRun
{
    int exitCode = -1;
    QByteArray out, err;
    qint64 ms = 0;
};

// stdin is closed at once; killed after timeoutMs.
ProcessRun runProcess(const QString &program, const QStringList &args,
                      const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(), int timeoutMs = 30000);

} // namespace pelscope::test
