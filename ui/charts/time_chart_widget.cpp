#include "charts/time_chart_widget.h"

#include "health_style.h"
#include "snapshot/format.h"
#include "text/fill_text.h"

#include <QDateTime>
#include <cmath>

namespace pelscope {

TimeChartWidget::TimeChartWidget(const QString &title, QWidget *parent)
    : QCustomPlot(parent)
{
    // Two rows of charts and the tables fit a 1366×768 laptop with the write buttons in view.
    setMinimumHeight(140);
    // A screen reader hears the title as the name and, as the description,
    // what the chart shows now (speak()), kept current as the data comes.
    setAccessibleName(title);
    plotLayout()->insertRow(0);
    auto *caption = new QCPTextElement(this, title, QFont(font().family(), font().pointSize(), QFont::Bold));
    plotLayout()->addElement(0, 0, caption);
    plotLayout()->insertRow(1);
    m_caption = new QCPTextElement(this, QString(), QFont(font().family(), font().pointSize() - 1));
    m_caption->setVisible(false);
    plotLayout()->addElement(1, 0, m_caption);

    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(QStringLiteral("HH:mm:ss"));
    ticker->setTickCount(6);
    xAxis->setTicker(ticker);
    legend->setVisible(true);
    legend->setFont(QFont(font().family(), font().pointSize() - 1));
    // The legend in a row of its own between the caption and the plot, its
    // entries side by side: inside the plot it covered the lines' start,
    // the oldest part of the window, often the one that tells.
    plotLayout()->insertRow(2);
    axisRect()->insetLayout()->take(legend);
    auto *legendRow = new QCPLayoutGrid;
    plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, legend);
    legendRow->addElement(0, 1, new QCPLayoutElement(this)); // the rest of the row: the entries stay side by side on the left
    legendRow->setColumnStretchFactor(0, 0.001);
    legendRow->setMargins(QMargins(0, 0, 0, 0));
    plotLayout()->setRowStretchFactor(2, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setMargins(QMargins(2, 0, 2, 0));
    setPlottingHints(QCP::phFastPolylines | QCP::phCacheLabels);
    setNoAntialiasingOnDrag(true);

    // Follow the palette so dark themes stay readable.
    const QPalette pal = palette();
    setBackground(pal.base());
    for (QCPAxis *axis : {xAxis, yAxis, yAxis2}) {
        axis->setBasePen(QPen(pal.text().color()));
        axis->setTickPen(QPen(pal.text().color()));
        axis->setSubTickPen(QPen(pal.text().color()));
        axis->setTickLabelColor(pal.text().color());
        axis->setLabelColor(pal.text().color());
        axis->grid()->setPen(QPen(pal.mid().color(), 0, Qt::DotLine));
    }
    caption->setTextColor(pal.text().color());
    m_caption->setTextColor(readableDimColor(pal));
    legend->setBrush(pal.base());
    legend->setTextColor(pal.text().color());
    legend->setBorderPen(Qt::NoPen);

    m_crosshair = new QCPItemStraightLine(this);
    m_crosshair->setPen(QPen(pal.text().color(), 1, Qt::DashLine));
    m_crosshair->setVisible(false);
    m_readout = new QCPItemText(this);
    m_readout->setPositionAlignment(Qt::AlignTop | Qt::AlignRight);
    m_readout->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_readout->position->setCoords(0.99, 0.02);
    m_readout->setTextAlignment(Qt::AlignLeft);
    m_readout->setPadding(QMargins(6, 4, 6, 4));
    m_readout->setBrush(QBrush(pal.base().color()));
    m_readout->setPen(QPen(pal.mid().color()));
    m_readout->setColor(pal.text().color());
    m_readout->setVisible(false);
    setMouseTracking(true);
}

int TimeChartWidget::addSeries(const QString &name, const QColor &color, QCPAxis *valueAxis)
{
    QCPGraph *g = addGraph(xAxis, valueAxis ? valueAxis : yAxis);
    g->setName(name);
    // 1.0, not wider: QCustomPlot turns a 1.0 pen into a cosmetic one, which
    // the raster engine strokes several times faster than a 1.6 px one (20
    // series × 600 points: replot median 7.4 → 2.6 ms, pelscope-bench).
    g->setPen(QPen(color, 1.0));
    g->setAdaptiveSampling(true);
    m_seriesMax.append(std::nan(""));
    // Many series: no antialiasing either; a dense chart reads no worse.
    if (graphCount() == kDenseSeries + 1)
        for (int i = 0; i < graphCount(); ++i)
            graph(i)->setAntialiased(false);
    else if (graphCount() > kDenseSeries)
        g->setAntialiased(false);
    return graphCount() - 1;
}

void TimeChartWidget::setSeries(int index, const QVector<double> &t, const QVector<double> &v)
{
    QCPGraph *g = graph(index);
    if (!g)
        return;
    // One pass: the points go straight into the graph's container (keys only
    // increase, so no sort) and the series' maximum is remembered, so the
    // value axis needs no rescan of every graph for each series set.
    const qsizetype n = std::min(t.size(), v.size());
    QVector<QCPGraphData> points(n);
    double hi = std::nan("");
    for (qsizetype i = 0; i < n; ++i) {
        points[i] = QCPGraphData(t[i], v[i]);
        if (!std::isnan(v[i]) && (std::isnan(hi) || v[i] > hi))
            hi = v[i];
    }
    g->data()->set(points, true);
    m_seriesMax[index] = hi;
    updateValueRange();
    speak();
}

void TimeChartWidget::setPreviousSeries(int index, const QVector<double> &t, const QVector<double> &v, const QString &label)
{
    QCPGraph *of = graph(index);
    if (!of)
        return;
    QCPGraph *g = m_previous.value(index);
    if (!g && t.isEmpty())
        return;
    if (!g) {
        g = addGraph(xAxis, of->valueAxis());
        QColor c = of->pen().color();
        c.setAlpha(120);
        g->setPen(QPen(c, 1.0, Qt::DashLine));
        g->setAdaptiveSampling(true);
        g->setLayer(QStringLiteral("background")); // under today's lines
        m_seriesMax.append(std::nan(""));
        m_previous.insert(index, g);
        g->setVisible(false); // shown below once it has a known value
        g->removeFromLegend();
    }
    g->setName(label);
    // A period with no known value draws nothing: no legend entry claiming a line.
    const bool shown = std::any_of(v.cbegin(), v.cend(), [](double x) { return !std::isnan(x); });
    if (shown != g->visible()) {
        g->setVisible(shown);
        if (shown)
            g->addToLegend();
        else
            g->removeFromLegend();
        // Today's entries on one row, the earlier period's on the next.
        legend->setWrap(showsPrevious() ? graphCount() - int(m_previous.size()) : 0);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    for (int i = 0; i < graphCount(); ++i)
        if (graph(i) == g)
            setSeries(i, t, v);
}

bool TimeChartWidget::showsPrevious() const
{
    return std::any_of(m_previous.cbegin(), m_previous.cend(), [](const QCPGraph *p) { return p->visible(); });
}

QCPGraph *TimeChartWidget::previousGraph(int index) const
{
    QCPGraph *g = m_previous.value(index);
    return g && g->visible() ? g : nullptr;
}

// "oldest pending idle 15m21s, behind (oldest unread) unknown; lines: crit
// 5m00s, warn 1m00s": each series' latest value and the threshold lines, from
// the data the plot draws. Qt announces a changed description; an unchanged
// one is not set again, so a poll that changes nothing says nothing.
void TimeChartWidget::speak()
{
    QStringList values;
    for (int i = 0; i < graphCount(); ++i) {
        const QCPGraph *g = graph(i);
        if (!g->visible())
            continue;
        double latest = std::nan("");
        for (auto it = g->data()->constEnd(); it != g->data()->constBegin();) {
            --it;
            if (!std::isnan(it->value)) {
                latest = it->value;
                break;
            }
        }
        values << fillText(QStringLiteral("%1 %2"), g->name(), valueText(latest));
    }
    QStringList lines;
    for (const QCPItemText *t : std::as_const(m_thresholdTexts))
        lines << t->text();
    QString text = values.join(QStringLiteral(", "));
    if (!lines.isEmpty())
        text += fillText(tr("; lines at %1"), lines.join(QStringLiteral(", ")));
    QStringList marks;
    for (const auto &[t, detail] : std::as_const(m_marks))
        marks << detail;
    if (!marks.isEmpty())
        text += fillText(tr("; marked: %1"), marks.join(QStringLiteral("; ")));
    if (text != accessibleDescription())
        setAccessibleDescription(text);
}

void TimeChartWidget::updateValueRange()
{
    double hi = 0;
    for (int i = 0; i < graphCount() && i < m_seriesMax.size(); ++i)
        if (graph(i)->valueAxis() == yAxis && !std::isnan(m_seriesMax[i]))
            hi = std::max(hi, m_seriesMax[i]);
    for (QCPItemStraightLine *line : std::as_const(m_thresholds))
        hi = std::max(hi, line->point1->value() * 1.1);
    yAxis->setRange(0, hi <= 0 ? 1 : hi * 1.08);
}

void TimeChartWidget::setThreshold(const QString &label, double value, const QColor &color)
{
    auto *line = new QCPItemStraightLine(this);
    line->point1->setCoords(0, value);
    line->point2->setCoords(1, value);
    line->setPen(QPen(color, 1.2, Qt::DashLine));
    m_thresholds.append(line);
    auto *text = new QCPItemText(this);
    text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    text->position->setTypeY(QCPItemPosition::ptPlotCoords);
    // Right-aligned, at the line's right end: the newest value is read there.
    text->position->setCoords(0.995, value);
    text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    text->setText(label);
    text->setColor(color);
    m_thresholdTexts.append(text);
    speak();
}

void TimeChartWidget::clearThresholds()
{
    for (QCPItemStraightLine *line : std::as_const(m_thresholds))
        removeItem(line);
    for (QCPItemText *text : std::as_const(m_thresholdTexts))
        removeItem(text);
    m_thresholds.clear();
    m_thresholdTexts.clear();
    speak();
}

void TimeChartWidget::addMarker(double t, const QString &label, const QColor &color, const QString &detail)
{
    m_marks.append({t, detail.isEmpty() ? label : detail});
    auto *line = new QCPItemStraightLine(this);
    line->point1->setCoords(t, 0);
    line->point2->setCoords(t, 1);
    line->setPen(QPen(color, 1.0, Qt::DotLine));
    m_markers.append(line);
    auto *text = new QCPItemText(this);
    text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    // Rotated a quarter turn counter-clockwise about its start at the
    // bottom: it reads upwards along the line, right of it, its beginning
    // always inside the plot (a long text is cut at the top; the whole is in
    // the tooltip). Aligned right it ran down out of the axis rect unseen.
    text->position->setCoords(t, 0.98);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setRotation(-90);
    text->setClipToAxisRect(true);
    text->setText(label);
    text->setColor(color);
    m_markers.append(text);
    speak();
}

QString TimeChartWidget::markerAt(double x) const
{
    constexpr double kNearPx = 4;
    QString out;
    double nearest = kNearPx + 1;
    for (const auto &[t, detail] : m_marks)
        if (const double d = std::abs(xAxis->coordToPixel(t) - x); d <= kNearPx && d < nearest) {
            nearest = d;
            out = detail;
        }
    return out;
}

void TimeChartWidget::addSpan(double from, double to, const QString &label, const QColor &color)
{
    // One shaded band for an incident, not a line per status change: a night
    // of flaps drew hundreds of lines over the data (issue 45).
    auto *band = new QCPItemRect(this);
    band->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    band->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    band->topLeft->setCoords(from, 0);
    band->bottomRight->setCoords(to, 1);
    QColor fill = color;
    fill.setAlpha(38);
    band->setBrush(fill);
    band->setPen(Qt::NoPen);
    band->setLayer(QStringLiteral("background"));
    m_markers.append(band);
    auto *text = new QCPItemText(this);
    text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(from, 0.02);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setText(label);
    text->setColor(color);
    text->setClipToAxisRect(true);
    m_markers.append(text);
}

void TimeChartWidget::clearMarkers()
{
    for (QCPAbstractItem *item : std::as_const(m_markers))
        removeItem(item);
    m_markers.clear();
    if (!m_marks.isEmpty()) {
        m_marks.clear();
        speak();
    }
}

void TimeChartWidget::setValueUnit(Unit unit)
{
    m_unit = unit;
    yAxis->setLabel(unit == Unit::Seconds ? tr("seconds") : unit == Unit::EntriesPerSecond ? tr("entries/s") : tr("entries"));
}

void TimeChartWidget::setCaption(const QString &text)
{
    m_caption->setText(text);
    const bool shown = !text.isEmpty();
    if (shown != m_caption->visible()) {
        // An empty row still takes its height: the element goes in and out with its text.
        m_caption->setVisible(shown);
        plotLayout()->setRowStretchFactor(1, shown ? 0.01 : 0.0001);
    }
}

QString TimeChartWidget::caption() const
{
    return m_caption->text();
}

void TimeChartWidget::setTimeWindow(double endSeconds, double spanSeconds, double heldSinceSeconds)
{
    const double held = endSeconds - heldSinceSeconds;
    // At least a minute, so the first polls are not squeezed into a line.
    if (!std::isnan(heldSinceSeconds) && held < spanSeconds)
        spanSeconds = std::max(60.0, held);
    setTimeWindow(endSeconds, spanSeconds);
}

void TimeChartWidget::setTimeWindow(double endSeconds, double spanSeconds)
{
    xAxis->setRange(endSeconds, spanSeconds, Qt::AlignRight);
    auto ticker = qSharedPointerCast<QCPAxisTickerDateTime>(xAxis->ticker());
    if (ticker)
        ticker->setDateTimeFormat(spanSeconds > 6 * 3600 ? QStringLiteral("HH:mm") : QStringLiteral("HH:mm:ss"));
}

void TimeChartWidget::setStale(bool stale)
{
    for (int i = 0; i < graphCount(); ++i) {
        if (std::find(m_previous.cbegin(), m_previous.cend(), graph(i)) != m_previous.cend())
            continue; // recorded history, faint already: not what went stale
        QPen pen = graph(i)->pen();
        QColor c = pen.color();
        c.setAlphaF(stale ? 0.35 : 1.0);
        pen.setColor(c);
        graph(i)->setPen(pen);
    }
}

QString TimeChartWidget::valueText(double v) const
{
    if (std::isnan(v))
        return tr("unknown");
    if (m_unit == Unit::Seconds) // "910ms", "5.5s", "2m10s": the tables' words, in the window's language
        return formatDuration(std::llround(v * 1000.0));
    const bool whole = std::abs(v - std::round(v)) < 1e-9;
    const QString number = whole ? QString::number(qint64(v)) : QString::number(v, 'f', 2);
    return m_unit == Unit::EntriesPerSecond ? fillText(tr("%1/s"), number) : number;
}

void TimeChartWidget::showCrosshair(double t)
{
    const bool show = !std::isnan(t);
    m_crosshair->setVisible(show);
    m_readout->setVisible(show);
    if (show) {
        m_crosshair->point1->setCoords(t, 0);
        m_crosshair->point2->setCoords(t, 1);
        QStringList lines{QDateTime::fromMSecsSinceEpoch(qint64(t * 1000)).toString(QStringLiteral("HH:mm:ss"))};
        for (int i = 0; i < graphCount(); ++i) {
            const QCPGraph *g = graph(i);
            if (!g->visible() || g->data()->isEmpty())
                continue;
            auto it = g->data()->findBegin(t, true);
            if (it != g->data()->constEnd())
                lines << QStringLiteral("%1: %2").arg(g->name(), valueText(it->value));
        }
        m_readout->setText(lines.join(QLatin1Char('\n')));
    }
    replot(rpQueuedReplot);
}

void TimeChartWidget::mouseMoveEvent(QMouseEvent *event)
{
    QCustomPlot::mouseMoveEvent(event);
    const double t = xAxis->pixelToCoord(event->position().x());
    // A mark's whole text on hover: the line only has room for its start.
    if (const QString mark = markerAt(event->position().x()); mark != toolTip())
        setToolTip(mark);
    showCrosshair(t);
    Q_EMIT hovered(t);
}

void TimeChartWidget::leaveEvent(QEvent *event)
{
    QCustomPlot::leaveEvent(event);
    showCrosshair(std::nan(""));
    Q_EMIT hovered(std::nan(""));
}

} // namespace pelscope
