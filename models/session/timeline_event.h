// Something that happened to a whole connection (a Sentinel failover, a
// stream's master changing on a cluster): a marker on every chart of every
// group, a line in the status bar, an event in the history.
#pragma once

#include <QMetaType>
#include <QString>

namespace pelscope {

struct TimelineEvent
{
    qint64 atMs = 0;
    QString label;  // short, drawn on the chart: "failover"
    QString detail; // the tooltip and status line: who moved where
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::TimelineEvent)
