#include "keyed_table_model.h"

#include <QHash>

namespace pelscope {

void KeyedTableModel::resetRows(const QList<RowCells> &incoming)
{
    beginResetModel();
    m_rows = incoming;
    endResetModel();
}

void KeyedTableModel::applyRows(const QList<RowCells> &incoming, const QList<int> &roles)
{
    QHash<QByteArray, int> wanted;
    for (int i = 0; i < incoming.size(); ++i)
        wanted.insert(incoming[i].key, i);

    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (!wanted.contains(m_rows[i].key)) {
            beginRemoveRows({}, i, i);
            m_rows.removeAt(i);
            endRemoveRows();
        }
    }
    QHash<QByteArray, int> present;
    for (int i = 0; i < m_rows.size(); ++i) {
        const RowCells &next = incoming[wanted.value(m_rows[i].key)];
        present.insert(m_rows[i].key, i);
        const int columns = columnCount();
        int first = -1, last = -1;
        for (int c = 0; c < next.cells.size(); ++c) {
            if (next.cells[c] != m_rows[i].cells.value(c)) {
                if (c >= columns) { // the row's state: all of it
                    first = 0;
                    last = columns - 1;
                    break;
                }
                if (first < 0)
                    first = c;
                last = c;
            }
        }
        m_rows[i] = next;
        if (first >= 0)
            Q_EMIT dataChanged(index(i, first), index(i, last), roles);
    }
    QList<RowCells> added;
    for (const RowCells &r : incoming)
        if (!present.contains(r.key))
            added.append(r);
    if (!added.isEmpty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + added.size() - 1));
        m_rows.append(added);
        endInsertRows();
    }
}

void KeyedTableModel::setColumn(int column, const QVariant &value, const QList<int> &roles)
{
    for (RowCells &row : m_rows)
        if (column < row.cells.size())
            row.cells[column] = value;
    signalColumns(column, column, roles);
}

void KeyedTableModel::signalColumns(int first, int last, const QList<int> &roles)
{
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, first), index(int(m_rows.size()) - 1, last), roles);
}

} // namespace pelscope
