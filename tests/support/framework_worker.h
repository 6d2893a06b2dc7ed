// A job framework's own worker (or any long-running scenario process) for
// the framework tests: in its own process group, so SIGKILL takes its
// children too (RQ forks a work horse per job), its output kept to wait on.
#pragma once

#include <QProcess>

#include <functional>

namespace pelscope::test {

// Polls `condition` every 100 ms (the event loop runs meanwhile) until it
// holds or `timeoutMs` passes; its last answer.
bool waitUntil(const std::function<bool()> &condition, int timeoutMs);

class FrameworkWorker
{
public:
    ~FrameworkWorker() { kill(); }
    bool start(const QString &program, const QStringList &args, const QString &dir,
               const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
    // Waits until a line of its output starts with `prefix`.
    bool waitForLine(const QByteArray &prefix, int timeoutMs);
    void kill();
    QByteArray output() { return m_out += m_process.readAll(); }

private:
    QProcess m_process;
    QByteArray m_out;
};

} // namespace pelscope::test
