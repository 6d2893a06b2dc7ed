#include "server_meter.h"

#include <hiredis/hiredis.h>

#include <QElapsedTimer>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <vector>

namespace pelscope::bench {

namespace {

qint64 steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

bool isStreamCommand(const QString &name)
{
    return name.startsWith(QLatin1String("xinfo")) || name == QLatin1String("xpending") || name == QLatin1String("xrange")
           || name == QLatin1String("xrevrange") || name == QLatin1String("xlen") || name == QLatin1String("scan") || name == QLatin1String("type");
}

double ServerWindow::commandUs() const
{
    double us = 0;
    for (const CommandStat &s : commands)
        us += double(s.usec);
    return us;
}

double ServerWindow::streamCommandUs() const
{
    double us = 0;
    for (auto it = commands.cbegin(); it != commands.cend(); ++it)
        if (isStreamCommand(it.key()))
            us += double(it->usec);
    return us;
}

qint64 ServerWindow::commandCalls() const
{
    qint64 n = 0;
    for (const CommandStat &s : commands)
        n += s.calls;
    return n;
}

bool ServerMeter::connect(quint16 port, QString *error)
{
    return m_redis.connect(port, error);
}

ServerReading ServerMeter::read()
{
    ServerReading r;
    QByteArray text;
    m_redis.pipeline({{"INFO", "cpu", "commandstats", "stats"}}, [&](int, const redisReply *reply) {
        if (reply && reply->type == REDIS_REPLY_STRING)
            text = QByteArray(reply->str, qsizetype(reply->len));
    });
    r.steadyNs = steadyNs();
    for (QByteArray line : text.split('\n')) {
        line = line.trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray key = line.left(colon);
        const QByteArray value = line.mid(colon + 1);
        if (key == "used_cpu_sys_main_thread" || key == "used_cpu_user_main_thread") {
            r.cpuUs += value.toDouble() * 1e6;
        } else if (key == "total_net_input_bytes") {
            r.netIn = value.toLongLong();
        } else if (key == "total_net_output_bytes") {
            r.netOut = value.toLongLong();
        } else if (key.startsWith("cmdstat_")) {
            CommandStat s;
            for (const QByteArray &kv : value.split(',')) {
                const auto parts = kv.split('=');
                if (parts.size() != 2)
                    continue;
                if (parts[0] == "calls")
                    s.calls = parts[1].toLongLong();
                else if (parts[0] == "usec")
                    s.usec = parts[1].toLongLong();
            }
            r.commands.insert(QString::fromLatin1(key.mid(8)), s);
        }
    }
    return r;
}

void ServerMeter::begin()
{
    m_start = read();
}

ServerWindow ServerMeter::end()
{
    const ServerReading stop = read();
    ServerWindow w;
    w.seconds = double(stop.steadyNs - m_start.steadyNs) / 1e9;
    w.rawCpuUs = stop.cpuUs - m_start.cpuUs;
    w.cpuUs = w.rawCpuUs - m_fixedCpu - m_idleRate * w.seconds;
    w.netIn = stop.netIn - m_start.netIn - qint64(m_fixedNetIn);
    w.netOut = stop.netOut - m_start.netOut - qint64(m_fixedNetOut);
    for (auto it = stop.commands.cbegin(); it != stop.commands.cend(); ++it) {
        const CommandStat before = m_start.commands.value(it.key());
        CommandStat d{it->calls - before.calls, it->usec - before.usec};
        if (it.key() == QLatin1String("info")) {
            // The INFO that opened this window is counted in it.
            d.calls -= 1;
            d.usec = std::max<qint64>(0, d.usec - qint64(m_ownInfoUsec + 0.5));
        }
        if (d.calls > 0)
            w.commands.insert(it.key(), d);
    }
    return w;
}

void ServerMeter::calibrate(double idleSeconds)
{
    m_fixedCpu = m_fixedNetIn = m_fixedNetOut = m_ownInfoUsec = m_idleRate = 0;
    std::vector<double> cpu, in, out, info;
    for (int i = 0; i < 7; ++i) {
        const ServerReading a = read();
        const ServerReading b = read();
        cpu.push_back(b.cpuUs - a.cpuUs);
        in.push_back(double(b.netIn - a.netIn));
        out.push_back(double(b.netOut - a.netOut));
        // b holds the time of the INFO that read a.
        const QString k = QStringLiteral("info");
        info.push_back(double(b.commands.value(k).usec - a.commands.value(k).usec));
    }
    m_fixedCpu = median(cpu);
    m_fixedNetIn = median(in);
    m_fixedNetOut = median(out);
    m_ownInfoUsec = median(info);
    measureIdle(idleSeconds);
}

void ServerMeter::measureIdle(double seconds)
{
    begin();
    QThread::usleep(qint64(seconds * 1e6));
    const ServerWindow idle = end();
    m_idleRate = std::max(0.0, (idle.rawCpuUs - m_fixedCpu) / idle.seconds);
}

} // namespace pelscope::bench
