#include "charts/queue_charts.h"

#include "charts/time_chart_widget.h"

#include <QHBoxLayout>

#include <cmath>

namespace pelscope {

QueueCharts::QueueCharts(const QString &countTitle, const QString &ageTitle, QWidget *parent)
    : QWidget(parent)
    , m_count(new TimeChartWidget(countTitle))
    , m_age(new TimeChartWidget(ageTitle))
{
    m_count->setValueUnit(TimeChartWidget::Unit::Entries);
    m_age->setValueUnit(TimeChartWidget::Unit::Seconds);
    m_count->addSeries(QString(), QColor(0x42, 0x7e, 0xc4));
    m_count->addSeries(QString(), QColor(0xd3, 0x54, 0x00));
    m_age->addSeries(QString(), QColor(0x8e, 0x24, 0xaa));
    for (TimeChartWidget *chart : {m_count, m_age}) {
        chart->setMinimumHeight(150);
        for (int i = 0; i < chart->graphCount(); ++i)
            chart->graph(i)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 3));
        connect(chart, &TimeChartWidget::hovered, this, [this](double t) {
            m_count->showCrosshair(t);
            m_age->showCrosshair(t);
        });
    }
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_count);
    row->addWidget(m_age);
}

void QueueCharts::setSeriesNames(const QString &first, const QString &second, const QString &age)
{
    m_count->graph(0)->setName(first);
    m_count->graph(1)->setName(second);
    m_age->graph(0)->setName(age);
}

void QueueCharts::draw(const QList<QueuePoint> &points, qint64 newestMs)
{
    const QueueHistory::QueueColumns columns = QueueHistory::chartColumns(points);
    m_count->setSeries(0, columns.t, columns.v[0]);
    m_count->setSeries(1, columns.t, columns.v[1]);
    m_age->setSeries(0, columns.t, columns.v[2]);
    const double since = columns.t.isEmpty() ? std::nan("") : columns.t.first();
    for (TimeChartWidget *chart : {m_count, m_age}) {
        chart->setTimeWindow(double(newestMs) / 1000.0, 3600.0, since);
        chart->replot(QCustomPlot::rpQueuedReplot);
    }
}

} // namespace pelscope
