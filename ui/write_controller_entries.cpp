// WriteController, the pending-entries half: claim, acknowledge and move
// to the DLQ (planned where they run, confirmed with the numbers of one read,
// run as a job), and deleting a consumer. Dead letters are write_controller.cpp.
#include "write_controller.h"
#include "write_controller_words.h"

#include "actions/audit_log.h"
#include "actions/consumer_delete_kind.h"
#include "actions/dlq_finder.h"
#include "actions/pending_preflight.h"
#include "actions/write_checks.h"
#include "actions/write_plan.h"
#include "redis/key_slot.h"
#include "snapshot/format.h"
#include "text/fill_text.h"
#include "health_style.h"
#include "write_dialogs.h"

#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QWidget>

namespace pelscope {

using namespace write_words;

void WriteController::pendingAction(const PendingActionRequest &request, const QString &scope, QWidget *parent)
{
    const QString action = actionKey(request.action);
    if (const QString why = blocker(scope, action); !why.isEmpty()) {
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    if (!m_cluster) {
        confirmPending(request, scope, parent, writeOptions(), {});
        return;
    }
    // On a cluster: the master holding the stream, from the planner (the CLI's too).
    const ConnectionOptions seed = writeOptions();
    m_busy = true;
    onWriterThread<PendingActionPlan>([seed, request] { return planPendingAction(seed, request); },
                                      [this, scope, parent = QPointer<QWidget>(parent)](const PendingActionPlan &plan) {
                                          m_busy = false;
                                          const QString title = actionTitle(plan.request.action);
                                          if (!plan.error.isEmpty()) {
                                              showOutcome(parent, title, tr("Nothing was written: %1").arg(plan.error), true);
                                              return;
                                          }
                                          if (!plan.refusal.isEmpty()) {
                                              refuse(parent, title,
                                                     tr("<b>The entries cannot be moved to %1 on this cluster.</b> Nothing was written.")
                                                         .arg(displayBytes(plan.request.dlq).toHtmlEscaped()),
                                                     plan.refusal);
                                              return;
                                          }
                                          confirmPending(plan.request, scope, parent, plan.node, plan.pathText);
                                      });
}

// The numbers of the confirmation come from one read, made now on the
// writer thread (readPendingPlan, the CLI's too): the dialog's sentence and
// its plan say the same thing.
void WriteController::confirmPending(const PendingActionRequest &request, const QString &scope, QWidget *parent, const ConnectionOptions &node,
                                     const QString &path)
{
    m_busy = true;
    onWriterThread<PendingPlan>(
        [node, request] { return readPendingPlan(node, request); },
        [this, request, scope, parent = QPointer<QWidget>(parent), node, path](const PendingPlan &plan) {
            m_busy = false;
            const QString title = actionTitle(request.action);
            if (plan.refusal.isError()) {
                showOutcome(parent, title, tr("Nothing was written: %1").arg(plan.refusal.message), true);
                return;
            }
            QStringList lines = plan.lines;
            QString headline;
            QString button;
            if (!request.fromConsumer.isEmpty()) {
                headline = tr("%1 the pending entries of consumer %2 in group %3 of stream %4")
                               .arg(title, displayBytes(request.fromConsumer), displayBytes(request.group), displayBytes(request.stream));
                button = title;
            } else {
                lines << QString() << tr("Entries:");
                for (const QByteArray &id : std::as_const(request.ids))
                    lines << QStringLiteral("  ") + QString::fromLatin1(id);
                headline = tr("%1 %n selected entries of group %2 on stream %3", nullptr, int(request.ids.size()))
                               .arg(title, displayBytes(request.group), displayBytes(request.stream));
                button = fillText(tr("%1 %2"), title, request.ids.size());
            }
            QString summary = QStringLiteral("<b>%1</b><br>%2").arg(headline.toHtmlEscaped(), plan.summary.toHtmlEscaped());
            for (const QString &note : plan.notes)
                summary += QStringLiteral("<br><br><span style='color:%1'><b>%2</b></span>").arg(warningTextColor(), note.toHtmlEscaped());
            if (request.action == PendingActionRequest::Action::Ack)
                summary += tr("<br><span style='color:%1'><b>Acknowledged entries are dropped unprocessed.</b></span>").arg(warningTextColor());
            auto *dialog = new ConfirmWriteDialog(title, summary, lines, button, (parent ? parent.data() : m_window));
            if (!path.isEmpty())
                dialog->setPath(path);
            // Only the move to the DLQ is a script; claim and acknowledge are plain commands.
            if (request.action == PendingActionRequest::Action::Claim)
                dialog->setCommandsNote(tr("Exactly these commands will run (plain XCLAIM calls, a batch of IDs each; no script):"));
            else if (request.action == PendingActionRequest::Action::Ack)
                dialog->setCommandsNote(tr("Exactly these commands will run (plain XACK calls; no script):"));
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            const quint64 number = m_connectionNumber;
            connect(dialog, &QDialog::accepted, this, [this, number, request, scope, parent, node] {
                if (number != m_connectionNumber) {
                    showOutcome(parent, tr("Not allowed"), tr("The connection changed while the confirmation was open; nothing was written"), true);
                    return;
                }
                runPending(request, scope, parent, node);
            });
            dialog->open();
        });
}

void WriteController::runPending(const PendingActionRequest &request, const QString &scope, QWidget *parent, const ConnectionOptions &node)
{
    const QString action = actionKey(request.action);
    if (const QString why = blocker(scope, action); !why.isEmpty()) {
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    m_busy = true;
    const QString title = actionTitle(request.action);
    runJob(new PendingActionJob(node, request), title, parent,
           [this, request, node, scope, parent = QPointer<QWidget>(parent), action, title](const WriteOutcome &outcome) {
               m_busy = false;
               noteRefusal(scope, action, outcome.errorKind, outcome.error);
               auto report = [this, request, outcome, parent, title](const QString &afterwards) {
                   const WriteRecord record = writeRecordFor(request, outcome, auditLogPath(), afterwards);
                   showOutcome(parent, title, outcomeText(record, outcome), !outcome.error.isEmpty() || outcome.counts.failed > 0);
                   Q_EMIT recorded(record);
                   Q_EMIT pendingActionFinished(outcome);
               };
               if (request.action == PendingActionRequest::Action::Claim && outcome.counts.done > 0) {
                   // Where the entries are now, read after the claim, for the record.
                   onWriterThread<QString>([node, request] { return ownersAfterClaim(node, request); }, report);
                   return;
               }
               report({});
           });
}

// Only a consumer that held nothing at the last poll is offered; the
// script checks again when it runs (write flow: consumer_delete_kind.h).
void WriteController::deleteConsumer(const ConsumerDeleteRequest &request, qint64 holds, const QString &scope, QWidget *parent)
{
    auto kind = std::make_shared<ConsumerDeleteKind>(request);
    if (holds > 0) {
        showOutcome(parent, kind->title(),
                    fillText(tr("%1 held %2 pending entries at the last poll; deleting it would drop them unprocessed. Claim them to another "
                                "consumer first (select them in the pending table, or use \"Claim all from…\")."),
                             displayBytes(request.consumer), holds),
                    true);
        return;
    }
    runFlow(kind, scope, parent, [this](const WriteFlow &flow) { Q_EMIT consumerDeleted(flow.outcome()); });
}

} // namespace pelscope
