#include "widgets/pending_actions_bar.h"

#include "dialogs/claim_dialog.h"

#include "widgets/name_combo.h"
#include "actions/audit_log.h"
#include "actions/write_checks.h"
#include "health_style.h"
#include "snapshot/format.h"
#include "write_controller.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace pelscope {

namespace {

// A small form dialog: the caller adds rows, gets accepted() asynchronously.
QDialog *formDialog(QWidget *parent, const QString &title, QFormLayout **form)
{
    auto *dialog = new QDialog(parent);
    dialog->setWindowTitle(title);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(dialog);
    *form = new QFormLayout;
    layout->addLayout(*form);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(QObject::tr("Review…"));
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    return dialog;
}

} // namespace

PendingActionsBar::PendingActionsBar(WriteController *writes, QItemSelectionModel *selection, int idRole, QWidget *parent)
    : QWidget(parent)
    , m_writes(writes)
    , m_selection(selection)
    , m_idRole(idRole)
    , m_claim(new QPushButton(tr("Claim to…")))
    , m_ack(new QPushButton(tr("Acknowledge…")))
    , m_toDlq(new QPushButton(tr("Move to DLQ…")))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_claim);
    layout->addWidget(m_toDlq);
    layout->addWidget(m_ack);
    layout->addStretch(1);
    m_ack->setStyleSheet(QStringLiteral("QPushButton:enabled { color: %1; }").arg(warningTextColor()));
    connect(m_claim, &QPushButton::clicked, this, &PendingActionsBar::claim);
    connect(m_ack, &QPushButton::clicked, this, &PendingActionsBar::ack);
    connect(m_toDlq, &QPushButton::clicked, this, &PendingActionsBar::toDlq);
    connect(m_selection, &QItemSelectionModel::selectionChanged, this, &PendingActionsBar::updateButtons);
    connect(m_writes, &WriteController::writesEnabledChanged, this, &PendingActionsBar::updateButtons);
    connect(m_writes, &WriteController::permissionsChanged, this, &PendingActionsBar::updateButtons);
    updateButtons();
}

QString PendingActionsBar::scope() const
{
    return QStringLiteral("group:%1/%2").arg(QString::fromLatin1(m_stream.toBase64()), QString::fromLatin1(m_group.toBase64()));
}

QByteArray PendingActionsBar::defaultDlq() const
{
    if (!m_snapshot.isNull())
        for (const DeadLetterSnapshot &d : m_snapshot->deadLetters)
            if (d.source == m_stream)
                return d.key;
    return m_stream + ":dlq";
}

void PendingActionsBar::setGroup(const QByteArray &stream, const QByteArray &group, const Snapshot &snapshot)
{
    const bool changed = stream != m_stream || group != m_group;
    m_stream = stream;
    m_group = group;
    m_snapshot = snapshot;
    if (changed && !stream.isEmpty())
        m_writes->checkPermissions(scope(), pendingWriteChecks(stream, group, defaultDlq(), kDefaultAuditStream));
    updateButtons();
}

QList<QByteArray> PendingActionsBar::selectedIds() const
{
    QList<QByteArray> ids;
    for (const QModelIndex &row : m_selection->selectedRows())
        ids.append(row.data(m_idRole).toByteArray());
    return ids;
}

void PendingActionsBar::updateButtons()
{
    const bool any = !selectedIds().isEmpty();
    for (auto [button, action] : {std::pair{m_claim, WriteAction::Claim}, {m_ack, WriteAction::Ack}, {m_toDlq, WriteAction::ToDlq}}) {
        const QString why = m_writes->blocker(scope(), action);
        button->setEnabled(why.isEmpty() && any);
        button->setToolTip(!why.isEmpty() ? why : any ? QString() : tr("Select pending entries first"));
    }
}

void PendingActionsBar::claim()
{
    ClaimForm form;
    form.title = tr("Claim pending entries");
    form.stream = m_stream;
    form.group = m_group;
    form.proposedOwner = QStringLiteral("pelscope-claimed");
    form.guardMs = m_guardMs;
    form.guardTip = tr("Entries idle less than this stay with their owner: a live worker may have just taken them");
    const QList<QByteArray> ids = selectedIds();
    openClaimDialog(window(), form, m_snapshot, [this, ids](const QByteArray &to, qint64 minIdleMs) {
        PendingActionRequest r;
        r.action = PendingActionRequest::Action::Claim;
        r.stream = m_stream;
        r.group = m_group;
        r.ids = ids;
        r.toConsumer = to;
        r.minIdleMs = minIdleMs;
        m_writes->pendingAction(r, scope(), window());
    });
}

void PendingActionsBar::ack()
{
    PendingActionRequest r;
    r.action = PendingActionRequest::Action::Ack;
    r.stream = m_stream;
    r.group = m_group;
    r.ids = selectedIds();
    m_writes->pendingAction(r, scope(), window());
}

void PendingActionsBar::toDlq()
{
    QFormLayout *form = nullptr;
    QDialog *dialog = formDialog(window(), tr("Move pending entries to a DLQ"), &form);
    auto *dlq = new QComboBox;
    dlq->setEditable(true);
    addName(dlq, defaultDlq());
    auto *category = new QLineEdit(QStringLiteral("manual"));
    auto *reason = new QLineEdit(tr("moved by an operator"));
    form->addRow(tr("Dead-letter stream:"), dlq);
    form->addRow(tr("Category:"), category);
    form->addRow(tr("Reason:"), reason);
    const QList<QByteArray> ids = selectedIds();
    connect(dialog, &QDialog::accepted, this, [this, ids, dlq, category, reason] {
        PendingActionRequest r;
        r.action = PendingActionRequest::Action::ToDlq;
        r.stream = m_stream;
        r.group = m_group;
        r.ids = ids;
        r.dlq = chosenName(dlq);
        r.category = category->text().toUtf8();
        r.reason = reason->text().toUtf8();
        m_writes->pendingAction(r, scope(), window());
    });
    dialog->open();
}

} // namespace pelscope
