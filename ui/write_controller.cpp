#include "write_controller.h"

#include "actions/audit_log.h"
#include "actions/dlq_finder.h"
#include "actions/pending_preflight.h"
#include "actions/write_checks.h"
#include "redis/key_slot.h"
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

// The ledger path's result in the atomic path's terms, so the window treats both alike.
RequeueResult fromCrossSlot(const CrossSlotRequeueResult &x)
{
    RequeueResult r;
    r.counts.requeued = x.requeued;
    r.counts.gone = x.gone;
    r.counts.empty = x.empty;
    r.counts.failed = x.failed;
    r.counts.skipped = x.skipped;
    r.counts.total = x.total;
    r.counts.retries = x.retries;
    r.cancelled = x.cancelled;
    r.error = x.error;
    r.errorKind = x.errorKind;
    r.plan = x.plan;
    return r;
}

void showRequeueProgress(QProgressDialog *progress, const RequeueProgress &c)
{
    const qint64 done = c.requeued + c.deleted + c.gone + c.empty + c.failed + c.skipped;
    if (c.total > 0) {
        progress->setMaximum(int(std::min<qint64>(c.total, INT_MAX)));
        progress->setValue(int(std::min<qint64>(done, c.total)));
    }
    progress->setLabelText(requeueSummary(c));
}

QString quoted(const QByteArray &key)
{
    return QLatin1Char('"') + displayBytes(key) + QLatin1Char('"');
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
    qRegisterMetaType<pelscope::CrossSlotRequeueResult>();
    m_thread.setObjectName(QStringLiteral("writer"));
    m_writerContext = new QObject;
    m_writerContext->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_writerContext, &QObject::deleteLater);
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

// The one place the connection a write uses is chosen: always the primary,
// whatever read_from=replica says (a replica URL is followed to its primary).
ConnectionOptions WriteController::writeOptions() const
{
    return m_options.forWrites();
}

