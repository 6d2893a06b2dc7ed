#include "charts/activity_chart.h"

#include "charts/time_chart_widget.h"

#include "snapshot/activity_text.h"

#include <QDateTime>
#include <QLabel>
#include <QVBoxLayout>


namespace pelscope {

namespace {

constexpr qint64 kHourMs = 3'600'000;

const QueueSeriesKey kActivity{QStringLiteral("activity"), {}};

} // namespace

ActivityChart::ActivityChart(QWidget *parent)
    : QDialog(parent)
    , m_chart(new TimeChartWidget(tr("Claims and acknowledgements per second")))
    , m_note(new QLabel)
{
    setObjectName(QStringLiteral("activityChart"));
    setWindowTitle(tr("Claim and XACK activity"));
    m_chart->setValueUnit(TimeChartWidget::Unit::EntriesPerSecond);
    m_chart->addSeries(tr("XCLAIM + XAUTOCLAIM calls"), QColor(0x8e, 0x24, 0xaa));
    m_chart->addSeries(tr("XACK calls"), QColor(0xd3, 0x54, 0x00));
    m_chart->addSeries(tr("entries acknowledged"), QColor(0x2e, 0x7d, 0x32));
    m_chart->setCaption(tr("server-wide (every client), read every 10 s"));
    for (int i = 0; i < m_chart->graphCount(); ++i) // a reading alone between gaps is a dot, not nothing
        m_chart->graph(i)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
    m_chart->setMinimumSize(640, 280);
    m_note->setWordWrap(true);
    m_note->setText(tr("XACK calls clearly above the entries acknowledged: consumers acknowledge entries that are no longer theirs "
                       "(claimed by another consumer, or acknowledged already), a sign of duplicate processing."));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_note);
    resize(900, 420);
}

void ActivityChart::reload(qint64 serverNowMs)
{
    m_points.clear();
    draw();
    Q_EMIT historyRequested(kActivity, serverNowMs - kHourMs, serverNowMs, ++m_request);
}

void ActivityChart::showHistory(quint64 request, const QList<QueuePoint> &points)
{
    if (request != m_request)
        return;
    m_points = QueueHistory::withPast(points, m_points);
    draw();
}

void ActivityChart::applySnapshot(const Snapshot &snapshot)
{
    for (const auto &[key, point] : QueueHistory::fromSnapshot(snapshot))
        // A new window of commandstats only: the activity is carried between readings.
        if (key == kActivity && (m_points.isEmpty() || point.atMs - m_points.last().atMs >= 5'000)) {
            m_points.append(point);
            draw();
        }
    if (!snapshot.isNull() && snapshot->activity)
        m_note->setToolTip(describeActivity(*snapshot->activity));
}

void ActivityChart::draw()
{
    QueueHistory::keepLast(m_points, kHourMs);
    const qint64 newest = m_points.isEmpty() ? QDateTime::currentMSecsSinceEpoch() : m_points.last().atMs;
    // The activity is read every 10 s: a gap is more than three readings missing.
    const QueueHistory::QueueColumns columns = QueueHistory::chartColumns(m_points, 35'000);
    for (int i = 0; i < 3; ++i)
        m_chart->setSeries(i, columns.t, columns.v[i]);
    const QVector<double> &t = columns.t;
    m_chart->setTimeWindow(double(newest) / 1000.0, 3600.0, t.isEmpty() ? std::nan("") : t.first());
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pelscope
