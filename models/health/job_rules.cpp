#include "job_rules.h"

#include "../snapshot/format.h"
#include "../text/fill_text.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

// Held jobs no live worker has, in the framework's own words: each framework
// proves it differently, and the operator knows the word from its docs.
QString orphanedWords(const JobQueueSnapshot &q, qint64 n, const HealthThresholds &t)
{
    const QString age = q.oldestOrphanedMs ? formatDuration(*q.oldestOrphanedMs) : QStringLiteral("?");
    switch (q.framework) {
    case JobFramework::BullMQ:
        return fillText(QCoreApplication::translate("JobRules", "%1 active job(s) whose lock is gone: stalled, no worker holds them"), formatCount(n));
    case JobFramework::Rq:
        return fillText(QCoreApplication::translate("JobRules", "%1 started job(s) whose worker stopped: heartbeat deadline passed %2 ago"), formatCount(n), age);
    case JobFramework::Celery:
        return fillText(QCoreApplication::translate("JobRules", "%1 task(s) reserved by a worker for %2, past the visibility timeout %3 and kombu's restore pace: nobody gave them back"), formatCount(n), age,
                        formatDuration(t.celeryVisibilityTimeoutMs));
    case JobFramework::Dramatiq:
        return fillText(QCoreApplication::translate("JobRules", "%1 message(s) fetched by a broker whose heartbeat stopped %2 ago: held by nobody until dramatiq's maintenance requeues them"),
                        formatCount(n), age);
    case JobFramework::Arq: // arq's held jobs are retried when their in-progress key expires: never counted as orphaned
        return {};
    case JobFramework::Sidekiq:
        return fillText(QCoreApplication::translate("JobRules", "%1 job(s) held by a process whose heartbeat stopped %2 ago"), formatCount(n), age);
    }
    return {};
}

} // namespace

HealthVerdict evaluateJobQueue(const JobQueueSnapshot &q, const HealthThresholds &t)
{
    HealthVerdict v;
    if (!q.error.isEmpty()) {
        addReason(v, Health::Warn, fillText(QCoreApplication::translate("JobRules", "not judged: %1"), q.error));
        return v;
    }
    if (q.orphaned && *q.orphaned > 0)
        addReason(v, Health::Crit, orphanedWords(q, *q.orphaned, t));
    if (!q.deadWorkers.isEmpty())
        // The process, by name: with what it held (counted above) or not.
        addReason(v, q.orphaned && *q.orphaned > 0 ? Health::Crit : Health::Warn,
                  fillText(QCoreApplication::translate("JobRules", "stopped: %1"), q.deadWorkers.join(QStringLiteral(", "))));

    if (!q.goneWorkers.isEmpty())
        addReason(v, Health::Warn,
                  fillText(QCoreApplication::translate("JobRules", "%1 worker(s) died without cleaning up: %2"), formatCount(q.goneWorkers.size()),
                           q.goneWorkers.join(QStringLiteral(", "))));

    const qint64 waiting = q.waiting.value_or(0);
    if (waiting > 0 && q.paused)
        addReason(v, Health::Warn, fillText(QCoreApplication::translate("JobRules", "paused with %1 job(s) waiting"), formatCount(waiting)));
    else if (waiting > 0 && q.workers && *q.workers == 0)
        addReason(v, Health::Crit, fillText(QCoreApplication::translate("JobRules", "%1 job(s) waiting and no worker serves the queue"), formatCount(waiting)));
    else if (waiting > 0 && !q.workers && q.active && *q.active == 0)
        // No worker registry (BullMQ, Celery): a live worker with a free slot
        // takes a waiting job at once, so none held while jobs wait means
        // nobody is taking them (or a rate limit holds them).
        addReason(v, Health::Warn,
                  fillText(QCoreApplication::translate("JobRules", "%1 job(s) waiting and none held by any worker: nobody is taking them"), formatCount(waiting)));
    if (waiting > 0 && q.oldestWaitingMs) {
        // arq scores a job by when it is due (enqueued, or deferred to): that is what is known.
        const QString what = q.framework == JobFramework::Arq
                                 ? fillText(QCoreApplication::translate("JobRules", "oldest waiting job due %1 ago"), formatDuration(*q.oldestWaitingMs))
                                 : fillText(QCoreApplication::translate("JobRules", "oldest waiting job enqueued %1 ago"), formatDuration(*q.oldestWaitingMs));
        if (*q.oldestWaitingMs >= t.behindCritMs)
            addReason(v, Health::Crit, fillText(QStringLiteral("%1 ≥ %2"), what, formatDuration(t.behindCritMs)));
        else if (*q.oldestWaitingMs >= t.behindWarnMs)
            addReason(v, Health::Warn, fillText(QStringLiteral("%1 ≥ %2"), what, formatDuration(t.behindWarnMs)));
    }
    if (waiting > 0 && !q.paused && q.notTakenForMs && *q.notTakenForMs >= t.unservedWarnMs) {
        // Live workers all busy take nothing either: only without any sign of
        // one is it an outage (critical from behind_crit on).
        const bool busyWorkers = (q.workers && *q.workers > 0) || (q.active && *q.active > 0 && q.orphaned.value_or(0) < *q.active);
        if (busyWorkers)
            addReason(v, Health::Warn,
                      fillText(QCoreApplication::translate("JobRules", "no job taken for %1 while %2 wait: every worker is busy, or stuck"),
                               formatDuration(*q.notTakenForMs), formatCount(waiting)));
        else
            addReason(v, *q.notTakenForMs >= t.behindCritMs ? Health::Crit : Health::Warn,
                      fillText(QCoreApplication::translate("JobRules", "no job taken for %1 while %2 wait: no worker is taking them"),
                               formatDuration(*q.notTakenForMs), formatCount(waiting)));
    }

    if (q.overdue && *q.overdue > 0 && q.oldestOverdueMs) {
        const QString what = fillText(QCoreApplication::translate("JobRules", "%1 scheduled job(s) due and not moved, the oldest overdue by %2"), formatCount(*q.overdue),
                                      formatDuration(*q.oldestOverdueMs));
        if (*q.oldestOverdueMs >= t.delayedOverdueCritMs)
            addReason(v, Health::Crit, fillText(QStringLiteral("%1 ≥ %2"), what, formatDuration(t.delayedOverdueCritMs)));
        else if (*q.oldestOverdueMs >= t.delayedOverdueWarnMs)
            addReason(v, Health::Warn, fillText(QStringLiteral("%1 ≥ %2"), what, formatDuration(t.delayedOverdueWarnMs)));
    }
    return v;
}

} // namespace pelscope
