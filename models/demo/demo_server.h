// A private, throw-away redis-server for demo mode: a unix socket in a
// temporary directory (no TCP port), no persistence. Started without blocking;
// needs a running event loop in the thread it lives in.
#pragma once

#include "../values/connection_options.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <memory>

class QLocalSocket;
class QProcess;
class QTemporaryDir;

namespace pelscope {

class DemoServer : public QObject
{
    Q_OBJECT
public:
    explicit DemoServer(QObject *parent = nullptr);
    ~DemoServer() override; // terminates the server, waiting at most ~3 s

    // Emits ready() once the socket accepts connections, or failed().
    void start();
    // SIGTERM, then SIGKILL after 2 s; emits stopped() when it is gone.
    void stop();

    bool isRunning() const;
    QString socketPath() const;                  // empty before start()
    ConnectionOptions connectionOptions() const; // unix transport to socketPath()

    // Empty when redis-server is not installed.
    static QString findExecutable();

Q_SIGNALS:
    void ready(const QString &socketPath);
    // Could not start, not ready within 5 s, or died unexpectedly later.
    void failed(const QString &message);
    void stopped();

private:
    void poll();
    void onProbeConnected();
    void dropProbe();
    void onFinished(int exitCode);
    void fail(const QString &message);
    QString logTail() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QProcess *m_process = nullptr;
    QLocalSocket *m_probe = nullptr;
    QTimer m_pollTimer{this};
    QTimer m_killTimer{this};
    QElapsedTimer m_startClock;
    QString m_socketPath;
    QByteArray m_log; // the server's last output, for error messages
    bool m_ready = false;
    bool m_stopping = false;
};

} // namespace pelscope
