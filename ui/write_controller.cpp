#include "write_controller.h"

#include "actions/audit_log.h"
#include "actions/pending_preflight.h"
#include "snapshot/format.h"
#include "health_style.h"
#include "write_dialogs.h"

#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QWidget>

namespace pelscope {

namespace {

QString actionTitle(PendingActionRequest::Action a)
{
    switch (a) {
    case PendingActionRequest::Action::Claim: return QObject::tr("Claim");
    case PendingActionRequest::Action::Ack: return QObject::tr("Acknowledge");
    case PendingActionRequest::Action::ToDlq: return QObject::tr("Move to DLQ");
    }
    return {};
}

QString actionKey(PendingActionRequest::Action a)
{
    switch (a) {
    case PendingActionRequest::Action::Claim: return QStringLiteral("claim");
    case PendingActionRequest::Action::Ack: return QStringLiteral("ack");
    case PendingActionRequest::Action::ToDlq: return QStringLiteral("to_dlq");
    }
    return {};
}

QString requeueSummary(const RequeueProgress &c)
{
    QStringList parts;
    if (c.requeued)
        parts << QObject::tr("requeued %1").arg(formatCount(c.requeued));
    if (c.deleted)
        parts << QObject::tr("deleted %1").arg(formatCount(c.deleted));
    parts << QObject::tr("already gone %1").arg(formatCount(c.gone)) << QObject::tr("failed %1").arg(formatCount(c.failed));
    if (c.empty)
        parts << QObject::tr("left (metadata only) %1").arg(formatCount(c.empty));
    if (c.retries)
        parts << QObject::tr("batches retried after a lost connection %1").arg(c.retries);
    return parts.join(QStringLiteral(", "));
}

} // namespace

WriteController::WriteController(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    qRegisterMetaType<pelscope::RequeueProgress>();
    qRegisterMetaType<pelscope::RequeueResult>();
    qRegisterMetaType<pelscope::PendingActionCounts>();
    qRegisterMetaType<pelscope::PendingActionResult>();
    qRegisterMetaType<pelscope::PermissionVerdicts>();
    qRegisterMetaType<pelscope::ConsumerDeleteResult>();
    m_thread.setObjectName(QStringLiteral("writer"));
    m_thread.start();
}

WriteController::~WriteController()
{
    m_thread.quit();
    m_thread.wait();
}

template<typename Job>
void WriteController::moveToWorker(Job *job)
{
    job->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, job, &QObject::deleteLater);
}

void WriteController::setConnection(const ConnectionOptions &options, const QString &label, bool production)
{
    m_options = options;
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
    if (m_cluster)
        return tr("On a Redis Cluster, write with pelscope-cli for now: `dlq requeue` picks the atomic or the ledger path per DLQ "
                  "and says which before it writes");
    const PermissionVerdict v = m_verdicts.value(scope).value(action);
    if (v.state == PermissionVerdict::State::Denied)
        return tr("The ACL user may not do this: %1").arg(v.reason);
    if (m_busy)
        return tr("Another write is running");
    if (!m_enabled)
        return tr("Read-only: enable writes first (Connection ▸ Enable writes)");
    return {};
}

