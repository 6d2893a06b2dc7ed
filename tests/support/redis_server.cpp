#include "redis_server.h"

#include <sys/prctl.h>
#include <csignal>

#include "redis_oracle.h"
#include "text/fill_text.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QDir>
#include <QStandardPaths>
#include <QTcpServer>
#include <QThread>

#include <csignal>

namespace pelscope::test {

RedisServer::RedisServer()
    : RedisServer(Options{})
{}

RedisServer::RedisServer(Options options)
    : m_options(std::move(options))
{}

RedisServer::~RedisServer()
{
    thaw();
    stop();
}

QString RedisServer::executable()
{
    // PELSCOPE_TEST_SERVER: another server binary for the whole run (./dev test
    // --servers: Redis 7.2, Valkey 8 from ../shared/servers/); it takes the same
    // command line, --sentinel and --cluster-enabled included.
    if (const QString chosen = qEnvironmentVariable("PELSCOPE_TEST_SERVER"); !chosen.isEmpty())
        return QFileInfo(chosen).isExecutable() ? QFileInfo(chosen).absoluteFilePath() : QString();
    QString path = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(QStringLiteral("redis-server"), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin")});
    return path;
}

quint16 RedisServer::freePort()
{
    // A cluster node also listens on port + 10000 (its bus), and Redis refuses
    // a port above 55535 with cluster mode on; the kernel's ephemeral range
    // goes to 60999. So: a port at most 55535 whose bus port is free too.
    for (int attempt = 0; attempt < 200; ++attempt) {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0))
            continue;
        const quint16 port = probe.serverPort();
        if (port > 55535)
            continue;
        QTcpServer bus;
        if (bus.listen(QHostAddress::LocalHost, quint16(port + 10000)))
            return port;
    }
    return 0;
}

QString RedisServer::socketPath() const
{
    return m_dir.filePath(QStringLiteral("redis.sock"));
}

QString RedisServer::url() const
{
    if (!m_options.tcp)
        return QStringLiteral("unix://") + socketPath();
    return fillText(QStringLiteral("%1://127.0.0.1:%2"), m_options.tls ? QStringLiteral("rediss") : QStringLiteral("redis"), m_port);
}

qint64 RedisServer::pid() const
{
    return m_process ? m_process->processId() : 0;
}

bool RedisServer::start(QString *error)
{
    const QString exe = executable();
    if (exe.isEmpty()) {
        if (error)
            *error = QStringLiteral("redis-server not found: install it with `sudo apt-get install redis-server` (./dev test does)");
        return false;
    }
    // A port found free may be taken by another test's server before ours
    // binds it (ctest runs several at once): a server that exits at start on
    // a port chosen here is started again on another. A restart keeps its
    // port, since the test holds its address.
    const bool portChosenHere = m_port == 0;
    for (int attempt = 0;; ++attempt) {
        if (portChosenHere)
            m_port = freePort();
        const Launch outcome = launch(exe, error);
        if (outcome == Launch::Ready)
            return true;
        if (outcome != Launch::ExitedAtStart || !portChosenHere || attempt == 2)
            return false;
    }
}

