#include "dialogs/claim_dialog.h"

#include "widgets/name_combo.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pelscope {

void openClaimDialog(QWidget *parent, const ClaimForm &form, const Snapshot &snapshot, std::function<void(const QByteArray &to, qint64 minIdleMs)> review)
{
    auto *dialog = new QDialog(parent);
    dialog->setWindowTitle(form.title);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(dialog);
    auto *rows = new QFormLayout;
    layout->addLayout(rows);
    auto *to = new QComboBox;
    to->setEditable(true);
    if (const GroupSnapshot *g = snapshot.isNull() ? nullptr : snapshot.group(form.stream, form.group))
        for (const ConsumerSnapshot &c : g->consumerList)
            if (c.name != form.from)
                addName(to, c.name);
    if (!form.proposedOwner.isEmpty())
        to->setCurrentText(form.proposedOwner);
    auto *guard = new QSpinBox;
    guard->setRange(0, 86'400);
    guard->setSuffix(QCoreApplication::translate("ClaimDialog", " s"));
    guard->setValue(int(form.guardMs / 1000));
    guard->setToolTip(form.guardTip);
    // No count here: the review reads it (and how many are past the guard)
    // just before asking, so the confirmation has one set of numbers.
    rows->addRow(QCoreApplication::translate("ClaimDialog", "New owner:"), to);
    rows->addRow(QCoreApplication::translate("ClaimDialog", "Only entries idle at least:"), guard);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(QCoreApplication::translate("ClaimDialog", "Review…"));
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    QObject::connect(dialog, &QDialog::accepted, dialog, [to, guard, review = std::move(review)] { review(chosenName(to), qint64(guard->value()) * 1000); });
    dialog->open();
}

} // namespace pelscope