void WriteController::checkPermissions(const QString &scope, const QList<PermissionCheck> &checks)
{
    if (m_verdicts.contains(scope))
        return;
    m_verdicts.insert(scope, {}); // asked once per scope
    auto *probe = new PermissionProbe(m_options, checks);
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

QProgressDialog *WriteController::progressDialog(const QString &title, QWidget *parent, QObject *job)
{
    auto *progress = new QProgressDialog(title, tr("Cancel after this batch"), 0, 0, (parent ? static_cast<QWidget *>(parent) : m_window));
    progress->setObjectName(QStringLiteral("writeProgress"));
    progress->setWindowTitle(title);
    progress->setMinimumDuration(300);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(progress, &QProgressDialog::canceled, job, [job] {
        if (auto *r = qobject_cast<RequeueJob *>(job))
            r->cancel();
        else if (auto *p = qobject_cast<PendingActionJob *>(job))
            p->cancel();
    });
    return progress;
}

void WriteController::requeue(RequeueRequest request, const QString &scope, QWidget *parent)
{
    const QString action = request.operation == RequeueRequest::Operation::Delete ? QStringLiteral("delete") : QStringLiteral("requeue");
    if (const QString why = blocker(scope, action); !why.isEmpty()) {
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    // First the dry run: the exact commands, read from the DLQ as it is now.
    m_busy = true;
    RequeueRequest dry = request;
    dry.dryRun = true;
    auto *job = new RequeueJob(m_options, dry);
    moveToWorker(job);
    connect(job, &RequeueJob::finished, this, [this, job, request, scope, parent = QPointer<QWidget>(parent), action](const RequeueResult &result) {
        job->deleteLater();
        m_busy = false;
        const bool deleting = request.operation == RequeueRequest::Operation::Delete;
        const QString title = deleting ? tr("Delete dead letters") : tr("Requeue dead letters");
        if (!result.error.isEmpty()) {
            noteRefusal(scope, action, result.errorKind, result.error);
            showOutcome(parent, title, result.error, true);
            return;
        }
        const qint64 writes = deleting ? result.counts.deleted : result.counts.requeued;
        if (writes == 0) {
            showOutcome(parent, title, tr("Nothing to do: %1").arg(requeueSummary(result.counts)), true);
            return;
        }
        const QString summary = deleting
            ? tr("<b>Delete %1 entries from %2 for good.</b> They are not copied anywhere; only the audit log keeps their IDs.")
                  .arg(formatCount(writes), displayBytes(request.dlq).toHtmlEscaped())
            : tr("<b>Requeue %1 entries from %2</b> to their source stream, then delete them from the DLQ.%3")
                  .arg(formatCount(writes), displayBytes(request.dlq).toHtmlEscaped(),
                       result.counts.gone ? tr(" %1 selected entries are already gone.").arg(result.counts.gone) : QString());
        auto *dialog = new ConfirmWriteDialog(title, summary + tr("<br>Audit log: %1").arg(auditLogPath().toHtmlEscaped()), result.plan,
                                              deleting ? tr("Delete %1").arg(writes) : tr("Requeue %1").arg(writes),
                                              (parent ? static_cast<QWidget *>(parent) : m_window));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this, request, scope, parent = QPointer<QWidget>(parent)] { runRequeue(request, scope, parent); });
        dialog->open();
    });
    QMetaObject::invokeMethod(job, &RequeueJob::start, Qt::QueuedConnection);
}

