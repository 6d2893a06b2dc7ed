// The previous period: the same window one day or one week earlier, drawn
// faint under today's lines, and in words when today is far outside it
// ("lag 6× the same hour yesterday"). Pure: the page, the history file's
// window and the tests read the same values.
#pragma once

#include "history_database.h"
#include "poll_values.h"
#include "../snapshot/reason.h"

#include <QVector>
#include <optional>

namespace pelscope {

enum class PreviousPeriod { None, Day, Week };

// How far back the period lies (0 for None).
qint64 previousPeriodOffsetMs(PreviousPeriod period);

// One metric of a group's recorded points as a chart series (t in seconds),
// moved forward by `shiftMs` (the previous period under today's window), with
// a gap (NaN) wherever nothing was recorded for longer than three usual
// steps: never a line across a stretch when nobody recorded.
void recordedSeries(const QList<StoredPoint> &points, Metric metric, qint64 shiftMs, QVector<double> &t, QVector<double> &v);

// When today's value is far outside the previous period's at the same
// moment: `factor` times or more above or below it (3 unless told), and at
// least one of them `meaningful` or more (a lag of 3 against 1 is no news).
// The previous value is the median of its known points within five minutes
// of `atSeconds` (the series already moved under today's window); none
// there: nothing is said. The reason's code is "above_previous_day",
// "below_previous_week", …; its words name the metric (`what`, as the
// chart's legend does) and both values.
struct PeriodContrast
{
    double now = 0;
    double before = 0;
    bool above = false;
    Reason reason;
};
std::optional<PeriodContrast> contrastWithPrevious(PreviousPeriod period, Metric metric, double now, double atSeconds,
                                                   const QVector<double> &previousT, const QVector<double> &previousV, double meaningful,
                                                   double factor = 3.0);

} // namespace pelscope
