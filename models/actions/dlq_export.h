// Dead letters written out for another tool: JSON lines (one object per
// entry; a value that is not UTF-8 text, or holds NUL, is given in base64 so
// nothing is lost) and CSV (one row per field, RFC 4180 quoting).
#pragma once

#include "../snapshot/dlq_layout.h"

namespace pelscope {

struct ExportedEntry
{
    QByteArray id;
    StreamFields fields;
};

QByteArray exportJsonLines(const QByteArray &dlq, const QList<ExportedEntry> &entries);
// Columns: dlq, id, field, value, value_base64 (set only where value is not text).
QByteArray exportCsv(const QByteArray &dlq, const QList<ExportedEntry> &entries);

} // namespace pelscope
