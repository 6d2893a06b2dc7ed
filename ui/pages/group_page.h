// One group in depth: why it is red, its charts over a chosen window, its
// consumers, the pending entries the poller saw, and any entry's payload.
#pragma once

#include "health/health_rules.h"
#include "history/previous_period.h"
#include "history/shared_history_store.h"
#include "polling/entry_reader.h"
#include "session/timeline_event.h"
#include "snapshot/snapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;
class QToolButton;
class QVBoxLayout;

namespace pelscope {

class ConsumerActionsBar;
class ConsumerTableModel;
class DeliveryHistogramWidget;
class PayloadView;
class PreviousPeriodLines;
class PrometheusBackfill;
struct BackfillResult;
class PendingActionsBar;
class PendingTableModel;
class WriteController;
class TimeChartWidget;

class GroupPage : public QWidget
{
    Q_OBJECT
public:
    GroupPage(const SharedHistoryStore *history, QWidget *parent = nullptr);

    void showGroup(const QByteArray &stream, const QByteArray &group);
    const GroupKey &group() const { return m_key; }
    void applySnapshot(const Snapshot &snapshot);
    void setThresholds(const HealthThresholds &t);
    void setStale(bool stale);
    void showEntry(const EntryReadResult &result);
    void setWindowSeconds(int seconds);
    void setConnectionEvents(const QList<TimelineEvent> &events);
    // The oldest point of this connection's history: the charts say "recorded
    // since" when their window reaches further back, and their axes cover what is held.
    void setRecordedSince(std::optional<qint64> ms);
    void refreshCharts() { updateCharts(); }
    // Said under each chart's title ("simulated" for the demo's generated past).
    void setHistoryNote(const QString &note);
    // A Prometheus that scrapes this connection's exporter: the charts ask it
    // for the part of their window the local history does not hold.
    void setBackfill(PrometheusBackfill *backfill);
    // Draw the same window a day or a week earlier under today's lines.
    void setPreviousPeriod(PreviousPeriod period);
    // The previous period's lines under the charts (it asks the history for them).
    PreviousPeriodLines *previousPeriod() const { return m_previous; }
    // What the page says about today against the previous period (empty: nothing far outside it).
    QString comparisonText() const;
    // Enables the pending-entry actions (claim, acknowledge, move to DLQ).
    void setWriteController(WriteController *writes);
    PendingActionsBar *pendingActions() const { return m_pendingActions; }
    ConsumerActionsBar *consumerActions() const { return m_consumerActions; }
    QTableView *consumerView() const { return m_consumerView; }
    QTableView *pendingView() const { return m_pendingView; }

    ConsumerTableModel *consumerModel() const { return m_consumers; }
    PendingTableModel *pendingModel() const { return m_pending; }
    QList<TimeChartWidget *> charts() const { return m_charts; }
    // Its menu is filled when it opens (MainWindow: the mutes are the window's).
    QToolButton *notificationsButton() const { return m_notifications; }

Q_SIGNALS:
    void backRequested();
    void entryRequested(const QByteArray &stream, const QByteArray &id);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void askBackfillIfNeeded(qint64 fromMs, qint64 nowMs);
    void takeBackfill(const BackfillResult &result);

    std::optional<qint64> m_recordedSinceMs;
    QString m_historyNote;
    void updateHeader(const StreamSnapshot *s, const GroupSnapshot *g);
    void updateCharts();
    void applyGroupThresholds();

    const SharedHistoryStore *m_history;
    QList<TimelineEvent> m_events;
    GroupKey m_key;
    Snapshot m_snapshot;
    HealthThresholds m_thresholds;
    int m_windowSeconds = 900;
    // What Prometheus answered for the shown group and window, by int(Metric).
    struct Backfilled
    {
        GroupKey key;
        int windowSeconds = 0;
        bool pending = false;
        QHash<int, std::pair<QVector<double>, QVector<double>>> series;
        QString note;
    };
    PrometheusBackfill *m_backfill = nullptr;
    Backfilled m_backfilled;
    QComboBox *m_compare = nullptr;
    QLabel *m_comparison = nullptr;

    QLabel *m_title;
    QLabel *m_reasons;
    QLabel *m_facts;
    QComboBox *m_window;
    QToolButton *m_notifications;
    TimeChartWidget *m_lagChart;
    TimeChartWidget *m_idleChart;
    TimeChartWidget *m_rateChart;
    DeliveryHistogramWidget *m_histogram;
    QList<TimeChartWidget *> m_charts;
    ConsumerTableModel *m_consumers;
    PendingTableModel *m_pending;
    QTableView *m_consumerView;
    QTableView *m_pendingView;
    PayloadView *m_payload;
    PreviousPeriodLines *m_previous;
    PendingActionsBar *m_pendingActions = nullptr;
    QVBoxLayout *m_pendingBox = nullptr;
    ConsumerActionsBar *m_consumerActions = nullptr;
    QVBoxLayout *m_consumerBox = nullptr;
    QLabel *m_consumerTitle = nullptr; // says how old the consumers' figures are when older than the page's
    void updateConsumerTitle(const GroupSnapshot *g);
};

} // namespace pelscope
