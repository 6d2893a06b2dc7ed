// Thresholds operators can read, and the verdict for one group with its reasons.
// Defaults come from the operators' articles (min-idle 5 min from p99 time,
// dead-letter after 5 deliveries).
#pragma once

#include "../snapshot/snapshot.h"

#include <QString>
#include <QStringList>

namespace pelscope {

struct HealthThresholds
{
    qint64 oldestIdleWarnMs = 60'000;
    qint64 oldestIdleCritMs = 300'000;
    qint64 deliveryCountWarn = 5;
    qint64 lagWarn = 1'000;
    qint64 lagCrit = 10'000;
    bool lagUnknownWarns = true;
    qint64 consumerIdleWarnMs = 300'000; // a consumer holding pending entries, idle this long

    // Reads an INI file ([health] oldest_idle_warn=60s ...). Returns an error
    // message for a bad value, empty on success; unknown keys are reported too.
    QString loadFile(const QString &path);
    // key=value with the same names as the file, for --threshold flags.
    QString set(const QString &key, const QString &value);
    static QStringList keys();
};

HealthVerdict evaluateGroup(const StreamSnapshot &stream, const GroupSnapshot &group, const HealthThresholds &t);

} // namespace pelscope
