#include "queue_rules.h"

#include "../snapshot/format.h"
#include "../text/fill_text.h"

#include <QCoreApplication>

namespace pelscope {

HealthVerdict evaluateDelayedQueue(const DelayedQueueSnapshot &q, const HealthThresholds &t)
{
    HealthVerdict v;
    if (!q.error.isEmpty()) {
        addReason(v, Health::Warn, QCoreApplication::translate("Health", "not judged: %1").arg(q.error));
        return v;
    }
    // Scores that are not times: what they mean for the queue, never a number
    // computed from them.
    if (!q.untimedScores.isEmpty()) {
        addReason(v, Health::Warn,
                  QCoreApplication::translate("Health", "not judged: no item's score is a time (scores %1)").arg(q.untimedScores));
        return v;
    }
    if (!q.nextNotTime.isEmpty())
        addReason(v, Health::Warn,
                  QCoreApplication::translate("Health", "the next item is scored %1, not a time: it will never come due").arg(q.nextNotTime));
    if (q.due && *q.due > 0 && !q.earliestNotTime.isEmpty())
        addReason(v, Health::Warn,
                  QCoreApplication::translate("Health", "%1 item(s) due, the earliest scored %2: not a time, so nobody can say since when")
                      .arg(formatCount(*q.due), q.earliestNotTime));
    if (!q.due || *q.due == 0 || !q.oldestOverdueMs)
        return v;
    const qint64 late = *q.oldestOverdueMs;
    const QString what = (*q.due == 1 ? QCoreApplication::translate("Health", "scheduler behind: %1 item due, the oldest overdue by %2")
                                           : QCoreApplication::translate("Health", "scheduler behind: %1 items due, the oldest overdue by %2"))
                             .arg(formatCount(*q.due), formatDuration(late));
    if (late >= t.delayedOverdueCritMs)
        addReason(v, Health::Crit, QStringLiteral("%1 ≥ %2").arg(what, formatDuration(t.delayedOverdueCritMs)));
    else if (late >= t.delayedOverdueWarnMs)
        addReason(v, Health::Warn, QStringLiteral("%1 ≥ %2").arg(what, formatDuration(t.delayedOverdueWarnMs)));
    return v;
}

HealthVerdict evaluateListQueue(const ListQueueSnapshot &q, const HealthThresholds &t)
{
    HealthVerdict v;
    if (!q.error.isEmpty()) {
        addReason(v, Health::Warn, QCoreApplication::translate("Health", "not judged: %1").arg(q.error));
        return v;
    }
    if (q.stuck > 0) {
        // Within the sample read from the oldest end: when processing holds
        // more, more may be stuck (a bracket, like the oldest pending idle).
        const bool partial = q.processingLength && *q.processingLength > q.sampled;
        addReason(v, Health::Warn,
              (partial ? QCoreApplication::translate("Health", "at least %1 items in processing longer than %2 (the oldest %3): a worker may have crashed holding them")
               : q.stuck == 1 ? QCoreApplication::translate("Health", "%1 item in processing longer than %2 (the oldest %3): a worker may have crashed holding it")
                              : QCoreApplication::translate("Health", "%1 items in processing longer than %2 (the oldest %3): a worker may have crashed holding them"))
                  .arg(formatCount(q.stuck), formatDuration(t.processingTimeoutMs),
                       q.oldestProcessingAgeMs ? formatDuration(*q.oldestProcessingAgeMs) : QStringLiteral("?")));
    }
    if (q.unservedForMs && *q.unservedForMs >= t.unservedWarnMs) {
        // Critical from behind_crit on, as a job queue nobody takes from.
        const Health level = *q.unservedForMs >= t.behindCritMs ? Health::Crit : Health::Warn;
        const qint64 growth = q.unservedGrowth.value_or(0);
        const bool plain = q.processingKey.isEmpty();
        if (!plain && growth > 0)
            addReason(v, level,
                      fillText(QCoreApplication::translate("Health", "no worker: the main list grew by %1 over %2 with nothing in processing"),
                               formatCount(growth), formatDuration(*q.unservedForMs)));
        else if (growth > 0)
            addReason(v, level,
                      fillText(QCoreApplication::translate("Health", "no worker: nothing taken from the list for %1 while it grew by %2 to %3"),
                               formatDuration(*q.unservedForMs), formatCount(growth), formatCount(q.length.value_or(0))));
        else
            addReason(v, level,
                      fillText(plain ? QCoreApplication::translate("Health", "no worker: nothing taken from the list for %1 while %2 items wait")
                                     : QCoreApplication::translate("Health", "no worker: nothing taken from the main list for %1 while %2 items wait, nothing in processing"),
                               formatDuration(*q.unservedForMs), formatCount(q.length.value_or(0))));
    }
    return v;
}

} // namespace pelscope
