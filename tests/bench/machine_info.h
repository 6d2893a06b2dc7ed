// What the figures were measured on: the machine, the versions, the commit.
#pragma once

#include <QString>

namespace pelscope::bench {

struct MachineInfo
{
    int cores = 0;
    QString cpuModel;
    double ramGiB = 0;
    QString os, kernel;
    QString qt, qcustomplot;
    QString redisVersion, exporterVersion;
    QString commit;
    QString date;        // UTC, ISO 8601
    QString loadAtStart; // /proc/loadavg: the machine is shared with builds
};

MachineInfo collectMachineInfo(const QString &sourceDir);
QString loadAverage();

} // namespace pelscope::bench
