// The main window's menus and its keyboard shortcuts (F1 lists them).
#include "main_window.h"

#include <QGuiApplication>
#include <QScreen>

#include "widgets/alert_banner.h"
#include "dialogs/alert_inbox_dialog.h"
#include "dialogs/mark_moment_dialog.h"
#include "app_language.h"
#include "snapshot/status_words.h"
#include "incident_export.h"
#include "dialogs/keyboard_help.h"

#include "pages/all_connections_page.h"
#include "dialogs/connection_dialog.h"
#include "profiles/connection_profile_store.h"
#include "desktop_alerts.h"
#include "itemmodels/group_table_model.h"
#include "history/prometheus_backfill.h"
#include "pages/group_page.h"
#include "health_style.h"
#include "pages/history_file_window.h"
#include "dialogs/history_settings_dialog.h"
#include "storage/app_dirs.h"
#include "text/display_text.h"
#include "text/fill_text.h"
#include "pages/overview_page.h"
#include "snapshot/group_ranking.h"
#include "write_controller.h"

#include <QAction>
#include <QApplication>
#include <QAbstractButton>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QVBoxLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QTabBar>
#include <QTableView>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QToolButton>

#include <spdlog/spdlog.h>

namespace pelscope {

void MainWindow::installShortcuts()
{
    auto add = [this](const QList<QKeySequence> &keys, auto slot) {
        auto *action = new QAction(this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        return action;
    };
    add({QKeySequence::Find}, [this] {
        if (allTabCurrent())
            m_all->overview()->focusFilter();
        else if (ConnectionView *view = currentConnection())
            view->focusFilter();
    });
    // Back to the overview (Esc, Alt+Left, Backspace) belongs to the pages themselves
    // (GroupPage, DlqPage): bound here too it would be ambiguous, and nothing would fire.
    add({QKeySequence(Qt::Key_Space)}, [this] {
        // A focused button takes Space as everywhere else: it is pressed.
        // The window-wide shortcut came first and paused polling instead, so
        // a claim could not be started from the keyboard (issue 48).
        // click(), not animateClick(): that holds the button down for 100 ms,
        // and the key's release clicked it a second time (two claim forms).
        if (auto *button = qobject_cast<QAbstractButton *>(QApplication::focusWidget()); button && button->isEnabled()) {
            button->click();
            return;
        }
        ConnectionView *view = currentConnection();
        if (view && !allTabCurrent() && !view->overview()->filter()->hasFocus())
            view->setPaused(!view->isPaused());
    });
    add({QKeySequence::Copy}, [this] {
        if (ConnectionView *view = currentConnection(); view && !allTabCurrent())
            view->copySelection();
    });
    add({QKeySequence(Qt::CTRL | Qt::Key_PageDown)}, [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); });
    add({QKeySequence(Qt::CTRL | Qt::Key_PageUp)},
        [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count()); });
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&Connection"));
    QAction *connectAction = file->addAction(tr("&Connect…"), this, [this] { openConnectionDialog({}, false); });
    connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    connectAction->setToolTip(tr("Point the current tab at another server"));
    QAction *addAction = file->addAction(tr("&Add a connection…"), this, [this] { openConnectionDialog({}, true); });
    addAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    addAction->setToolTip(tr("Watch one more server in a new tab"));
    QMenu *recent = file->addMenu(tr("&Recent"));
    auto fillRecent = [this, recent] {
        recent->clear();
        for (const ConnectionProfile &p : m_profiles->recent())
            recent->addAction(p.name.isEmpty() ? p.url : QStringLiteral("%1 — %2").arg(p.name, p.url), this,
                              [this, p] { openConnectionDialog(p.name, false); });
        recent->setEnabled(!recent->isEmpty());
    };
    fillRecent();
    connect(m_profiles, &ConnectionProfileStore::recentChanged, this, fillRecent);
    file->addAction(tr("Re&connect now"), this, [this] {
        if (ConnectionView *view = currentConnection())
            view->reconnect();
    });
    m_closeAction = file->addAction(tr("C&lose this connection"), QKeySequence(Qt::CTRL | Qt::Key_W), this, [this] {
        if (!allTabCurrent())
            closeConnection(currentConnection());
    });
    m_closeAction->setEnabled(false);
    file->addSeparator();
    m_writeAction = file->addAction(tr("Enable &writes…"));
    m_writeAction->setCheckable(true);
    m_writeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_writeAction->setToolTip(tr("Every connection starts read-only; the switch is per connection"));
    // One shortcut toggles: decided by the connection's state, not by the
    // action's check mark (which only follows it; the dialog turns writes on).
    connect(m_writeAction, &QAction::triggered, this, [this] {
        ConnectionView *view = currentConnection();
        if (view && view->writes()->writesEnabled())
            view->writes()->setWritesEnabled(false);
        else if (view)
            view->writes()->requestEnable();
        updateCurrentTab();
    });
    file->addAction(tr("Open &history file…"), QKeySequence::Open, this, [this] {
        const QString dir = QDir(appDataDir()).filePath(QStringLiteral("history"));
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open a recorded history (read-only)"), dir, tr("Pelscope history (*.sqlite);;All files (*)"));
        if (!path.isEmpty())
            openHistoryFile(path);
    });
    file->addAction(tr("History &settings…"), this, [this] {
        auto *dialog = new HistorySettingsDialog(&m_historyDefaults, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    file->addAction(tr("Show the &audit log path"), this, [this] {
        if (ConnectionView *view = currentConnection())
            statusBar()->showMessage(tr("Audit log: %1").arg(view->writes()->auditLogPath()), 15000);
    });
    file->addSeparator();
    file->addAction(tr("&Export incident report…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this, [this] {
        ConnectionView *view = currentConnection();
        if (!view) {
            statusBar()->showMessage(tr("Open a connection's tab to export its incident report"), 10000);
            return;
        }
        auto *dialog = new IncidentExportDialog(view, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    // A mark in the connection's history ("deploy 1.4.2"): drawn on every
    // chart that spans it, listed in the report and history --json.
    QAction *mark = file->addAction(tr("&Mark a moment…"), QKeySequence(Qt::CTRL | Qt::Key_M), this, [this] {
        ConnectionView *view = currentConnection();
        if (!view) {
            statusBar()->showMessage(tr("Open a connection's tab to mark a moment in its history"), 10000);
            return;
        }
        const QByteArray stream = view->request().probe.annotationsStream;
        auto *dialog = new MarkMomentDialog(stream, view->writes()->blocker(displayBytes(stream), QStringLiteral("share_annotation")), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this, view = QPointer<ConnectionView>(view), dialog, stream] {
            if (!view)
                return;
            const QString text = dialog->text();
            if (!dialog->share()) {
                view->session()->annotate(text);
                return;
            }
            // Shared through the one write flow; declined or refused, it is
            // kept in this window's history all the same.
            const AnnotationShareRequest request = AnnotationShareRequest::make(stream, text, view->session()->latestServerTimeMs());
            view->writes()->shareAnnotation(request, this, [this, view, request](bool shared) {
                if (!view)
                    return;
                if (!shared) {
                    view->session()->annotate(request.text);
                    statusBar()->showMessage(tr("The mark was not shared: it is kept in this computer's history only"), 10000);
                    return;
                }
                view->session()->notePublished(request.published());
            });
        });
        dialog->open();
    });
    mark->setToolTip(tr("Marks this moment on the connection's charts and in its history, report and history --json"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&All connections"), QKeySequence(Qt::CTRL | Qt::Key_0), this, &MainWindow::showAllConnections);
    view->addAction(tr("&Overview"), QKeySequence(Qt::CTRL | Qt::Key_1), this, [this] {
        if (ConnectionView *v = currentConnection()) {
            m_tabs->setCurrentWidget(v);
            v->showOverview();
            v->overviewTable()->setFocus();
        }
    });
    QAction *reopen = view->addAction(tr("Reopen the last page at start"));
    reopen->setCheckable(true);
    reopen->setChecked(QSettings().value(QStringLiteral("window/reopenLastPage"), false).toBool());
    reopen->setToolTip(tr("Off: every start shows the overview, the place to begin during a new incident"));
    connect(reopen, &QAction::toggled, this, [](bool on) { QSettings().setValue(QStringLiteral("window/reopenLastPage"), on); });
    QAction *toTray = view->addAction(tr("Keep running in the tray when closed"));
    toTray->setCheckable(true);
    toTray->setChecked(QSettings().value(QStringLiteral("window/closeToTray"), false).toBool());
    toTray->setEnabled(m_tray->available());
    toTray->setToolTip(m_tray->available() ? tr("Closing the window keeps polling and notifying; the tray icon's menu quits")
                                           : tr("This desktop has no system tray"));
    connect(toTray, &QAction::toggled, this, [](bool on) { QSettings().setValue(QStringLiteral("window/closeToTray"), on); });
    addLanguageMenu(view, this);
    // In a language whose status words are not the codes (위험, 경고, 정상):
    // teams whose runbooks and pager say CRIT/WARN/OK may keep the codes.
    setStatusCodesKept(QSettings().value(QStringLiteral("window/statusCodes"), false).toBool());
    if (QCoreApplication::translate("Status", "CRIT") != QLatin1String("CRIT")) {
        QAction *codes = view->addAction(tr("Status as CRIT/WARN/OK codes"));
        codes->setCheckable(true);
        codes->setChecked(statusCodesKept());
        codes->setToolTip(tr("The pills, alerts and summaries say CRIT, WARN and OK instead of the words of the window's language"));
        connect(codes, &QAction::toggled, this, [this](bool on) {
            setStatusCodesKept(on);
            QSettings().setValue(QStringLiteral("window/statusCodes"), on);
            for (QWidget *w : findChildren<QWidget *>()) // the pills are painted: they say it at once; the summaries at the next poll
                w->update();
        });
    }
    // The inbox: every alert told, after the banner and the balloon are gone.
    QAction *inbox = view->addAction(tr("A&lerts…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), this, &MainWindow::showAlertInbox);
    inbox->setObjectName(QStringLiteral("alertInboxAction"));
    connect(m_alerts->inbox(), &AlertInboxModel::unacknowledgedChanged, inbox, [inbox](int fresh) {
        inbox->setText(fresh > 0 ? fillText(tr("A&lerts (%1 new)…"), fresh) : tr("A&lerts…"));
    });
    view->addAction(tr("&Dead letters"), QKeySequence(Qt::CTRL | Qt::Key_D), this, [this] {
        if (ConnectionView *v = currentConnection()) {
            m_tabs->setCurrentWidget(v);
            v->showDeadLetters();
        }
    });
    view->addAction(tr("&Refresh now"), QKeySequence::Refresh, this, [this] {
        if (allTabCurrent()) {
            for (ConnectionView *v : std::as_const(m_views))
                v->refresh();
        } else if (ConnectionView *v = currentConnection()) {
            v->refresh();
        }
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this, [this] { showKeyboardHelp(this); });
}

} // namespace pelscope
