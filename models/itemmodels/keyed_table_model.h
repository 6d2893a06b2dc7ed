// Base for tables that update every poll: rows are matched by key, so removed
// keys are removed, new keys appended and changed cells signalled; never a
// reset while the same group is shown, so selection, sort and scroll survive.
#pragma once

#include <QAbstractTableModel>
#include <QByteArray>
#include <QList>
#include <QVariant>

namespace pelscope {

class KeyedTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    QByteArray keyAt(int row) const { return m_rows.value(row).key; }

protected:
    struct RowCells
    {
        QByteArray key;
        // Display text per column. Cells past columnCount() are the row's
        // state (its health, say): when one changes, the whole row repaints.
        QList<QVariant> cells;
    };
    // Applies the new rows; `roles` are the roles whose values follow the cells.
    void applyRows(const QList<RowCells> &incoming, const QList<int> &roles);
    void resetRows(const QList<RowCells> &incoming);
    QVariant cell(int row, int column) const { return m_rows.value(row).cells.value(column); }
    // One column's value in every row (a label shared by all rows).
    void setColumn(int column, const QVariant &value, const QList<int> &roles);
    // Every row's `first`..`last` columns changed for `roles` (values read elsewhere).
    void signalColumns(int first, int last, const QList<int> &roles);

private:
    QList<RowCells> m_rows;
};

} // namespace pelscope
