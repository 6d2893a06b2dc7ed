// Thresholds operators can read, and the verdict for one group with its reasons.
// Defaults come from the operators' articles (min-idle 5 min from p99 time,
// dead-letter after 5 deliveries).
#pragma once

#include "../snapshot/snapshot.h"
#include "runbooks.h"

#include <QMap>
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
    qint64 behindWarnMs = 60'000;        // the oldest unread entry is this old
    qint64 behindCritMs = 300'000;
    // Queues (the articles' other two patterns).
    qint64 delayedOverdueWarnMs = 60'000;  // due items exist and the oldest is this late
    qint64 delayedOverdueCritMs = 300'000;
    qint64 processingTimeoutMs = 300'000; // a reliable list's item in processing this long is stuck
    qint64 unservedWarnMs = 60'000;       // the main list grew with processing empty this long
    // Celery (kombu): a reserved task is handed to another worker after this
    // (its transport option visibility_timeout; Celery's default is 1 h).
    qint64 celeryVisibilityTimeoutMs = 3'600'000;
    // dramatiq: a broker silent this long is dead, what it fetched orphaned
    // (its RedisBroker heartbeat_timeout; dramatiq's default is 60 s).
    qint64 dramatiqHeartbeatTimeoutMs = 60'000;
    // taskiq-redis: entries idle this long are reclaimed by a live worker
    // (RedisStreamBroker idle_timeout; its default is 600,000 ms).
    qint64 taskiqIdleTimeoutMs = 600'000;
    // Incidents (IncidentTracker). A better status shows once the worse
    // evidence has been absent this long (and 3 polls): a consumer that reads
    // in batches, or lag that saws around a threshold, is still there between
    // two reads. A worse status needs no wait.
    qint64 recoverAfterMs = 60'000;
    // An incident ends when OK has held this long; a relapse before is the same incident.
    qint64 incidentEndAfterMs = 300'000;
    // Rates (in, out) over this much of the latest polls, not between two.
    qint64 rateWindowMs = 60'000;
    // Burrow's rule, without a threshold: a group whose lag never fell over
    // this window (ten readings, one every tenth of it) while it reads is
    // falling behind (WARN), even below lag_warn. 0 turns it off.
    qint64 trendWindowMs = 300'000;
    // A job framework's dead letters (BullMQ's failed set, Sidekiq's dead
    // set, RQ's and Celery's failed jobs) that grew by this many over
    // trend_window: WARN, however many were there before. 0 turns it off.
    qint64 failedGrowthWarn = 5;

    // [runbooks] of the same file: a reason code or subject -> URL.
    Runbooks runbooks;

    // Per-group overrides, "stream/group" -> (key, value) applied over the
    // values above: set("orders/fulfillment:oldest_idle_crit", "10m").
    // "stream/*" covers every group of a stream; an exact group wins over it.
    QMap<QString, QList<QPair<QString, QString>>> groupOverrides;

    // Reads an INI file ([health] oldest_idle_warn=60s ..., [runbooks] lag=https://…).
    // Returns an error message for a bad value, empty on success; unknown keys are reported too.
    QString loadFile(const QString &path);
    // key=value with the same names as the file, for --threshold flags;
    // "STREAM/GROUP:key" sets an override for one group (or STREAM/*).
    QString set(const QString &key, const QString &value);
    // The thresholds that apply to one group: these with its overrides.
    HealthThresholds forGroup(const QByteArray &stream, const QByteArray &group) const;
    static QStringList keys();
    // A warning threshold above its critical one would never warn before it
    // is critical: an error message naming the pair, empty when consistent
    // (the per-group overrides included).
    QString validate() const;
};

// A reason in the "Health" translation context; `text` is marked at the
// call with QT_TRANSLATE_NOOP("Health", …) so lupdate finds it. Both are
// literals (the array types say so), so the reason points at them instead
// of copying: every group's verdict and forecast make several a poll.
template <qsizetype CodeSize, qsizetype TextSize>
inline Reason healthReason(const char (&code)[CodeSize], const char (&text)[TextSize], QList<ReasonArg> args = {})
{
    return Reason{QByteArray::fromRawData(code, CodeSize - 1), QByteArray::fromRawData("Health", 6), QByteArray::fromRawData(text, TextSize - 1),
                  std::move(args)};
}
// A text chosen at run time (one of several literals): copied.
template <qsizetype CodeSize>
inline Reason healthReasonChosen(const char (&code)[CodeSize], const char *text, QList<ReasonArg> args = {})
{
    return Reason{QByteArray::fromRawData(code, CodeSize - 1), QByteArray::fromRawData("Health", 6), QByteArray(text), std::move(args)};
}

// "<what> ≥ <threshold>": a measured reason past the threshold it broke,
// under `what`'s code.
inline Reason pastThreshold(const Reason &what, qint64 thresholdMs)
{
    return Reason{what.code, {}, "%1 ≥ %2", {ReasonArg::note(what), ReasonArg::duration(thresholdMs)}};
}

// Said on every group of a dead-letter stream's source while it grows.
Reason deadLetterGrowth(const DeadLetterSnapshot &d);

// Adds a reason to a verdict and raises its status to `level` if higher.
void addReason(HealthVerdict &v, Health level, Reason reason);

// Consumers holding pending entries idle at least `thresholdMs`, as far as
// the PEL proves it, the longest idle first. Never "dead" on this alone: a
// busy worker that stopped reading looks the same from Redis.
QList<StalledConsumer> stalledConsumers(const GroupSnapshot &group, qint64 thresholdMs);

HealthVerdict evaluateGroup(const StreamSnapshot &stream, const GroupSnapshot &group, const HealthThresholds &t);

} // namespace pelscope
