// `--on-alert CMD`: each alert handed to a program of the operator's, one JSON
// document (alertToJson) on its stdin — enough for `curl --data @-` to post
// it to a chat webhook. The command line is split into words like a shell
// would split them, but no shell runs it (write `sh -c '...'` for one). It
// runs with a deadline and is killed past it; a failure, a hang or a missing
// program is logged and never stops polling. At most kMaxRunning at once;
// alerts beyond kMaxWaiting waiting are dropped, and said so.
#pragma once

#include "alert_policy.h"

#include <QObject>
#include <QQueue>
#include <QStringList>

class QProcess;

namespace pelscope {

class AlertCommand : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxRunning = 4;
    static constexpr int kMaxWaiting = 100;

    // `commandLine` as the user wrote it; `connection` the redacted URL the
    // JSON names. An empty or unbalanced command line: isValid() false, error().
    AlertCommand(const QString &commandLine, QString connection, int timeoutMs = 10'000, AlertSettings settings = {}, QObject *parent = nullptr);

    bool isValid() const { return !m_program.isEmpty(); }
    const QString &error() const { return m_error; }
    // A poll: what the policy tells of it, each run. Returns those alerts.
    QList<Alert> observe(const Snapshot &snapshot);
    void run(const Alert &alert);
    int running() const { return m_running; }
    // Ran to an exit code 0 / failed (an exit code, a crash, a timeout, not started).
    int succeeded() const { return m_succeeded; }
    int failed() const { return m_failed; }

Q_SIGNALS:
    void finished(bool ok, const QString &why);

private:
    void startNext();

    AlertPolicy m_policy;
    QString m_program;
    QStringList m_arguments;
    QString m_connection;
    int m_timeoutMs;
    QString m_error;
    QQueue<QByteArray> m_waiting;
    int m_running = 0;
    int m_succeeded = 0;
    int m_failed = 0;
};

} // namespace pelscope
