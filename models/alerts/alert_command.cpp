#include "alert_command.h"
#include "../text/fill_text.h"

#include <QJsonDocument>
#include <QProcess>

#include "../storage/child_process.h"
#include <QProcessEnvironment>
#include <QTimer>

#include <spdlog/spdlog.h>

#ifdef Q_OS_UNIX
#include <csignal>
#include <unistd.h>
#endif

namespace pelscope {

namespace {

// Words as a POSIX shell splits them, without running one: 'single quotes'
// literal, "double quotes" with \" \\ \$ \` escaped, a backslash outside
// quotes escaping the next character. No expansion of any kind.
QStringList splitWords(const QString &line, QString *error)
{
    QStringList words;
    QString word;
    bool inWord = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (c == QLatin1Char('\'')) {
            const qsizetype end = line.indexOf(QLatin1Char('\''), i + 1);
            if (end < 0) {
                *error = QStringLiteral("--on-alert: a single quote is not closed");
                return {};
            }
            word += line.mid(i + 1, end - i - 1);
            inWord = true;
            i = end;
        } else if (c == QLatin1Char('"')) {
            qsizetype j = i + 1;
            for (; j < line.size() && line.at(j) != QLatin1Char('"'); ++j) {
                if (line.at(j) == QLatin1Char('\\') && j + 1 < line.size() && QStringLiteral("\"\\$`").contains(line.at(j + 1)))
                    ++j;
                word += line.at(j);
            }
            if (j >= line.size()) {
                *error = QStringLiteral("--on-alert: a double quote is not closed");
                return {};
            }
            inWord = true;
            i = j;
        } else if (c == QLatin1Char('\\') && i + 1 < line.size()) {
            word += line.at(++i);
            inWord = true;
        } else if (c.isSpace()) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words << word;
    return words;
}

// Words a shell would have read as syntax, standing alone: a first try like
// --on-alert 'cat >> alerts.log' passes ">>" to cat as a file name.
QString shellSyntaxIn(const QStringList &words)
{
    static const QStringList syntax{QStringLiteral(">"),  QStringLiteral(">>"), QStringLiteral("<"), QStringLiteral("|"),  QStringLiteral("||"),
                                    QStringLiteral("&&"), QStringLiteral(";"),  QStringLiteral("&"), QStringLiteral("2>"), QStringLiteral("2>&1")};
    for (const QString &w : words.mid(1))
        if (syntax.contains(w) || w.startsWith(QLatin1String("$(")) || w.startsWith(QLatin1Char('`')))
            return w;
    return {};
}

// What a hook inherits: the environment less the password variable redis-cli
// and Pelscope read (REDISCLI_AUTH, which pelscope-record@.service exports)
// and any variable whose value holds a secret of the connection.
QProcessEnvironment hookEnvironment(const QList<QByteArray> &secrets)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("REDISCLI_AUTH"));
    for (const QString &name : env.keys()) {
        const QByteArray value = env.value(name).toLocal8Bit();
        for (const QByteArray &secret : secrets)
            if (!secret.isEmpty() && value.contains(secret))
                env.remove(name);
    }
    return env;
}

} // namespace

AlertCommand::AlertCommand(const QString &commandLine, QString connection, int timeoutMs, AlertSettings settings, QObject *parent)
    : QObject(parent)
    , m_policy(settings)
    , m_connection(std::move(connection))
    , m_timeoutMs(std::max(100, timeoutMs))
{
    const QStringList words = splitWords(commandLine, &m_error);
    if (!m_error.isEmpty())
        return;
    if (words.isEmpty()) {
        m_error = QStringLiteral("--on-alert needs a command (e.g. --on-alert 'curl -s --data @- https://chat.example/hook')");
        return;
    }
    m_program = words.first();
    m_arguments = words.mid(1);
    if (const QString w = shellSyntaxIn(words); !w.isEmpty())
        m_warning = QStringLiteral("--on-alert: no shell runs the command, so '%1' reaches %2 as an argument; for shell syntax write "
                                   "--on-alert \"sh -c '...'\"%3")
                        .arg(w, m_program,
                             w.startsWith(QLatin1Char('>')) ? QStringLiteral(", or keep the alerts in a file with --alert-log FILE") : QString());
}

