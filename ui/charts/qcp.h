// QCustomPlot's header uses Qt's lower-case keywords (signals, foreach), which
// this project turns off (QT_NO_KEYWORDS): lend them for this one include.
#pragma once

#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef signals
#undef slots
#undef emit
#undef foreach
