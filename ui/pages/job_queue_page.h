// One queue (or set) of a job framework, opened from the overview's queue
// table: its status and figures in the framework's words from each poll, the
// last hour of its size, held jobs and oldest age (the history's `job`
// series), and the keys the framework keeps its jobs in (waiting, active,
// scheduled, failed, …) browsed a page at a time. Read only: no framework's
// data is written from here.
#pragma once

#include "history/queue_history.h"
#include "polling/entry_reader.h"
#include "snapshot/snapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace pelscope {

class QueueCharts;
class QueueItemBrowser;
class TimeChartWidget;

class JobQueuePage : public QWidget
{
    Q_OBJECT
public:
    explicit JobQueuePage(QWidget *parent = nullptr);

    // The queue whose jobQueueId() is `id`, as `snapshot` holds it; false
    // (and nothing shown) when the snapshot has no such queue.
    // serverNowMs: the server's clock, where the recorded hour ends.
    bool showJobQueue(const QByteArray &id, const Snapshot &snapshot, qint64 serverNowMs);
    const QByteArray &id() const { return m_id; }
    void applySnapshot(const Snapshot &snapshot);
    void refresh();

    QLabel *header() const { return m_title; }
    QLabel *status() const { return m_status; }
    QComboBox *parts() const { return m_which; }
    QueueItemBrowser *browser() const { return m_browser; }
    TimeChartWidget *countChart() const;
    const QList<QueuePoint> &chartPoints() const { return m_points; }

public Q_SLOTS:
    void showPage(const pelscope::QueueItemPage &page);
    void showJob(const pelscope::JobHashPage &job);
    void showHistory(quint64 request, const QList<pelscope::QueuePoint> &points);

Q_SIGNALS:
    void backRequested();
    void pageRequested(const QByteArray &key, bool sortedSet, qint64 offset, int count, quint64 request, bool newestFirst);
    void jobRequested(const QByteArray &hashKey, quint64 request);
    void historyRequested(const pelscope::QueueSeriesKey &key, qint64 fromMs, qint64 toMs, quint64 request);

private:
    void showPart();
    void drawCharts();

    QByteArray m_id;
    QList<JobPart> m_parts;
    JobFigures::Holds m_holds = JobFigures::Holds::Nothing;
    QList<QueuePoint> m_points;
    quint64 m_historyRequest = 0;
    qint64 m_lastNowMs = 0;

    QueueItemBrowser *m_browser;
    QueueCharts *m_charts;
    QLabel *m_title;
    QLabel *m_status;
    QLabel *m_workers;
    QComboBox *m_which;
};

} // namespace pelscope
