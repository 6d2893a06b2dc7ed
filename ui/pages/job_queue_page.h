// One queue (or set) of a job framework, opened from the overview's queue
// table: its status and figures in the framework's words from each poll, the
// last hour of its size, held jobs and oldest age (the history's `job`
// series), and the keys the framework keeps its jobs in (waiting, active,
// scheduled, failed, …) browsed a page at a time. Where the framework has a
// repair of its own (BullMQ's and RQ's failed jobs, Sidekiq's retry and dead
// sets, Celery's reservations past the visibility timeout), its buttons run it
// through the write controller: all, the selected jobs, or by their error.
#pragma once

#include "actions/job_repair.h"
#include "history/queue_history.h"
#include "polling/entry_reader.h"
#include "snapshot/snapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace pelscope {

class QueueCharts;
class QueueItemBrowser;
class TimeChartWidget;
class WriteController;

class JobQueuePage : public QWidget
{
    Q_OBJECT
public:
    explicit JobQueuePage(WriteController *writes, QWidget *parent = nullptr);
    // Celery's reservations are restored only past the app's visibility timeout.
    void setCeleryVisibilityTimeoutMs(qint64 ms) { m_visibilityTimeoutMs = ms; }

    // The queue whose jobQueueId() is `id`, as `snapshot` holds it; false
    // (and nothing shown) when the snapshot has no such queue.
    // serverNowMs: the server's clock, where the recorded hour ends.
    bool showJobQueue(const QByteArray &id, const Snapshot &snapshot, qint64 serverNowMs);
    const QByteArray &id() const { return m_id; }
    void applySnapshot(const Snapshot &snapshot);
    void refresh();

    QLabel *header() const { return m_titleLabel; }
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
    void updateActions();
    // The row's repair with the operator's choice: all (empty ids), the selected jobs, or by error.
    void repair(const QList<QByteArray> &ids, const QString &errorContains);
    void repairByError();
    bool browsingRepairSource() const;

    WriteController *m_writes;
    QByteArray m_id;
    QString m_title;
    QList<JobPart> m_parts;
    std::optional<JobRepairRequest> m_repair; // what this row offers, from the last snapshot
    QString m_newestFailure;
    qint64 m_visibilityTimeoutMs = 3'600'000;
    JobFigures::Holds m_holds = JobFigures::Holds::Nothing;
    QList<QueuePoint> m_points;
    quint64 m_historyRequest = 0;
    qint64 m_lastNowMs = 0;

    QueueItemBrowser *m_browser;
    QueueCharts *m_charts;
    QLabel *m_titleLabel;
    QLabel *m_status;
    QLabel *m_workers;
    QComboBox *m_which;
    QPushButton *m_repairAll;
    QPushButton *m_repairSelected;
    QPushButton *m_repairByError;
};

} // namespace pelscope
