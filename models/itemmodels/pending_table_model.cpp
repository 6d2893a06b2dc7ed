#include "pending_table_model.h"

#include "snapshot/format.h"
#include "snapshot/stream_id.h"

namespace pelscope {

PendingTableModel::PendingTableModel(QObject *parent)
    : KeyedTableModel(parent)
{}

void PendingTableModel::setGroup(const QByteArray &stream, const QByteArray &group, const GroupSnapshot *snapshot)
{
    const QByteArray groupKey = stream + '\0' + group;
    QList<RowCells> rows;
    QHash<QByteArray, PendingEntry> entries;
    if (snapshot) {
        for (const PendingEntry &e : snapshot->headEntries) {
            entries.insert(e.id, e);
            rows.append({e.id, {QString::fromLatin1(e.id), elidedName(e.consumer, kCellNameCap), formatDuration(e.idleMs), QString::number(e.deliveries)}});
        }
    }
    m_entries = entries;
    if (groupKey != m_groupKey) {
        m_groupKey = groupKey;
        resetRows(rows);
        return;
    }
    applyRows(rows, {Qt::DisplayRole, SortRole, PoisonRole});
}

QVariant PendingTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QByteArray id = keyAt(index.row());
    const PendingEntry e = m_entries.value(id);
    switch (role) {
    case Qt::DisplayRole: return cell(index.row(), index.column());
    case SortRole:
        switch (index.column()) {
        case Id: {
            const auto sid = StreamId::parse(id);
            return sid ? double(sid->ms) * 1e6 + double(sid->seq) : 0.0;
        }
        case Idle: return double(e.idleMs);
        case Deliveries: return double(e.deliveries);
        default: return cell(index.row(), index.column());
        }
    case PoisonRole: return e.deliveries >= m_poison;
    case EntryIdRole: return id;
    case Qt::TextAlignmentRole: return QVariant::fromValue((index.column() >= Idle ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (e.deliveries >= m_poison)
            return tr("Delivered %1 times: a poison candidate").arg(e.deliveries);
        return {};
    default: return {};
    }
}

QVariant PendingTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char *const names[] = {QT_TR_NOOP("Entry ID"), QT_TR_NOOP("Consumer"), QT_TR_NOOP("Idle"), QT_TR_NOOP("Deliveries")};
    return tr(names[section]);
}

} // namespace pelscope
