// The last hour of a queue above its items, as the queue page and a job
// framework's page draw it: a count chart with two series (what waits, what is
// held or due) and an age chart with one (how late or how long the oldest),
// their crosshairs linked; a recorded bucket alone between gaps is a dot.
#pragma once

#include "history/queue_history.h"

#include <QWidget>

namespace pelscope {

class TimeChartWidget;

class QueueCharts : public QWidget
{
    Q_OBJECT
public:
    QueueCharts(const QString &countTitle, const QString &ageTitle, QWidget *parent = nullptr);

    TimeChartWidget *countChart() const { return m_count; }
    TimeChartWidget *ageChart() const { return m_age; }
    void setSeriesNames(const QString &first, const QString &second, const QString &age);
    // Draws `points` (oldest first) in the hour up to `newestMs`.
    void draw(const QList<QueuePoint> &points, qint64 newestMs);

private:
    TimeChartWidget *m_count;
    TimeChartWidget *m_age;
};

} // namespace pelscope
