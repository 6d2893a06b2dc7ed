#include "write_controller.h"

#include "actions/annotation_share.h"
#include "actions/audit_log.h"
#include "actions/dlq_finder.h"
#include "actions/dlq_write_kind.h"
#include "actions/write_checks.h"
#include "actions/write_flow.h"
#include "actions/write_plan.h"
#include "snapshot/format.h"
#include "text/display_text.h"
#include "health_style.h"
#include "dialogs/write_dialogs.h"

#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QWidget>

namespace pelscope {

namespace {

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
        if (preview.offersRate)
            dialog->offerRateLimit();
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

WriteFlow *WriteController::runFlow(std::shared_ptr<const WriteKind> kind, const QString &scope, QWidget *parent,
                                    std::function<void(const WriteFlow &)> done)
{
    QWidget *owner = parent ? parent : m_window;
    auto *confirmer = new DialogConfirmer(owner);
    auto *flow = new WriteFlow(m_session, kind, *confirmer, [this, scope](const QString &action) { return blocker(scope, action); }, this);
    confirmer->setParent(flow);
    const QString title = kind->title();
    const QString action = kind->aclAction();
    // While the job runs: a progress dialog whose Cancel stops it after the batch in flight.
    auto progressBox = std::make_shared<QPointer<QProgressDialog>>();
    connect(flow, &WriteFlow::running, this, [this, flow, owner = QPointer<QWidget>(owner), title, progressBox] {
        auto *progress = new QProgressDialog(title, tr("Cancel after this batch"), 0, 0, owner ? owner.data() : m_window);
        *progressBox = progress;
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
    });
    connect(flow, &WriteFlow::finished, this, [this, flow, scope, action, title, parent = QPointer<QWidget>(parent), done, progressBox] {
        flow->deleteLater();
        // Closed before the outcome is shown, its show-after-300-ms timer
        // stopped (reset): a write that ended sooner had the box pop up
        // after the outcome and stay behind it (issue 48).
        if (QProgressDialog *progress = progressBox->data()) {
            progress->reset();
            progress->close();
        }
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
            m_gate.noteRefusal(scope, action, flow->prepared().errorKind, message);
            showOutcome(parent, title, tr("Nothing was written: %1").arg(message), true);
            return;
        case WriteFlow::End::Refused: refuse(parent, title, tr("<b>Nothing was written.</b>"), message); return;
        case WriteFlow::End::NothingToDo: showOutcome(parent, title, tr("Nothing to write: %1").arg(message), false); return;
        case WriteFlow::End::Written:
        case WriteFlow::End::Failed: break;
        }
        const WriteOutcome &outcome = flow->outcome();
        m_gate.noteRefusal(scope, action, outcome.errorKind, outcome.error);
        QString text = flow->kind().outcomeText(outcome);
        if (!outcome.error.isEmpty())
            text += QStringLiteral("\n\n") + outcome.error;
        showOutcome(parent, title, text, flow->end() == WriteFlow::End::Failed);
        Q_EMIT recorded(flow->kind().record(outcome, auditLogPath(), flow->afterwards()));
        if (done)
            done(*flow);
    });
    flow->start();
    return flow;
}

void WriteController::shareAnnotation(const AnnotationShareRequest &request, QWidget *parent, std::function<void(bool shared)> ended)
{
    WriteFlow *flow = runFlow(std::make_shared<AnnotationShareKind>(request), displayBytes(request.key), parent);
    connect(flow, &WriteFlow::finished, this, [flow, ended] {
        const WriteCounts &c = flow->outcome().counts;
        ended((flow->end() == WriteFlow::End::Written || flow->end() == WriteFlow::End::Failed) && c.done + c.gone > 0);
    });
}

WriteController::WriteController(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    qRegisterMetaType<pelscope::WriteCounts>();
    qRegisterMetaType<pelscope::WriteOutcome>();
    connect(&m_gate, &WriteGate::writesEnabledChanged, this, [this](bool on) {
        Q_EMIT message(on ? tr("Writes enabled on %1").arg(m_label) : tr("Read-only"));
        Q_EMIT writesEnabledChanged(on);
    });
    connect(&m_gate, &WriteGate::permissionsChanged, this, &WriteController::permissionsChanged);
}

WriteController::~WriteController()
{
    // Flows hold the session: they go first, then the session joins its thread.
    qDeleteAll(findChildren<WriteFlow *>(Qt::FindDirectChildrenOnly));
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
    m_gate.reset();
}

void WriteController::requestEnable()
{
    if (writesEnabled())
        return;
    auto *dialog = new EnableWritesDialog(m_label, m_production, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const quint64 generation = m_gate.generation();
    connect(dialog, &QDialog::accepted, this, [this, generation] { m_gate.enableFor(generation); });
    dialog->open();
}

void WriteController::setWritesEnabled(bool on)
{
    m_gate.setWritesEnabled(on);
}

void WriteController::setServerMode(const QString &mode)
{
    m_gate.setServerMode(mode);
}

QString WriteController::editBlocker(const QString &scope, const QByteArray &dlq, const QByteArray &target) const
{
    if (QString why = blocker(scope, WriteAction::Requeue); !why.isEmpty())
        return why;
    if (const QString why = isCluster() ? editedRequeueRefusal(dlq, target) : QString(); !why.isEmpty())
        return tr("On a Redis Cluster %1").arg(why);
    return {};
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

// Through the one write flow (dlq_write_kind.h), the console's too: the kind
// finds the target its path is planned for; on a cluster that decides atomic,
// the ledger, or refused, and the confirmation says which.
void WriteController::requeue(RequeueRequest request, const QString &scope, QWidget *parent)
{
    const QList<QByteArray> ids = request.ids;
    auto kind = std::make_shared<DlqWriteKind>(std::move(request), DlqFinderConfig{}, tr("name the target with Edit and requeue for the ledger path"));
    runFlow(kind, scope, parent, [this, ids](const WriteFlow &flow) { Q_EMIT requeueFinished(flow.outcome(), ids); });
}

void WriteController::refuse(QWidget *parent, const QString &title, const QString &summary, const QString &path)
{
    Q_EMIT message(QStringLiteral("%1: %2").arg(title, path));
    auto *dialog = new ConfirmWriteDialog(title, summary, {}, QString(), (parent ? parent : m_window));
    dialog->setPath(path);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace pelscope
