#include "widgets/consumer_actions_bar.h"

#include "dialogs/claim_dialog.h"

#include "widgets/name_combo.h"
#include "actions/write_checks.h"
#include "itemmodels/consumer_table_model.h"
#include "snapshot/format.h"
#include "text/fill_text.h"
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
    ClaimForm form;
    form.title = fillText(tr("Claim all pending entries of %1"), elidedName(from, 64));
    form.stream = m_stream;
    form.group = m_group;
    form.from = from;
    form.guardMs = m_guardMs;
    form.guardTip = tr("Entries idle less than this stay where they are: the consumer may be alive after all");
    openClaimDialog(window(), form, m_snapshot, [this, from](const QByteArray &to, qint64 minIdleMs) {
        PendingActionRequest r;
        r.action = PendingActionRequest::Action::Claim;
        r.stream = m_stream;
        r.group = m_group;
        r.fromConsumer = from;
        r.toConsumer = to;
        r.minIdleMs = minIdleMs;
        m_writes->pendingAction(r, scope(), window());
    });
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
