#include "dialogs/edit_entry_dialog.h"

#include "snapshot/format.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pelscope {

namespace {

constexpr int kBytesRole = Qt::UserRole + 1; // the original value, for binary cells

bool editable(const QByteArray &value)
{
    return isValidUtf8(value) && !value.contains('\0');
}

} // namespace

EditEntryDialog::EditEntryDialog(const QByteArray &id, const QByteArray &target, const StreamFields &fields, QWidget *parent)
    : QDialog(parent)
    , m_original(fields)
    , m_table(new QTableWidget(int(fields.size()), 3))
    , m_diff(new QPlainTextEdit)
{
    setWindowTitle(tr("Edit and requeue %1").arg(QString::fromLatin1(id)));
    setObjectName(QStringLiteral("editEntryDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *head = new QLabel(tr("The fields below will be added to <b>%1</b> as a new entry, in this order; the dead letter is then "
                               "deleted, atomically. Binary values cannot be edited here and are written back byte for byte.")
                                .arg(displayBytes(target).toHtmlEscaped()));
    head->setWordWrap(true);
    layout->addWidget(head);
    m_table->setHorizontalHeaderLabels({tr("Keep"), tr("Field"), tr("Value")});
    m_table->verticalHeader()->hide();
    m_table->setAccessibleName(tr("Fields of the entry"));
    m_table->horizontalHeader()->setStretchLastSection(true);
    for (int row = 0; row < fields.size(); ++row) {
        const auto &[name, value] = fields[row];
        auto *keep = new QTableWidgetItem;
        keep->setCheckState(Qt::Checked);
        keep->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        m_table->setItem(row, 0, keep);
        auto *nameItem = new QTableWidgetItem(displayBytes(name));
        nameItem->setFlags(Qt::ItemIsEnabled);
        nameItem->setData(kBytesRole, name);
        m_table->setItem(row, 1, nameItem);
        auto *valueItem = new QTableWidgetItem(editable(value) ? QString::fromUtf8(value) : tr("(binary, %1 bytes, kept as is)").arg(value.size()));
        valueItem->setData(kBytesRole, value);
        valueItem->setFlags(editable(value) ? Qt::ItemIsEnabled | Qt::ItemIsEditable | Qt::ItemIsSelectable : Qt::ItemIsEnabled);
        m_table->setItem(row, 2, valueItem);
    }
    m_table->resizeColumnToContents(0);
    m_table->setColumnWidth(1, 160);
    layout->addWidget(m_table, 2);
    layout->addWidget(new QLabel(tr("Changes:")));
    m_diff->setReadOnly(true);
    m_diff->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_diff, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    QPushButton *ok = buttons->addButton(tr("Review requeue…"), QDialogButtonBox::AcceptRole);
    ok->setAutoDefault(false);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableWidget::itemChanged, this, [this, ok] {
        updateDiff();
        ok->setEnabled(!editedFields().isEmpty());
    });
    updateDiff();
    resize(760, 520);
}

StreamFields EditEntryDialog::editedFields() const
{
    StreamFields out;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, 0)->checkState() != Qt::Checked)
            continue;
        const QByteArray name = m_table->item(row, 1)->data(kBytesRole).toByteArray();
        const QByteArray original = m_table->item(row, 2)->data(kBytesRole).toByteArray();
        out.append({name, editable(original) ? m_table->item(row, 2)->text().toUtf8() : original});
    }
    return out;
}

QString EditEntryDialog::diffText() const
{
    return m_diff->toPlainText();
}

void EditEntryDialog::updateDiff()
{
    const StreamFields edited = editedFields();
    QStringList lines;
    for (const auto &[name, value] : m_original) {
        // Clang before 16 (clang-tidy here) cannot capture a structured binding in a lambda.
        const QByteArray &key = name;
        const auto it = std::find_if(edited.begin(), edited.end(), [&key](const auto &f) { return f.first == key; });
        if (it == edited.end())
            lines << QStringLiteral("- %1: %2").arg(displayBytes(name), displayBytes(value.left(300)));
        else if (it->second != value)
            lines << QStringLiteral("- %1: %2").arg(displayBytes(name), displayBytes(value.left(300)))
                  << QStringLiteral("+ %1: %2").arg(displayBytes(name), displayBytes(it->second.left(300)));
    }
    m_diff->setPlainText(lines.isEmpty() ? tr("(no changes: the entry is requeued as stored)") : lines.join(QLatin1Char('\n')));
}

} // namespace pelscope
