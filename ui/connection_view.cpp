#include "connection_view.h"

#include "dlq_page.h"
#include "group_page.h"
#include "history/prometheus_backfill.h"
#include "health_style.h"
#include "itemmodels/group_table_model.h"
#include "overview_page.h"
#include "probe/poller_thread.h"
#include "snapshot/format.h"
#include "write_controller.h"
#include "write_results_panel.h"

#include <QApplication>
#include <QLocale>
#include <QSysInfo>
#include <QCoreApplication>
#include <QClipboard>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

#include <spdlog/spdlog.h>

namespace pelscope {

ConnectionView::ConnectionView(QWidget *parent)
    : QWidget(parent)
    , m_historySession(new HistorySession(&m_history, this))
    , m_historyLabel(new QLabel)
    , m_model(new GroupTableModel(this))
    , m_stack(new QStackedWidget)
    , m_results(new WriteResultsPanel)
    , m_overview(new OverviewPage(m_model))
    , m_banner(new QLabel)
    , m_clusterBanner(new QLabel)
    , m_writeBanner(new QLabel)
    , m_pauseBanner(new QLabel)
    , m_dlqButton(new QPushButton)
    , m_statusLine(new QStatusBar)
    , m_profileTag(new QLabel)
    , m_connectionLabel(new QLabel)
    , m_pollLabel(new QLabel)
    , m_replicaLabel(new QLabel)
    , m_groupPage(new GroupPage(&m_history))
    , m_writes(new WriteController(this))
    , m_dlqPage(new DlqPage(m_writes))
{
    m_model->setHistory(&m_history);
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setStyleSheet(bannerStyleSheet(BannerTone::Trouble));
    m_banner->hide();
    m_clusterBanner->setObjectName(QStringLiteral("clusterBanner"));
    m_clusterBanner->setWordWrap(true);
    m_clusterBanner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_clusterBanner->setStyleSheet(bannerStyleSheet(BannerTone::Trouble));
    m_clusterBanner->hide();
    m_pauseBanner->setText(tr("PAUSED — polling is suspended; press Space to resume."));
    m_pauseBanner->setStyleSheet(bannerStyleSheet(BannerTone::Notice));
    m_pauseBanner->hide();
    // Writes enabled must be impossible to miss, in any palette.
    m_writeBanner->setObjectName(QStringLiteral("writeBanner"));
    m_writeBanner->setTextFormat(Qt::RichText);
    m_writeBanner->setStyleSheet(bannerStyleSheet(BannerTone::Danger));
    m_writeBanner->hide();
    connect(m_writeBanner, &QLabel::linkActivated, this, [this] { m_writes->setWritesEnabled(false); });
    connect(m_writes, &WriteController::writesEnabledChanged, this, &ConnectionView::updateWriteBanner);
    connect(m_writes, &WriteController::message, this, [this](const QString &text) {
        m_statusLine->showMessage(text, 15000);
        Q_EMIT message(text);
    });

    m_dlqButton->setObjectName(QStringLiteral("dlqButton"));
    m_dlqButton->setText(tr("Dead letters"));
    m_dlqButton->setToolTip(tr("Browse, requeue and export the dead-letter streams (Ctrl+D)"));
    connect(m_dlqButton, &QPushButton::clicked, this, [this] { showDeadLetters(); });
    m_overview->toolRow()->addWidget(m_dlqButton);
    connect(m_overview, &OverviewPage::rowActivated, this, [this](const QModelIndex &index) {
        const QByteArray dlq = index.data(GroupTableModel::DeadLetterKeyRole).toByteArray();
        if (index.column() == GroupTableModel::DeadLetters && !dlq.isEmpty()) {
            showDeadLetters(dlq);
            return;
        }
        openGroup(index.data(GroupTableModel::StreamKeyRole).toByteArray(), index.data(GroupTableModel::GroupNameRole).toByteArray());
    });

    m_stack->addWidget(m_overview);
    m_stack->addWidget(m_groupPage);
    m_stack->addWidget(m_dlqPage);
    connect(m_groupPage, &GroupPage::backRequested, this, &ConnectionView::showOverview);
    connect(m_dlqPage, &DlqPage::backRequested, this, &ConnectionView::showOverview);
    m_groupPage->setWriteController(m_writes);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_writeBanner);
    layout->addWidget(m_banner);
    layout->addWidget(m_clusterBanner);
    layout->addWidget(m_pauseBanner);
    // The pages above, this connection's write results below (hidden until a
    // write has run), the operator choosing the split.
    auto *split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(m_stack);
    split->addWidget(m_results);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    m_results->hide();
    connect(m_writes, &WriteController::recorded, m_results, &WriteResultsPanel::add);
    layout->addWidget(split, 1);
    buildStatusLine();
    layout->addWidget(m_statusLine);

