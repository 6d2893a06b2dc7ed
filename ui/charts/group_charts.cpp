#include "charts/group_charts.h"

#include "charts/time_chart_widget.h"

#include <QColor>

namespace pelscope {

QList<TimeChartWidget *> GroupCharts::setUp(TimeChartWidget *lag, TimeChartWidget *idle, TimeChartWidget *rate)
{
    lag->addSeries(tr("lag"), QColor(0xd3, 0x54, 0x00));
    lag->addSeries(tr("pending"), QColor(0x42, 0x7e, 0xc4));
    lag->setValueUnit(TimeChartWidget::Unit::Entries);
    // Behind had lag's orange: on a page read as a whole, one colour is one measure.
    idle->addSeries(tr("oldest pending idle"), QColor(0x8e, 0x24, 0xaa));
    idle->addSeries(tr("behind (oldest unread)"), QColor(0x00, 0x83, 0x8f));
    idle->setValueUnit(TimeChartWidget::Unit::Seconds);
    rate->addSeries(tr("in"), QColor(0x2e, 0x7d, 0x32));
    rate->addSeries(tr("out"), QColor(0x42, 0x7e, 0xc4));
    rate->setValueUnit(TimeChartWidget::Unit::EntriesPerSecond);
    const QList<TimeChartWidget *> charts{lag, idle, rate};
    for (TimeChartWidget *chart : charts)
        QObject::connect(chart, &TimeChartWidget::hovered, chart, [charts](double t) {
            for (TimeChartWidget *other : charts)
                other->showCrosshair(t);
        });
    return charts;
}

} // namespace pelscope