void WriteController::runRequeue(const RequeueRequest &request, const QString &scope, QWidget *parent)
{
    const QString action = request.operation == RequeueRequest::Operation::Delete ? QStringLiteral("delete") : QStringLiteral("requeue");
    if (const QString why = blocker(scope, action); !why.isEmpty()) { // writes were disabled while the dialog was open
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    m_busy = true;
    auto *job = new RequeueJob(m_options, request);
    moveToWorker(job);
    const QString title = request.operation == RequeueRequest::Operation::Delete ? tr("Deleting dead letters") : tr("Requeueing dead letters");
    QProgressDialog *progress = progressDialog(title, parent, job);
    connect(job, &RequeueJob::progress, progress, [progress](const RequeueProgress &c) {
        const qint64 done = c.requeued + c.deleted + c.gone + c.empty + c.failed + c.skipped;
        if (c.total > 0) {
            progress->setMaximum(int(std::min<qint64>(c.total, INT_MAX)));
            progress->setValue(int(std::min<qint64>(done, c.total)));
        }
        progress->setLabelText(requeueSummary(c));
    });
    connect(job, &RequeueJob::retrying, progress, [progress](const QString &why) { progress->setLabelText(tr("Connection lost (%1); resuming…").arg(why)); });
    connect(job, &RequeueJob::finished, this, [this, job, progress = QPointer<QProgressDialog>(progress), request, scope, parent = QPointer<QWidget>(parent), action, title](const RequeueResult &result) {
        job->deleteLater();
        if (progress) // gone with its page when the connection changed
            progress->close();
        m_busy = false;
        noteRefusal(scope, action, result.errorKind, result.error);
        QString text = requeueSummary(result.counts);
        if (result.cancelled)
            text += tr(" — cancelled");
        if (!result.error.isEmpty())
            text += QStringLiteral("\n\n") + result.error;
        showOutcome(parent, title, text, !result.error.isEmpty() || result.counts.failed > 0);
        Q_EMIT requeueFinished(result, request.ids);
    });
    QMetaObject::invokeMethod(job, &RequeueJob::start, Qt::QueuedConnection);
}

void WriteController::pendingAction(PendingActionRequest request, const QString &scope, QWidget *parent)
{
    const QString action = actionKey(request.action);
    if (const QString why = blocker(scope, action); !why.isEmpty()) {
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    QStringList plan = pendingActionPlan(request, m_options.redactedUrl());
    const QString title = actionTitle(request.action);
    QString summary;
    QString button;
    if (!request.fromConsumer.isEmpty()) {
        summary = tr("<b>%1 the pending entries of consumer %2</b> idle at least %3, in group %4 of stream %5.")
                      .arg(title, displayBytes(request.fromConsumer).toHtmlEscaped(), formatDuration(request.minIdleMs),
                           displayBytes(request.group).toHtmlEscaped(), displayBytes(request.stream).toHtmlEscaped());
        button = title;
    } else {
        plan << QString() << tr("Entries:");
        for (const QByteArray &id : std::as_const(request.ids))
            plan << QStringLiteral("  ") + QString::fromLatin1(id);
        summary = tr("<b>%1 %2 pending entries</b> of group %3 on stream %4.")
                      .arg(title, formatCount(request.ids.size()), displayBytes(request.group).toHtmlEscaped(),
                           displayBytes(request.stream).toHtmlEscaped());
        button = tr("%1 %2").arg(title).arg(request.ids.size());
    }
    if (request.action == PendingActionRequest::Action::Ack)
        summary += tr("<br><span style='color:%1'><b>Acknowledged entries are dropped unprocessed.</b></span>").arg(warningTextColor());
    auto *dialog = new ConfirmWriteDialog(title, summary, plan, button, (parent ? static_cast<QWidget *>(parent) : m_window));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, request, scope, parent = QPointer<QWidget>(parent)] { runPending(request, scope, parent); });
    dialog->open();
}

