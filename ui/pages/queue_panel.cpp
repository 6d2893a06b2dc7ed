#include "pages/queue_panel.h"

#include "accessible_names.h"
#include "itemmodels/queue_table_model.h"
#include "health_style.h"
#include "widgets/status_delegate.h"

#include <QBrush>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace pelscope {

namespace {

// Worst first, and WARN and CRIT rows tinted like the groups' rows above.
class QueueProxyModel : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::BackgroundRole) {
            const QColor tint = healthStyle(Health(QSortFilterProxyModel::data(index, QueueTableModel::HealthRole).toInt())).tint;
            return tint.isValid() ? QVariant(QBrush(tint)) : QVariant();
        }
        return QSortFilterProxyModel::data(index, role);
    }
};

} // namespace

QueuePanel::QueuePanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new QueueTableModel(this))
    , m_proxy(new QueueProxyModel(this))
    , m_table(new QTableView)
    , m_title(new QLabel)
{
    setObjectName(QStringLiteral("queuePanel"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(QueueTableModel::SortRole);
    m_proxy->setDynamicSortFilter(true);
    m_table->setObjectName(QStringLiteral("queueTable"));
    m_table->setModel(m_proxy);
    nameView(m_table, tr("Delayed queues, reliable lists and job frameworks' queues, worst first"));
    m_table->setItemDelegateForColumn(QueueTableModel::Status, new StatusDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(QueueTableModel::Status, Qt::DescendingOrder); // worst first
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_title->setTextFormat(Qt::PlainText);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_table->setToolTip(tr("Double-click a queue to browse its items (a job framework's: its waiting, held, scheduled and failed jobs)"));
    connect(m_table, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        if (index.data(QueueTableModel::IsJobRole).toBool()) {
            Q_EMIT jobQueueActivated(index.data(QueueTableModel::KeyRole).toByteArray());
            return;
        }
        Q_EMIT queueActivated(index.data(QueueTableModel::KeyRole).toByteArray(), index.data(QueueTableModel::ProcessingKeyRole).toByteArray(),
                              index.data(QueueTableModel::IsListRole).toBool());
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_table, 1);
    hide();
}

void QueuePanel::applySnapshot(const Snapshot &snapshot)
{
    const bool hadRows = m_model->rowCount() > 0;
    m_model->applySnapshot(snapshot);
    const int rows = m_model->rowCount();
    if (rows == 0) {
        hide();
        return;
    }
    int bad = 0, lists = 0, jobs = 0;
    for (int r = 0; r < rows; ++r) {
        const QModelIndex i = m_model->index(r, 0);
        bad += i.data(QueueTableModel::HealthRole).toInt() != int(Health::Ok);
        lists += i.data(QueueTableModel::IsListRole).toBool();
        jobs += i.data(QueueTableModel::IsJobRole).toBool();
    }
    QStringList parts;
    const int delayed = rows - lists - jobs;
    if (delayed > 0)
        parts << (delayed == 1 ? tr("1 delayed queue") : tr("%1 delayed queues").arg(delayed));
    if (jobs > 0)
        parts << (jobs == 1 ? tr("1 job framework queue") : tr("%1 job framework queues").arg(jobs));
    if (lists > 0)
        parts << (lists == 1 ? tr("1 reliable list") : tr("%1 reliable lists").arg(lists));
    m_title->setText(tr("Queues — %1%2").arg(parts.join(tr(", ")), bad ? tr(" (%1 not OK)").arg(bad) : QString()));
    if (!hadRows) {
        for (int c : {QueueTableModel::Kind, QueueTableModel::Queue, QueueTableModel::Size, QueueTableModel::Waiting, QueueTableModel::Oldest,
                      QueueTableModel::NextDue})
            m_table->resizeColumnToContents(c);
        // A long key must not push the reasons out of sight.
        m_table->setColumnWidth(QueueTableModel::Queue, std::clamp(m_table->columnWidth(QueueTableModel::Queue), 160, 360));
    }
    show();
}

} // namespace pelscope
