#include "queue_rules.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

Reason notJudged(const QString &why)
{
    return healthReason("not_judged", QT_TRANSLATE_NOOP("Health", "not judged: %1"), {ReasonArg::text(why)});
}

} // namespace

HealthVerdict evaluateDelayedQueue(const DelayedQueueSnapshot &q, const HealthThresholds &t)
{
    HealthVerdict v;
    if (!q.error.isEmpty()) {
        addReason(v, Health::Warn, notJudged(q.error));
        return v;
    }
    // Scores that are not times: what they mean for the queue, never a number
    // computed from them.
    if (!q.untimedScores.isEmpty()) {
        addReason(v, Health::Warn,
                  healthReason("scores_not_times", QT_TRANSLATE_NOOP("Health", "not judged: no item's score is a time (scores %1)"),
                               {ReasonArg::text(q.untimedScores)}));
        return v;
    }
    if (!q.nextNotTime.isEmpty())
        addReason(v, Health::Warn,
                  healthReason("next_not_time", QT_TRANSLATE_NOOP("Health", "the next item is scored %1, not a time: it will never come due"),
                               {ReasonArg::text(q.nextNotTime)}));
    if (q.due && *q.due > 0 && !q.earliestNotTime.isEmpty())
        addReason(v, Health::Warn,
                  healthReason("due_not_time", QT_TRANSLATE_NOOP("Health", "%1 item(s) due, the earliest scored %2: not a time, so nobody can say since when"),
                               {ReasonArg::count(*q.due), ReasonArg::text(q.earliestNotTime)}));
    if (!q.due || *q.due == 0 || !q.oldestOverdueMs)
        return v;
    const qint64 late = *q.oldestOverdueMs;
    const Reason what = healthReasonChosen("scheduler_behind",
                                     *q.due == 1 ? QT_TRANSLATE_NOOP("Health", "scheduler behind: %1 item due, the oldest overdue by %2")
                                                 : QT_TRANSLATE_NOOP("Health", "scheduler behind: %1 items due, the oldest overdue by %2"),
                                     {ReasonArg::count(*q.due), ReasonArg::duration(late)});
    if (late >= t.delayedOverdueCritMs)
        addReason(v, Health::Crit, pastThreshold(what, t.delayedOverdueCritMs));
    else if (late >= t.delayedOverdueWarnMs)
        addReason(v, Health::Warn, pastThreshold(what, t.delayedOverdueWarnMs));
    return v;
}

HealthVerdict evaluateListQueue(const ListQueueSnapshot &q, const HealthThresholds &t)
{
    HealthVerdict v;
    if (!q.error.isEmpty()) {
        addReason(v, Health::Warn, notJudged(q.error));
        return v;
    }
    if (q.stuck > 0) {
        // Within the sample read from the oldest end: when processing holds
        // more, more may be stuck (a bracket, like the oldest pending idle).
        const bool partial = q.processingLength && *q.processingLength > q.sampled;
        const char *text =
            partial ? QT_TRANSLATE_NOOP("Health", "at least %1 items in processing longer than %2 (the oldest %3): a worker may have crashed holding them")
            : q.stuck == 1 ? QT_TRANSLATE_NOOP("Health", "%1 item in processing longer than %2 (the oldest %3): a worker may have crashed holding it")
                           : QT_TRANSLATE_NOOP("Health", "%1 items in processing longer than %2 (the oldest %3): a worker may have crashed holding them");
        addReason(v, Health::Warn,
                  healthReasonChosen("processing_stuck", text,
                               {ReasonArg::count(q.stuck), ReasonArg::duration(t.processingTimeoutMs),
                                q.oldestProcessingAgeMs ? ReasonArg::duration(*q.oldestProcessingAgeMs) : ReasonArg::text(QStringLiteral("?"))}));
    }
    if (q.unservedForMs && *q.unservedForMs >= t.unservedWarnMs) {
        // Critical from behind_crit on, as a job queue nobody takes from.
        const Health level = *q.unservedForMs >= t.behindCritMs ? Health::Crit : Health::Warn;
        const qint64 growth = q.unservedGrowth.value_or(0);
        const bool plain = q.processingKey.isEmpty();
        const ReasonArg unserved = ReasonArg::duration(*q.unservedForMs);
        if (!plain && growth > 0)
            addReason(v, level,
                      healthReason("no_worker", QT_TRANSLATE_NOOP("Health", "no worker: the main list grew by %1 over %2 with nothing in processing"),
                                   {ReasonArg::count(growth), unserved}));
        else if (growth > 0)
            addReason(v, level,
                      healthReason("no_worker", QT_TRANSLATE_NOOP("Health", "no worker: nothing taken from the list for %1 while it grew by %2 to %3"),
                                   {unserved, ReasonArg::count(growth), ReasonArg::count(q.length.value_or(0))}));
        else
            addReason(v, level,
                      healthReasonChosen("no_worker",
                                   plain ? QT_TRANSLATE_NOOP("Health", "no worker: nothing taken from the list for %1 while %2 items wait")
                                         : QT_TRANSLATE_NOOP("Health", "no worker: nothing taken from the main list for %1 while %2 items wait, nothing in processing"),
                                   {unserved, ReasonArg::count(q.length.value_or(0))}));
    }
    return v;
}

} // namespace pelscope
