#include "widgets/consumer_actions_bar.h"

#include "widgets/name_combo.h"
#include "actions/write_checks.h"
#include "itemmodels/consumer_table_model.h"
#include "snapshot/format.h"
#include "write_controller.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

namespace pelscope {

ConsumerActionsBar::ConsumerActionsBar(WriteController *writes, QItemSelectionModel *selection, QWidget *parent)
    : QWidget(parent)
    , m_writes(writes)
    , m_selection(selection)
    , m_claimAll(new QPushButton(tr("Claim all from…")))
    , m_delete(new QPushButton(tr("Delete consumer…")))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_claimAll);
    layout->addWidget(m_delete);
    layout->addStretch(1);
    connect(m_claimAll, &QPushButton::clicked, this, &ConsumerActionsBar::claimAll);
    connect(m_delete, &QPushButton::clicked, this, &ConsumerActionsBar::deleteConsumer);
    connect(m_selection, &QItemSelectionModel::selectionChanged, this, &ConsumerActionsBar::updateButtons);
    connect(m_writes, &WriteController::writesEnabledChanged, this, &ConsumerActionsBar::updateButtons);
    connect(m_writes, &WriteController::permissionsChanged, this, &ConsumerActionsBar::updateButtons);
    updateButtons();
}

QString ConsumerActionsBar::scope() const
{
    // The same scope as the pending actions: one ACL check per group.
    return QStringLiteral("group:%1/%2").arg(QString::fromLatin1(m_stream.toBase64()), QString::fromLatin1(m_group.toBase64()));
}

void ConsumerActionsBar::setGroup(const QByteArray &stream, const QByteArray &group, const Snapshot &snapshot)
{
    m_stream = stream;
    m_group = group;
    m_snapshot = snapshot;
    updateButtons();
}

QByteArray ConsumerActionsBar::selectedConsumer(qint64 *pending) const
{
    const QModelIndexList rows = m_selection->selectedRows();
    if (rows.size() != 1)
        return {};
    if (pending)
        *pending = rows.first().data(ConsumerTableModel::PendingRole).toLongLong();
    return rows.first().data(ConsumerTableModel::NameRole).toByteArray();
}

void ConsumerActionsBar::updateButtons()
{
    qint64 pending = 0;
    const bool one = !selectedConsumer(&pending).isEmpty();
    const QString claimWhy = m_writes->blocker(scope(), WriteAction::Claim);
    m_claimAll->setEnabled(claimWhy.isEmpty() && one && pending > 0);
    m_claimAll->setToolTip(!claimWhy.isEmpty() ? claimWhy
                           : !one              ? tr("Select one consumer")
                           : pending == 0      ? tr("It holds no pending entries")
                                               : QString());
    const QString deleteWhy = m_writes->blocker(scope(), WriteAction::DeleteConsumer);
    m_delete->setEnabled(deleteWhy.isEmpty() && one);
    m_delete->setToolTip(!deleteWhy.isEmpty() ? deleteWhy
                         : !one               ? tr("Select one consumer")
                         : pending > 0        ? tr("It holds %1 pending entries: you will be asked to claim them first").arg(pending)
                                              : QString());
}

void ConsumerActionsBar::claimAll()
{
    qint64 pending = 0;
    const QByteArray from = selectedConsumer(&pending);
    if (from.isEmpty())
        return;
    auto *dialog = new QDialog(window());
    dialog->setWindowTitle(tr("Claim all pending entries of %1").arg(elidedName(from, 64)));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *form = new QFormLayout(dialog);
    auto *to = new QComboBox;
    to->setEditable(true);
    if (const GroupSnapshot *g = m_snapshot.isNull() ? nullptr : m_snapshot.group(m_stream, m_group))
        for (const ConsumerSnapshot &c : g->consumerList)
            if (c.name != from)
                addName(to, c.name);
    auto *guard = new QSpinBox;
    guard->setRange(0, 86'400);
    guard->setSuffix(tr(" s"));
    guard->setValue(int(m_guardMs / 1000));
    guard->setToolTip(tr("Entries idle less than this stay where they are: the consumer may be alive after all"));
    // No count here: the review reads it (and how many are past the guard) just
    // before asking, so the confirmation has one set of numbers.
    form->addRow(tr("New owner:"), to);
    form->addRow(tr("Only entries idle at least:"), guard);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Review…"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(dialog, &QDialog::accepted, this, [this, from, to, guard] {
        PendingActionRequest r;
        r.action = PendingActionRequest::Action::Claim;
        r.stream = m_stream;
        r.group = m_group;
        r.fromConsumer = from;
        r.toConsumer = chosenName(to);
        r.minIdleMs = qint64(guard->value()) * 1000;
        m_writes->pendingAction(r, scope(), window());
    });
    dialog->open();
}

void ConsumerActionsBar::deleteConsumer()
{
    qint64 pending = 0;
    const QByteArray consumer = selectedConsumer(&pending);
    if (consumer.isEmpty())
        return;
    ConsumerDeleteRequest r;
    r.stream = m_stream;
    r.group = m_group;
    r.consumer = consumer;
    m_writes->deleteConsumer(r, pending, scope(), window());
}

} // namespace pelscope
