#include "main_window.h"

#include "dialogs/dialog_title_fit.h"
#include <QApplication>
#include <QAbstractButton>
#include <QKeyEvent>

#include <QGuiApplication>
#include <QScreen>

#include "widgets/alert_banner.h"
#include "dialogs/alert_inbox_dialog.h"
#include "app_language.h"
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


MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_profiles(new ConnectionProfileStore(this))
    , m_tabs(new QTabWidget)
    , m_all(new AllConnectionsPage)
    , m_tray(new TrayNotifier(this))
    , m_alerts(new DesktopAlerts(m_tray, this))
    , m_banner(new AlertBanner)
{
    DialogTitleFit::install(); // every dialog's title whole, from the first one
    connect(m_tray, &TrayNotifier::messageClicked, m_alerts, &DesktopAlerts::openLast);
    connect(m_banner, &AlertBanner::openRequested, m_alerts, &DesktopAlerts::openLast);
    connect(m_banner, &AlertBanner::inboxRequested, this, &MainWindow::showAlertInbox);
    if (!m_tray->available()) {
        // Said once; the alerts are not lost: they show in the window.
        spdlog::info("no system tray or notification service here: alerts are shown inside the window");
        m_alerts->setNotifier(m_banner);
    }
    auto *trayMenu = new QMenu(this);
    trayMenu->addAction(tr("Show Pelscope"), this, [this] {
        showNormal();
        raise();
        activateWindow();
    });
    trayMenu->addAction(tr("Quit"), this, [this] {
        m_quitting = true;
        close();
    });
    m_tray->tray()->setContextMenu(trayMenu);
    connect(m_alerts, &DesktopAlerts::openRequested, this, [this](ConnectionView *view, const QString &page) {
        if (!m_views.contains(view))
            return;
        m_tabs->setCurrentWidget(view);
        view->showPage(page);
        showNormal();
        raise();
        activateWindow();
    });
    setWindowTitle(QString()); // the application display name alone
    // The size the overview was laid out for, but never larger than the
    // screen (a 1024×768 one, or a 1600×1000 one at 200 %).
    resize(QSize(1360, 860));
    fitToScreen();
    m_tabs->setDocumentMode(true);
    m_tabs->setMovable(true);
    m_tabs->setTabBarAutoHide(true); // one connection: no tab bar at all
    // The tab widget hands its focus to the tab bar: hidden, Tab would stop
    // there for good (a keyboard trap), so it takes focus only while shown.
    m_tabs->setFocusPolicy(Qt::NoFocus);
    m_tabs->tabBar()->installEventFilter(this);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateCurrentTab);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        if (auto *view = qobject_cast<ConnectionView *>(m_tabs->widget(index)))
            closeConnection(view);
    });
    connect(m_all, &AllConnectionsPage::groupRequested, this, [this](QObject *owner, const QByteArray &stream, const QByteArray &group) {
        if (auto *view = qobject_cast<ConnectionView *>(owner)) {
            m_tabs->setCurrentWidget(view);
            view->openGroup(stream, group);
        }
    });
    auto *central = new QWidget;
    auto *column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_banner);
    column->addWidget(m_tabs, 1);
    setCentralWidget(central);
    installShortcuts();
    buildMenus();

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    // A geometry saved on a larger screen (or at another scale) is fitted to this one.
    fitToScreen();
}

