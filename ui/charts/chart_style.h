// The look the bar charts share: the palette's base and text colours (so a
// dark palette stays readable), a bold title on top, a small note under it
// (placed by the caller), dotted grids.
#pragma once

#include "charts/qcp.h"

namespace pelscope {

// Styles `plot` and adds its title in row 0; returns the note element, which
// the caller places (row 1 under the title, or row 2 under the axes).
QCPTextElement *styleBarChart(QCustomPlot *plot, const QString &title);

} // namespace pelscope
