// The three charts of a group as every window draws them (the group page, a
// history file): the same series, colours and units, and one crosshair
// moving across all three.
#pragma once

#include <QCoreApplication>
#include <QList>

namespace pelscope {

class TimeChartWidget;

class GroupCharts
{
    Q_DECLARE_TR_FUNCTIONS(GroupCharts)

public:
    // Adds lag and pending, oldest pending idle and behind, in and out, in
    // that order (the series indexes the pages fill), and links the
    // crosshairs. Returns the three, in that order.
    static QList<TimeChartWidget *> setUp(TimeChartWidget *lag, TimeChartWidget *idle, TimeChartWidget *rate);
};

} // namespace pelscope