    // Stale data must look stale: checked on the GUI thread's own clock, so
    // it works precisely when the poller is stuck on a hung server.
    connect(&m_staleTimer, &QTimer::timeout, this, &ConnectionView::checkStale);
    m_staleTimer.start(500);
}

ConnectionView::~ConnectionView()
{
    m_poller.reset(); // joins the poller thread
    if (m_readerThread.isRunning()) {
        m_readerThread.quit();
        m_readerThread.wait();
    }
}

void ConnectionView::buildStatusLine()
{
    m_statusLine->setSizeGripEnabled(false);
    m_profileTag->hide();
    m_statusLine->addWidget(m_profileTag);
    m_statusLine->addWidget(m_connectionLabel, 1);
    m_replicaLabel->setObjectName(QStringLiteral("replicaLabel"));
    m_replicaLabel->setTextFormat(Qt::RichText);
    m_replicaLabel->hide();
    m_statusLine->addPermanentWidget(m_replicaLabel);
    m_historyLabel->setObjectName(QStringLiteral("historyLabel"));
    m_historyLabel->setTextFormat(Qt::RichText);
    m_statusLine->addPermanentWidget(m_historyLabel);
    m_statusLine->addPermanentWidget(m_pollLabel);
    connect(m_historySession, &HistorySession::stateChanged, this, &ConnectionView::updateHistoryLabel);
    connect(m_historySession, &HistorySession::pastReplayed, this, [this](int polls, qint64 loadMs, const QList<StoredEvent> &events) {
        // Failovers recorded before this window opened are marked on its charts too.
        for (const StoredEvent &e : events)
            if (!e.group && e.kind == QLatin1String("failover"))
                m_events.append(TimelineEvent{e.atMs, tr("failover"), e.text});
        m_groupPage->setConnectionEvents(m_events);
        m_groupPage->setRecordedSince(m_historySession->recordedSinceMs());
        m_groupPage->refreshCharts();
        m_model->refreshHistoryColumns();
        spdlog::info("history: {} recorded polls replayed, read in {} ms", polls, loadMs);
    });
    // Write actions join the history's events (the audit log keeps the details).
    connect(m_writes, &WriteController::recorded, this, [this](const WriteRecord &r) {
        StoredEvent e;
        e.atMs = QDateTime::currentMSecsSinceEpoch();
        e.kind = QStringLiteral("write");
        e.text = QStringLiteral("%1: %2 (%3)").arg(r.title, r.headline, r.where);
        m_historySession->recordEvent(e);
    });
}

ConnectionRequest::History &ConnectionRequest::defaultHistory()
{
    static History history;
    return history;
}

void ConnectionView::updateHistoryLabel(const HistoryState &state)
{
    QString text, tip;
    if (state.path.isEmpty()) {
        text = tr("History: in memory only");
    } else if (!state.problem.isEmpty()) {
        text = tr("<span style='color:%1'>History: in memory only</span>").arg(warningTextColor());
        tip = state.problem;
    } else if (state.writing) {
        text = tr("History: recording");
        tip = tr("Every poll is kept in %1").arg(state.path);
    } else if (state.open) {
        text = tr("History: %1 records").arg(state.holder.section(QLatin1Char(' '), 0, 1).toHtmlEscaped());
        tip = tr("%1 writes this connection's history (%2); this window shows it and adds no second copy, and takes over when it stops")
                  .arg(state.holder, state.path);
    }
    if (const auto since = m_historySession->recordedSinceMs())
        tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) + tr("Recorded since %1").arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(*since), QLocale::ShortFormat));
    m_historyLabel->setText(text);
    m_historyLabel->setToolTip(tip);
}

