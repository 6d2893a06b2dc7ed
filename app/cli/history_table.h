// `pelscope-cli history` as a table a person reads: the polls of a window put
// into steps (at most ~40 rows, whatever the window), each the worst of its
// polls, and every table's columns aligned. --raw keeps every poll.
#pragma once

#include "history/history_database.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace pelscope {

struct HistoryStep
{
    qint64 startMs = 0;
    int polls = 0; // recorded polls (or buckets) in the step
    // The worst of the step: the highest lag, pending, idle, deliveries and
    // total, the fewest alive, the mean rates. NaN when none was known.
    float lag, pending, idleLower, idleUpper, inRate, outRate, alive, total, maxDeliveries;
    std::optional<Health> worst;
};

// The smallest of 10 s, 30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 6, 12 h, 1 d
// that cuts `spanMs` into at most 40 steps.
qint64 historyStepMs(qint64 spanMs);
// Steps `stepMs` wide on the clock (18:20:00, 18:20:30); steps without a poll are left out.
QList<HistoryStep> aggregateHistory(const QList<StoredPoint> &points, qint64 stepMs);
// Rows (the first is the header) padded into columns two spaces apart: the
// first `leftColumns` and the last left-aligned, the others right-aligned.
QString alignedTable(const QList<QStringList> &rows, int leftColumns);

} // namespace pelscope
