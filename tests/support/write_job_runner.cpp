#include "write_job_runner.h"

#include "poll_once.h"

#include <QSignalSpy>

namespace pelscope::test {

ConnectionOptions jobOptionsFor(const QString &url, int reconnectMaxMs)
{
    ConnectionOptions options = optionsFor(url);
    options.commandTimeoutMs = 2000;
    options.connectTimeoutMs = 2000;
    options.reconnectMaxMs = reconnectMaxMs;
    return options;
}

WriteOutcome runToEnd(WriteJob &job, const std::function<void()> &whileRunning, int timeoutMs)
{
    QSignalSpy done(&job, &WriteJob::finished);
    if (qEnvironmentVariableIsSet("PELSCOPE_TEST_TRACE")) {
        QObject::connect(&job, &WriteJob::retrying, &job, [](const QString &why) { qInfo("retrying: %s", qPrintable(why)); });
        QObject::connect(&job, &WriteJob::progress, &job, [](const WriteCounts &p) { qInfo("progress: %lld", p.done + p.gone); });
    }
    job.start();
    if (whileRunning)
        whileRunning();
    for (int waited = 0; waited < timeoutMs && done.isEmpty(); waited += 100)
        done.wait(100);
    if (!done.isEmpty())
        return done.first().first().value<WriteOutcome>();
    WriteOutcome timedOut;
    timedOut.error = QStringLiteral("job did not finish");
    return timedOut;
}

} // namespace pelscope::test
