#include "model_printer.h"

#include <QAbstractItemModel>

namespace pelscope::test {

QStringList printed(const QAbstractItemModel &model)
{
    QStringList lines;
    QStringList header;
    for (int c = 0; c < model.columnCount(); ++c)
        header << model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    lines << header.join(QStringLiteral(" | "));
    for (int row = 0; row < model.rowCount(); ++row) {
        QStringList cells;
        for (int c = 0; c < model.columnCount(); ++c)
            cells << model.index(row, c).data().toString();
        lines << cells.join(QStringLiteral(" | "));
    }
    return lines;
}

bool samePrint(const QAbstractItemModel &model, const QStringList &expected, QString *diff)
{
    const QStringList got = printed(model);
    if (got == expected)
        return true;
    *diff = QStringLiteral("\n--- got:\n") + got.join(QLatin1Char('\n')) + QStringLiteral("\n--- expected:\n") + expected.join(QLatin1Char('\n'));
    return false;
}

} // namespace pelscope::test