RedisServer::Launch RedisServer::launch(const QString &exe, QString *error)
{
    QStringList args;
    if (m_options.tls)
        args << QStringLiteral("--port") << QStringLiteral("0") << QStringLiteral("--tls-port") << QString::number(m_port);
    else
        args << QStringLiteral("--port") << (m_options.tcp ? QString::number(m_port) : QStringLiteral("0"));
    args << QStringLiteral("--bind") << QStringLiteral("127.0.0.1") << QStringLiteral("--save") << QString() << QStringLiteral("--appendonly")
         << QStringLiteral("no") << QStringLiteral("--dir") << m_dir.path() << QStringLiteral("--daemonize") << QStringLiteral("no")
         << QStringLiteral("--loglevel") << QStringLiteral("warning") << QStringLiteral("--logfile") << m_dir.filePath(QStringLiteral("redis.log"));
    if (m_options.unixSocket || !m_options.tcp)
        args << QStringLiteral("--unixsocket") << socketPath() << QStringLiteral("--unixsocketperm") << QStringLiteral("700");
    args << m_options.extraArgs;

    m_process = std::make_unique<QProcess>();
    m_process->setProgram(exe);
    m_process->setArguments(args);
    if (!m_options.fakeTime.isEmpty()) {
        // libfaketime preloaded into the server itself (the faketime wrapper
        // would be another process, and the PID check below would fail).
        QString library;
        for (const QString &dir : QDir(QStringLiteral("/usr/lib")).entryList({QStringLiteral("*-linux-gnu*")}, QDir::Dirs))
            if (const QString candidate = QStringLiteral("/usr/lib/%1/faketime/libfaketime.so.1").arg(dir); QFileInfo::exists(candidate))
                library = candidate;
        if (library.isEmpty()) {
            if (error)
                *error = QStringLiteral("faketime not found: install it with `sudo apt-get install faketime` (./dev deps does)");
            return Launch::Failed;
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_PRELOAD"), library);
        env.insert(QStringLiteral("FAKETIME"), m_options.fakeTime);
        m_process->setProcessEnvironment(env);
    }
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    // Dies with the test: a crashed or killed test left its servers running,
    // holding the test's stderr, so the run waited on them until its timeout.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_process->start();
    if (!m_process->waitForStarted(5000)) {
        if (error)
            *error = fillText(QStringLiteral("could not start %1: %2"), exe, m_process->errorString());
        return Launch::Failed;
    }
    // Ready when it answers PING (over plain TCP or the socket; TLS servers
    // are probed by their unix socket, which tests enable for them), and the
    // process answering is ours.
    QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired()) {
        // Waiting for the end, not sleeping: QProcess learns of an exit only
        // while it waits or runs an event loop.
        if (m_process->waitForFinished(20) || m_process->state() != QProcess::Running) {
            if (error)
                *error = fillText(QStringLiteral("redis-server exited at start: %1 (%2)"), lastLogLine(),
                                  m_dir.filePath(QStringLiteral("redis.log")));
            m_process.reset();
            return Launch::ExitedAtStart;
        }
        RedisOracle probe;
        const bool ok = (m_options.tls || !m_options.tcp) ? (m_options.unixSocket || !m_options.tcp) && probe.connectUnix(socketPath())
                                                          : probe.connectTcp(QStringLiteral("127.0.0.1"), m_port);
        if (ok) {
            const auto pong = probe.command({"PING"});
            if (pong.errorCode() == "NOAUTH")
                return Launch::Ready;
            if (pong.isString()) {
                if (!answeredByOurs(probe))
                    continue; // another test's server on the port; ours is about to exit
                m_version = probe.serverVersion();
                return Launch::Ready;
            }
        } else if (m_options.tls && !m_options.unixSocket) {
            QThread::msleep(300); // no way to probe TLS here: give it time
            return Launch::Ready;
        }
    }
    if (error)
        *error = fillText(QStringLiteral("redis-server did not answer PING within 10 s: %1"), lastLogLine());
    return Launch::Failed;
}

bool RedisServer::answeredByOurs(RedisOracle &probe) const
{
    const RedisReply info = probe.command({"INFO", "server"});
    for (const QByteArray &line : info.bytes().split('\n'))
        if (line.startsWith("process_id:"))
            return line.mid(11).trimmed().toLongLong() == m_process->processId();
    return true; // a server that does not say: trusted
}

QString RedisServer::lastLogLine() const
{
    QFile log(m_dir.filePath(QStringLiteral("redis.log")));
    if (!log.open(QIODevice::ReadOnly))
        return QStringLiteral("no log");
    const QList<QByteArray> lines = log.readAll().trimmed().split('\n');
    return QString::fromUtf8(lines.last().trimmed());
}

void RedisServer::stop()
{
    if (!m_process)
        return;
    if (m_process->state() == QProcess::Running) {
        m_process->terminate();
        if (!m_process->waitForFinished(5000)) {
            m_process->kill();
            m_process->waitForFinished(2000);
        }
    }
    m_process.reset();
}

bool RedisServer::restart(QString *error)
{
    stop();
    return start(error);
}

void RedisServer::freeze()
{
    if (pid() > 0)
        ::kill(pid_t(pid()), SIGSTOP);
}

void RedisServer::thaw()
{
    if (pid() > 0)
        ::kill(pid_t(pid()), SIGCONT);
}

} // namespace pelscope::test
