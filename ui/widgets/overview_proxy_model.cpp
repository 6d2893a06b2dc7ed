#include "widgets/overview_proxy_model.h"

#include "health_style.h"
#include "itemmodels/group_table_model.h"

#include <QBrush>

namespace pelscope {

OverviewProxyModel::OverviewProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(GroupTableModel::SortRole);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setDynamicSortFilter(true);
}

void OverviewProxyModel::setGroupColumn(int column)
{
    if (column == m_groupColumn)
        return;
    m_groupColumn = column;
    invalidate();
}

QVariant OverviewProxyModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ForegroundRole && QSortFilterProxyModel::data(index, GroupTableModel::StaleRole).toBool())
        return QBrush(QColor(0x90, 0x90, 0x90));
    if (role == Qt::BackgroundRole) {
        const auto h = Health(QSortFilterProxyModel::data(index, GroupTableModel::HealthRole).toInt());
        const QColor tint = healthStyle(h).tint;
        return tint.isValid() ? QVariant(QBrush(tint)) : QVariant();
    }
    if (role == Qt::DecorationRole && index.column() == GroupTableModel::Group
        && QSortFilterProxyModel::data(index, GroupTableModel::MutedRole).toBool())
        return mutedIcon(); // drawn: the emoji it replaced was an empty box without an emoji font
    if (role == Qt::ForegroundRole && index.column() == GroupTableModel::Lag
        && QSortFilterProxyModel::data(index, GroupTableModel::SortRole).toDouble() < 0)
        return QBrush(healthStyle(Health::Warn).strong); // "unknown" lag stands out
    return QSortFilterProxyModel::data(index, role);
}

void OverviewProxyModel::setStatusFilter(std::optional<int> health)
{
    m_status = health;
    invalidateFilter();
}

void OverviewProxyModel::setDeadConsumersOnly(bool on)
{
    m_deadOnly = on;
    invalidateFilter();
}

bool OverviewProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex first = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_status && first.data(GroupTableModel::HealthRole).toInt() != *m_status)
        return false;
    if (m_deadOnly && first.data(GroupTableModel::DeadConsumersRole).toInt() == 0)
        return false;
    const QString needle = filterRegularExpression().pattern();
    if (needle.isEmpty())
        return true;
    const QAbstractItemModel *m = sourceModel();
    auto text = [&](int column) { return m->index(sourceRow, column, sourceParent).data().toString(); };
    const QString stream = text(GroupTableModel::Stream);
    return (stream + QLatin1Char('/') + text(GroupTableModel::Group)).contains(needle, Qt::CaseInsensitive)
           || text(GroupTableModel::Node).contains(needle, Qt::CaseInsensitive)
           || text(GroupTableModel::Connection).contains(needle, Qt::CaseInsensitive);
}

void OverviewProxyModel::sort(int column, Qt::SortOrder order)
{
    const QAbstractItemModel *source = sourceModel();
    if (source && column >= 0) {
        const int rows = source->rowCount();
        m_keys.resize(rows);
        for (int r = 0; r < rows; ++r) {
            SortKey &k = m_keys[r];
            const QVariant v = source->index(r, column).data(sortRole());
            k.numeric = v.typeId() == QMetaType::Double;
            k.value = k.numeric ? v.toDouble() : 0;
            k.text = k.numeric ? QString() : v.toString();
            k.group = m_groupColumn >= 0 ? source->index(r, m_groupColumn).data().toString() : QString();
        }
    }
    QSortFilterProxyModel::sort(column, order);
    m_keys.clear();
}

bool OverviewProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (!m_keys.isEmpty() && left.row() < m_keys.size() && right.row() < m_keys.size()) {
        const SortKey &l = m_keys.at(left.row()), &r = m_keys.at(right.row());
        if (m_groupColumn >= 0)
            if (const int c = QString::localeAwareCompare(l.group, r.group); c != 0)
                return sortOrder() == Qt::AscendingOrder ? c < 0 : c > 0;
        if (l.numeric && r.numeric)
            return l.value < r.value;
        return QString::localeAwareCompare(l.numeric ? QString::number(l.value) : l.text, r.numeric ? QString::number(r.value) : r.text) < 0;
    }
    if (m_groupColumn >= 0) {
        const QString l = left.siblingAtColumn(m_groupColumn).data().toString();
        const QString r = right.siblingAtColumn(m_groupColumn).data().toString();
        if (const int c = QString::localeAwareCompare(l, r); c != 0) // groups stay A→Z in either sort order
            return sortOrder() == Qt::AscendingOrder ? c < 0 : c > 0;
    }
    const QVariant l = left.data(GroupTableModel::SortRole);
    const QVariant r = right.data(GroupTableModel::SortRole);
    if (l.typeId() == QMetaType::Double && r.typeId() == QMetaType::Double)
        return l.toDouble() < r.toDouble();
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

} // namespace pelscope
