#include "main_window.h"

#include "connection_dialog.h"
#include "connection_profile_store.h"
#include "dlq_page.h"
#include "dlq_tab.h"
#include "group_page.h"
#include "health_style.h"
#include "itemmodels/group_table_model.h"
#include "overview_proxy_model.h"
#include "snapshot/format.h"
#include "snapshot/group_ranking.h"
#include "sparkline_delegate.h"
#include "status_delegate.h"
#include "write_controller.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace pelscope {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new GroupTableModel(this))
    , m_proxy(new OverviewProxyModel(this))
    , m_stack(new QStackedWidget)
    , m_table(new QTableView)
    , m_filter(new QLineEdit)
    , m_banner(new QLabel)
    , m_pauseBanner(new QLabel)
    , m_summary(new QLabel)
    , m_connectionLabel(new QLabel)
    , m_pollLabel(new QLabel)
    , m_writeBanner(new QLabel)
    , m_profileTag(new QLabel)
    , m_dlqButton(new QPushButton)
    , m_groupPage(new GroupPage(&m_history))
    , m_writes(new WriteController(this))
    , m_dlqPage(new DlqPage(m_writes))
{
    m_profiles = new ConnectionProfileStore(this);
    setWindowTitle(QStringLiteral("Pelscope"));
    resize(1360, 860);

    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setStyleSheet(bannerStyleSheet(BannerTone::Trouble));
    m_banner->hide();
    m_pauseBanner->setText(tr("PAUSED — polling is suspended; press Space to resume."));
    m_pauseBanner->setStyleSheet(bannerStyleSheet(BannerTone::Notice));
    m_pauseBanner->hide();
    // Writes enabled must be impossible to miss, in any palette.
    m_writeBanner->setObjectName(QStringLiteral("writeBanner"));
    m_writeBanner->setTextFormat(Qt::RichText);
    m_writeBanner->setStyleSheet(bannerStyleSheet(BannerTone::Danger));
    m_writeBanner->hide();
    connect(m_writeBanner, &QLabel::linkActivated, this, [this] { m_writes->setWritesEnabled(false); });
    connect(m_writes, &WriteController::writesEnabledChanged, this, &MainWindow::updateWriteBanner);
    connect(m_writes, &WriteController::message, this, [this](const QString &text) { statusBar()->showMessage(text, 15000); });

    auto *overview = new QWidget;
    buildOverview(overview);
    m_stack->addWidget(overview);
    m_stack->addWidget(m_groupPage);
    m_stack->addWidget(m_dlqPage);
    connect(m_groupPage, &GroupPage::backRequested, this, &MainWindow::showOverview);
    connect(m_dlqPage, &DlqPage::backRequested, this, &MainWindow::showOverview);
    m_groupPage->setWriteController(m_writes);

    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->addWidget(m_writeBanner);
    layout->addWidget(m_banner);
    layout->addWidget(m_pauseBanner);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);

    m_profileTag->hide();
    statusBar()->addWidget(m_profileTag);
    statusBar()->addWidget(m_connectionLabel, 1);
    statusBar()->addPermanentWidget(m_pollLabel);
    installShortcuts();
    buildMenus();

    // Stale data must look stale: checked on the GUI thread's own clock, so
    // it works precisely when the poller is stuck on a hung server.
    connect(&m_staleTimer, &QTimer::timeout, this, &MainWindow::checkStale);
    m_staleTimer.start(500);

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
}

MainWindow::~MainWindow()
{
    if (m_readerThread.isRunning()) {
        m_readerThread.quit();
        m_readerThread.wait();
    }
}

