#include "redis_sentinels.h"

#include "redis_oracle.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QThread>

namespace pelscope::test {

namespace {

QByteArray sentinelId(int i)
{
    return QByteArray(40, char('a' + i)); // 40 hex digits, distinct per sentinel
}

} // namespace

RedisSentinels::RedisSentinels(Options options)
    : m_options(std::move(options))
{}

RedisSentinels::~RedisSentinels()
{
    stop();
}

QString RedisSentinels::url() const
{
    QStringList hosts;
    for (quint16 p : m_ports)
        hosts << QStringLiteral("127.0.0.1:%1").arg(p);
    return QStringLiteral("redis+sentinel://%1/%2").arg(hosts.join(QLatin1Char(',')), QString::fromUtf8(m_options.masterName));
}

QString RedisSentinels::masterAddress() const
{
    for (quint16 p : m_ports) {
        RedisOracle s;
        if (!s.connectTcp(QStringLiteral("127.0.0.1"), p))
            continue;
        const RedisReply r = s.command({"SENTINEL", "GET-MASTER-ADDR-BY-NAME", m_options.masterName});
        if (r.isArray() && r.size() == 2)
            return QString::fromUtf8(r.at(0).bytes() + ':' + r.at(1).bytes());
    }
    return {};
}

bool RedisSentinels::start(QString *error)
{
    const QString exe = RedisServer::executable();
    if (exe.isEmpty()) {
        if (error)
            *error = QStringLiteral("redis-server not found: install it with `sudo apt-get install redis-server` (./dev test does)");
        return false;
    }
    for (int i = 0; i < m_options.count; ++i)
        m_ports << RedisServer::freePort();
    const QByteArray name = m_options.masterName;
    for (int i = 0; i < m_options.count; ++i) {
        const QString conf = m_dir.filePath(QStringLiteral("sentinel-%1.conf").arg(i));
        QFile f(conf);
        if (!f.open(QIODevice::WriteOnly)) {
            if (error)
                *error = QStringLiteral("cannot write %1").arg(conf);
            return false;
        }
        QByteArray text;
        text += "port " + QByteArray::number(m_ports[i]) + "\nbind 127.0.0.1\ndaemonize no\n";
        text += "dir " + m_dir.path().toUtf8() + "\nlogfile " + m_dir.filePath(QStringLiteral("sentinel-%1.log").arg(i)).toUtf8() + "\n";
        text += "sentinel myid " + sentinelId(i) + "\n";
        text +=
            "sentinel monitor " + name + " 127.0.0.1 " + QByteArray::number(m_options.masterPort) + ' ' + QByteArray::number(m_options.quorum) + "\n";
        text += "sentinel down-after-milliseconds " + name + ' ' + QByteArray::number(m_options.downAfterMs) + "\n";
        text += "sentinel failover-timeout " + name + ' ' + QByteArray::number(m_options.failoverTimeoutMs) + "\n";
        text += "sentinel parallel-syncs " + name + " 1\n";
        for (int j = 0; j < m_options.count; ++j)
            if (j != i)
                text += "sentinel known-sentinel " + name + " 127.0.0.1 " + QByteArray::number(m_ports[j]) + ' ' + sentinelId(j) + "\n";
        f.write(text);
        f.close();

        auto process = std::make_unique<QProcess>();
        process->setProgram(exe);
        process->setArguments({conf, QStringLiteral("--sentinel")});
        process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process->start();
        if (!process->waitForStarted(5000)) {
            if (error)
                *error = QStringLiteral("could not start a sentinel: %1").arg(process->errorString());
            return false;
        }
        m_processes.push_back(std::move(process));
    }

    QDeadlineTimer deadline(20000);
    QString last;
    while (!deadline.hasExpired()) {
        int ready = 0;
        for (quint16 p : m_ports) {
            RedisOracle s;
            if (!s.connectTcp(QStringLiteral("127.0.0.1"), p))
                continue;
            const RedisReply m = s.command({"SENTINEL", "MASTER", name});
            const qint64 replicas = m.field("num-slaves").toInt().value_or(-1);
            const qint64 others = m.field("num-other-sentinels").toInt().value_or(-1);
            last = fillText(QStringLiteral("sentinel %1: flags %2, %3 replicas, %4 other sentinels"), p, QString::fromUtf8(m.field("flags").bytes()),
                            replicas, others);
            if (m.field("flags").bytes() == "master" && replicas >= m_options.replicas && others == m_options.count - 1)
                ++ready;
        }
        if (ready == m_options.count)
            return true;
        QThread::msleep(100);
    }
    if (error)
        *error = QStringLiteral("sentinels not ready within 20 s (%1); logs in %2").arg(last, m_dir.path());
    return false;
}

void RedisSentinels::stop()
{
    for (auto &p : m_processes) {
        if (p->state() == QProcess::Running) {
            p->terminate();
            if (!p->waitForFinished(5000)) {
                p->kill();
                p->waitForFinished(2000);
            }
        }
    }
    m_processes.clear();
}

} // namespace pelscope::test
