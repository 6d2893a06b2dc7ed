// What a queue write is called: the sentence that says what it did (or
// would do), and the action name its audit records carry.
#include "queue_write_job.h"

#include "../snapshot/format.h"

#include <QCoreApplication>

namespace pelscope {

namespace {

QString items(qint64 n)
{
    return n == 1 ? QCoreApplication::translate("QueueWrite", "1 item") : QCoreApplication::translate("QueueWrite", "%1 items").arg(formatCount(n));
}

} // namespace

// Shown by the window in its language (pelscope-cli loads no translation):
// whole clauses, so that a translation can reorder them.
QString describeQueueWrite(const QueueWriteRequest &r, const WriteOutcome &o, bool dry)
{
    const WriteCounts &c = o.counts;
    QString line;
    switch (r.operation) {
    case QueueWriteRequest::Operation::Requeue:
        line = (dry ? QCoreApplication::translate("QueueWrite", "would move %1 back to %2 from %3") : QCoreApplication::translate("QueueWrite", "moved %1 back to %2 from %3"))
                   .arg(items(c.done), quotedForPlan(r.mainKey), quotedForPlan(r.key));
        break;
    case QueueWriteRequest::Operation::DeleteFromList:
        line = (dry ? QCoreApplication::translate("QueueWrite", "would delete %1 from %2") : QCoreApplication::translate("QueueWrite", "deleted %1 from %2")).arg(items(c.done), quotedForPlan(r.key));
        break;
    case QueueWriteRequest::Operation::DeleteDelayed:
        line = (dry ? QCoreApplication::translate("QueueWrite", "would delete %1 of %2") : QCoreApplication::translate("QueueWrite", "deleted %1 of %2")).arg(items(c.done), quotedForPlan(r.key));
        break;
    case QueueWriteRequest::Operation::Reschedule:
        line = (dry ? QCoreApplication::translate("QueueWrite", "would reschedule %1 of %2") : QCoreApplication::translate("QueueWrite", "rescheduled %1 of %2")).arg(items(c.done), quotedForPlan(r.key));
        break;
    }
    if (c.gone)
        line += QCoreApplication::translate("QueueWrite", ", %1 not there (taken by a worker, or gone already)").arg(items(c.gone));
    if (c.skipped)
        line += (r.includeUndated ? QCoreApplication::translate("QueueWrite", ", %1 left in place (younger than %2)") : QCoreApplication::translate("QueueWrite", ", %1 left in place (younger than %2, or with no timestamp)"))
                    .arg(items(c.skipped), formatDuration(r.olderThanMs));
    if (c.refused)
        line += QCoreApplication::translate("QueueWrite", ", %1 refused").arg(c.refused);
    if (c.retries)
        line += QCoreApplication::translate("QueueWrite", ", %1 batches retried after a lost connection").arg(c.retries);
    if (o.cancelled)
        line += QCoreApplication::translate("QueueWrite", ", interrupted");
    return line;
}

QString queueActionName(QueueWriteRequest::Operation operation)
{
    switch (operation) {
    case QueueWriteRequest::Operation::Requeue:
        return QStringLiteral("queue_requeue");
    case QueueWriteRequest::Operation::DeleteFromList:
        return QStringLiteral("queue_delete");
    case QueueWriteRequest::Operation::Reschedule:
        return QStringLiteral("queue_reschedule");
    case QueueWriteRequest::Operation::DeleteDelayed:
        return QStringLiteral("queue_delete_delayed");
    }
    return {};
}

} // namespace pelscope
