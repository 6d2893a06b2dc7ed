// `--on-alert CMD`: each alert handed to a program of the operator's, one JSON
// document (alertToJson) on its stdin — enough for `curl --data @-` to post
// it to a chat webhook. The command line is split into words like a shell
// would split them, but no shell runs it (write `sh -c '...'` for one). It
// runs with a deadline and is killed past it — with everything it started: it
// leads a process group of its own, and the group is killed — and dies with
// Pelscope (PR_SET_PDEATHSIG on Linux). It inherits the environment less
// REDISCLI_AUTH and any variable holding one of the connection's secrets.
// Of what it prints only the last kKeptOutputBytes of stderr are kept (for
// the log line); stdout is discarded. A failure, a hang or a missing program
// is logged and never stops polling. At most kMaxRunning at once; alerts
// beyond kMaxWaiting waiting are dropped, and said so.
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
    static constexpr qsizetype kKeptOutputBytes = 4096;

    // `commandLine` as the user wrote it; `connection` the redacted URL the
    // JSON names. An empty or unbalanced command line: isValid() false, error().
    AlertCommand(const QString &commandLine, QString connection, int timeoutMs = 10'000, AlertSettings settings = {}, QObject *parent = nullptr);
    ~AlertCommand() override;

    bool isValid() const { return !m_program.isEmpty(); }
    const QString &error() const { return m_error; }
    // Not an error, said once at start: the command line holds shell syntax
    // (a redirection, a pipe, ;, &&, $(…)) that no shell will read.
    const QString &warning() const { return m_warning; }
    // Values no hook may see in its environment (the passwords in use).
    void setSecrets(const QList<QByteArray> &secrets) { m_secrets = secrets; }
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
    QString m_warning;
    QList<QByteArray> m_secrets;
    QQueue<std::pair<QByteArray, QString>> m_waiting; // the alert's document, its runbook (PELSCOPE_RUNBOOK)
    int m_running = 0;
    int m_succeeded = 0;
    int m_failed = 0;
};

} // namespace pelscope
