// Everything the window shows for one Redis deployment: its own poller thread,
// history, overview, group and dead-letter pages, payload reader, write switch
// and status line. The window holds one per connection (a tab each).
#pragma once

#include "profiles/connection_profile_store.h"
#include "profiles/connection_request.h"
#include "pages/group_page.h"
#include "health/health_rules.h"
#include "session/connection_session.h"
#include "probe/connection_status.h"
#include "polling/entry_reader.h"
#include "probe/probe_config.h"
#include "snapshot/snapshot.h"

#include <QTimer>
#include <QUrl>
#include <QWidget>

class QLabel;
class QPushButton;
class QStackedWidget;
class QStatusBar;
class QSplitter;
class QTableView;

namespace pelscope {

struct PageRoute;

class ConnectionStatusLine;
class DlqPage;
class GroupPage;
class GroupTableModel;
class OverviewPage;
class PrometheusBackfill;
class ActivityChart;
class JobQueuePage;
class QueuePage;
class QueuePanel;
class WriteController;
class WriteResultsPanel;

class ConnectionView : public QWidget
{
    Q_OBJECT
public:
    explicit ConnectionView(QWidget *parent = nullptr);
    ~ConnectionView() override;

    GroupTableModel *groupModel() const { return m_model; }
    OverviewPage *overview() const { return m_overview; }
    QueuePanel *queuePanel() const { return m_queues; }
    QTableView *overviewTable() const;
    GroupPage *groupPage() const { return m_groupPage; }
    DlqPage *dlqPage() const { return m_dlqPage; }
    QueuePage *queuePage() const { return m_queuePage; }
    JobQueuePage *jobQueuePage() const { return m_jobPage; }
    // The claim and XACK activity's chart, opened (made on first use).
    ActivityChart *showActivityChart();
    WriteController *writes() const { return m_writes; }
    WriteResultsPanel *writeResults() const { return m_results; }
    ConnectionSession *session() const { return m_session; }
    const SharedHistoryStore &history() const { return m_session->history(); }
    const HistorySession &historySession() const { return m_session->historySession(); }
    const Snapshot &lastSnapshot() const { return m_session->lastSnapshot(); }
    // Failovers and cluster node changes seen on this connection, oldest first.
    const QList<TimelineEvent> &events() const { return m_session->events(); }
    QString label() const;
    bool isStale() const { return m_stale; }
    bool isPaused() const { return m_paused; }
    const ConnectionRequest &request() const { return m_request; }
    const HealthThresholds &thresholds() const { return m_thresholds; }
    // The connection useConnection() was given (reads, payloads, the report's dead letters).
    const ConnectionOptions &readOptions() const { return m_readOptions; }

    void setThresholds(const HealthThresholds &t);

    // Starts (or restarts) this view's session (its poller thread) on `request`.
    void connectTo(const ConnectionRequest &request);
    void reconnect();
    // The connection the view reads payloads and dead letters through (its
    // own, on a worker thread) and writes through when writes are enabled.
    // connectTo() calls it; tests that run their own poller call it directly.
    void useConnection(const ConnectionOptions &options, const QString &label = {}, bool production = false);

    // "overview", "group:STREAM/GROUP", "dlq[:KEY]" or "queue:KEY"; false when there is no such page.
    // A route as PageRoute::toText() writes it (--page, the saved last page,
    // a notification's Open); false when it is not one.
    bool showPage(const QString &page);
    // Where this connection's last page is kept (View > Reopen last page).
    static QString lastPageSettingKey(const QString &label);
    void setPaused(bool paused);
    void refresh();
    void copySelection();
    void focusFilter();

public Q_SLOTS:
    // A poll for this view's session (a test's own poller feeds it here).
    void applySnapshot(const pelscope::Snapshot &snapshot);
    void applyStatus(const pelscope::ConnectionStatus &status);
    void showStartupError(const QString &message);
    // A new connection: the views start afresh (the only model reset).
    void resetForNewConnection(const QString &address);
    void openGroup(const QByteArray &stream, const QByteArray &group);
    void showOverview();
    void showDeadLetters(const QByteArray &key = {});
    // `processingKey` empty: a delayed queue, or a plain list when `list`.
    void openQueue(const QByteArray &key, const QByteArray &processingKey, bool list);
    void openJobQueue(const QByteArray &id);

Q_SIGNALS:
    // Health, staleness or the label changed: the tab and the all-connections
    // page follow.
    void summaryChanged();
    void message(const QString &text);
    // Every poll, after the views took it (desktop notifications listen).
    void polled(const pelscope::Snapshot &snapshot);

private:
    void rememberPage(const PageRoute &route);
    void buildStatusLine();
    void updateSummary();
    void showStaleness(bool stale, qint64 sinceWallMs, qint64 ageMs);
    void render(const Snapshot &snapshot);
    void updateWriteBanner(bool enabled);
    void leadWithQueues(bool lead);
    void updateDlqButton(const Snapshot &snapshot);
    // Cluster: the nodes not answering or refusing reads, and why, above the data.
    void showTimelineEvent(const TimelineEvent &event);

    ConnectionSession *m_session;
    PrometheusBackfill *m_backfill = nullptr; // null without --prometheus
    HealthThresholds m_thresholds;
    ConnectionOptions m_readOptions;
    ConnectionRequest m_request;
    GroupTableModel *m_model;
    QStackedWidget *m_stack;
    WriteResultsPanel *m_results;
    OverviewPage *m_overview;
    QueuePanel *m_queues;
    QSplitter *m_overviewSplit = nullptr;
    QLabel *m_banner;
    class ClusterBanner *m_clusterBanner;
    QLabel *m_writeBanner;
    QLabel *m_pauseBanner;
    QPushButton *m_dlqButton;
    ConnectionStatusLine *m_statusLine;
    GroupPage *m_groupPage;
    WriteController *m_writes;
    DlqPage *m_dlqPage;
    QueuePage *m_queuePage;
    JobQueuePage *m_jobPage;
    ActivityChart *m_activityChart = nullptr;
    QByteArray m_wantedQueue; // --page queue:KEY before the first poll
    void openWantedQueue();
    qint64 m_heldShownAtMs = 0; // the history's held figures, last given to the status line
    int m_heldGroupsShown = -1;
    bool m_stale = false;
    bool m_queuesLead = false; // no groups but queues: the queue panel has the room
    bool m_paused = false;
};

} // namespace pelscope