void WriteController::runPending(const PendingActionRequest &request, const QString &scope, QWidget *parent)
{
    const QString action = actionKey(request.action);
    if (const QString why = blocker(scope, action); !why.isEmpty()) {
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    m_busy = true;
    auto *job = new PendingActionJob(m_options, request);
    moveToWorker(job);
    const QString title = actionTitle(request.action);
    QProgressDialog *progress = progressDialog(title, parent, job);
    connect(job, &PendingActionJob::progress, progress, [progress](const PendingActionCounts &c) {
        if (c.total > 0) {
            progress->setMaximum(int(std::min<qint64>(c.total, INT_MAX)));
            progress->setValue(int(std::min<qint64>(c.done + c.notClaimed + c.notPending + c.uncertain + c.failed, c.total)));
        }
    });
    connect(job, &PendingActionJob::finished, this, [this, job, progress = QPointer<QProgressDialog>(progress), scope, parent = QPointer<QWidget>(parent), action, title](const PendingActionResult &result) {
        job->deleteLater();
        if (progress) // gone with its page when the connection changed
            progress->close();
        m_busy = false;
        noteRefusal(scope, action, result.errorKind, result.error);
        const PendingActionCounts &c = result.counts;
        QString text = tr("done %1, not claimed (idle below the guard) %2, no longer pending %3, uncertain %4, failed %5")
                           .arg(c.done).arg(c.notClaimed).arg(c.notPending).arg(c.uncertain).arg(c.failed);
        if (c.trimmed)
            text += tr(" (%1 moved with their data already trimmed from the stream)").arg(c.trimmed);
        if (!result.error.isEmpty())
            text += QStringLiteral("\n\n") + result.error;
        showOutcome(parent, title, text, !result.error.isEmpty() || c.failed > 0 || c.notClaimed > 0);
        Q_EMIT pendingActionFinished(result);
    });
    QMetaObject::invokeMethod(job, &PendingActionJob::start, Qt::QueuedConnection);
}

void WriteController::deleteConsumer(const ConsumerDeleteRequest &request, qint64 holds, const QString &scope, QWidget *parent)
{
    const QString title = tr("Delete consumer");
    if (const QString why = blocker(scope, QStringLiteral("delete_consumer")); !why.isEmpty()) {
        showOutcome(parent, tr("Not allowed"), why, true);
        return;
    }
    if (holds > 0) {
        showOutcome(parent, title,
                    tr("%1 held %2 pending entries at the last poll; deleting it would drop them unprocessed. Claim them to another "
                       "consumer first (select them in the pending table, or use \"Claim all from…\").")
                        .arg(displayBytes(request.consumer)).arg(holds),
                    true);
        return;
    }
    const QStringList plan{
        QStringLiteral("One Lua script on %1:").arg(m_options.redactedUrl()),
        QStringLiteral("  XPENDING \"%1\" \"%2\"   -- if \"%3\" holds any entry: stop, change nothing")
            .arg(displayBytes(request.stream), displayBytes(request.group), displayBytes(request.consumer)),
        QStringLiteral("  XGROUP DELCONSUMER \"%1\" \"%2\" \"%3\"").arg(displayBytes(request.stream), displayBytes(request.group), displayBytes(request.consumer)),
        QStringLiteral("  XADD \"%1\" MAXLEN ~ %2 * action delete_consumer ...").arg(displayBytes(request.auditStream)).arg(request.auditMaxLen),
        QStringLiteral("Audit log: %1").arg(auditLogPath()),
    };
    auto *dialog = new ConfirmWriteDialog(title, tr("<b>Delete consumer %1</b> from group %2 of stream %3. It holds no pending entries.")
                                                     .arg(displayBytes(request.consumer).toHtmlEscaped(), displayBytes(request.group).toHtmlEscaped(),
                                                          displayBytes(request.stream).toHtmlEscaped()),
                                          plan, tr("Delete consumer"), (parent ? static_cast<QWidget *>(parent) : m_window));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, request, scope, parent = QPointer<QWidget>(parent), title] {
        if (const QString why = blocker(scope, QStringLiteral("delete_consumer")); !why.isEmpty()) {
            showOutcome(parent, tr("Not allowed"), why, true);
            return;
        }
        m_busy = true;
        auto *job = new ConsumerDeleteJob(m_options, request);
        moveToWorker(job);
        connect(job, &ConsumerDeleteJob::finished, this, [this, job, scope, parent = QPointer<QWidget>(parent), title, request](const ConsumerDeleteResult &result) {
            job->deleteLater();
            m_busy = false;
            noteRefusal(scope, QStringLiteral("delete_consumer"), result.errorKind, result.error);
            QString text = result.deleted ? tr("%1 deleted").arg(displayBytes(request.consumer))
                         : result.holdsPending ? tr("not deleted: %1 took %2 pending entries meanwhile").arg(displayBytes(request.consumer)).arg(result.holdsPending)
                                               : tr("not deleted");
            if (!result.error.isEmpty())
                text += QStringLiteral("\n\n") + result.error;
            showOutcome(parent, title, text, !result.deleted);
            Q_EMIT consumerDeleted(result);
        });
        QMetaObject::invokeMethod(job, &ConsumerDeleteJob::start, Qt::QueuedConnection);
    });
    dialog->open();
}

} // namespace pelscope