// The window with its frame inside the screen's available area, the status
// line in sight: on a laptop (1366×768, 1024×768, 1920×1080 at 200 %) the
// laid-out size does not fit, and a window 768 px tall placed at y = 40 hid
// its status line below the screen's edge. Too large: maximized (its normal
// size is what fits); else centred when it would reach past an edge.
void MainWindow::fitToScreen()
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    if (!screen || isMaximized() || isFullScreen())
        return;
    const QRect available = screen->availableGeometry();
    // Offscreen (tests, documentation shots) there is no window manager and
    // the "screen" an 800×600 placeholder: only cut to it, as before.
    if (QGuiApplication::platformName() == QLatin1String("offscreen") || QGuiApplication::platformName() == QLatin1String("minimal")) {
        resize(size().boundedTo(available.size()));
        return;
    }
    // The frame is not known before the window is shown: a title bar and borders allowed for.
    const QSize frame(16, 48);
    const QSize room = available.size() - frame;
    if (width() > room.width() || height() > room.height()) {
        resize(size().boundedTo(room));
        move(available.topLeft() + QPoint((available.width() - width() - frame.width()) / 2, (available.height() - height() - frame.height()) / 2));
        setWindowState(windowState() | Qt::WindowMaximized);
        return;
    }
    const QRect wanted(pos(), size() + frame);
    if (!available.contains(wanted))
        move(available.topLeft() + QPoint((available.width() - wanted.width()) / 2, (available.height() - wanted.height()) / 2));
}

MainWindow::~MainWindow()
{
    // The all-connections rows point into each tab's model: let go of them
    // before the tabs (and their models) are destroyed.
    for (ConnectionView *view : std::as_const(m_views))
        m_all->removeConnection(view);
}

ConnectionView *MainWindow::addConnection()
{
    auto *view = new ConnectionView;
    m_views.append(view);
    m_tabs->addTab(view, tr("Connecting…"));
    m_all->addConnection({view, view->groupModel(), [view] { return view->lastSnapshot(); }, [view] { return view->isStale(); },
                          [view] { return view->label(); }});
    connect(view, &ConnectionView::summaryChanged, m_all, &AllConnectionsPage::connectionChanged);
    connect(view, &ConnectionView::summaryChanged, this, [this, view] { updateTab(view); });
    m_alerts->watch(view);
    QTableView *table = view->overviewTable();
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this, view](const QPoint &at) { offerMuteMenu(view, at); });
    QMenu *groupMenu = view->groupPage()->notificationsButton()->menu();
    connect(groupMenu, &QMenu::aboutToShow, this, [this, view, groupMenu] {
        const GroupKey &key = view->groupPage()->group();
        m_alerts->fillMuteMenu(groupMenu, view->label(), AlertSubject{AlertSubject::Kind::Group, key.stream, key.group});
    });
    connect(view->writes(), &WriteController::writesEnabledChanged, this, &MainWindow::updateCurrentTab);
    // With two connections the all-connections tab comes first.
    if (m_views.size() == 2)
        m_tabs->insertTab(0, m_all, tr("All connections"));
    m_tabs->setTabsClosable(m_views.size() > 1);
    if (m_tabs->tabBar()->tabButton(0, QTabBar::RightSide) && m_tabs->widget(0) == m_all)
        m_tabs->tabBar()->tabButton(0, QTabBar::RightSide)->hide(); // the overview is not a connection to close
    m_tabs->setCurrentWidget(view);
    updateTab(view);
    return view;
}

ConnectionView *MainWindow::openConnection(const ConnectionRequest &request)
{
    ConnectionView *view = addConnection();
    view->connectTo(request);
    return view;
}

void MainWindow::closeConnection(ConnectionView *view)
{
    if (m_views.size() <= 1 || !m_views.contains(view))
        return; // the window always watches something
    if (view->writes()->isBusy()) {
        QMessageBox::information(this, tr("A write is running"), tr("Wait for the write on %1 to finish before closing it.").arg(view->label()));
        return;
    }
    m_all->removeConnection(view);
    disconnect(view, nullptr, m_all, nullptr);
    m_alerts->forget(view);
    m_views.removeAll(view);
    m_tabs->removeTab(m_tabs->indexOf(view));
    if (m_views.size() == 1)
        m_tabs->removeTab(m_tabs->indexOf(m_all));
    m_tabs->setTabsClosable(m_views.size() > 1);
    delete view; // joins its threads
    updateCurrentTab();
}