void MainWindow::buildOverview(QWidget *page)
{
    m_proxy->setSourceModel(m_model);
    m_table->setModel(m_proxy);
    m_table->setItemDelegateForColumn(GroupTableModel::Status, new StatusDelegate(m_table));
    m_table->setItemDelegateForColumn(GroupTableModel::LagTrend, new SparklineDelegate(m_table));
    m_model->setHistory(&m_history);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(GroupTableModel::Status, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    const int widths[] = {92, 130, 120, 70, 70, 140, 110, 100, 64, 64, 100, 120};
    for (int c = 0; c < GroupTableModel::Reasons; ++c)
        m_table->setColumnWidth(c, widths[c]);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
        const QByteArray dlq = index.data(GroupTableModel::DeadLetterKeyRole).toByteArray();
        if (index.column() == GroupTableModel::DeadLetters && !dlq.isEmpty()) {
            showDeadLetters(dlq);
            return;
        }
        openGroup(index.data(GroupTableModel::StreamKeyRole).toByteArray(), index.data(GroupTableModel::GroupNameRole).toByteArray());
    });

    m_filter->setPlaceholderText(tr("Filter streams and groups (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, [this](const QString &text) {
        m_proxy->setFilterRegularExpression(QRegularExpression(QRegularExpression::escape(text)));
    });
    QFont big = m_summary->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_summary->setFont(big);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(tr("Connecting…"));
    m_summary->setObjectName(QStringLiteral("summary"));

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    m_dlqButton->setObjectName(QStringLiteral("dlqButton"));
    m_dlqButton->setText(tr("Dead letters"));
    m_dlqButton->setToolTip(tr("Browse, requeue and export the dead-letter streams (Ctrl+D)"));
    connect(m_dlqButton, &QPushButton::clicked, this, [this] { showDeadLetters(); });
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_dlqButton);
    layout->addWidget(m_summary);
    layout->addLayout(filterRow);
    layout->addWidget(m_table, 1);
}

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
        showOverview();
        m_filter->setFocus();
        m_filter->selectAll();
    });
    add({QKeySequence::Refresh}, [this] { Q_EMIT refreshRequested(); });
    add({QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::Key_Backspace)}, [this] {
        if (!m_filter->hasFocus())
            showOverview();
    });
    add({QKeySequence(Qt::Key_Space)}, [this] {
        if (m_filter->hasFocus())
            return;
        m_paused = !m_paused;
        m_pauseBanner->setVisible(m_paused);
        Q_EMIT pauseRequested(m_paused);
    });
    add({QKeySequence::Copy}, [this] { copySelection(); });
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&Connection"));
    QAction *connectAction = file->addAction(tr("&Connect…"), this, [this] { openConnectionDialog(); });
    connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    QMenu *recent = file->addMenu(tr("&Recent"));
    auto fillRecent = [this, recent] {
        recent->clear();
        for (const ConnectionProfile &p : m_profiles->recent())
            recent->addAction(p.name.isEmpty() ? p.url : QStringLiteral("%1 — %2").arg(p.name, p.url), this,
                              [this, p] { openConnectionDialog(p.name); });
        recent->setEnabled(!recent->isEmpty());
    };
    fillRecent();
    connect(m_profiles, &ConnectionProfileStore::recentChanged, this, fillRecent);
    file->addAction(tr("Re&connect now"), this, [this] { Q_EMIT reconnectRequested(); });
    file->addSeparator();
    m_writeAction = file->addAction(tr("Enable &writes…"));
    m_writeAction->setCheckable(true);
    m_writeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_writeAction->setToolTip(tr("Every connection starts read-only"));
    connect(m_writeAction, &QAction::triggered, this, [this](bool on) {
        m_writeAction->setChecked(m_writes->writesEnabled()); // only the dialog turns it on
        if (on)
            m_writes->requestEnable();
        else
            m_writes->setWritesEnabled(false);
    });
    file->addAction(tr("Open the &audit log folder"), this, [this] {
        statusBar()->showMessage(tr("Audit log: %1").arg(m_writes->auditLogPath()), 15000);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Overview"), this, &MainWindow::showOverview);
    view->addAction(tr("&Dead letters"), QKeySequence(Qt::CTRL | Qt::Key_D), this, [this] { showDeadLetters(); });
    view->addAction(tr("&Refresh now"), QKeySequence::Refresh, this, [this] { Q_EMIT refreshRequested(); });
}

void MainWindow::openConnectionDialog(const QString &profileName)
{
    ConnectionDialog dialog(m_profiles, this);
    if (!profileName.isEmpty())
        dialog.selectProfile(profileName);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    const ConnectionProfile profile = dialog.profile();
    const ProbeConfig probe = profile.probeConfig(&error);
    if (!error.isEmpty()) {
        showStartupError(error);
        return;
    }
    resetForNewConnection(dialog.options().redactedUrl());
    m_nextLabel = profile.name.isEmpty() ? dialog.options().redactedUrl() : profile.name;
    m_nextProduction = profile.colorTag == ConnectionProfile::ColorTag::Production;
    m_profileTag->setVisible(profile.colorTag != ConnectionProfile::ColorTag::None);
    m_profileTag->setText(QStringLiteral(" %1 ").arg(ConnectionProfile::colorTagName(profile.colorTag).toUpper()));
    m_profileTag->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; font-weight: bold; border-radius: 3px; padding: 1px 6px; }")
                                    .arg(ConnectionProfile::colorTagColor(profile.colorTag).name()));
    Q_EMIT connectRequested(dialog.options(), probe, profile.pollIntervalMs);
}

