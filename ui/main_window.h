// The main window: the overview of every stream/group (worst first) and the
// group page behind it, the connection's state always visible, history kept
// for the charts and the rules that need it.
#pragma once

#include "health/health_rules.h"
#include "history/history_rules.h"
#include "history/history_store.h"
#include "probe/connection_status.h"
#include "probe/entry_reader.h"
#include "probe/probe_config.h"
#include "snapshot/snapshot.h"

#include <QMainWindow>
#include <QThread>
#include <QTimer>

class QAction;
class QLabel;
class QPushButton;
class QLineEdit;
class QStackedWidget;
class QTableView;

namespace pelscope {

class ConnectionProfileStore;
class DlqPage;
class GroupPage;
class GroupTableModel;
class OverviewProxyModel;
class WriteController;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    GroupTableModel *groupModel() const { return m_model; }
    QTableView *overviewTable() const { return m_table; }
    GroupPage *groupPage() const { return m_groupPage; }
    DlqPage *dlqPage() const { return m_dlqPage; }
    WriteController *writes() const { return m_writes; }
    const HistoryStore &history() const { return m_history; }

    void setThresholds(const HealthThresholds &t);
    void setPollIntervalMs(int ms) { m_intervalMs = ms; }
    // The connection the window reads payloads and dead letters through (its
    // own, on a worker thread) and writes through when writes are enabled.
    // `label` names it to the operator; a production one asks more before writes.
    void useConnection(const ConnectionOptions &options, const QString &label = {}, bool production = false);
    // "overview", "group:STREAM/GROUP" or "dlq[:KEY]"; false when there is no such page.
    bool showPage(const QString &page);

public Q_SLOTS:
    void applySnapshot(const pelscope::Snapshot &snapshot);
    void applyStatus(const pelscope::ConnectionStatus &status);
    void showStartupError(const QString &message);
    // A new connection: the views start afresh (the only model reset).
    void resetForNewConnection(const QString &address);
    void openGroup(const QByteArray &stream, const QByteArray &group);
    void showOverview();
    void showDeadLetters(const QByteArray &key = {});

Q_SIGNALS:
    void refreshRequested();
    void pauseRequested(bool paused);
    // The operator chose a connection in the dialog (or a recent one).
    void connectRequested(const pelscope::ConnectionOptions &options, const pelscope::ProbeConfig &probe, int intervalMs);
    void reconnectRequested();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildOverview(QWidget *page);
    void installShortcuts();
    void buildMenus();
    void openConnectionDialog(const QString &profileName = {});
    void updateSummary(const Snapshot &snapshot);
    void checkStale();
    void copySelection();
    Snapshot withHistoryVerdicts(const Snapshot &snapshot);
    void updateWriteBanner(bool enabled);
    void updateDlqButton(const Snapshot &snapshot);

    HistoryStore m_history;
    ConnectionProfileStore *m_profiles;
    HistoryRuleThresholds m_historyRules;
    HealthThresholds m_thresholds;
    GroupTableModel *m_model;
    OverviewProxyModel *m_proxy;
    QStackedWidget *m_stack;
    QTableView *m_table;
    QLineEdit *m_filter;
    QLabel *m_banner;
    QLabel *m_writeBanner;
    QLabel *m_profileTag;
    QPushButton *m_dlqButton;
    QAction *m_writeAction = nullptr;
    QLabel *m_pauseBanner;
    QLabel *m_summary;
    QLabel *m_connectionLabel;
    QLabel *m_pollLabel;
    GroupPage *m_groupPage;
    WriteController *m_writes;
    DlqPage *m_dlqPage;
    QString m_nextLabel;       // the profile chosen in the dialog, for the next useConnection
    bool m_nextProduction = false;
    QTimer m_staleTimer;
    QThread m_readerThread;
    EntryReader *m_reader = nullptr;
    quint64 m_generation = 0;
    qint64 m_lastSnapshotWallMs = 0;
    int m_intervalMs = 1000;
    bool m_stale = false;
    bool m_paused = false;
};

} // namespace pelscope
