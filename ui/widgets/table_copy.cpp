#include "table_copy.h"

#include <QItemSelectionModel>
#include <QStringList>
#include <QTableView>

namespace pelscope {

QString selectedRowsAsTsv(const QTableView &view)
{
    const QAbstractItemModel *model = view.model();
    if (!model || !view.selectionModel())
        return {};
    QList<int> columns;
    QStringList header;
    for (int c = 0; c < model->columnCount(); ++c)
        if (!view.isColumnHidden(c)) {
            columns << c;
            header << model->headerData(c, Qt::Horizontal).toString();
        }
    QStringList lines{header.join(QLatin1Char('\t'))};
    for (const QModelIndex &row : view.selectionModel()->selectedRows()) {
        QStringList cells;
        for (int c : std::as_const(columns))
            cells << model->index(row.row(), c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace pelscope
