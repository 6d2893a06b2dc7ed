#include "write_controller.h"
#include "write_controller_words.h"

#include "actions/audit_log.h"
#include "actions/dlq_finder.h"
#include "actions/pending_preflight.h"
#include "actions/write_checks.h"
#include "actions/write_plan.h"
#include "actions/write_flow.h"
#include "redis/key_slot.h"
#include "snapshot/format.h"
#include "health_style.h"
#include "write_dialogs.h"

#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QWidget>

namespace pelscope {

using namespace write_words;

namespace {

QString requeueSummary(const RequeueRequest &request, const WriteCounts &c)
{
    QStringList parts;
    if (c.done)
        parts << (request.operation == RequeueRequest::Operation::Delete ? QObject::tr("deleted %1") : QObject::tr("requeued %1"))
                     .arg(formatCount(c.done));
    parts << QObject::tr("already gone %1").arg(formatCount(c.gone)) << QObject::tr("failed %1").arg(formatCount(c.failed));
    if (c.empty)
        parts << QObject::tr("left (metadata only) %1").arg(formatCount(c.empty));
    if (c.retries)
        parts << QObject::tr("batches retried after a lost connection %1").arg(c.retries);
    return parts.join(QStringLiteral(", "));
}

// Asks in a dialog what a flow shows: the headline, the notes in the
// warning colour, the commands and what they are.
class DialogConfirmer : public QObject, public WriteConfirmer
{
public:
    explicit DialogConfirmer(QWidget *parent)
        : m_parent(parent)
    {}

