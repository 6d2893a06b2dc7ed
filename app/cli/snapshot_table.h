// The aligned text table of `pelscope-cli snapshot` and `watch`, worst first,
// fitted to the terminal: names capped, columns dropped in a stated order
// (NODE, MAX DLV, CONSUMERS, OLDEST IDLE, PENDING), WHY cut to the width
// and then said in full, wrapped, under the table; --wide shows everything
// on one line each. Never a wrapped row.
#pragma once

#include "snapshot/snapshot.h"

#include <QString>
#include <QStringList>

namespace pelscope {

struct TableLayout
{
    int width = 0;     // terminal columns; 0: no limit (not a terminal)
    bool wide = false; // every column, nothing cut
};

struct SnapshotTable
{
    struct Line
    {
        QString text;
        Health tone = Health::Ok; // WARN and CRIT rows are tinted on a colour terminal
    };
    QList<Line> lines;
    QStringList dropped; // columns left out to fit
    QString text() const;
};

SnapshotTable renderSnapshotTable(const Snapshot &snapshot, const TableLayout &layout);
// The delayed queues and reliable lists, worst first: a blank line, a header and a row each;
// nothing when there are none.
QList<SnapshotTable::Line> renderQueueLines(const SnapshotData &snapshot, const TableLayout &layout);
// Writes the table to stdout, tinting WARN and CRIT rows when `color`.
void printSnapshotTable(const SnapshotTable &table, bool color);

} // namespace pelscope
