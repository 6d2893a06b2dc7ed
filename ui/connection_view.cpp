#include "connection_view.h"

#include "snapshot/dead_letter_causes.h"
#include "charts/previous_period_lines.h"

#include "widgets/cluster_banner.h"
#include "session/page_route.h"
#include "widgets/table_copy.h"
#include "widgets/connection_status_line.h"

#include "pages/dlq_page.h"
#include "pages/group_page.h"
#include "history/history_file.h"
#include "history/prometheus_backfill.h"
#include "health_style.h"
#include "itemmodels/group_table_model.h"
#include "pages/overview_page.h"
#include "charts/activity_chart.h"
#include "pages/job_queue_page.h"
#include "pages/queue_page.h"
#include "pages/queue_panel.h"
#include "snapshot/format.h"
#include "text/fill_text.h"
#include "write_controller.h"
#include "widgets/write_results_panel.h"

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
    , m_session(new ConnectionSession(this))
    , m_model(new GroupTableModel(this))
    , m_stack(new QStackedWidget)
    , m_results(new WriteResultsPanel)
    , m_overview(new OverviewPage(m_model))
    , m_queues(new QueuePanel)
    , m_banner(new QLabel)
    , m_clusterBanner(new ClusterBanner)
    , m_writeBanner(new QLabel)
    , m_pauseBanner(new QLabel)
    , m_dlqButton(new QPushButton)
    , m_statusLine(new ConnectionStatusLine)
    , m_groupPage(new GroupPage(&m_session->history()))
    , m_writes(new WriteController(this))
    , m_dlqPage(new DlqPage(m_writes))
    , m_queuePage(new QueuePage(m_writes))
    , m_jobPage(new JobQueuePage(m_writes))
{
    m_model->setHistory(&m_session->history());
    connect(m_session, &ConnectionSession::snapshotReady, this, &ConnectionView::render);
    connect(m_session, &ConnectionSession::statusChanged, this, &ConnectionView::applyStatus);
    connect(m_session, &ConnectionSession::eventNoted, this, &ConnectionView::showTimelineEvent);
    m_banner->setObjectName(QStringLiteral("connectionBanner"));
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
    connect(m_writes, &WriteController::writesEnabledChanged, this, &ConnectionView::updateWriteBanner);
    // After a claim or a consumer deleted, the consumers table is read at once
    // (it waited for its cadence, every 10th poll, while the pending table was fresh).
    connect(m_writes, &WriteController::groupWritten, this,
            [this](const QByteArray &stream, const QByteArray &group) { m_session->rereadGroup(stream, group); });
    connect(m_writes, &WriteController::message, this, [this](const QString &text) {
        m_statusLine->say(text, 15000);
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

    // The groups above, the connection's queues below (hidden while it has none).
    m_overviewSplit = new QSplitter(Qt::Vertical);
    m_overviewSplit->setChildrenCollapsible(false);
    m_overviewSplit->addWidget(m_overview);
    m_overviewSplit->addWidget(m_queues);
    m_overviewSplit->setStretchFactor(0, 3);
    m_overviewSplit->setStretchFactor(1, 1);
    m_stack->addWidget(m_overviewSplit);
    m_stack->addWidget(m_groupPage);
    m_stack->addWidget(m_dlqPage);
    m_stack->addWidget(m_queuePage);
    m_stack->addWidget(m_jobPage);
    connect(m_queues, &QueuePanel::queueActivated, this, &ConnectionView::openQueue);
    connect(m_queues, &QueuePanel::jobQueueActivated, this, &ConnectionView::openJobQueue);
    connect(m_jobPage, &JobQueuePage::backRequested, this, &ConnectionView::showOverview);
    connect(m_jobPage, &JobQueuePage::historyRequested, m_session->historySessionForReads(), &HistorySession::readQueueSeries);
    connect(m_session->historySessionForReads(), &HistorySession::queueSeriesRead, m_jobPage, &JobQueuePage::showHistory);
    connect(m_queuePage, &QueuePage::backRequested, this, &ConnectionView::showOverview);
    connect(m_queuePage, &QueuePage::historyRequested, m_session->historySessionForReads(), &HistorySession::readQueueSeries);
    connect(m_session->historySessionForReads(), &HistorySession::queueSeriesRead, m_queuePage, &QueuePage::showHistory);
    connect(m_groupPage, &GroupPage::backRequested, this, &ConnectionView::showOverview);
    connect(m_groupPage->previousPeriod(), &PreviousPeriodLines::seriesRequested, m_session->historySessionForReads(),
            &HistorySession::readGroupSeries);
    connect(m_session->historySessionForReads(), &HistorySession::groupSeriesRead, m_groupPage->previousPeriod(), &PreviousPeriodLines::take);
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

    connect(m_session, &ConnectionSession::stalenessChanged, this, &ConnectionView::showStaleness);
}

ConnectionView::~ConnectionView() = default;

void ConnectionView::buildStatusLine()
{
    connect(m_statusLine, &ConnectionStatusLine::activityClicked, this, [this] { showActivityChart(); });
    connect(m_session, &ConnectionSession::historyStateChanged, this,
            [this](const HistoryState &state) { m_statusLine->showHistory(state, m_session->historySession().recordedSinceMs()); });
    connect(m_session, &ConnectionSession::pastReplayed, this, [this] {
        m_groupPage->setConnectionEvents(m_session->events());
        m_groupPage->setRecordedSince(m_session->historySession().recordedSinceMs());
        m_groupPage->refreshCharts();
        m_model->refreshHistoryColumns();
    });
    // Write actions join the history's events (the audit log keeps the details).
    connect(m_writes, &WriteController::recorded, this, [this](const WriteRecord &r) {
        StoredEvent e;
        e.atMs = QDateTime::currentMSecsSinceEpoch();
        e.kind = QStringLiteral("write");
        e.text = QStringLiteral("%1: %2 (%3)").arg(r.title, r.headline, r.where);
        m_session->recordEvent(e);
    });
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
    m_queuePage->setProcessingTimeoutMs(t.processingTimeoutMs);
    m_jobPage->setCeleryVisibilityTimeoutMs(t.celeryVisibilityTimeoutMs);
    m_queuePage->setDelayedThresholds(t.delayedOverdueWarnMs, t.delayedOverdueCritMs);
}

void ConnectionView::connectTo(const ConnectionRequest &request)
{
    m_request = request;
    resetForNewConnection(request.options.redactedUrl());
    setThresholds(request.probe.thresholds);
    m_statusLine->showProfileTag(request.colorTag);
    SessionSettings settings;
    settings.options = request.options;
    settings.probe = request.probe;
    settings.intervalMs = request.intervalMs;
    HistorySettings &history = settings.history;
    if (request.history.enabled) {
        history.path = historyPathFor(request.options, request.history.dir);
        history.owner = historyLeaseOwner(QStringLiteral("pelscope window"));
        history.connectionLabel = request.options.redactedUrl();
        history.retentionDays = request.history.retentionDays;
        history.maxBytes = request.history.maxBytes;
        history.staleAfterMs = std::max<qint64>(10'000, 5LL * request.intervalMs);
    }
    m_session->start(settings);
    m_groupPage->setHistoryNote(request.historyNote);
    delete m_backfill; // its answers in flight go with it
    m_backfill = request.prometheus.isValid() ? new PrometheusBackfill(request.prometheus, request.options.redactedUrl(), this) : nullptr;
    m_groupPage->setBackfill(m_backfill);
    m_statusLine->showHistory(m_session->historySession().state(), m_session->historySession().recordedSinceMs());
    useConnection(request.options, request.label, request.colorTag == ConnectionProfile::ColorTag::Production);
}

void ConnectionView::reconnect()
{
    if (m_session->isPolling())
        connectTo(m_request);
}

void ConnectionView::resetForNewConnection(const QString &address)
{
    m_model->clear();
    m_session->reset();
    m_dlqPage->clear();
    m_groupPage->setConnectionEvents({});
    showOverview();
    m_overview->setSummary(tr("Connecting to %1…").arg(address));
}

void ConnectionView::useConnection(const ConnectionOptions &options, const QString &label, bool production)
{
    m_readOptions = options;
    EntryReader *reader = m_session->openReader(options);
    connect(reader, &EntryReader::entryRead, m_groupPage, &GroupPage::showEntry);
    connect(m_groupPage, &GroupPage::entryRequested, reader, &EntryReader::read);
    connect(reader, &EntryReader::entryRead, m_dlqPage, &DlqPage::routeEntry);
    connect(reader, &EntryReader::pageRead, m_dlqPage, &DlqPage::routePage);
    connect(reader, &EntryReader::entriesRead, m_dlqPage, &DlqPage::routeEntries);
    connect(m_dlqPage, &DlqPage::entryRequested, reader, &EntryReader::read);
    connect(m_dlqPage, &DlqPage::pageRequested, reader, &EntryReader::readPage);
    connect(m_dlqPage, &DlqPage::entriesRequested, reader, &EntryReader::readEntries);
    connect(reader, &EntryReader::queuePageRead, m_queuePage, &QueuePage::showPage);
    connect(m_queuePage, &QueuePage::pageRequested, reader, &EntryReader::readQueuePage);
    connect(reader, &EntryReader::queuePageRead, m_jobPage, &JobQueuePage::showPage);
    connect(m_jobPage, &JobQueuePage::pageRequested, reader, &EntryReader::readQueuePage);
    connect(m_jobPage, &JobQueuePage::jobRequested, reader, &EntryReader::readJobHash);
    connect(reader, &EntryReader::jobHashRead, m_jobPage, &JobQueuePage::showJob);

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

void ConnectionView::updateDlqButton(const Snapshot &snapshot)
{
    qint64 entries = 0, growth = 0;
    for (const DeadLetterSnapshot &d : snapshot->deadLetters) {
        entries += d.length.value_or(0);
        growth += std::max<qint64>(0, d.growth.value_or(0));
    }
    const qsizetype n = snapshot->deadLetters.size();
    const QString streams = n == 1 ? tr("1 stream") : fillText(tr("%1 streams"), n);
    QString text = n == 0       ? tr("Dead letters: none found")
                   : growth > 0 ? fillText(tr("⚠ Dead letters: %1 in %2, +%3 recently"), formatCount(entries), streams, formatCount(growth))
                                : fillText(tr("Dead letters: %1 in %2"), formatCount(entries), streams);
    // What piles up there, by its error (the newest entries' causes): the
    // poison question answered without opening the page.
    const DeadLetterCauses causes = topDeadLetterCauses(snapshot->deadLetters, 5);
    const auto causeName = [this](const QByteArray &cause) { return cause.isEmpty() ? tr("no error field") : displayBytes(cause); };
    QStringList shown, listed;
    for (const DeadLetterCause &c : causes.top) {
        if (shown.size() < 2)
            shown << fillText(tr("%1 ×%2"), m_dlqButton->fontMetrics().elidedText(causeName(c.cause), Qt::ElideRight, 200), formatCount(c.count));
        listed << fillText(tr("%1: %2"), causeName(c.cause), formatCount(c.count));
    }
    if (!shown.isEmpty())
        text = fillText(tr("%1 · top: %2"), text, shown.join(QStringLiteral(", ")));
    // A button reads "&" as its shortcut's mark: an error text's own is doubled.
    m_dlqButton->setText(QString(text).replace(QLatin1Char('&'), QStringLiteral("&&")));
    QString tip = tr("Browse, requeue and export the dead-letter streams (Ctrl+D)");
    if (!listed.isEmpty())
        tip = fillText(tr("%1\n\nBy error, among the newest %2 entries read (%3 causes in all):\n%4"), tip, formatCount(causes.sampled),
                       causes.distinct, listed.join(QLatin1Char('\n')));
    m_dlqButton->setToolTip(tip);
}

void ConnectionView::showStartupError(const QString &message)
{
    m_banner->setStyleSheet(bannerStyleSheet(BannerTone::Danger));
    m_banner->setText(message);
    m_banner->show();
    m_overview->setSummary(tr("Not connected"));
}

void ConnectionView::setPaused(bool paused)
{
    m_paused = paused;
    m_pauseBanner->setVisible(paused);
    m_session->setPaused(paused);
}

void ConnectionView::refresh()
{
    m_session->pollNow();
}

void ConnectionView::focusFilter()
{
    showOverview();
    m_overview->focusFilter();
}

// A server with queues and no consumer group (a Sidekiq or BullMQ Redis):
// the queues take the room the empty groups table had, once, when that turns.
void ConnectionView::leadWithQueues(bool lead)
{
    if (lead == m_queuesLead)
        return;
    m_queuesLead = lead;
    const int h = std::max(m_overviewSplit->height(), 400);
    m_overviewSplit->setSizes(lead ? QList<int>{h / 4, h * 3 / 4} : QList<int>{h * 3 / 4, h / 4});
}

void ConnectionView::applySnapshot(const Snapshot &incoming)
{
    m_session->accept(incoming); // render() follows, with the session's verdicts
}

void ConnectionView::render(const Snapshot &snapshot)
{
    const bool cluster = snapshot->server.mode == QLatin1String("cluster");
    m_overview->setColumnShown(GroupTableModel::Node, cluster);
    m_overview->setColumnShown(GroupTableModel::ReadAge, snapshot->stats.refreshTicks > 1);
    m_overview->offerGrouping(cluster ? GroupTableModel::Node : -1, tr("node"));
    m_model->applySnapshot(snapshot);
    m_groupPage->setRecordedSince(m_session->historySession().recordedSinceMs());
    m_groupPage->applySnapshot(snapshot);
    m_writes->setServerMode(snapshot->server.mode);
    m_dlqPage->applySnapshot(snapshot);
    m_queues->applySnapshot(snapshot);
    leadWithQueues(m_model->rowCount() == 0 && m_queues->isVisibleTo(this));
    openWantedQueue();
    if (m_activityChart && m_activityChart->isVisible())
        m_activityChart->applySnapshot(snapshot);
    if (m_stack->currentWidget() == m_queuePage)
        m_queuePage->applySnapshot(snapshot);
    if (m_stack->currentWidget() == m_jobPage)
        m_jobPage->applySnapshot(snapshot);
    updateDlqButton(snapshot);
    updateSummary();
    m_statusLine->showPoll(snapshot);
    // Every 10 s, or when groups come or go: bytesUsed() walks every series' buffers.
    if (const int groups = m_session->history().read([](const HistoryStore &h) { return h.groupCount(); });
        snapshot->takenAtMs - m_heldShownAtMs >= 10'000 || groups != m_heldGroupsShown) {
        m_heldShownAtMs = snapshot->takenAtMs;
        m_heldGroupsShown = groups;
        m_statusLine->showHistoryHeld(m_session->history().read([](const HistoryStore &h) { return h.held(); }));
    }
    m_clusterBanner->showNodes(snapshot);
    Q_EMIT summaryChanged();
    Q_EMIT polled(snapshot);
}

void ConnectionView::showTimelineEvent(const TimelineEvent &event)
{
    m_groupPage->setConnectionEvents(m_session->events());
    m_statusLine->say(event.detail, 120'000);
    Q_EMIT message(event.detail);
}

void ConnectionView::showStaleness(bool stale, qint64 sinceWallMs, qint64 ageMs)
{
    if (stale != m_stale) {
        m_stale = stale;
        m_model->setStale(stale);
        m_groupPage->setStale(stale);
        m_dlqPage->setStale(stale);
        if (stale)
            Q_EMIT summaryChanged(); // un-staled by the poll that follows, which says so itself
    }
    if (stale) {
        const QString since = QDateTime::fromMSecsSinceEpoch(sinceWallMs).toString(QStringLiteral("HH:mm:ss"));
        m_overview->setSummary(tr("<span style='color:%3'><b>STALE since %1</b> — no answer from the server for %2; "
                                  "the values below are the last ones known.</span>")
                                   .arg(since, formatDuration(ageMs), healthStyle(Health::Warn).strong.name()));
    }
}

void ConnectionView::updateSummary()
{
    m_overview->setSummary(overviewSummaryHtml({m_session->lastSnapshot()}));
}

void ConnectionView::applyStatus(const ConnectionStatus &status)
{
    m_statusLine->showConnection(status);
    if (status.state == RedisConnection::State::Ready)
        m_banner->hide();
    if (status.state != RedisConnection::State::Ready && status.error.isError()) {
        // Red for what will not heal by itself, amber for what may.
        m_banner->setStyleSheet(bannerStyleSheet(status.error.needsOperator() ? BannerTone::Danger : BannerTone::Trouble));
        // The error's own words end as they end ("…listening there?"): no
        // second full stop after them. And the data below is from a poll
        // only when there was one.
        QString why = status.error.message;
        if (!why.isEmpty() && !why.endsWith(QLatin1Char('.')) && !why.endsWith(QLatin1Char('?')) && !why.endsWith(QLatin1Char('!')))
            why += QLatin1Char('.');
        const QString kind = RedisError::kindName(status.error.kind).toUpper();
        m_banner->setText(m_session->lastSnapshot().isNull()
                              ? fillText(tr("%1 — %2 No data yet: no poll has succeeded on this connection."), kind, why)
                              : fillText(tr("%1 — %2 The data below is from the last successful poll."), kind, why));
        m_banner->setToolTip(tr("Redis said: %1").arg(displayBytes(status.error.detail)));
        m_banner->show();
    }
}

void ConnectionView::copySelection()
{
    // On the overview: the queue table when it has the focus, else the groups.
    QTableView *view = qobject_cast<QTableView *>(QApplication::focusWidget());
    if (m_stack->currentWidget() == m_overviewSplit && view != m_queues->table())
        view = m_overview->table();
    if (view && view->selectionModel())
        QApplication::clipboard()->setText(selectedRowsAsTsv(*view));
}

} // namespace pelscope
