// Starts real Redis Sentinels (redis-server --sentinel) watching one master for
// a test, with short failure detection so a failover takes seconds. They are
// told of each other up front, so they can vote as soon as they start.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QTemporaryDir>
#include <memory>
#include <vector>

namespace pelscope::test {

class RedisSentinels
{
public:
    struct Options
    {
        QByteArray masterName = "mymaster";
        quint16 masterPort = 0;
        int count = 3;
        int quorum = 2;
        int replicas = 1; // start() waits until the sentinels have found them
        int downAfterMs = 1000;
        int failoverTimeoutMs = 4000;
    };

    explicit RedisSentinels(Options options);
    ~RedisSentinels();

    // Starts them and waits until each answers with the master, its replicas
    // and the other sentinels (up to 20 s).
    bool start(QString *error = nullptr);
    void stop();

    QList<quint16> ports() const { return m_ports; }
    // redis+sentinel://127.0.0.1:a,127.0.0.1:b,.../mymaster
    QString url() const;
    // host:port the first answering sentinel names as master; empty if none.
    QString masterAddress() const;

private:
    Options m_options;
    QTemporaryDir m_dir;
    QList<quint16> m_ports;
    std::vector<std::unique_ptr<QProcess>> m_processes;
};

} // namespace pelscope::test