AlertCommand::~AlertCommand()
{
#ifdef Q_OS_UNIX
    // Hooks still running go with us, and whatever they started.
    for (QProcess *p : findChildren<QProcess *>())
        if (const qint64 pid = p->processId(); pid > 0)
            ::kill(-pid_t(pid), SIGKILL);
#endif
}

QList<Alert> AlertCommand::observe(const Snapshot &snapshot)
{
    const QList<Alert> alerts = m_policy.onSnapshot(snapshot);
    for (const Alert &a : alerts)
        run(a);
    return alerts;
}

void AlertCommand::run(const Alert &alert)
{
    if (!isValid())
        return;
    if (m_waiting.size() >= kMaxWaiting) {
        m_waiting.dequeue();
        ++m_failed;
        spdlog::warn("--on-alert: {} alerts waiting for the command; the oldest was dropped", kMaxWaiting);
    }
    m_waiting.enqueue({QJsonDocument(alertToJson(alert, m_connection)).toJson(QJsonDocument::Compact) + '\n', alert.runbook});
    startNext();
}

void AlertCommand::startNext()
{
    while (m_running < kMaxRunning && !m_waiting.isEmpty()) {
        const auto [document, runbook] = m_waiting.dequeue();
        auto *process = new QProcess(this);
        auto *deadline = new QTimer(process);
        deadline->setSingleShot(true);
        ++m_running;
        // Once per process, whichever ends it: the exit, a failure to start, the deadline.
        auto done = [this, process, deadline](bool ok, const QString &why) {
            if (process->property("done").toBool())
                return;
            process->setProperty("done", true);
            deadline->stop();
            --m_running;
            ok ? ++m_succeeded : ++m_failed;
            if (!ok)
                spdlog::warn("--on-alert: {}", why.toStdString());
            process->deleteLater();
            Q_EMIT finished(ok, why);
            startNext();
        };
        // Only the tail of stderr is kept: a hook that floods it costs a few KB.
        connect(process, &QProcess::readyReadStandardError, process, [process] {
            QByteArray tail = process->property("stderrTail").toByteArray() + process->readAllStandardError();
            if (tail.size() > kKeptOutputBytes)
                tail = tail.right(kKeptOutputBytes);
            process->setProperty("stderrTail", tail);
        });
        connect(process, &QProcess::finished, this, [process, done](int code, QProcess::ExitStatus status) {
            if (process->property("timedOut").toBool())
                done(false, QStringLiteral("%1 took too long and was killed").arg(process->program()));
            else if (status == QProcess::CrashExit)
                done(false, QStringLiteral("%1 crashed").arg(process->program()));
            else if (code != 0)
                done(false,
                     fillText(QStringLiteral("%1 exited with %2: %3"), process->program(), code,
                              QString::fromLocal8Bit((process->property("stderrTail").toByteArray() + process->readAllStandardError()).right(300))
                                  .trimmed()));
            else
                done(true, {});
        });
        connect(process, &QProcess::errorOccurred, this, [process, done](QProcess::ProcessError e) {
            if (e == QProcess::FailedToStart)
                done(false, QStringLiteral("cannot start %1: %2").arg(process->program(), process->errorString()));
        });
        connect(deadline, &QTimer::timeout, process, [process] {
            process->setProperty("timedOut", true);
#ifdef Q_OS_UNIX
            // The whole group: `sh -c 'sleep 777; true'` leaves no sleep behind.
            if (const qint64 pid = process->processId(); pid > 0)
                ::kill(-pid_t(pid), SIGKILL);
#endif
            process->kill();
        });
        process->setProcessChannelMode(QProcess::SeparateChannels);
        process->setStandardOutputFile(QProcess::nullDevice());
        QProcessEnvironment env = hookEnvironment(m_secrets);
        if (!runbook.isEmpty()) // also in the document; here for a hook that only reads its environment
            env.insert(QStringLiteral("PELSCOPE_RUNBOOK"), runbook);
        process->setProcessEnvironment(env);
        tieToPelscope(process, true); // a group of its own, killed as one at the deadline, never outliving Pelscope
        process->start(m_program, m_arguments);
        deadline->start(m_timeoutMs);
        process->write(document);
        process->closeWriteChannel();
    }
}

} // namespace pelscope
