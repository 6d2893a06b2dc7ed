#include "framework_worker.h"

#include <QElapsedTimer>
#include <QTest>

#include <csignal>
#include <unistd.h>

namespace pelscope::test {

bool waitUntil(const std::function<bool()> &condition, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (condition())
            return true;
        QTest::qWait(100);
    }
    return condition();
}

bool FrameworkWorker::start(const QString &program, const QStringList &args, const QString &dir, const QProcessEnvironment &env)
{
    m_process.setProcessEnvironment(env);
    m_process.setProgram(program);
    m_process.setArguments(args);
    m_process.setWorkingDirectory(dir);
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_process.setChildProcessModifier([] { ::setpgid(0, 0); });
    m_process.start();
    return m_process.waitForStarted(10000);
}

bool FrameworkWorker::waitForLine(const QByteArray &prefix, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        m_out += m_process.readAll();
        for (const QByteArray &line : m_out.split('\n'))
            if (line.startsWith(prefix))
                return true;
        if (m_process.state() == QProcess::NotRunning)
            return false;
        m_process.waitForReadyRead(200);
    }
    return false;
}

void FrameworkWorker::kill()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    ::kill(-pid_t(m_process.processId()), SIGKILL);
    m_process.waitForFinished(5000);
}

} // namespace pelscope::test