void MainWindow::resetForNewConnection(const QString &address)
{
    m_model->clear();
    m_history.clear();
    m_dlqPage->clear();
    m_generation = 0;
    m_lastSnapshotWallMs = 0;
    showOverview();
    m_summary->setText(tr("Connecting to %1…").arg(address));
}

void MainWindow::setThresholds(const HealthThresholds &t)
{
    m_thresholds = t;
    m_groupPage->setThresholds(t);
}

void MainWindow::useConnection(const ConnectionOptions &options, const QString &label, bool production)
{
    if (m_readerThread.isRunning()) { // another server: a fresh reader
        m_readerThread.quit();
        m_readerThread.wait();
        m_reader = nullptr;
    }
    m_readerThread.setObjectName(QStringLiteral("payload reader"));
    m_reader = new EntryReader(options);
    m_reader->moveToThread(&m_readerThread);
    connect(&m_readerThread, &QThread::finished, m_reader, &QObject::deleteLater);
    connect(m_reader, &EntryReader::entryRead, m_groupPage, &GroupPage::showEntry);
    connect(m_groupPage, &GroupPage::entryRequested, m_reader, &EntryReader::read);
    connect(m_reader, &EntryReader::entryRead, m_dlqPage, &DlqPage::routeEntry);
    connect(m_reader, &EntryReader::pageRead, m_dlqPage, &DlqPage::routePage);
    connect(m_reader, &EntryReader::entriesRead, m_dlqPage, &DlqPage::routeEntries);
    connect(m_dlqPage, &DlqPage::entryRequested, m_reader, &EntryReader::read);
    connect(m_dlqPage, &DlqPage::pageRequested, m_reader, &EntryReader::readPage);
    connect(m_dlqPage, &DlqPage::entriesRequested, m_reader, &EntryReader::readEntries);
    m_readerThread.start();

    // The dialog's profile wins over what the caller knows (an address).
    const QString name = !m_nextLabel.isEmpty() ? std::exchange(m_nextLabel, QString()) : !label.isEmpty() ? label : options.redactedUrl();
    m_writes->setConnection(options, name, production || std::exchange(m_nextProduction, false));
}

void MainWindow::updateWriteBanner(bool enabled)
{
    m_writeBanner->setText(tr("⚠ WRITES ENABLED on %1 — requeue, delete, claim and acknowledge change data in this Redis. "
                              "<a href='#off' style='color:white'>Switch back to read-only</a>")
                               .arg(m_writes->connectionLabel().toHtmlEscaped()));
    m_writeBanner->setVisible(enabled);
    if (m_writeAction)
        m_writeAction->setChecked(enabled);
}

void MainWindow::showDeadLetters(const QByteArray &key)
{
    if (!key.isEmpty())
        m_dlqPage->showDlq(key);
    m_stack->setCurrentWidget(m_dlqPage);
    QSettings().setValue(QStringLiteral("window/lastPage"), QStringLiteral("dlq"));
}

void MainWindow::updateDlqButton(const Snapshot &snapshot)
{
    qint64 entries = 0, growth = 0;
    for (const DeadLetterSnapshot &d : snapshot->deadLetters) {
        entries += d.length.value_or(0);
        growth += std::max<qint64>(0, d.growth.value_or(0));
    }
    const qsizetype n = snapshot->deadLetters.size();
    if (n == 0)
        m_dlqButton->setText(tr("Dead letters: none found"));
    else if (growth > 0)
        m_dlqButton->setText(tr("⚠ Dead letters: %1 in %2, +%3 recently").arg(formatCount(entries), n == 1 ? tr("1 stream") : tr("%1 streams").arg(n), formatCount(growth)));
    else
        m_dlqButton->setText(tr("Dead letters: %1 in %2").arg(formatCount(entries), n == 1 ? tr("1 stream") : tr("%1 streams").arg(n)));
}

void MainWindow::showStartupError(const QString &message)
{
    m_banner->setStyleSheet(bannerStyleSheet(BannerTone::Danger));
    m_banner->setText(message);
    m_banner->show();
    m_summary->setText(tr("Not connected"));
}

void MainWindow::openGroup(const QByteArray &stream, const QByteArray &group)
{
    m_groupPage->showGroup(stream, group);
    m_stack->setCurrentWidget(m_groupPage);
    QSettings().setValue(QStringLiteral("window/lastPage"), QStringLiteral("group:%1/%2").arg(QString::fromUtf8(stream), QString::fromUtf8(group)));
}