QTableView *ConnectionView::overviewTable() const
{
    return m_overview->table();
}

QString ConnectionView::label() const
{
    return m_writes->connectionLabel();
}

void ConnectionView::setThresholds(const HealthThresholds &t)
{
    m_thresholds = t;
    m_groupPage->setThresholds(t);
}

void ConnectionView::connectTo(const ConnectionRequest &request)
{
    m_poller.reset(); // joins the old poller thread first
    m_request = request;
    resetForNewConnection(request.options.redactedUrl());
    setPollIntervalMs(request.intervalMs);
    setThresholds(request.probe.thresholds);
    showProfileTag(request.colorTag);
    HistorySettings history;
    if (request.history.enabled) {
        history.path = historyPathFor(request.options, request.history.dir);
        history.owner = QStringLiteral("pelscope window (pid %1 on %2)").arg(QCoreApplication::applicationPid()).arg(QSysInfo::machineHostName());
        history.connectionLabel = request.options.redactedUrl();
        history.retentionDays = request.history.retentionDays;
        history.maxBytes = request.history.maxBytes;
        history.staleAfterMs = std::max<qint64>(10'000, 5LL * request.intervalMs);
    }
    m_historySession->start(history);
    m_groupPage->setHistoryNote(request.historyNote);
    delete m_backfill; // its answers in flight go with it
    m_backfill = request.prometheus.isValid() ? new PrometheusBackfill(request.prometheus, request.options.redactedUrl(), this) : nullptr;
    m_groupPage->setBackfill(m_backfill);
    updateHistoryLabel(m_historySession->state());
    m_poller = std::make_unique<PollerThread>(request.options, request.probe);
    m_poller->setIntervalMs(request.intervalMs);
    connect(m_poller->poller(), &StreamPoller::snapshotReady, this, &ConnectionView::applySnapshot);
    connect(m_poller->poller(), &StreamPoller::statusChanged, this, &ConnectionView::applyStatus);
    useConnection(request.options, request.label, request.colorTag == ConnectionProfile::ColorTag::Production);
    m_poller->setPaused(m_paused);
    m_poller->start();
}

void ConnectionView::reconnect()
{
    if (m_poller)
        connectTo(m_request);
}

void ConnectionView::showProfileTag(ConnectionProfile::ColorTag tag)
{
    m_profileTag->setVisible(tag != ConnectionProfile::ColorTag::None);
    m_profileTag->setText(QStringLiteral(" %1 ").arg(ConnectionProfile::colorTagName(tag).toUpper()));
    m_profileTag->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; font-weight: bold; border-radius: 3px; padding: 1px 6px; }")
                                    .arg(ConnectionProfile::colorTagColor(tag).name()));
}

void ConnectionView::resetForNewConnection(const QString &address)
{
    m_model->clear();
    m_history.clear();
    m_dlqPage->clear();
    m_generation = 0;
    m_lastSnapshotWallMs = 0;
    m_lastSnapshot = {};
    m_events.clear();
    m_groupPage->setConnectionEvents(m_events);
    showOverview();
    m_overview->setSummary(tr("Connecting to %1…").arg(address));
}

void ConnectionView::useConnection(const ConnectionOptions &options, const QString &label, bool production)
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

    const QString name = !label.isEmpty() ? label : options.redactedUrl();
    m_writes->setConnection(options, name, production);
    m_model->setConnectionLabel(name);
    Q_EMIT summaryChanged();
}

void ConnectionView::updateWriteBanner(bool enabled)
{
    m_writeBanner->setText(tr("⚠ WRITES ENABLED on %1 — requeue, delete, claim and acknowledge change data in this Redis. "
                              "<a href='#off' style='color:white'>Switch back to read-only</a>")
                               .arg(m_writes->connectionLabel().toHtmlEscaped()));
    m_writeBanner->setVisible(enabled);
    Q_EMIT summaryChanged(); // the tab shows it too
}

