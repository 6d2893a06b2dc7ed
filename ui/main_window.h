// The main window: one tab per Redis connection (each a ConnectionView with
// its own poller thread, history and write switch), and once there is more
// than one, an "All connections" tab first: every group, worst first, with
// the connection as a column. Menus and shortcuts act on the current tab.
#pragma once

#include "dialogs/alert_inbox_dialog.h"
#include "connection_view.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
class QMenu;
class QTabWidget;

namespace pelscope {

class AllConnectionsPage;
class ConnectionProfileStore;
class HistoryFileWindow;

class AlertBanner;
class AlertInboxDialog;
struct AlertSubject;
class DesktopAlerts;
class TrayNotifier;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // A new tab, not connected yet (tests feed it from their own poller).
    ConnectionView *addConnection();
    // A new tab polling `request` on its own thread.
    ConnectionView *openConnection(const ConnectionRequest &request);
    // Where and how long the tabs this window opens from now on keep their
    // history: the command line's --history-* and the saved settings at
    // start, then Connection ▸ History settings; open tabs keep theirs.
    const ConnectionRequest::History &historyDefaults() const { return m_historyDefaults; }
    void setHistoryDefaults(const ConnectionRequest::History &history) { m_historyDefaults = history; }
    void closeConnection(ConnectionView *view);
    // A recorded history file, read-only, in a window of its own; null (and
    // the reason shown) when it cannot be read.
    HistoryFileWindow *openHistoryFile(const QString &path);
    QList<ConnectionView *> connections() const { return m_views; }
    // The connection of the current tab; the first one on the all-connections tab.
    ConnectionView *currentConnection() const;
    AllConnectionsPage *allConnections() const { return m_all; }
    void showAllConnections();
    // Reopens the saved profiles that had tabs when the window last closed
    // (passwords from the keychain); false when there were none.
    bool restoreConnections();
    // Desktop notifications (desktop_alerts.h); the tests swap its notifier.
    DesktopAlerts *alerts() const { return m_alerts; }
    AlertBanner *alertBanner() const { return m_banner; }
    // The alert inbox, opened (one per window) and raised.
    void showAlertInbox();
    AlertInboxDialog *alertInbox() const { return m_inbox; }

protected:
    // Return on a focused button presses it, as Space does (a button outside
    // a dialog ignores Return, and it arrives here).
    void keyPressEvent(QKeyEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitToScreen();
    ConnectionRequest::History m_historyDefaults;
    void installShortcuts();
    void buildMenus();
    // Asks for a connection; `newTab` adds one, else the current tab switches.
    void openConnectionDialog(const QString &profileName, bool newTab);
    void updateTab(ConnectionView *view);
    void updateCurrentTab();
    bool allTabCurrent() const;
    void saveOpenConnections();
    // A tab for a saved profile: connects once the keychain has answered.
    void openProfile(const ConnectionProfile &profile);
    // The overview's right-click: mute or unmute a group's notifications.
    void offerMuteMenu(ConnectionView *view, const QPoint &at);

    ConnectionProfileStore *m_profiles;
    QTabWidget *m_tabs;
    AllConnectionsPage *m_all;
    QList<ConnectionView *> m_views;
    TrayNotifier *m_tray;
    bool m_quitting = false; // the tray menu's Quit: close even when closing keeps it in the tray
    DesktopAlerts *m_alerts;
    AlertBanner *m_banner; // the notifications' place where the desktop has no tray
    QPointer<AlertInboxDialog> m_inbox;
    QAction *m_writeAction = nullptr;
    QAction *m_closeAction = nullptr;
};

} // namespace pelscope