void MainWindow::showOverview()
{
    m_stack->setCurrentIndex(0);
    m_table->setFocus();
    QSettings().setValue(QStringLiteral("window/lastPage"), QStringLiteral("overview"));
}

bool MainWindow::showPage(const QString &page)
{
    if (page.isEmpty() || page == QLatin1String("overview")) {
        showOverview();
        return true;
    }
    if (page == QLatin1String("dlq") || page.startsWith(QLatin1String("dlq:"))) {
        showDeadLetters(page.mid(4).toUtf8());
        return true;
    }
    if (!page.startsWith(QLatin1String("group:")))
        return false;
    const QString rest = page.mid(6);
    const qsizetype slash = rest.lastIndexOf(QLatin1Char('/'));
    if (slash <= 0)
        return false;
    openGroup(rest.left(slash).toUtf8(), rest.mid(slash + 1).toUtf8());
    return true;
}

Snapshot MainWindow::withHistoryVerdicts(const Snapshot &snapshot)
{
    // The history rules (stalled, pending climbing) join the snapshot's own.
    const QHash<GroupKey, HealthVerdict> verdicts = appendAndEvaluate(m_history, snapshot, m_historyRules);
    SnapshotData data = snapshot.data();
    for (StreamSnapshot &s : data.streams)
        for (GroupSnapshot &g : s.groups) {
            const auto it = verdicts.constFind(GroupKey{s.key, g.name});
            if (it != verdicts.constEnd())
                g.health = *it;
        }
    return Snapshot(std::move(data));
}

void MainWindow::applySnapshot(const Snapshot &incoming)
{
    if (incoming->generation < m_generation)
        return; // from before a reconnect
    m_generation = incoming->generation;
    const Snapshot snapshot = withHistoryVerdicts(incoming);
    m_lastSnapshotWallMs = QDateTime::currentMSecsSinceEpoch();
    m_model->applySnapshot(snapshot);
    m_groupPage->applySnapshot(snapshot);
    m_writes->setServerMode(snapshot->server.mode);
    m_dlqPage->applySnapshot(snapshot);
    updateDlqButton(snapshot);
    updateSummary(snapshot);
    if (m_stale) {
        m_stale = false;
        m_proxy->setStale(false);
        m_groupPage->setStale(false);
        m_dlqPage->setStale(false);
    }
    const QString when = QDateTime::fromMSecsSinceEpoch(snapshot->takenAtMs).toString(QStringLiteral("HH:mm:ss"));
    m_pollLabel->setText(tr("Last poll %1 · %2 ms · %3 round trip · %4 commands · %5 read")
                             .arg(when).arg(snapshot->stats.durationMs).arg(snapshot->stats.roundTrips).arg(snapshot->stats.commands)
                             .arg(snapshot->stats.bytesIn < 10'000 ? QStringLiteral("%1 B").arg(snapshot->stats.bytesIn)
                                                                  : QStringLiteral("%1 KiB").arg(snapshot->stats.bytesIn / 1024)));
    m_pollLabel->setToolTip(snapshot->warning);
    if (snapshot->stats.budgetTooSmall) { // --poll-budget: say that figures are old or missing, not just show them
        m_pollLabel->setText(m_pollLabel->text() + tr(" · poll budget too small: some figures are old or missing"));
        m_pollLabel->setToolTip(snapshot->stats.budgetNote + QLatin1Char('\n') + snapshot->warning);
    }
}

void MainWindow::checkStale()
{
    if (m_lastSnapshotWallMs == 0 || m_paused)
        return;
    const qint64 age = QDateTime::currentMSecsSinceEpoch() - m_lastSnapshotWallMs;
    const bool stale = age > std::max<qint64>(3000, 3LL * m_intervalMs);
    if (stale && !m_stale) {
        m_stale = true;
        m_proxy->setStale(true);
        m_groupPage->setStale(true);
        m_dlqPage->setStale(true);
    }
    if (m_stale) {
        const QString since = QDateTime::fromMSecsSinceEpoch(m_lastSnapshotWallMs).toString(QStringLiteral("HH:mm:ss"));
        m_summary->setText(tr("<span style='color:%3'><b>STALE since %1</b> — no answer from the server for %2; "
                              "the values below are the last ones known.</span>").arg(since, formatDuration(age), healthStyle(Health::Warn).strong.name()));
    }
}