void MainWindow::offerMuteMenu(ConnectionView *view, const QPoint &at)
{
    QTableView *table = view->overviewTable();
    const QModelIndex index = table->indexAt(at);
    if (!index.isValid())
        return;
    const AlertSubject subject{AlertSubject::Kind::Group, index.data(GroupTableModel::StreamKeyRole).toByteArray(),
                               index.data(GroupTableModel::GroupNameRole).toByteArray()};
    QMenu menu(table);
    m_alerts->fillMuteMenu(&menu, view->label(), subject);
    menu.exec(table->viewport()->mapToGlobal(at));
}

ConnectionView *MainWindow::currentConnection() const
{
    if (auto *view = qobject_cast<ConnectionView *>(m_tabs->currentWidget()))
        return view;
    return m_views.isEmpty() ? nullptr : m_views.first();
}

bool MainWindow::allTabCurrent() const
{
    return m_tabs->currentWidget() == m_all;
}

void MainWindow::showAllConnections()
{
    if (m_tabs->indexOf(m_all) >= 0)
        m_tabs->setCurrentWidget(m_all);
}

void MainWindow::updateTab(ConnectionView *view)
{
    const int index = m_tabs->indexOf(view);
    if (index < 0)
        return;
    // The tab says how bad it is, so a connection in trouble shows from any tab.
    QString text = view->label().isEmpty() ? tr("Connecting…") : view->label();
    QColor colour;
    if (view->isStale()) {
        text = QStringLiteral("⌛ ") + text + tr(" (stale)");
        colour = healthStyle(Health::Warn).strong;
    } else if (!view->lastSnapshot().isNull()) {
        // Groups and queues, as a notification counts them.
        const HealthCounts counts = countHealth(view->lastSnapshot()) + countQueueHealth(view->lastSnapshot());
        const HealthStyle style = healthStyle(counts.worst());
        text = style.glyph + QLatin1Char(' ') + text;
        if (counts.crit)
            text += tr(" (%1 crit)").arg(counts.crit);
        else if (counts.warn)
            text += tr(" (%1 warn)").arg(counts.warn);
        if (counts.worst() != Health::Ok)
            colour = style.strong;
    }
    if (view->writes()->writesEnabled())
        text += tr(" — WRITES ON");
    m_tabs->setTabText(index, text);
    m_tabs->tabBar()->setTabTextColor(index, colour);
    m_tabs->setTabToolTip(index, view->request().options.redactedUrl());
    if (m_tabs->currentWidget() == view)
        setWindowTitle(view->label()); // Qt adds " — Pelscope" (the application display name)
}

void MainWindow::updateCurrentTab()
{
    ConnectionView *view = currentConnection();
    if (m_writeAction) {
        // The item says the state it is in and what the shortcut does next.
        const bool on = view && view->writes()->writesEnabled();
        m_writeAction->setChecked(on);
        m_writeAction->setText(on ? tr("&Writes enabled (turn off)") : tr("Enable &writes…"));
        m_writeAction->setEnabled(!allTabCurrent());
    }
    if (m_closeAction)
        m_closeAction->setEnabled(m_views.size() > 1 && !allTabCurrent());
    if (allTabCurrent())
        setWindowTitle(tr("All connections"));
    else if (view)
        updateTab(view);
}

void MainWindow::showAlertInbox()
{
    if (!m_inbox)
        m_inbox = new AlertInboxDialog(m_alerts, this);
    m_inbox->show();
    m_inbox->raise();
    m_inbox->activateWindow();
    m_inbox->table()->setFocus();
}

void MainWindow::keyPressEvent(QKeyEvent *event)
{
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && event->modifiers() == Qt::NoModifier)
        if (auto *button = qobject_cast<QAbstractButton *>(QApplication::focusWidget()); button && button->isEnabled() && button->window() == this) {
            button->click(); // one press, one click (animateClick's held-down button took the release as a second)
            return;
        }
    QMainWindow::keyPressEvent(event);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tabs->tabBar() && (event->type() == QEvent::Show || event->type() == QEvent::Hide))
        m_tabs->setFocusPolicy(event->type() == QEvent::Show ? Qt::TabFocus : Qt::NoFocus);
    return QMainWindow::eventFilter(watched, event);
}

