#include "overview_proxy_model.h"

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

void OverviewProxyModel::setStale(bool stale)
{
    if (m_stale == stale)
        return;
    m_stale = stale;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::ForegroundRole});
}

QVariant OverviewProxyModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ForegroundRole && m_stale)
        return QBrush(QColor(0x90, 0x90, 0x90));
    if (role == Qt::BackgroundRole) {
        const auto h = Health(QSortFilterProxyModel::data(index, GroupTableModel::HealthRole).toInt());
        const QColor tint = healthStyle(h).tint;
        return tint.isValid() ? QVariant(QBrush(tint)) : QVariant();
    }
    if (role == Qt::ForegroundRole && index.column() == GroupTableModel::Lag
        && QSortFilterProxyModel::data(index, GroupTableModel::SortRole).toDouble() < 0)
        return QBrush(healthStyle(Health::Warn).strong); // "unknown" lag stands out
    return QSortFilterProxyModel::data(index, role);
}

bool OverviewProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QString needle = filterRegularExpression().pattern();
    if (needle.isEmpty())
        return true;
    const QAbstractItemModel *m = sourceModel();
    const QString stream = m->index(sourceRow, GroupTableModel::Stream, sourceParent).data().toString();
    const QString group = m->index(sourceRow, GroupTableModel::Group, sourceParent).data().toString();
    return stream.contains(needle, Qt::CaseInsensitive) || group.contains(needle, Qt::CaseInsensitive)
           || (stream + QLatin1Char('/') + group).contains(needle, Qt::CaseInsensitive);
}

bool OverviewProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant l = left.data(GroupTableModel::SortRole);
    const QVariant r = right.data(GroupTableModel::SortRole);
    if (l.typeId() == QMetaType::Double && r.typeId() == QMetaType::Double)
        return l.toDouble() < r.toDouble();
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

} // namespace pelscope
