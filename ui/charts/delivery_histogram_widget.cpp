#include "charts/delivery_histogram_widget.h"

#include <cmath>

#include "charts/chart_style.h"

#include "snapshot/format.h"
#include "snapshot/snapshot.h"
#include "text/fill_text.h"

namespace pelscope {

DeliveryHistogramWidget::DeliveryHistogramWidget(QWidget *parent)
    : QCustomPlot(parent)
{
    setMinimumHeight(140); // as the time charts beside it
    m_note = styleBarChart(this, tr("Delivery counts of pending entries"));
    setAccessibleName(tr("Delivery counts of pending entries"));
    plotLayout()->insertRow(2);
    plotLayout()->addElement(2, 0, m_note);

    m_ok = new QCPBars(xAxis, yAxis);
    m_ok->setName(tr("entries"));
    m_ok->setBrush(QColor(0x42, 0x7e, 0xc4));
    m_ok->setPen(Qt::NoPen);
    m_ok->setWidth(0.8);
    m_poison = new QCPBars(xAxis, yAxis);
    m_poison->setName(tr("poison candidates"));
    m_poison->setBrush(QColor(0xc6, 0x28, 0x28));
    m_poison->setPen(Qt::NoPen);
    m_poison->setWidth(0.8);
    m_threshold = new QCPItemStraightLine(this);
    m_threshold->setPen(QPen(QColor(0xc6, 0x28, 0x28), 1.2, Qt::DashLine));
    xAxis->setLabel(tr("times delivered"));
    yAxis->setLabel(tr("entries"));
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    xAxis->setTicker(ticker);
    // Whole entries on the Y axis too: never 0.25 of one.
    auto counts = QSharedPointer<QCPAxisTickerFixed>::create();
    counts->setTickStep(1);
    counts->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    yAxis->setTicker(counts);
}

void DeliveryHistogramWidget::setGroup(const GroupSnapshot *g, qint64 poisonThreshold)
{
    QVector<double> okKeys, okValues, poisonKeys, poisonValues;
    double maxKey = poisonThreshold + 1, maxValue = 1;
    if (g) {
        for (auto it = g->deliveryCounts.constBegin(); it != g->deliveryCounts.constEnd(); ++it) {
            auto &keys = it.key() >= poisonThreshold ? poisonKeys : okKeys;
            auto &values = it.key() >= poisonThreshold ? poisonValues : okValues;
            keys << double(it.key());
            values << double(it.value());
            maxKey = std::max(maxKey, double(it.key()) + 1);
            maxValue = std::max(maxValue, double(it.value()));
        }
    }
    m_ok->setData(okKeys, okValues, true);
    m_poison->setData(poisonKeys, poisonValues, true);
    m_threshold->point1->setCoords(poisonThreshold - 0.5, 0);
    m_threshold->point2->setCoords(poisonThreshold - 0.5, 1);
    xAxis->setRange(0.4, maxKey + 0.1);
    yAxis->setRange(0, std::max(1.0, std::ceil(maxValue * 1.15)));

    QString note;
    if (!g || !g->pending || *g->pending == 0)
        note = tr("No pending entries.");
    else if (g->pelSampled)
        note = tr("Sampled: rests on %1 of %2 pending entries (random probes); the head of the PEL is always inspected.")
                   .arg(formatCount(g->pelInspected), formatCount(*g->pending));
    else if (!g->pelScanComplete)
        note = tr("Walking the PEL: %1 of %2 entries inspected so far.").arg(formatCount(g->pelInspected), formatCount(*g->pending));
    else
        note = fillText(tr("Exact: all %1 pending entries inspected. Dashed line: poison threshold (%2 deliveries)."), formatCount(g->pelInspected),
                        poisonThreshold);
    m_note->setText(note);
    // What a screen reader hears: each bar, then the threshold and the note.
    QStringList bars;
    if (g)
        for (auto it = g->deliveryCounts.constBegin(); it != g->deliveryCounts.constEnd(); ++it)
            bars << (it.key() == 1 ? fillText(tr("delivered once: %1"), formatCount(it.value()))
                                   : fillText(tr("delivered %1 times: %2"), it.key(), formatCount(it.value())));
    const QString says = fillText(tr("%1; poison threshold %2 deliveries. %3"),
                                  bars.isEmpty() ? tr("no pending entries") : bars.join(QStringLiteral(", ")), poisonThreshold, note);
    if (says != accessibleDescription())
        setAccessibleDescription(says);
    replot(rpQueuedReplot);
}

} // namespace pelscope
