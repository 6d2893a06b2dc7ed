// A QCustomPlot time chart: date-time axis, a few named series fed with the
// visible window only, optional threshold lines, and a crosshair shared with
// sibling charts (hover one, all show the same instant and their values).
#pragma once

#include "charts/qcp.h"

#include <QHash>
#include <QList>

namespace pelscope {

class TimeChartWidget : public QCustomPlot
{
    Q_OBJECT
public:
    explicit TimeChartWidget(const QString &title, QWidget *parent = nullptr);

    int addSeries(const QString &name, const QColor &color, QCPAxis *valueAxis = nullptr);
    // t: seconds since the epoch; v may hold NaN for gaps.
    void setSeries(int index, const QVector<double> &t, const QVector<double> &v);
    // The same series in an earlier period, already moved under this window:
    // a faint dashed line in the series' colour, named `label` in the
    // legend, the readout and for a screen reader. Empty `t`: none shown.
    void setPreviousSeries(int index, const QVector<double> &t, const QVector<double> &v, const QString &label);
    // The graph drawing series `index`'s previous period, or null when none is shown.
    QCPGraph *previousGraph(int index) const;
    bool showsPrevious() const; // any series' previous period drawn
    void setThreshold(const QString &label, double value, const QColor &color);
    void clearThresholds();
    // A failover, a node change, an annotation: a dotted line at t (seconds),
    // `label` along it; `detail` (else the label) is its tooltip on hover and
    // is said to a screen reader.
    void addMarker(double t, const QString &label, const QColor &color, const QString &detail = {});
    // The tooltip a pointer at x (pixels) shows: the detail of the marker
    // within a few pixels, else nothing.
    QString markerAt(double x) const;
    // An incident's span, shaded from `from` to `to` (seconds), its label at the top left.
    void addSpan(double from, double to, const QString &label, const QColor &color);
    void clearMarkers(); // markers and spans
    void setTimeWindow(double endSeconds, double spanSeconds);
    // The axis covers what is held when that is shorter than the window: a
    // chart opened 30 s after the start is not a sliver at its right edge.
    // `heldSinceSeconds` NaN: the window as asked.
    void setTimeWindow(double endSeconds, double spanSeconds, double heldSinceSeconds);
    // The unit of the values, named on the Y axis and in the readout.
    enum class Unit { Entries, Seconds, EntriesPerSecond };
    void setValueUnit(Unit unit);
    // A line under the title: where the data comes from ("recorded since 13:02", "simulated").
    void setCaption(const QString &text);
    QString caption() const;
    void setStale(bool stale);

    // The crosshair at time t (seconds), or hidden when t is NaN.
    void showCrosshair(double t);

Q_SIGNALS:
    void hovered(double t); // NaN when the mouse left

protected:
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    QString valueText(double v) const;
    void speak(); // the accessible description: what the chart shows now
    void updateValueRange();

    static constexpr int kDenseSeries = 20; // above this, thin lines: see addSeries

    QCPTextElement *m_caption;
    QCPItemStraightLine *m_crosshair;
    QCPItemText *m_readout;
    QList<QCPItemStraightLine *> m_thresholds;
    QList<QCPItemText *> m_thresholdTexts;
    QList<QCPAbstractItem *> m_markers;
    QList<QPair<double, QString>> m_marks; // marker time (s) -> its detail
    Unit m_unit = Unit::Entries;
    QVector<double> m_seriesMax; // per graph, NaN when it has no known value
    QHash<int, QCPGraph *> m_previous; // series index -> its previous period's graph (hidden when none)
};

} // namespace pelscope