void ConnectionView::showDeadLetters(const QByteArray &key)
{
    if (!key.isEmpty())
        m_dlqPage->showDlq(key);
    m_stack->setCurrentWidget(m_dlqPage);
    m_dlqPage->setFocus(); // keyboard users land on the page (Esc goes back)
    QSettings().setValue(QStringLiteral("window/lastPage"), QStringLiteral("dlq"));
}

void ConnectionView::updateDlqButton(const Snapshot &snapshot)
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

void ConnectionView::showStartupError(const QString &message)
{
    m_banner->setStyleSheet(bannerStyleSheet(BannerTone::Danger));
    m_banner->setText(message);
    m_banner->show();
    m_overview->setSummary(tr("Not connected"));
}

void ConnectionView::openGroup(const QByteArray &stream, const QByteArray &group)
{
    m_groupPage->showGroup(stream, group);
    m_stack->setCurrentWidget(m_groupPage);
    // The keyboard goes with the page: its consumers table, where Esc,
    // Alt+Left and Backspace lead back.
    m_groupPage->consumerView()->setFocus();
    QSettings().setValue(QStringLiteral("window/lastPage"), QStringLiteral("group:%1/%2").arg(QString::fromUtf8(stream), QString::fromUtf8(group)));
}

void ConnectionView::showOverview()
{
    m_stack->setCurrentWidget(m_overview);
    m_overview->table()->setFocus();
    QSettings().setValue(QStringLiteral("window/lastPage"), QStringLiteral("overview"));
}

bool ConnectionView::showPage(const QString &page)
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

void ConnectionView::setPaused(bool paused)
{
    m_paused = paused;
    m_pauseBanner->setVisible(paused);
    if (m_poller)
        m_poller->setPaused(paused);
}

void ConnectionView::refresh()
{
    if (m_poller)
        m_poller->pollNow();
}

void ConnectionView::focusFilter()
{
    showOverview();
    m_overview->focusFilter();
}

