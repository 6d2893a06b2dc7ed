#include "job_rules.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

Reason jobReason(const char *code, const char *text, QList<ReasonArg> args)
{
    return Reason{code, "JobRules", text, std::move(args)};
}

// Held jobs no live worker has, in the framework's own words: each framework
// proves it differently, and the operator knows the word from its docs.
Reason orphanedWords(const JobQueueSnapshot &q, qint64 n, const HealthThresholds &t)
{
    const ReasonArg count = ReasonArg::count(n);
    const ReasonArg age = q.oldestOrphanedMs ? ReasonArg::duration(*q.oldestOrphanedMs) : ReasonArg::text(QStringLiteral("?"));
    switch (q.framework) {
    case JobFramework::BullMQ:
        return jobReason("orphaned", QT_TRANSLATE_NOOP("JobRules", "%1 active job(s) whose lock is gone: stalled, no worker holds them"), {count});
    case JobFramework::Rq:
        return jobReason("orphaned", QT_TRANSLATE_NOOP("JobRules", "%1 started job(s) whose worker stopped: heartbeat deadline passed %2 ago"), {count, age});
    case JobFramework::Celery:
        return jobReason("orphaned",
                         QT_TRANSLATE_NOOP("JobRules", "%1 task(s) reserved by a worker for %2, past the visibility timeout %3 and kombu's restore pace: nobody gave them back"),
                         {count, age, ReasonArg::duration(t.celeryVisibilityTimeoutMs)});
    case JobFramework::Dramatiq:
        return jobReason("orphaned",
                         QT_TRANSLATE_NOOP("JobRules", "%1 message(s) fetched by a broker whose heartbeat stopped %2 ago: held by nobody until dramatiq's maintenance requeues them"),
                         {count, age});
    case JobFramework::Arq: // arq's held jobs are retried when their in-progress key expires: never counted as orphaned
    case JobFramework::Bull: // not read
    case JobFramework::BeeQueue:
        return {};
    case JobFramework::Sidekiq:
        return jobReason("orphaned", QT_TRANSLATE_NOOP("JobRules", "%1 job(s) held by a process whose heartbeat stopped %2 ago"), {count, age});
    }
    return {};
}

} // namespace

