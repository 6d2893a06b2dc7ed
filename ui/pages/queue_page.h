// One delayed queue or reliable list, browsed like the dead letters: its
// items a page at a time (a delayed queue's earliest due first; a reliable
// list's processing items, or its main list's, oldest first), each with its
// time as a date and an age, the selected one pretty-printed; and the writes
// the operator may ask for, through the WriteController (read-only unless
// writes are enabled, the exact commands confirmed first).
#pragma once

#include "history/queue_history.h"
#include "polling/entry_reader.h"
#include "widgets/queue_item_browser.h"
#include "snapshot/snapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QStandardItemModel;
class QTableView;
class QTextBrowser;

namespace pelscope {

class QueueCharts;
class TimeChartWidget;
class WriteController;

class QueuePage : public QWidget
{
    Q_OBJECT
public:
    QueuePage(WriteController *writes, QWidget *parent = nullptr);

    // A delayed queue (`processingKey` empty, not `list`), a reliable list or
    // a plain list (`list`, `processingKey` empty); from page one.
    // serverNowMs: the server's clock, where the recorded hour ends.
    void showQueue(const QByteArray &key, const QByteArray &processingKey, bool list, qint64 serverNowMs);
    const QByteArray &key() const { return m_key; }
    bool isList() const { return m_list; }
    bool hasProcessing() const { return !m_processingKey.isEmpty(); }
    // The header's status and reasons, from each poll.
    void applySnapshot(const Snapshot &snapshot);
    void setProcessingTimeoutMs(qint64 ms);
    void setDelayedThresholds(qint64 warnMs, qint64 critMs);
    void setTimestampFields(const QList<QByteArray> &fields) { m_timestampFields = fields; }
    void refresh();

    QTableView *table() const { return m_browser->table(); }
    QStandardItemModel *items() const { return m_browser->items(); }
    QTextBrowser *detail() const { return m_browser->detail(); }
    QPushButton *requeueStuckButton() const { return m_requeueStuck; }
    QLabel *header() const { return m_title; }
    TimeChartWidget *countChart() const;
    TimeChartWidget *ageChart() const;
    // The charts' points, oldest first: the recorded past, then each poll.
    const QList<QueuePoint> &chartPoints() const { return m_points; }

    static constexpr int kPageSize = QueueItemBrowser::kPageSize;

public Q_SLOTS:
    void showPage(const pelscope::QueueItemPage &page);
    void showHistory(quint64 request, const QList<pelscope::QueuePoint> &points);

Q_SIGNALS:
    void backRequested();
    void pageRequested(const QByteArray &key, bool delayed, qint64 offset, int count, quint64 request, bool newestFirst);
    // The last hour of the queue's recorded series (answered with showHistory()).
    void historyRequested(const pelscope::QueueSeriesKey &key, qint64 fromMs, qint64 toMs, quint64 request);

private:
    QByteArray shownKey() const; // the list on screen: processing or main, or the sorted set
    void showItems();
    void updateActions();
    QList<QByteArray> selectedItems() const;
    void requeueStuck();
    void actOnSelected(int operation, qint64 dueInMs = 0);
    void reschedule();
    void drawCharts();
    void setChartThresholds();
    QueueSeriesKey seriesKey() const;

    WriteController *m_writes;
    QByteArray m_key;           // the sorted set, or the main list
    QByteArray m_processingKey; // empty for a delayed queue and a plain list
    bool m_list = false;
    qint64 m_processingTimeoutMs = 300'000;
    qint64 m_delayedWarnMs = 60'000, m_delayedCritMs = 300'000;
    QList<QueuePoint> m_points;
    quint64 m_historyRequest = 0;
    qint64 m_lastNowMs = 0; // the newest poll's server time
    QList<QByteArray> m_timestampFields{"timestamp", "ts", "enqueued_at"};
    QueueItemBrowser *m_browser;

    QueueCharts *m_charts;
    QLabel *m_title;
    QLabel *m_status;
    QComboBox *m_which; // a reliable list: its processing list or its main list
    QPushButton *m_requeueStuck;
    QPushButton *m_requeueSelected;
    QPushButton *m_runNow;
    QPushButton *m_reschedule;
    QPushButton *m_delete;
};

} // namespace pelscope