Snapshot ConnectionView::withHistoryVerdicts(const Snapshot &snapshot)
{
    // Until the recorded past is in the store (a moment), polls wait there.
    if (!m_historySession->admit(snapshot))
        return snapshot;
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

void ConnectionView::applySnapshot(const Snapshot &incoming)
{
    if (incoming->generation < m_generation)
        return; // from before a reconnect
    m_generation = incoming->generation;
    const Snapshot snapshot = withHistoryVerdicts(incoming);
    m_historySession->record(snapshot); // to disk, on the history writer's thread
    if (!m_lastSnapshot.isNull())
        noteNodeChanges(m_lastSnapshot, snapshot);
    m_lastSnapshot = snapshot;
    m_lastSnapshotWallMs = QDateTime::currentMSecsSinceEpoch();
    const bool cluster = snapshot->server.mode == QLatin1String("cluster");
    m_overview->setColumnShown(GroupTableModel::Node, cluster);
    m_overview->offerGrouping(cluster ? GroupTableModel::Node : -1, tr("node"));
    m_model->applySnapshot(snapshot);
    m_groupPage->setRecordedSince(m_historySession->recordedSinceMs());
    m_groupPage->applySnapshot(snapshot);
    m_writes->setServerMode(snapshot->server.mode);
    m_dlqPage->applySnapshot(snapshot);
    updateDlqButton(snapshot);
    if (m_stale) {
        m_stale = false;
        m_model->setStale(false);
        m_groupPage->setStale(false);
        m_dlqPage->setStale(false);
    }
    updateSummary();
    updatePollLabel(snapshot);
    updateReplicaLabel(snapshot);
    updateClusterBanner(snapshot);
    Q_EMIT summaryChanged();
}

void ConnectionView::noteEvent(const TimelineEvent &event)
{
    m_events.append(event);
    if (m_events.size() > 200)
        m_events.removeFirst();
    StoredEvent stored;
    stored.atMs = event.atMs;
    stored.kind = QStringLiteral("failover");
    stored.text = event.detail;
    m_historySession->recordEvent(stored);
    m_groupPage->setConnectionEvents(m_events);
    m_statusLine->showMessage(event.detail, 120'000);
    Q_EMIT message(event.detail);
}

void ConnectionView::noteNodeChanges(const Snapshot &previous, const Snapshot &current)
{
    if (current->server.mode != QLatin1String("cluster"))
        return;
    QHash<QByteArray, QString> before;
    for (const StreamSnapshot &s : previous->streams)
        before.insert(s.key, s.node);
    QMap<QPair<QString, QString>, QStringList> moves; // (from, to) -> streams
    for (const StreamSnapshot &s : current->streams) {
        const QString was = before.value(s.key);
        if (!was.isEmpty() && !s.node.isEmpty() && was != s.node)
            moves[{was, s.node}] << displayBytes(s.key);
    }
    for (auto it = moves.cbegin(); it != moves.cend(); ++it) {
        const QStringList &streams = it.value();
        const QString which = streams.size() <= 3 ? streams.join(QStringLiteral(", ")) : tr("%1 streams").arg(streams.size());
        noteEvent({current->takenAtMs, tr("node changed"),
                   tr("%1: now on %2 (was %3) — a failover or a slot migration").arg(which, it.key().second, it.key().first)});
    }
}

void ConnectionView::updatePollLabel(const Snapshot &snapshot)
{
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

void ConnectionView::updateReplicaLabel(const Snapshot &snapshot)
{
    const std::optional<ReplicaSnapshot> &r = snapshot->server.replica;
    const bool clusterReplicas = std::any_of(snapshot->nodes.cbegin(), snapshot->nodes.cend(),
                                             [](const ClusterNodeSnapshot &n) { return n.readFromReplica; });
    m_replicaLabel->setVisible(r.has_value() || clusterReplicas);
    if (clusterReplicas) {
        // Per shard: which replica, and the worst lag, so a shard far behind stands out.
        int read = 0;
        qint64 worst = 0;
        bool unknown = false;
        QStringList details;
        for (const ClusterNodeSnapshot &n : snapshot->nodes) {
            read += !n.polledAddress.isEmpty();
            worst = std::max(worst, n.lagBytes.value_or(0));
            unknown |= !n.polledAddress.isEmpty() && !n.lagBytes;
            details << (n.polledAddress.isEmpty() ? tr("%1: not read — %2").arg(n.address, n.note)
                                                  : tr("%1: replica %2, link %3, lag %4").arg(n.address, n.polledAddress, n.replicaLink,
                                                         n.lagBytes ? tr("%1 B").arg(formatCount(*n.lagBytes)) : tr("unknown")));
        }
        const qsizetype shards = snapshot->nodes.size();
        const bool trouble = read < shards || unknown || worst > 1024 * 1024;
        const QString text = tr("Shards read from replicas: %1 of %2 · worst offset lag %3").arg(read).arg(shards)
                                 .arg(unknown ? tr("unknown") : tr("%1 B").arg(formatCount(worst)));
        m_replicaLabel->setText(trouble ? QStringLiteral("<span style='color:%1'><b>⚠ %2</b></span>").arg(healthStyle(Health::Warn).strong.name(), text)
                                        : text);
        m_replicaLabel->setToolTip(details.join(QLatin1Char('\n')));
        return;
    }
    if (!r)
        return;
    // A replica behind its primary shows old values: say by how much, next to the data.
    QString lag = r->lagBytes ? tr("offset lag %1 B").arg(formatCount(*r->lagBytes)) : tr("offset lag unknown");
    if (r->lastIoS && r->link == QLatin1String("up"))
        lag += tr(", last I/O %1 s ago").arg(*r->lastIoS);
    const bool trouble = r->link != QLatin1String("up") || r->syncing || !r->lagBytes || *r->lagBytes > 1024 * 1024;
    const QString colour = trouble ? healthStyle(Health::Warn).strong.name() : QString();
    QString text = tr("Replica %1 of %2 · link %3 · %4").arg(r->address.toHtmlEscaped(), r->primary.toHtmlEscaped(), r->link.toHtmlEscaped(), lag);
    if (r->syncing)
        text += tr(" · full resync running");
    m_replicaLabel->setText(colour.isEmpty() ? text : QStringLiteral("<span style='color:%1'><b>⚠ %2</b></span>").arg(colour, text));
    m_replicaLabel->setToolTip(r->note.isEmpty() ? tr("Polling a replica: the primary only gets one ROLE per tick, for this lag.") : r->note);
}

void ConnectionView::updateClusterBanner(const Snapshot &snapshot)
{
    QStringList problems, down;
    for (const ClusterNodeSnapshot &n : snapshot->nodes) {
        const QString where = n.polledAddress.isEmpty() ? n.address : n.polledAddress;
        if (!n.ok)
            problems << tr("%1 is not answering (%2): its %3 stream(s) show their last values, greyed").arg(where, n.error).arg(n.streams);
        else if (n.note.contains(QLatin1String("CLUSTERDOWN")))
            down << where;
    }
    if (!down.isEmpty())
        problems << tr("%1 answer%2 CLUSTERDOWN: the cluster considers itself down while a master fails (full coverage required), "
                       "so their streams keep their last values too (cluster-allow-reads-when-down yes keeps them readable)")
                        .arg(down.join(QStringLiteral(", ")), down.size() == 1 ? QStringLiteral("s") : QString());
    m_clusterBanner->setText(tr("Cluster: %1.").arg(problems.join(QStringLiteral(". "))));
    m_clusterBanner->setVisible(!problems.isEmpty());
}

void ConnectionView::checkStale()
{
    if (m_lastSnapshotWallMs == 0 || m_paused)
        return;
    const qint64 age = QDateTime::currentMSecsSinceEpoch() - m_lastSnapshotWallMs;
    const bool stale = age > std::max<qint64>(3000, 3LL * m_intervalMs);
    if (stale && !m_stale) {
        m_stale = true;
        m_model->setStale(true);
        m_groupPage->setStale(true);
        m_dlqPage->setStale(true);
        Q_EMIT summaryChanged();
    }
    if (m_stale) {
        const QString since = QDateTime::fromMSecsSinceEpoch(m_lastSnapshotWallMs).toString(QStringLiteral("HH:mm:ss"));
        m_overview->setSummary(tr("<span style='color:%3'><b>STALE since %1</b> — no answer from the server for %2; "
                                  "the values below are the last ones known.</span>").arg(since, formatDuration(age), healthStyle(Health::Warn).strong.name()));
    }
}

void ConnectionView::updateSummary()
{
    m_overview->setSummary(overviewSummaryHtml({m_lastSnapshot}, m_thresholds.consumerIdleWarnMs));
}

void ConnectionView::applyStatus(const ConnectionStatus &status)
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
        m_banner->setToolTip(tr("Redis said: %1").arg(displayBytes(status.error.detail)));
        m_banner->show();
    }
    m_connectionLabel->setText(text);
    if (status.failoverAtMs > m_lastFailoverAtMs && !status.failover.isEmpty()) { // Sentinel promoted another master
        m_lastFailoverAtMs = status.failoverAtMs;
        noteEvent({status.failoverAtMs, tr("failover"), status.failover});
    }
}

void ConnectionView::copySelection()
{
    QTableView *view = m_stack->currentWidget() == m_overview ? m_overview->table() : qobject_cast<QTableView *>(QApplication::focusWidget());
    if (!view || !view->selectionModel())
        return;
    QStringList lines;
    const QAbstractItemModel *model = view->model();
    QList<int> columns;
    QStringList header;
    for (int c = 0; c < model->columnCount(); ++c)
        if (!view->isColumnHidden(c)) {
            columns << c;
            header << model->headerData(c, Qt::Horizontal).toString();
        }
    lines << header.join(QLatin1Char('\t'));
    for (const QModelIndex &row : view->selectionModel()->selectedRows()) {
        QStringList cells;
        for (int c : std::as_const(columns))
            cells << model->index(row.row(), c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

} // namespace pelscope