void MainWindow::updateSummary(const Snapshot &snapshot)
{
    const HealthCounts counts = countHealth(snapshot);
    qint64 lag = 0, pending = 0, worstIdle = -1, unknownLag = 0;
    int dead = 0;
    for (const StreamSnapshot &s : snapshot->streams)
        for (const GroupSnapshot &g : s.groups) {
            if (g.lag)
                lag += *g.lag;
            else
                ++unknownLag;
            pending += g.pending.value_or(0);
            worstIdle = std::max(worstIdle, g.oldestIdleMs.value_or(-1));
            for (const ConsumerSnapshot &c : g.consumerList)
                dead += c.pending > 0 && c.idleMs && *c.idleMs >= m_thresholds.consumerIdleWarnMs;
        }
    auto tile = [](Health h, int n) {
        const HealthStyle st = healthStyle(h);
        return QStringLiteral("<span style='color:%1'><b>%2 %3 %4</b></span>").arg(st.strong.name(), st.glyph).arg(n).arg(st.word.toLower());
    };
    QString text = tile(Health::Crit, counts.crit) + QStringLiteral(" &nbsp; ") + tile(Health::Warn, counts.warn)
                   + QStringLiteral(" &nbsp; ") + tile(Health::Ok, counts.ok);
    text += tr(" &nbsp;│&nbsp; total lag <b>%1</b>%2 &nbsp;│&nbsp; total pending <b>%3</b> &nbsp;│&nbsp; worst oldest pending idle <b>%4</b>"
               " &nbsp;│&nbsp; dead consumers <b>%5</b>")
                .arg(formatCount(lag), unknownLag ? tr(" (+%1 unknown)").arg(unknownLag) : QString(), formatCount(pending),
                     worstIdle >= 0 ? formatDuration(worstIdle) : QStringLiteral("—"))
                .arg(dead);
    m_summary->setText(text);
}

void MainWindow::applyStatus(const ConnectionStatus &status)
{
    using State = RedisConnection::State;
    QString text;
    switch (status.state) {
    case State::Ready:
        text = tr("● Connected to %1 — %2 %3 (%4)").arg(status.address, status.server.product, status.server.version, status.server.mode);
        if (status.server.mode == QLatin1String("sentinel")) // the master in use, and a failover when there was one
            text += tr(", master %1").arg(status.server.node) + (status.failover.isEmpty() ? QString() : QStringLiteral(" — ⚠ ") + status.failover);
        m_banner->hide();
        break;
    case State::Connecting:
    case State::Handshake:
        text = tr("Connecting to %1…").arg(status.address);
        break;
    case State::Backoff:
        text = tr("Reconnecting to %1 (attempt %2, next in %3)").arg(status.address).arg(status.attempt).arg(formatDuration(status.nextRetryMs));
        break;
    case State::Disconnected:
        text = tr("Disconnected from %1").arg(status.address);
        break;
    }
    if (status.state != State::Ready && status.error.isError()) {
        // A wrong password, certificate or ACL will not heal by itself: red.
        // A lost connection, a timeout or a loading server may: amber.
        using Kind = RedisError::Kind;
        const Kind k = status.error.kind;
        const bool needsOperator = k == Kind::AuthFailed || k == Kind::AuthRequired || k == Kind::Tls || k == Kind::NoPermission
                                   || k == Kind::HostNotFound || k == Kind::Usage || k == Kind::Protocol;
        m_banner->setStyleSheet(bannerStyleSheet(needsOperator ? BannerTone::Danger : BannerTone::Trouble));
        m_banner->setText(tr("%1 — %2. The data below is from the last successful poll.")
                              .arg(RedisError::kindName(status.error.kind).toUpper(), status.error.message));
        m_banner->setToolTip(tr("Redis said: %1").arg(QString::fromUtf8(status.error.detail)));
        m_banner->show();
    }
    setWindowTitle(tr("Pelscope — %1").arg(status.address));
    m_connectionLabel->setText(text);
}

void MainWindow::copySelection()
{
    QTableView *view = m_stack->currentIndex() == 0 ? m_table : qobject_cast<QTableView *>(QApplication::focusWidget());
    if (!view || !view->selectionModel())
        return;
    QStringList lines;
    const QAbstractItemModel *model = view->model();
    QStringList header;
    for (int c = 0; c < model->columnCount(); ++c)
        header << model->headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (const QModelIndex &row : view->selectionModel()->selectedRows()) {
        QStringList cells;
        for (int c = 0; c < model->columnCount(); ++c)
            cells << model->index(row.row(), c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings().setValue(QStringLiteral("window/geometry"), saveGeometry());
    QMainWindow::closeEvent(event);
}

} // namespace pelscope
