// Reads what a redis-server spent: main-thread CPU (INFO cpu), per-command time
// (INFO commandstats) and network bytes (INFO stats), as deltas over a window,
// with the meter's own INFO calls and the server's idle cost taken out.
#pragma once

#include "raw_redis.h"

#include <QHash>
#include <QString>

namespace pelscope::bench {

struct CommandStat
{
    qint64 calls = 0;
    qint64 usec = 0;
};
using CommandStats = QHash<QString, CommandStat>;

// Commands a monitor sends to read streams (as opposed to INFO, CONFIG, ...).
bool isStreamCommand(const QString &name);

struct ServerReading
{
    double cpuUs = 0; // used_cpu_sys_main_thread + used_cpu_user_main_thread
    qint64 netIn = 0, netOut = 0;
    CommandStats commands;
    qint64 steadyNs = 0;
};

struct ServerWindow
{
    double seconds = 0;
    double cpuUs = 0;             // main-thread CPU, idle baseline and meter overhead subtracted
    double rawCpuUs = 0;          // as read
    qint64 netIn = 0, netOut = 0; // server-side bytes, meter overhead subtracted
    CommandStats commands;        // the meter's own INFO taken out

    double commandUs() const;       // every command
    double streamCommandUs() const; // isStreamCommand() only
    qint64 commandCalls() const;
};

class ServerMeter
{
public:
    bool connect(quint16 port, QString *error = nullptr);
    ServerReading read();
    void begin();
    ServerWindow end();
    // Zero-length windows give the meter's own cost; an idle window of
    // `idleSeconds` gives the server's idle CPU rate (serverCron and friends).
    void calibrate(double idleSeconds);
    // The idle rate again, right before a window: the machine is shared, and
    // the server's idle cost moves with its load.
    void measureIdle(double seconds);

    double idleCpuUsPerSecond() const { return m_idleRate; }
    double fixedCpuUs() const { return m_fixedCpu; }
    RawRedis &connection() { return m_redis; }

private:
    RawRedis m_redis;
    ServerReading m_start;
    double m_idleRate = 0;
    double m_fixedCpu = 0;
    double m_fixedNetIn = 0, m_fixedNetOut = 0;
    double m_ownInfoUsec = 0;
};

} // namespace pelscope::bench
