#include "dialogs/alert_inbox_dialog.h"

#include "accessible_names.h"
#include "alert_interfaces.h"
#include "health_style.h"
#include "itemmodels/alert_inbox_model.h"
#include "text/fill_text.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace pelscope {

namespace {

// New rows bold; the change in its status's colour (the glyph says it without colour).
class InboxDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (!index.data(AlertInboxModel::AcknowledgedRole).toBool())
            option->font.setBold(true);
        if (index.column() == AlertInboxModel::Change && index.data(AlertInboxModel::MarkRole).toBool()) {
            option->text = QStringLiteral("\u270E ") + option->text; // a pencil: a mark, not a status
            option->palette.setColor(QPalette::Text, QColor(0x1e, 0x6f, 0xd9)); // the charts' mark colour
        } else if (index.column() == AlertInboxModel::Change) {
            const HealthStyle &style = healthStyle(Health(index.data(AlertInboxModel::HealthRole).toInt()));
            option->text = style.glyph + QLatin1Char(' ') + option->text;
            option->palette.setColor(QPalette::Text, style.strong);
        }
    }
};

} // namespace

AlertInboxDialog::AlertInboxDialog(AlertActions *alerts, QWidget *parent)
    : QDialog(parent)
    , m_alerts(alerts)
    , m_model(alerts->inbox())
    , m_counts(new QLabel)
    , m_table(new QTableView)
    , m_open(new QPushButton(tr("&Open")))
    , m_acknowledge(new QPushButton(tr("A&cknowledge")))
    , m_mute(new QPushButton(tr("&Mute…")))
{
    setWindowTitle(tr("Alerts"));
    setObjectName(QStringLiteral("alertInbox"));
    m_table->setObjectName(QStringLiteral("alertInboxTable"));
    nameView(m_table, tr("Alerts, newest first"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new InboxDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(AlertInboxModel::Why, QHeaderView::Stretch);
    m_table->installEventFilter(this);

    auto *acknowledgeAll = new QPushButton(tr("Acknowledge &all"));
    m_open->setToolTip(tr("Open the group or queue (Enter, or a double-click)"));
    m_acknowledge->setToolTip(tr("Mark the selected alerts as seen (Space)"));
    m_mute->setToolTip(tr("Stop or pause notifications for the selected alert's group or queue"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addWidget(m_acknowledge);
    buttons->addWidget(acknowledgeAll);
    buttons->addWidget(m_mute);
    buttons->addStretch(1);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addWidget(close);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_counts);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    resize(900, 420);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_open, &QPushButton::clicked, this, &AlertInboxDialog::openCurrent);
    connect(m_table, &QTableView::activated, this, &AlertInboxDialog::openCurrent); // Enter, double-click
    connect(m_acknowledge, &QPushButton::clicked, this, &AlertInboxDialog::acknowledgeSelected);
    connect(acknowledgeAll, &QPushButton::clicked, m_model, &AlertInboxModel::acknowledgeAll);
    connect(m_mute, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_table->currentIndex();
        if (!current.isValid() || m_model->entryAt(current.row()).isMark())
            return;
        const AlertInboxModel::Entry &e = m_model->entryAt(current.row());
        QMenu menu;
        m_alerts->fillMuteMenu(&menu, e.connection, e.alert.subject);
        menu.exec(m_mute->mapToGlobal(QPoint(0, m_mute->height())));
    });
    connect(m_model, &AlertInboxModel::unacknowledgedChanged, this, &AlertInboxDialog::showCounts);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &AlertInboxDialog::showCounts);
    auto enable = [this] {
        const QModelIndex current = m_table->currentIndex();
        const bool one = current.isValid();
        const bool alert = one && !m_model->entryAt(current.row()).isMark();
        m_open->setEnabled(one && m_model->entryAt(current.row()).hasSubject());
        m_acknowledge->setEnabled(m_table->selectionModel()->hasSelection());
        m_mute->setEnabled(alert); // a mark tells nobody: nothing to mute
    };
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, enable);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, enable);
    enable();
    showCounts();
}

void AlertInboxDialog::showCounts()
{
    const int all = m_model->rowCount();
    m_counts->setText(all == 0 ? tr("Nothing was told yet. Every notification lands here and stays until the window closes.")
                               : fillText(tr("%1 new, %2 in all (the newest %3 are kept)"), m_model->unacknowledged(), all,
                                          AlertInboxModel::kCapacity));
}

void AlertInboxDialog::openCurrent()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_model->entryAt(current.row()).hasSubject())
        return; // a mark on the whole connection opens nothing
    m_model->acknowledge({current});
    const AlertInboxModel::Entry &e = m_model->entryAt(current.row());
    m_alerts->open(e.connection, e.alert.subject);
}

void AlertInboxDialog::acknowledgeSelected()
{
    m_model->acknowledge(m_table->selectionModel()->selectedRows());
}

bool AlertInboxDialog::eventFilter(QObject *watched, QEvent *event)
{
    // Space acknowledges the selected rows, as a mail client marks read.
    if (watched == m_table && event->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Space) {
        acknowledgeSelected();
        return true;
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace pelscope
