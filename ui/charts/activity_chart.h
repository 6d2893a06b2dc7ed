// Claim and acknowledgement activity over the last hour (server-wide, from
// INFO commandstats every 10 s): claims, XACK calls and the entries the
// watched groups actually stopped holding, per second. XACK well above the
// entries acknowledged is duplicate processing; the chart shows since when.
// A window of its own, opened from the status line; the recorded past first.
#pragma once

#include "history/queue_history.h"
#include "snapshot/snapshot.h"

#include <QDialog>

class QLabel;

namespace pelscope {

class TimeChartWidget;

class ActivityChart : public QDialog
{
    Q_OBJECT
public:
    explicit ActivityChart(QWidget *parent = nullptr);

    // Starts afresh: asks for the recorded hour (historyRequested()).
    void reload(qint64 serverNowMs); // the recorded hour ends at the server's clock
    void applySnapshot(const Snapshot &snapshot);
    const QList<QueuePoint> &points() const { return m_points; }
    TimeChartWidget *chart() const { return m_chart; }

public Q_SLOTS:
    void showHistory(quint64 request, const QList<pelscope::QueuePoint> &points);

Q_SIGNALS:
    void historyRequested(const pelscope::QueueSeriesKey &key, qint64 fromMs, qint64 toMs, quint64 request);

private:
    void draw();

    TimeChartWidget *m_chart;
    QLabel *m_note;
    QList<QueuePoint> m_points;
    quint64 m_request = 0;
};

} // namespace pelscope
