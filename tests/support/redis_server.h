// Starts a real, private redis-server for a test: loopback or a unix socket in a
// temporary directory, persistence off. The server is the oracle; nothing here
// imitates Redis.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <memory>

namespace pelscope::test {

class RedisOracle;

class RedisServer
{
public:
    struct Options
    {
        bool unixSocket = false; // also listen on <dir>/redis.sock
        bool tcp = true;
        QStringList extraArgs; // e.g. {"--requirepass", "x"}
        bool tls = false;      // tls-port instead of port (certs from TlsFixture)
        // A clock of its own, through libfaketime (`faketime -f "-2h"`): a
        // real server on a host whose clock is off. Debian's redis-server
        // (jemalloc) does not start under it; Redis 7.2 and Valkey 8 do.
        QString fakeTime;
    };

    RedisServer();
    explicit RedisServer(Options options);
    ~RedisServer();

    // Starts and waits until PING answers; QFAIL-style message on failure.
    bool start(QString *error = nullptr);
    void stop();                            // SIGTERM and wait
    bool restart(QString *error = nullptr); // same port, empty dataset
    void freeze();                          // SIGSTOP
    void thaw();                            // SIGCONT

    quint16 port() const { return m_port; }
    QString socketPath() const;
    QString dir() const { return m_dir.path(); }
    QString url() const; // redis://127.0.0.1:port or unix://...
    QString version() const { return m_version; }
    qint64 pid() const;

    static QString executable(); // empty when redis-server is not installed
    static quint16 freePort(); // also free at port + 10000 (a cluster bus)

private:
    enum class Launch { Ready, ExitedAtStart, Failed };
    Launch launch(const QString &exe, QString *error);
    bool answeredByOurs(RedisOracle &probe) const;
    QString lastLogLine() const;

    Options m_options;
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
    QString m_version;
};

} // namespace pelscope::test