HealthVerdict evaluateJobQueue(const JobQueueSnapshot &q, const HealthThresholds &t)
{
    HealthVerdict v;
    if (!q.error.isEmpty()) {
        addReason(v, Health::Warn, jobReason("not_judged", QT_TRANSLATE_NOOP("JobRules", "not judged: %1"), {ReasonArg::text(q.error)}));
        return v;
    }
    if (q.orphaned && *q.orphaned > 0)
        if (Reason words = orphanedWords(q, *q.orphaned, t); !words.isEmpty()) // arq has none: never a critical without a reason
            addReason(v, Health::Crit, std::move(words));
    if (!q.deadWorkers.isEmpty())
        // The process, by name: with what it held (counted above) or not.
        addReason(v, q.orphaned && *q.orphaned > 0 ? Health::Crit : Health::Warn,
                  jobReason("workers_stopped", QT_TRANSLATE_NOOP("JobRules", "stopped: %1"), {ReasonArg::text(q.deadWorkers.join(QStringLiteral(", ")))}));

    if (!q.goneWorkers.isEmpty())
        addReason(v, Health::Warn,
                  jobReason("workers_gone", QT_TRANSLATE_NOOP("JobRules", "%1 worker(s) died without cleaning up: %2"),
                            {ReasonArg::count(q.goneWorkers.size()), ReasonArg::text(q.goneWorkers.join(QStringLiteral(", ")))}));

    if (!q.stuckParents.isEmpty())
        addReason(v, Health::Warn,
                  jobReason("flow_stuck", QT_TRANSLATE_NOOP("JobRules", "%1 flow parent(s) wait for ever on a child that failed: %2"),
                            {ReasonArg::count(q.stuckParents.size()), ReasonArg::text(q.stuckParents.join(QStringLiteral("; ")))}));

    if (q.redelivered > 0)
        addReason(v, Health::Warn,
                  jobReason("redelivered",
                            QT_TRANSLATE_NOOP("JobRules", "a task kombu gave back (its worker stopped, or the visibility timeout passed) waits or is "
                                                          "reserved again: if the worker that first reserved it still runs it (an ETA or a long task), it runs twice"),
                            {}));

    const qint64 waiting = q.waiting.value_or(0);
    if (waiting > 0 && q.paused)
        addReason(v, Health::Warn, jobReason("paused", QT_TRANSLATE_NOOP("JobRules", "paused with %1 job(s) waiting"), {ReasonArg::count(waiting)}));
    else if (waiting > 0 && q.workers && *q.workers == 0)
        addReason(v, Health::Crit,
                  jobReason("no_worker", QT_TRANSLATE_NOOP("JobRules", "%1 job(s) waiting and no worker serves the queue"), {ReasonArg::count(waiting)}));
    else if (waiting > 0 && !q.workers && q.active && *q.active == 0 && !q.rateLimitMs)
        // No worker registry (BullMQ, Celery): a live worker with a free slot
        // takes a waiting job at once, so none held while jobs wait means
        // nobody is taking them (or a rate limit holds them).
        addReason(v, Health::Warn,
                  jobReason("none_taking", QT_TRANSLATE_NOOP("JobRules", "%1 job(s) waiting and none held by any worker: nobody is taking them"),
                            {ReasonArg::count(waiting)}));
    if (waiting > 0 && q.oldestWaitingMs) {
        // arq scores a job by when it is due (enqueued, or deferred to): that is what is known.
        const Reason what = q.framework == JobFramework::Arq
                                ? jobReason("oldest_waiting", QT_TRANSLATE_NOOP("JobRules", "oldest waiting job due %1 ago"), {ReasonArg::duration(*q.oldestWaitingMs)})
                                : jobReason("oldest_waiting", QT_TRANSLATE_NOOP("JobRules", "oldest waiting job enqueued %1 ago"),
                                            {ReasonArg::duration(*q.oldestWaitingMs)});
        if (*q.oldestWaitingMs >= t.behindCritMs)
            addReason(v, Health::Crit, pastThreshold(what, t.behindCritMs));
        else if (*q.oldestWaitingMs >= t.behindWarnMs)
            addReason(v, Health::Warn, pastThreshold(what, t.behindWarnMs));
    }
    if (waiting > 0 && !q.paused && q.notTakenForMs && *q.notTakenForMs >= t.unservedWarnMs) {
        // Live workers all busy take nothing either: only without any sign of
        // one is it an outage (critical from behind_crit on).
        const bool busyWorkers = (q.workers && *q.workers > 0) || (q.active && *q.active > 0 && q.orphaned.value_or(0) < *q.active) || q.rateLimitMs;
        const QList<ReasonArg> args{ReasonArg::duration(*q.notTakenForMs), ReasonArg::count(waiting)};
        if (busyWorkers)
            addReason(v, Health::Warn,
                      jobReason("not_taken", QT_TRANSLATE_NOOP("JobRules", "no job taken for %1 while %2 wait: every worker is busy, or stuck"), args));
        else
            addReason(v, *q.notTakenForMs >= t.behindCritMs ? Health::Crit : Health::Warn,
                      jobReason("not_taken", QT_TRANSLATE_NOOP("JobRules", "no job taken for %1 while %2 wait: no worker is taking them"), args));
    }

    if (q.overdue && *q.overdue > 0 && q.oldestOverdueMs) {
        const Reason what = jobReason("scheduled_overdue", QT_TRANSLATE_NOOP("JobRules", "%1 scheduled job(s) due and not moved, the oldest overdue by %2"),
                                      {ReasonArg::count(*q.overdue), ReasonArg::duration(*q.oldestOverdueMs)});
        if (*q.oldestOverdueMs >= t.delayedOverdueCritMs)
            addReason(v, Health::Crit, pastThreshold(what, t.delayedOverdueCritMs));
        else if (*q.oldestOverdueMs >= t.delayedOverdueWarnMs)
            addReason(v, Health::Warn, pastThreshold(what, t.delayedOverdueWarnMs));
    }
    return v;
}

} // namespace pelscope
