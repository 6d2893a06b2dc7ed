// A table's selected rows as text for the clipboard: the visible columns'
// headers, then one line per row, cells separated by tabs (what a
// spreadsheet or a chat message takes as a table).
#pragma once

#include <QString>

class QTableView;

namespace pelscope {

QString selectedRowsAsTsv(const QTableView &view);

} // namespace pelscope