    void confirm(const WritePreview &preview, std::function<void(std::optional<WriteDecision>)> answer) override
    {
        QString summary = QStringLiteral("<b>%1</b>").arg(preview.headline.toHtmlEscaped());
        if (!preview.summary.isEmpty())
            summary += QStringLiteral("<br>") + preview.summary.toHtmlEscaped();
        for (const QString &note : preview.notes)
            summary += QStringLiteral("<br><br><span style='color:%1'><b>%2</b></span>").arg(warningTextColor(), note.toHtmlEscaped());
        auto *dialog = new ConfirmWriteDialog(preview.title, summary, preview.commands,
                                              preview.confirmLabel.isEmpty() ? preview.title : preview.confirmLabel, m_parent);
        if (!preview.commandsNote.isEmpty())
            dialog->setCommandsNote(preview.commandsNote);
        if (!preview.path.isEmpty())
            dialog->setPath(preview.path);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        // One answer: accepted, or rejected (Cancel, Esc, closed).
        auto once = std::make_shared<std::function<void(std::optional<WriteDecision>)>>(std::move(answer));
        connect(dialog, &QDialog::finished, this, [dialog, once](int result) {
            if (!*once)
                return;
            auto call = std::exchange(*once, {});
            call(result == QDialog::Accepted ? std::optional<WriteDecision>(WriteDecision{dialog->rateLimit()}) : std::nullopt);
        });
        dialog->open();
    }

private:
    QPointer<QWidget> m_parent;
};

} // namespace

void WriteController::runFlow(std::shared_ptr<const WriteKind> kind, const QString &scope, QWidget *parent,
                              std::function<void(const WriteFlow &)> done)
{
    QWidget *owner = parent ? parent : m_window;
    auto *confirmer = new DialogConfirmer(owner);
    auto *flow = new WriteFlow(m_session, kind, *confirmer, [this, scope](const QString &action) { return blocker(scope, action); }, this);
    confirmer->setParent(flow);
    const QString title = kind->title();
    const QString action = kind->aclAction();
    // While the job runs: a progress dialog whose Cancel stops it after the batch in flight.
    connect(flow, &WriteFlow::running, this, [this, flow, owner = QPointer<QWidget>(owner), title] {
        auto *progress = new QProgressDialog(title, tr("Cancel after this batch"), 0, 0, owner ? owner.data() : m_window);
        progress->setObjectName(QStringLiteral("writeProgress"));
        progress->setWindowTitle(title);
        progress->setMinimumDuration(300);
        progress->setAutoClose(false);
        progress->setAutoReset(false);
        progress->setAttribute(Qt::WA_DeleteOnClose);
        connect(progress, &QProgressDialog::canceled, flow, &WriteFlow::cancel);
        connect(flow, &WriteFlow::progress, progress, [progress](const QString &text, const WriteCounts &c) {
            if (c.total > 0) {
                progress->setMaximum(int(std::min<qint64>(c.total, INT_MAX)));
                progress->setValue(int(std::min<qint64>(c.settled(), c.total)));
            }
            progress->setLabelText(text);
        });
        connect(flow, &WriteFlow::retrying, progress,
                [progress](const QString &why) { progress->setLabelText(tr("Connection lost (%1); resuming…").arg(why)); });
        connect(flow, &WriteFlow::finished, progress, &QProgressDialog::close);
    });
    connect(flow, &WriteFlow::finished, this, [this, flow, scope, action, title, parent = QPointer<QWidget>(parent), done] {
        flow->deleteLater();
        const QString message = flow->message();
        switch (flow->end()) {
        case WriteFlow::End::None:
        case WriteFlow::End::Declined: return;
        case WriteFlow::End::Stale:
            if (!message.isEmpty())
                showOutcome(parent, tr("Not allowed"), message, true);
            return;
        case WriteFlow::End::NotAllowed: showOutcome(parent, tr("Not allowed"), message, true); return;
        case WriteFlow::End::CouldNotPlan:
            noteRefusal(scope, action, flow->prepared().errorKind, message);
            showOutcome(parent, title, tr("Nothing was written: %1").arg(message), true);
            return;
        case WriteFlow::End::Refused: refuse(parent, title, tr("<b>Nothing was written.</b>"), message); return;
        case WriteFlow::End::NothingToDo: showOutcome(parent, title, tr("Nothing to write: %1").arg(message), false); return;
        case WriteFlow::End::Written:
        case WriteFlow::End::Failed: break;
        }
        const WriteOutcome &outcome = flow->outcome();
        noteRefusal(scope, action, outcome.errorKind, outcome.error);
        QString text = flow->kind().outcomeText(outcome);
        if (!outcome.error.isEmpty())
            text += QStringLiteral("\n\n") + outcome.error;
        showOutcome(parent, title, text, flow->end() == WriteFlow::End::Failed);
        Q_EMIT recorded(flow->kind().record(outcome, auditLogPath(), flow->afterwards()));
        if (done)
            done(*flow);
    });
    flow->start();
}

WriteController::WriteController(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    qRegisterMetaType<pelscope::WriteCounts>();
    qRegisterMetaType<pelscope::WriteOutcome>();
    qRegisterMetaType<pelscope::PermissionVerdicts>();
}

WriteController::~WriteController()
{
    // Flows hold the session: they go first, then the session joins its thread.
    qDeleteAll(findChildren<WriteFlow *>(Qt::FindDirectChildrenOnly));
}

void WriteController::moveToWorker(QObject *job)
{
    m_session.adopt(job);
}

// The one place the connection a write uses is chosen: always the primary,
// whatever read_from=replica says (a replica URL is followed to its primary).
ConnectionOptions WriteController::writeOptions() const
{
    return m_options.forWrites();
}

void WriteController::setConnection(const ConnectionOptions &options, const QString &label, bool production)
{
    m_options = options;
    m_session.setConnection(options);
    m_label = label;
    m_production = production;
    m_verdicts.clear();
    m_cluster = false;
    ++m_connectionNumber;
    setWritesEnabled(false);
    Q_EMIT permissionsChanged();
}

void WriteController::requestEnable()
{
    if (m_enabled)
        return;
    auto *dialog = new EnableWritesDialog(m_label, m_production, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const quint64 number = m_connectionNumber;
    connect(dialog, &QDialog::accepted, this, [this, number] {
        if (number == m_connectionNumber) // the connection did not change meanwhile
            setWritesEnabled(true);
    });
    dialog->open();
}

void WriteController::setWritesEnabled(bool on)
{
    if (on == m_enabled)
        return;
    m_enabled = on;
    Q_EMIT message(on ? tr("Writes enabled on %1").arg(m_label) : tr("Read-only"));
    Q_EMIT writesEnabledChanged(on);
}

void WriteController::setServerMode(const QString &mode)
{
    const bool cluster = mode == QLatin1String("cluster");
    if (cluster == m_cluster)
        return;
    m_cluster = cluster;
    Q_EMIT permissionsChanged();
}

QString WriteController::blocker(const QString &scope, const QString &action) const
{
    const PermissionVerdict v = m_verdicts.value(scope).value(action);
    if (v.state == PermissionVerdict::State::Denied)
        return tr("The ACL user may not do this: %1").arg(v.reason);
    if (isBusy())
        return tr("Another write is running");
    if (!m_enabled)
        return tr("Read-only: enable writes first (Connection ▸ Enable writes)");
    return {};
}

QString WriteController::editBlocker(const QString &scope, const QByteArray &dlq, const QByteArray &target) const
{
    if (QString why = blocker(scope, WriteAction::Requeue); !why.isEmpty())
        return why;
    if (const QString why = m_cluster ? editedRequeueRefusal(dlq, target) : QString(); !why.isEmpty())
        return tr("On a Redis Cluster %1").arg(why);
    return {};
}

void WriteController::checkPermissions(const QString &scope, const QList<PermissionCheck> &checks)
{
    if (m_verdicts.contains(scope))
        return;
    m_verdicts.insert(scope, {}); // asked once per scope
    auto *probe = new PermissionProbe(writeOptions(), checks);
    moveToWorker(probe);
    const quint64 number = m_connectionNumber;
    connect(probe, &PermissionProbe::finished, this, [this, scope, number, probe](const PermissionVerdicts &verdicts) {
        probe->deleteLater();
        if (number != m_connectionNumber)
            return;
        PermissionVerdicts &known = m_verdicts[scope];
        for (auto it = verdicts.begin(); it != verdicts.end(); ++it)
            if (known.value(it.key()).state != PermissionVerdict::State::Denied) // a real NOPERM stays
                known.insert(it.key(), it.value());
        Q_EMIT permissionsChanged();
    });
    QMetaObject::invokeMethod(probe, &PermissionProbe::start, Qt::QueuedConnection);
}

void WriteController::noteRefusal(const QString &scope, const QString &action, RedisError::Kind kind, const QString &error)
{
    if (kind != RedisError::Kind::NoPermission)
        return;
    m_verdicts[scope].insert(action, {PermissionVerdict::State::Denied, error});
    Q_EMIT permissionsChanged();
}

QString WriteController::auditLogPath() const
{
    return AuditLog().path();
}

void WriteController::showOutcome(QWidget *parent, const QString &title, const QString &text, bool failed)
{
    Q_EMIT message(QStringLiteral("%1: %2").arg(title, text));
    if (!failed)
        return;
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, (parent ? static_cast<QWidget *>(parent) : m_window));
    box->setObjectName(QStringLiteral("writeOutcome"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

// Every write the same way: on the writer thread, with a progress dialog
// whose Cancel stops the job after the batch in flight (none for a dry run
// or a one-command job), then `done` on the GUI thread.
void WriteController::runJob(WriteJob *job, const QString &title, QWidget *parent, const std::function<void(const WriteOutcome &)> &done,
                             const std::function<QString(const WriteCounts &)> &describe)
{
    moveToWorker(job);
    QPointer<QProgressDialog> progress;
    if (!title.isEmpty()) {
        progress = new QProgressDialog(title, tr("Cancel after this batch"), 0, 0, (parent ? static_cast<QWidget *>(parent) : m_window));
        progress->setObjectName(QStringLiteral("writeProgress"));
        progress->setWindowTitle(title);
        progress->setMinimumDuration(300);
        progress->setAutoClose(false);
        progress->setAutoReset(false);
        progress->setAttribute(Qt::WA_DeleteOnClose);
        connect(progress, &QProgressDialog::canceled, job, &WriteJob::cancel);
        connect(job, &WriteJob::progress, progress, [progress, describe](const WriteCounts &c) {
            if (c.total > 0) {
                progress->setMaximum(int(std::min<qint64>(c.total, INT_MAX)));
                progress->setValue(int(std::min<qint64>(c.settled(), c.total)));
            }
            if (describe)
                progress->setLabelText(describe(c));
        });
        connect(job, &WriteJob::retrying, progress,
                [progress](const QString &why) { progress->setLabelText(tr("Connection lost (%1); resuming…").arg(why)); });
    }
    connect(job, &WriteJob::finished, this, [job, progress, done](const WriteOutcome &outcome) {
        job->deleteLater();
        if (progress) // gone with its page when the connection changed
            progress->close();
        done(outcome);
    });
    QMetaObject::invokeMethod(job, &WriteJob::start, Qt::QueuedConnection);
}

void WriteController::requeue(RequeueRequest request, const QString &scope, QWidget *parent)
{
    const QString action = request.operation == RequeueRequest::Operation::Delete ? QStringLiteral("delete") : QStringLiteral("requeue");
    if (const QString why = blocker(scope, action); !why.isEmpty()) {
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    if (m_cluster) {
        routeRequeue(request, scope, parent);
        return;
    }
    dryRunRequeue(request, scope, parent, RequeueHow{writeOptions(), std::nullopt, {}});
}

void WriteController::refuse(QWidget *parent, const QString &title, const QString &summary, const QString &path)
{
    Q_EMIT message(QStringLiteral("%1: %2").arg(title, path));
    auto *dialog = new ConfirmWriteDialog(title, summary, {}, QString(), (parent ? parent : m_window));
    dialog->setPath(path);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

// On a cluster: the writer thread asks the planner (the CLI's too) for the
// path (atomic on the DLQ's master, the cross-slot ledger, or refused); then
// the dry run on that path; the confirmation says which, before anything is written.
void WriteController::routeRequeue(const RequeueRequest &request, const QString &scope, QWidget *parent)
{
    const bool deleting = request.operation == RequeueRequest::Operation::Delete;
    const QString title = deleting ? tr("Delete dead letters") : tr("Requeue dead letters");
    const bool targetExplicit = !request.target.isEmpty();
    QByteArray target = request.target;
    if (!deleting && target.isEmpty())
        if (const auto source = DlqFinder::sourceOf(request.dlq, DlqFinderConfig{}))
            target = source->first; // the DLQ's name says it (the browser's own rule)
    const ConnectionOptions seed = writeOptions();
    m_busy = true;
    onWriterThread<RequeuePlan>(
        [seed, request, target, targetExplicit] {
            return planRequeue(seed, request, target, targetExplicit, QStringLiteral("name the target with Edit and requeue for the ledger path"));
        },
        [this, scope, parent = QPointer<QWidget>(parent), title, deleting](const RequeuePlan &plan) {
            m_busy = false;
            if (!plan.error.isEmpty()) {
                showOutcome(parent, title, tr("Nothing was written: %1").arg(plan.error), true);
                return;
            }
            if (!plan.runs()) {
                refuse(parent, title,
                       (deleting ? tr("<b>These entries of %1 cannot be deleted on this cluster.</b> Nothing was written.")
                                 : tr("<b>These entries of %1 cannot be requeued on this cluster.</b> Nothing was written."))
                           .arg(displayBytes(plan.request.dlq).toHtmlEscaped()),
                       plan.refusal);
                return;
            }
            dryRunRequeue(plan.request, scope, parent, RequeueHow{plan.node, plan.ledger, plan.pathText});
        });
}

// First the dry run: the exact commands, read from the DLQ as it is now.
void WriteController::dryRunRequeue(const RequeueRequest &request, const QString &scope, QWidget *parent, const RequeueHow &how)
{
    m_busy = true;
    const quint64 number = m_connectionNumber;
    auto back = [this, number, request, scope, parent = QPointer<QWidget>(parent), how](const WriteOutcome &outcome) {
        m_busy = false;
        if (number == m_connectionNumber) // else it was about the previous connection
            confirmRequeue(outcome, request, scope, parent, how);
    };
    if (how.ledger) {
        CrossSlotRequeueRequest dry = *how.ledger;
        dry.dryRun = true;
        runJob(new CrossSlotRequeueJob(how.node, dry), {}, parent, back);
        return;
    }
    RequeueRequest dry = request;
    dry.dryRun = true;
    runJob(new RequeueJob(how.node, dry), {}, parent, back);
}

void WriteController::confirmRequeue(const WriteOutcome &result, const RequeueRequest &request, const QString &scope, QWidget *parent,
                                     const RequeueHow &how)
{
    const bool deleting = request.operation == RequeueRequest::Operation::Delete;
    const QString action = deleting ? QStringLiteral("delete") : QStringLiteral("requeue");
    const QString title = deleting ? tr("Delete dead letters") : tr("Requeue dead letters");
    if (!result.error.isEmpty()) {
        noteRefusal(scope, action, result.errorKind, result.error);
        showOutcome(parent, title, how.path.isEmpty() ? result.error : tr("%1\n\nPath: %2").arg(result.error, how.path), true);
        return;
    }
    const qint64 writes = result.counts.done;
    if (writes == 0) {
        showOutcome(parent, title, tr("Nothing to do: %1").arg(requeueSummary(request, result.counts)), true);
        return;
    }
    const bool one = writes == 1;
    const QString summary = deleting
                                ? (one ? tr("<b>Delete %1 entry from %2 for good.</b> It is not copied anywhere; only the audit log keeps its ID.")
                                       : tr("<b>Delete %1 entries from %2 for good.</b> They are not copied anywhere; only the audit log keeps their IDs."))
                                      .arg(formatCount(writes), displayBytes(request.dlq).toHtmlEscaped())
                                : (one ? tr("<b>Requeue %1 entry from %2</b> to its source stream, then delete it from the DLQ.%3")
                                       : tr("<b>Requeue %1 entries from %2</b> to their source stream, then delete them from the DLQ.%3"))
                                      .arg(formatCount(writes), displayBytes(request.dlq).toHtmlEscaped(),
                                           result.counts.gone ? tr(" %1 selected entries are already gone.").arg(result.counts.gone) : QString());
    auto *dialog = new ConfirmWriteDialog(title, summary + tr("<br>Audit log: %1").arg(auditLogPath().toHtmlEscaped()), result.plan,
                                          deleting ? tr("Delete %1").arg(writes) : tr("Requeue %1").arg(writes), (parent ? parent : m_window));
    if (!how.path.isEmpty())
        dialog->setPath(how.path);
    if (how.ledger)
        dialog->setCommandsNote(tr("Exactly these commands will run (per entry: a script on the source's master that skips IDs already "
                                   "in the ledger, then XDEL on the DLQ's master):"));
    dialog->offerRateLimit();
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const quint64 number = m_connectionNumber;
    connect(dialog, &QDialog::accepted, this, [this, number, request, scope, parent = QPointer<QWidget>(parent), how, dialog] {
        if (number != m_connectionNumber) {
            showOutcome(parent, tr("Not allowed"), tr("The connection changed while the confirmation was open; nothing was written"), true);
            return;
        }
        RequeueRequest paced = request;
        paced.ratePerSecond = dialog->rateLimit(); // the dialog lives until its close event, after this signal
        if (paced.ratePerSecond > 0)               // small batches pace evenly: about ten a second
            paced.batchSize = std::clamp(int(paced.ratePerSecond / 10), 1, paced.batchSize);
        runRequeue(paced, scope, parent, how);
    });
    dialog->open();
}

void WriteController::runRequeue(const RequeueRequest &request, const QString &scope, QWidget *parent, const RequeueHow &how)
{
    const QString action = request.operation == RequeueRequest::Operation::Delete ? QStringLiteral("delete") : QStringLiteral("requeue");
    if (const QString why = blocker(scope, action); !why.isEmpty()) { // writes were disabled while the dialog was open
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    if (how.ledger) {
        CrossSlotRequeueRequest ledger = *how.ledger;
        ledger.ratePerSecond = request.ratePerSecond; // as confirmed
        runCrossSlot(request, scope, parent, ledger);
        return;
    }
    m_busy = true;
    const QString title = request.operation == RequeueRequest::Operation::Delete ? tr("Deleting dead letters") : tr("Requeueing dead letters");
    runJob(
        new RequeueJob(how.node, request), title, parent,
        [this, request, scope, parent = QPointer<QWidget>(parent), action](const WriteOutcome &outcome) {
            m_busy = false;
            noteRefusal(scope, action, outcome.errorKind, outcome.error);
            const WriteRecord record = writeRecordFor(request, outcome, auditLogPath());
            showOutcome(parent, record.title, outcomeText(record, outcome), !outcome.error.isEmpty() || outcome.counts.failed > 0);
            Q_EMIT recorded(record);
            Q_EMIT requeueFinished(outcome, request.ids);
        },
        [request](const WriteCounts &c) { return requeueSummary(request, c); });
}

// The ledger path: CrossSlotRequeueJob from the seed, with the same progress,
// cancel, outcome and audit trail as the atomic one.
void WriteController::runCrossSlot(const RequeueRequest &request, const QString &scope, QWidget *parent, const CrossSlotRequeueRequest &x)
{
    m_busy = true;
    runJob(
        new CrossSlotRequeueJob(writeOptions(), x), tr("Requeueing dead letters"), parent,
        [this, request, ledgerRequest = x, scope, parent = QPointer<QWidget>(parent)](const WriteOutcome &outcome) {
            m_busy = false;
            noteRefusal(scope, QStringLiteral("requeue"), outcome.errorKind, outcome.error);
            const WriteRecord record = writeRecordFor(ledgerRequest, outcome, auditLogPath());
            showOutcome(parent, record.title, outcomeText(record, outcome), !outcome.error.isEmpty() || outcome.counts.failed > 0);
            Q_EMIT recorded(record);
            Q_EMIT requeueFinished(outcome, request.ids);
        },
        [request](const WriteCounts &c) { return requeueSummary(request, c); });
}

} // namespace pelscope
