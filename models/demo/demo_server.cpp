#include "demo_server.h"
#include "../text/fill_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalSocket>
#include <QProcess>

#include "../storage/child_process.h"
#include <QStandardPaths>
#include <QTemporaryDir>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

constexpr int kPollMs = 50;
constexpr qint64 kReadyTimeoutMs = 5'000;
constexpr int kKillAfterMs = 2'000;
constexpr qsizetype kLogKeep = 4'096;
// sockaddr_un.sun_path holds 108 bytes including the terminating NUL.
constexpr qsizetype kMaxSocketPath = 107;

} // namespace

DemoServer::DemoServer(QObject *parent)
    : QObject(parent)
{
    m_pollTimer.setInterval(kPollMs);
    connect(&m_pollTimer, &QTimer::timeout, this, &DemoServer::poll);
    m_killTimer.setSingleShot(true);
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (m_process)
            m_process->kill();
    });
}

DemoServer::~DemoServer()
{
    m_pollTimer.stop();
    m_killTimer.stop();
    dropProbe();
    if (m_process) {
        m_process->disconnect(this);
        if (m_process->state() != QProcess::NotRunning) {
            m_process->terminate();
            // The one blocking wait, and only here: there is no event loop
            // left to wait in, and an orphaned redis-server must not outlive us.
            if (!m_process->waitForFinished(kKillAfterMs)) {
                m_process->kill();
                m_process->waitForFinished(1'000);
            }
        }
        delete m_process;
        m_process = nullptr;
    }
    // m_dir goes last, taking the socket file with it.
}

QString DemoServer::findExecutable()
{
    QString path = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(QStringLiteral("redis-server"), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin")});
    return path;
}

bool DemoServer::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QString DemoServer::socketPath() const
{
    return m_socketPath;
}

ConnectionOptions DemoServer::connectionOptions() const
{
    ConnectionOptions options;
    options.transport = ConnectionOptions::Transport::Unix;
    options.socketPath = m_socketPath;
    return options;
}

void DemoServer::start()
{
    if (m_process) {
        spdlog::warn("demo server: already started ({})", m_socketPath.toStdString());
        return;
    }
    m_ready = false;
    m_stopping = false;
    m_log.clear();

    const QString exe = findExecutable();
    if (exe.isEmpty()) {
        fail(QStringLiteral("redis-server was not found. Install it with: sudo apt-get install redis-server (Debian/Ubuntu)"));
        return;
    }
    m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/pelscope-demo-XXXXXX"));
    if (!m_dir->isValid()) {
        fail(QStringLiteral("cannot create a temporary directory for the demo server: %1").arg(m_dir->errorString()));
        return;
    }
    // Tidy what a Pelscope killed outright left behind, then mark this one as ours.
    removeOrphanedDemoDirs(QDir::tempPath());
    writeDemoOwner(m_dir->path());
    m_socketPath = m_dir->filePath(QStringLiteral("redis.sock"));
    if (QFile::encodeName(m_socketPath).size() > kMaxSocketPath) {
        fail(QStringLiteral("the demo server's socket path %1 is too long for a unix socket; set TMPDIR to a shorter directory").arg(m_socketPath));
        return;
    }

    // Unix socket only (port 0): nothing else on the machine can reach it.
    const QStringList args{
        QStringLiteral("--port"),           QStringLiteral("0"),   QStringLiteral("--unixsocket"), m_socketPath,
        QStringLiteral("--unixsocketperm"), QStringLiteral("700"), QStringLiteral("--save"),       QString(),
        QStringLiteral("--appendonly"),     QStringLiteral("no"),  QStringLiteral("--dir"),        m_dir->path(),
        QStringLiteral("--daemonize"),      QStringLiteral("no"),  QStringLiteral("--loglevel"),   QStringLiteral("warning"),
    };
    m_process = new QProcess(this);
    tieToPelscope(m_process); // dies with Pelscope, however it ends
    m_process->setProgram(exe);
    m_process->setArguments(args);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] {
        m_log += m_process->readAllStandardOutput();
        if (m_log.size() > kLogKeep)
            m_log = m_log.right(kLogKeep);
    });
    connect(m_process, &QProcess::errorOccurred, this, [this, exe](QProcess::ProcessError error) {
        // Crashes arrive through finished(); only a failed exec has no finished().
        if (error == QProcess::FailedToStart)
            fail(QStringLiteral("could not run %1: %2").arg(exe, m_process->errorString()));
    });
    connect(m_process, &QProcess::finished, this, [this](int exitCode) { onFinished(exitCode); });

    spdlog::info("demo server: starting {} on {}", exe.toStdString(), m_socketPath.toStdString());
    m_startClock.start();
    m_process->start();
    m_pollTimer.start();
}

void DemoServer::stop()
{
    m_pollTimer.stop();
    dropProbe();
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_stopping = true;
    m_process->terminate();
    m_killTimer.start(kKillAfterMs);
}

// The socket file appears when redis-server listens; a connection that is
// accepted proves it, without any blocking wait.
void DemoServer::poll()
{
    if (m_startClock.elapsed() > kReadyTimeoutMs) {
        fail(QStringLiteral("redis-server did not open %1 within 5 s%2").arg(m_socketPath, logTail()));
        return;
    }
    if (m_probe || !QFileInfo::exists(m_socketPath))
        return;
    auto *probe = new QLocalSocket(this);
    m_probe = probe;
    connect(probe, &QLocalSocket::connected, this, &DemoServer::onProbeConnected);
    connect(probe, &QLocalSocket::errorOccurred, this, [this] { dropProbe(); }); // retried next tick
    probe->connectToServer(m_socketPath);
}

void DemoServer::dropProbe()
{
    if (!m_probe)
        return;
    QLocalSocket *probe = m_probe;
    m_probe = nullptr;
    probe->disconnect(this);
    probe->abort();
    probe->deleteLater();
}

void DemoServer::onProbeConnected()
{
    m_pollTimer.stop();
    dropProbe();
    if (m_ready)
        return;
    m_ready = true;
    spdlog::info("demo server: ready on {}", m_socketPath.toStdString());
    Q_EMIT ready(m_socketPath);
}

void DemoServer::onFinished(int exitCode)
{
    m_pollTimer.stop();
    m_killTimer.stop();
    dropProbe();
    const bool expected = m_stopping;
    const bool wasReady = m_ready;
    const QString tail = logTail();
    m_ready = false;
    m_stopping = false;
    m_process->deleteLater(); // we are inside its signal
    m_process = nullptr;
    m_dir.reset();
    if (expected) {
        spdlog::info("demo server: stopped");
        Q_EMIT stopped();
        return;
    }
    const QString what = wasReady ? QStringLiteral("redis-server exited unexpectedly (exit code %1)%2")
                                  : QStringLiteral("redis-server exited while starting (exit code %1)%2");
    fail(fillText(what, exitCode, tail));
}

void DemoServer::fail(const QString &message)
{
    m_pollTimer.stop();
    dropProbe();
    m_ready = false;
    spdlog::error("demo server: {}", message.toStdString());
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_stopping = true; // its exit is expected from now on
        m_process->terminate();
        m_killTimer.start(kKillAfterMs);
    } else if (m_process) {
        m_process->deleteLater();
        m_process = nullptr;
        m_dir.reset();
    } else {
        m_dir.reset();
    }
    Q_EMIT failed(message);
}

QString DemoServer::logTail() const
{
    const QString text = QString::fromLocal8Bit(m_log).trimmed();
    return text.isEmpty() ? QString() : QStringLiteral(": ") + text.right(600);
}

} // namespace pelscope