template<typename Result>
void WriteController::onWriterThread(std::function<Result()> work, std::function<void(const Result &)> done)
{
    const quint64 number = m_connectionNumber;
    QMetaObject::invokeMethod(m_writerContext, [this, number, work = std::move(work), done = std::move(done)] {
        const Result result = work();
        // `this` outlives the writer thread (its destructor joins it before
        // anything else), and an event posted to it is dropped if it goes.
        QMetaObject::invokeMethod(this, [this, number, done, result] {
            if (number != m_connectionNumber) { // another connection meanwhile: forget it
                m_busy = false;
                return;
            }
            done(result);
        }, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
}

void WriteController::withKeyRoute(const QByteArray &key, QWidget *parent, const QString &title, std::function<void(const KeyRoute &)> then)
{
    const ConnectionOptions seed = writeOptions();
    m_busy = true;
    onWriterThread<KeyRoute>([seed, key] { return routeKey(seed, key); },
                             [this, key, parent = QPointer<QWidget>(parent), title, then = std::move(then)](const KeyRoute &route) {
        m_busy = false;
        if (!route.error.isEmpty()) {
            showOutcome(parent, title, tr("Nothing was written: cannot tell which cluster master holds %1: %2").arg(displayBytes(key), route.error), true);
            return;
        }
        then(route);
    });
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
    const PermissionVerdict v = m_verdicts.value(scope).value(action);
    if (v.state == PermissionVerdict::State::Denied)
        return tr("The ACL user may not do this: %1").arg(v.reason);
    if (m_busy)
        return tr("Another write is running");
    if (!m_enabled)
        return tr("Read-only: enable writes first (Connection ▸ Enable writes)");
    return {};
}

QString WriteController::editBlocker(const QString &scope, const QByteArray &dlq, const QByteArray &target) const
{
    if (QString why = blocker(scope, WriteAction::Requeue); !why.isEmpty())
        return why;
    if (m_cluster && !target.isEmpty() && keySlot(dlq) != keySlot(target))
        return tr("On a Redis Cluster an edited entry is added to its source and deleted from the DLQ by one script, which needs both "
                  "in one slot: %1 (slot %2) and %3 (slot %4) are not. Requeue it unedited (the ledger path moves it exactly once), "
                  "or edit it once it is back in %3.")
            .arg(displayBytes(dlq)).arg(keySlot(dlq)).arg(displayBytes(target)).arg(keySlot(target));
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
        else if (auto *x = qobject_cast<CrossSlotRequeueJob *>(job))
            x->cancel();
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
    if (m_cluster) {
        routeRequeue(std::move(request), scope, parent);
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

// On a cluster: the writer thread reads the slot map from the seed and picks
// the path (atomic on the DLQ's master, the cross-slot ledger, or refused);
// then the dry run on that path; the confirmation says which, before anything is written.
void WriteController::routeRequeue(RequeueRequest request, const QString &scope, QWidget *parent)
{
    const bool deleting = request.operation == RequeueRequest::Operation::Delete;
    const QString title = deleting ? tr("Delete dead letters") : tr("Requeue dead letters");
    const bool targetExplicit = !request.target.isEmpty();
    QByteArray target = request.target;
    if (!deleting && target.isEmpty())
        if (const auto source = DlqFinder::sourceOf(request.dlq, DlqFinderConfig{}))
            target = source->first; // the DLQ's name says it (the browser's own rule)
    const ConnectionOptions seed = writeOptions();
    const QByteArray dlq = request.dlq;
    m_busy = true;
    onWriterThread<RequeueRoute>(
        [seed, dlq, target, deleting] {
            return pelscope::routeRequeue(seed, dlq, deleting ? QByteArray() : target,
                                          QStringLiteral("name the target with Edit and requeue for the ledger path"));
        },
        [this, request, scope, parent = QPointer<QWidget>(parent), title, deleting, targetExplicit, seed](const RequeueRoute &route) mutable {
            m_busy = false;
            if (!route.error.isEmpty()) {
                showOutcome(parent, title, tr("Nothing was written: cannot tell where %1 lives on this cluster: %2")
                                               .arg(displayBytes(request.dlq), route.error), true);
                return;
            }
            RequeueHow how{route.dlqNode, std::nullopt, {}};
            if (!route.cluster) { // not a cluster (any more): as on one server
                dryRunRequeue(request, scope, parent, how);
                return;
            }
            const QString dlqText = displayBytes(request.dlq).toHtmlEscaped();
            if (deleting) {
                const QByteArray audit = clusterAuditStream(request.dlq);
                if (audit.isEmpty()) {
                    refuse(parent, title, tr("<b>%1 entries of %2 cannot be deleted from the window on this cluster.</b>").arg(request.ids.size()).arg(dlqText),
                           tr("refused: no audit stream can share the slot of %1, so the script that deletes and audits each entry "
                              "cannot run on this cluster").arg(displayBytes(request.dlq)));
                    return;
                }
                request.auditStream = audit;
                how.path = tr("on %1, the master serving slot %2 of %3: one script per batch deletes the entries and audits them in %4")
                               .arg(route.dlqNodeAddress).arg(keySlot(request.dlq)).arg(displayBytes(request.dlq), displayBytes(audit));
                dryRunRequeue(request, scope, parent, how);
                return;
            }
            how.path = route.summary();
            if (route.refused()) {
                refuse(parent, title, tr("<b>%1 cannot be requeued to %2 on this cluster.</b> Nothing was written.")
                                          .arg(dlqText, displayBytes(route.target).toHtmlEscaped()), how.path);
                return;
            }
            if (request.editedFields && !route.atomic()) {
                refuse(parent, title, tr("<b>The edited entry cannot be requeued on this cluster.</b> Nothing was written."),
                       tr("refused: an edited entry is added to its source and deleted from the DLQ by one script, which needs both in "
                          "one slot: %1 (slot %2) and %3 (slot %4) are not. Requeue it unedited (the ledger path moves it exactly "
                          "once), or edit it once it is back in %3.")
                           .arg(displayBytes(request.dlq)).arg(keySlot(request.dlq)).arg(displayBytes(route.target)).arg(keySlot(route.target)));
                return;
            }
            if (route.atomic()) {
                request.auditStream = route.auditStream; // written by the same script: in the DLQ's slot
                dryRunRequeue(request, scope, parent, how);
                return;
            }
            CrossSlotRequeueRequest x = crossSlotRequestFor(request, route.target, targetExplicit);
            how.node = seed; // the job reads the slot map itself, again after a lost connection or a -MOVED
            how.ledger = x;
            dryRunRequeue(request, scope, parent, how);
        });
}

// First the dry run: the exact commands, read from the DLQ as it is now.
void WriteController::dryRunRequeue(const RequeueRequest &request, const QString &scope, QWidget *parent, const RequeueHow &how)
{
    m_busy = true;
    const quint64 number = m_connectionNumber;
    auto back = [this, number, request, scope, parent = QPointer<QWidget>(parent), how](const RequeueResult &result) {
        m_busy = false;
        if (number == m_connectionNumber) // else it was about the previous connection
            confirmRequeue(result, request, scope, parent, how);
    };
    if (how.ledger) {
        CrossSlotRequeueRequest dry = *how.ledger;
        dry.dryRun = true;
        auto *job = new CrossSlotRequeueJob(how.node, dry);
        moveToWorker(job);
        connect(job, &CrossSlotRequeueJob::finished, this, [job, back](const CrossSlotRequeueResult &result) {
            job->deleteLater();
            back(fromCrossSlot(result));
        });
        QMetaObject::invokeMethod(job, &CrossSlotRequeueJob::start, Qt::QueuedConnection);
        return;
    }
    RequeueRequest dry = request;
    dry.dryRun = true;
    auto *job = new RequeueJob(how.node, dry);
    moveToWorker(job);
    connect(job, &RequeueJob::finished, this, [job, back](const RequeueResult &result) {
        job->deleteLater();
        back(result);
    });
    QMetaObject::invokeMethod(job, &RequeueJob::start, Qt::QueuedConnection);
}

void WriteController::confirmRequeue(const RequeueResult &result, const RequeueRequest &request, const QString &scope, QWidget *parent,
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
                                          (parent ? parent : m_window));
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
        if (paced.ratePerSecond > 0) // small batches pace evenly: about ten a second
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
    auto *job = new RequeueJob(how.node, request);
    moveToWorker(job);
    const QString title = request.operation == RequeueRequest::Operation::Delete ? tr("Deleting dead letters") : tr("Requeueing dead letters");
    QProgressDialog *progress = progressDialog(title, parent, job);
    connect(job, &RequeueJob::progress, progress, [progress](const RequeueProgress &c) { showRequeueProgress(progress, c); });
    connect(job, &RequeueJob::retrying, progress, [progress](const QString &why) { progress->setLabelText(tr("Connection lost (%1); resuming…").arg(why)); });
    connect(job, &RequeueJob::finished, this, [this, job, progress = QPointer<QProgressDialog>(progress), request, scope, parent = QPointer<QWidget>(parent), action, title](const RequeueResult &result) {
        job->deleteLater();
        if (progress) // gone with its page when the connection changed
            progress->close();
        m_busy = false;
        noteRefusal(scope, action, result.errorKind, result.error);
        const WriteRecord record = writeRecordFor(request, result, auditLogPath());
        QString text = record.headline;
        if (!record.counts.isEmpty())
            text += QStringLiteral("; ") + record.counts.join(QStringLiteral("; "));
        if (!result.error.isEmpty())
            text += QStringLiteral("\n\n") + result.error;
        showOutcome(parent, record.title, text, !result.error.isEmpty() || result.counts.failed > 0);
        Q_EMIT recorded(record);
        Q_EMIT requeueFinished(result, request.ids);
    });
    QMetaObject::invokeMethod(job, &RequeueJob::start, Qt::QueuedConnection);
}

// The ledger path: CrossSlotRequeueJob from the seed, with the same progress,
// cancel, outcome and audit trail as the atomic one.
void WriteController::runCrossSlot(const RequeueRequest &request, const QString &scope, QWidget *parent, const CrossSlotRequeueRequest &x)
{
    m_busy = true;
    auto *job = new CrossSlotRequeueJob(writeOptions(), x);
    moveToWorker(job);
    const QString title = tr("Requeueing dead letters");
    QProgressDialog *progress = progressDialog(title, parent, job);
    connect(job, &CrossSlotRequeueJob::progress, progress, [progress](const CrossSlotRequeueResult &r) { showRequeueProgress(progress, fromCrossSlot(r).counts); });
    connect(job, &CrossSlotRequeueJob::retrying, progress, [progress](const QString &why) { progress->setLabelText(tr("Connection lost (%1); resuming…").arg(why)); });
    connect(job, &CrossSlotRequeueJob::finished, this, [this, job, progress = QPointer<QProgressDialog>(progress), request, ledgerRequest = x, scope, parent = QPointer<QWidget>(parent), title](const CrossSlotRequeueResult &x) {
        job->deleteLater();
        if (progress)
            progress->close();
        m_busy = false;
        const RequeueResult result = fromCrossSlot(x);
        noteRefusal(scope, QStringLiteral("requeue"), result.errorKind, result.error);
        const WriteRecord record = writeRecordFor(ledgerRequest, x, auditLogPath());
        QString text = record.headline;
        if (!record.counts.isEmpty())
            text += QStringLiteral("; ") + record.counts.join(QStringLiteral("; "));
        if (!result.error.isEmpty())
            text += QStringLiteral("\n\n") + result.error;
        showOutcome(parent, record.title, text, !result.error.isEmpty() || result.counts.failed > 0);
        Q_EMIT recorded(record);
        Q_EMIT requeueFinished(result, request.ids);
    });
    QMetaObject::invokeMethod(job, &CrossSlotRequeueJob::start, Qt::QueuedConnection);
}

void WriteController::pendingAction(PendingActionRequest request, const QString &scope, QWidget *parent)
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
    // On a cluster: the master holding the stream.
    withKeyRoute(request.stream, parent, actionTitle(request.action),
                 [this, request, scope, parent = QPointer<QWidget>(parent)](const KeyRoute &route) mutable {
        const QString title = actionTitle(request.action);
        if (!route.cluster) {
            confirmPending(request, scope, parent, route.node, {});
            return;
        }
        QString path = tr("on %1, the master serving slot %2, which holds %3; a -MOVED while it runs (the slot moving) stops it "
                          "and is reported, never retried blindly")
                           .arg(route.nodeAddress).arg(route.slot).arg(displayBytes(request.stream));
        if (request.action == PendingActionRequest::Action::ToDlq) {
            // One script XADDs to the DLQ, XACKs and audits: all three in the stream's slot.
            const QByteArray audit = clusterAuditStream(request.stream);
            if (keySlot(request.dlq) != route.slot || audit.isEmpty()) {
                const QByteArray inSlot = keyInSlotOf(request.stream, ":dlq");
                refuse(parent, title, tr("<b>The entries cannot be moved to %1 on this cluster.</b> Nothing was written.")
                                          .arg(displayBytes(request.dlq).toHtmlEscaped()),
                       tr("refused: %1 (slot %2) and %3 (slot %4) are in different cluster slots, so one script cannot move the "
                          "entries atomically; use a DLQ with the stream's hash tag%5")
                           .arg(quoted(request.stream)).arg(route.slot).arg(quoted(request.dlq)).arg(keySlot(request.dlq))
                           .arg(keySlot(inSlot) == route.slot ? tr(", e.g. %1").arg(quoted(inSlot)) : QString()));
                return;
            }
            request.auditStream = audit;
            path += tr("; audited in %1").arg(displayBytes(audit));
        }
        confirmPending(request, scope, parent, route.node, path);
    });
}

// The numbers of the confirmation come from one read, made now on the
// writer thread (readPendingPlan, the CLI's too): the dialog's sentence and
// its plan say the same thing.
void WriteController::confirmPending(const PendingActionRequest &request, const QString &scope, QWidget *parent, const ConnectionOptions &node,
                                     const QString &path)
{
    m_busy = true;
    onWriterThread<PendingPlan>([node, request] { return readPendingPlan(node, request); },
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
            button = tr("%1 %2").arg(title).arg(request.ids.size());
        }
        QString summary = QStringLiteral("<b>%1</b><br>%2").arg(headline.toHtmlEscaped(), plan.summary.toHtmlEscaped());
        for (const QString &note : plan.notes)
            summary += QStringLiteral("<br><br><span style='color:%1'><b>%2</b></span>").arg(warningTextColor(), note.toHtmlEscaped());
        if (request.action == PendingActionRequest::Action::Ack)
            summary += tr("<br><span style='color:%1'><b>Acknowledged entries are dropped unprocessed.</b></span>").arg(warningTextColor());
        auto *dialog = new ConfirmWriteDialog(title, summary, lines, button, (parent ? parent.data() : m_window));
        if (!path.isEmpty())
            dialog->setPath(path);
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
    auto *job = new PendingActionJob(node, request);
    moveToWorker(job);
    const QString title = actionTitle(request.action);
    QProgressDialog *progress = progressDialog(title, parent, job);
    connect(job, &PendingActionJob::progress, progress, [progress](const PendingActionCounts &c) {
        if (c.total > 0) {
            progress->setMaximum(int(std::min<qint64>(c.total, INT_MAX)));
            progress->setValue(int(std::min<qint64>(c.done + c.notClaimed + c.notPending + c.uncertain + c.failed, c.total)));
        }
    });
    connect(job, &PendingActionJob::finished, this, [this, job, progress = QPointer<QProgressDialog>(progress), request, node, scope, parent = QPointer<QWidget>(parent), action, title](const PendingActionResult &result) {
        job->deleteLater();
        if (progress) // gone with its page when the connection changed
            progress->close();
        m_busy = false;
        noteRefusal(scope, action, result.errorKind, result.error);
        const PendingActionCounts &c = result.counts;
        auto report = [this, request, result, parent, title](const QString &afterwards) {
            const WriteRecord record = writeRecordFor(request, result, auditLogPath(), afterwards);
            QString text = record.headline;
            if (!record.counts.isEmpty())
                text += QStringLiteral("; ") + record.counts.join(QStringLiteral("; "));
            if (!result.error.isEmpty())
                text += QStringLiteral("\n\n") + result.error;
            showOutcome(parent, title, text, !result.error.isEmpty() || result.counts.failed > 0);
            Q_EMIT recorded(record);
            Q_EMIT pendingActionFinished(result);
        };
        if (request.action == PendingActionRequest::Action::Claim && c.done > 0) {
            // Where the entries are now, read after the claim, for the record.
            onWriterThread<QString>([node, request] { return ownersAfterClaim(node, request); }, report);
            return;
        }
        report({});
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
    if (!m_cluster) {
        confirmDeleteConsumer(request, scope, parent, writeOptions(), {});
        return;
    }
    withKeyRoute(request.stream, parent, title,
                 [this, request = ConsumerDeleteRequest(request), scope, parent = QPointer<QWidget>(parent), title](const KeyRoute &route) mutable {
        if (!route.cluster) {
            confirmDeleteConsumer(request, scope, parent, route.node, {});
            return;
        }
        // The script checks, deletes and audits in one go: the audit stream in the stream's slot.
        const QByteArray audit = clusterAuditStream(request.stream);
        if (audit.isEmpty()) {
            refuse(parent, title, tr("<b>Consumer %1 cannot be deleted from the window on this cluster.</b> Nothing was written.")
                                      .arg(displayBytes(request.consumer).toHtmlEscaped()),
                   tr("refused: no audit stream can share the slot of %1, so the script that checks, deletes and audits cannot run")
                       .arg(displayBytes(request.stream)));
            return;
        }
        request.auditStream = audit;
        confirmDeleteConsumer(request, scope, parent, route.node,
                              tr("on %1, the master serving slot %2, which holds %3; audited in %4; a -MOVED while it runs is reported, "
                                 "never retried blindly")
                                  .arg(route.nodeAddress).arg(route.slot).arg(displayBytes(request.stream), displayBytes(audit)));
    });
}

void WriteController::confirmDeleteConsumer(const ConsumerDeleteRequest &request, const QString &scope, QWidget *parent,
                                            const ConnectionOptions &node, const QString &path)
{
    const QString title = tr("Delete consumer");
    const QStringList plan{
        QStringLiteral("One Lua script on %1:").arg(node.redactedUrl()),
        QStringLiteral("  XPENDING \"%1\" \"%2\"   -- if \"%3\" holds any entry: stop, change nothing")
            .arg(displayBytes(request.stream), displayBytes(request.group), displayBytes(request.consumer)),
        QStringLiteral("  XGROUP DELCONSUMER \"%1\" \"%2\" \"%3\"").arg(displayBytes(request.stream), displayBytes(request.group), displayBytes(request.consumer)),
        QStringLiteral("  XADD \"%1\" MAXLEN ~ %2 * action delete_consumer ...").arg(displayBytes(request.auditStream)).arg(request.auditMaxLen),
        QStringLiteral("Audit log: %1").arg(auditLogPath()),
    };
    auto *dialog = new ConfirmWriteDialog(title, tr("<b>Delete consumer %1</b> from group %2 of stream %3. It holds no pending entries.")
                                                     .arg(displayBytes(request.consumer).toHtmlEscaped(), displayBytes(request.group).toHtmlEscaped(),
                                                          displayBytes(request.stream).toHtmlEscaped()),
                                          plan, tr("Delete consumer"), (parent ? parent : m_window));
    if (!path.isEmpty())
        dialog->setPath(path);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const quint64 number = m_connectionNumber;
    connect(dialog, &QDialog::accepted, this, [this, number, request, scope, parent = QPointer<QWidget>(parent), title, node] {
        if (const QString why = number != m_connectionNumber ? tr("The connection changed while the confirmation was open; nothing was written")
                                                             : blocker(scope, QStringLiteral("delete_consumer"));
            !why.isEmpty()) {
            showOutcome(parent, tr("Not allowed"), why, true);
            return;
        }
        m_busy = true;
        auto *job = new ConsumerDeleteJob(node, request);
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
            Q_EMIT recorded(writeRecordFor(request, result, auditLogPath()));
            Q_EMIT consumerDeleted(result);
        });
        QMetaObject::invokeMethod(job, &ConsumerDeleteJob::start, Qt::QueuedConnection);
    });
    dialog->open();
}

} // namespace pelscope
