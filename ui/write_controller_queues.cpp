// WriteController's writes to delayed queues and reliable lists: the same
// steps as every write (dry run of the same job, the exact commands
// confirmed, the job on the writer thread, the outcome recorded).
#include "write_controller.h"
#include "write_dialogs.h"

#include "actions/queue_write_job.h"
#include "text/display_text.h"
#include "text/fill_text.h"

namespace pelscope {

namespace {

QString titleFor(const QueueWriteRequest &request)
{
    switch (request.operation) {
    case QueueWriteRequest::Operation::Requeue:
        return WriteController::tr("Requeue stuck items");
    case QueueWriteRequest::Operation::DeleteFromList:
    case QueueWriteRequest::Operation::DeleteDelayed:
        return WriteController::tr("Delete queue items");
    case QueueWriteRequest::Operation::Reschedule:
        return request.dueMs || request.dueInMs ? WriteController::tr("Reschedule") : WriteController::tr("Run now");
    }
    return {};
}

} // namespace

void WriteController::queueWrite(const QueueWriteRequest &request, const QString &scope, QWidget *parent)
{
    const QString title = titleFor(request);
    if (const QString why = blocker(scope, queueActionName(request.operation)); !why.isEmpty()) {
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    if (m_cluster) {
        // The probe does not read queues on a cluster yet either; a script
        // needs both lists in one slot and the master that holds them.
        showOutcome(parent, title, tr("Nothing was written: queue writes from the window are not supported on Redis Cluster yet."), true);
        return;
    }
    QueueWriteRequest dry = request;
    dry.dryRun = true;
    m_busy = true;
    const quint64 number = m_connectionNumber;
    runJob(new QueueWriteJob(writeOptions(), dry), {}, parent,
           [this, request, scope, parent = QPointer<QWidget>(parent), title, number](const WriteOutcome &planned) {
               m_busy = false;
               if (number != m_connectionNumber)
                   return;
               if (!planned.error.isEmpty()) {
                   showOutcome(parent, title, tr("Nothing was written: %1").arg(planned.error), true);
                   return;
               }
               if (planned.counts.done == 0) {
                   showOutcome(parent, title, tr("Nothing to write: %1").arg(describeQueueWrite(request, planned, true)), false);
                   return;
               }
               confirmQueueWrite(request, planned, scope, parent);
           });
}

void WriteController::confirmQueueWrite(const QueueWriteRequest &request, const WriteOutcome &planned, const QString &scope, QWidget *parent)
{
    const QString title = titleFor(request);
    QStringList plan{fillText(tr("On %1, per batch of %2, one Lua script:"), writeOptions().redactedUrl(), request.batchSize)};
    for (const QString &line : planned.plan)
        plan << QStringLiteral("  ") + line;
    if (planned.counts.done > planned.plan.size())
        plan << tr("  ... and %1 more").arg(planned.counts.done - planned.plan.size());
    plan << fillText(QStringLiteral("  XADD \"%1\" MAXLEN ~ %2 * action %3 ... batch <token>"), displayBytes(request.auditStream),
                     request.auditMaxLen, queueActionName(request.operation));
    plan << tr("Audit log: %1").arg(auditLogPath());
    QString sentence = describeQueueWrite(request, planned, true);
    sentence[0] = sentence[0].toUpper();
    auto *dialog = new ConfirmWriteDialog(title, QStringLiteral("<b>%1</b>").arg(sentence.toHtmlEscaped()), plan,
                                          title, (parent ? parent : m_window));
    dialog->setCommandsNote(tr("Each item is removed and written in the same script: never in both places, never in neither. After a lost "
                               "reply the batch's audit record says whether it ran; items chosen by age are chosen again from what the "
                               "server holds then."));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const quint64 number = m_connectionNumber;
    connect(dialog, &QDialog::accepted, this, [this, number, request, scope, parent = QPointer<QWidget>(parent), title] {
        if (const QString why = number != m_connectionNumber ? tr("The connection changed while the confirmation was open; nothing was written")
                                                             : blocker(scope, queueActionName(request.operation));
            !why.isEmpty()) {
            showOutcome(parent, tr("Not allowed"), why, true);
            return;
        }
        m_busy = true;
        runJob(new QueueWriteJob(writeOptions(), request), title, parent,
               [this, scope, parent, title, request](const WriteOutcome &outcome) {
                   m_busy = false;
                   noteRefusal(scope, queueActionName(request.operation), outcome.errorKind, outcome.error);
                   QString text = describeQueueWrite(request, outcome, false);
                   if (!outcome.error.isEmpty())
                       text += QStringLiteral("\n\n") + outcome.error;
                   showOutcome(parent, title, text, !outcome.ranToTheEnd() || outcome.counts.refused > 0);
                   Q_EMIT recorded(writeRecordFor(request, outcome, auditLogPath()));
                   Q_EMIT queueWriteFinished(outcome);
               },
               [request](const WriteCounts &c) { return tr("%1 items done…").arg(c.done); });
    });
    dialog->open();
}

} // namespace pelscope