HistoryFileWindow *MainWindow::openHistoryFile(const QString &path)
{
    auto *window = new HistoryFileWindow; // a window of its own, deleted when closed
    QString error;
    if (!window->open(path, &error)) {
        delete window;
        QMessageBox box(QMessageBox::Warning, tr("Cannot open the history"), displayText(error), QMessageBox::Ok, this);
        box.setTextFormat(Qt::PlainText); // a file name is not markup
        box.exec();
        return nullptr;
    }
    window->show();
    return window;
}

void MainWindow::openConnectionDialog(const QString &profileName, bool newTab)
{
    ConnectionDialog dialog(m_profiles, this);
    if (!profileName.isEmpty())
        dialog.selectProfile(profileName);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const ConnectionProfile profile = dialog.profile();
    QString error;
    const ConnectionRequest request = ConnectionRequest::fromProfile(profile, dialog.options(), m_historyDefaults, &error);
    ConnectionView *view = newTab || allTabCurrent() || m_views.isEmpty() ? addConnection() : currentConnection();
    if (!error.isEmpty()) {
        view->showStartupError(error);
        return;
    }
    view->connectTo(request);
    m_tabs->setCurrentWidget(view);
}

void MainWindow::saveOpenConnections()
{
    // Only saved profiles come back (an address typed once may hold a
    // password the keychain does not have); in tab order.
    QStringList names;
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto *view = qobject_cast<ConnectionView *>(m_tabs->widget(i)))
            if (m_profiles->profile(view->request().label))
                names << view->request().label;
    QSettings().setValue(QStringLiteral("window/connections"), names);
}

bool MainWindow::restoreConnections()
{
    int opened = 0;
    for (const QString &name : QSettings().value(QStringLiteral("window/connections")).toStringList())
        if (const std::optional<ConnectionProfile> profile = m_profiles->profile(name)) {
            openProfile(*profile);
            ++opened;
        }
    if (opened > 1)
        showAllConnections();
    return opened > 0;
}

void MainWindow::openProfile(const ConnectionProfile &profile)
{
    ConnectionView *view = addConnection();
    QString error;
    const ConnectionOptions options = profile.connectionOptions(&error);
    ConnectionRequest request = ConnectionRequest::fromProfile(profile, options, m_historyDefaults, &error); // the password joins it when the keychain answers
    if (!error.isEmpty()) {
        view->showStartupError(tr("Profile %1: %2").arg(profile.name, error));
        return;
    }
    // Whatever the keychain answers (a password, none, unavailable), connect
    // once: without a password the server's own AUTH error says what is missing.
    auto started = std::make_shared<bool>(false);
    auto start = [view, request, started, name = profile.name](const QString &which, std::optional<QByteArray> password) mutable {
        if (which != name || *started)
            return;
        *started = true;
        request.options.password = std::move(password);
        view->connectTo(request);
    };
    connect(m_profiles, &ConnectionProfileStore::passwordRead, view,
            [start](const QString &which, const QByteArray &password) mutable { start(which, password); });
    connect(m_profiles, &ConnectionProfileStore::passwordNotFound, view, [start](const QString &which) mutable { start(which, std::nullopt); });
    connect(m_profiles, &ConnectionProfileStore::keychainUnavailable, view,
            [start](const QString &which, const QString &) mutable { start(which, std::nullopt); });
    m_profiles->readPassword(profile.name);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_quitting && m_tray->available() && QSettings().value(QStringLiteral("window/closeToTray"), false).toBool()) {
        hide(); // polling and notifications go on; the tray menu quits
        event->ignore();
        return;
    }
    saveOpenConnections();
    QSettings().setValue(QStringLiteral("window/geometry"), saveGeometry());
    QMainWindow::closeEvent(event);
}

} // namespace pelscope
