#include "pages/group_page.h"

#include "health/incident_tracker.h"
#include "history/series_assembly.h"
#include "report/report_incidents.h"
#include "accessible_names.h"
#include "widgets/back_button.h"
#include "pages/scroll_page.h"

#include "charts/delivery_histogram_widget.h"
#include "health_style.h"
#include "itemmodels/consumer_table_model.h"
#include "itemmodels/pending_table_model.h"
#include "widgets/payload_view.h"
#include "widgets/consumer_actions_bar.h"
#include "widgets/pending_actions_bar.h"
#include "write_controller.h"
#include "snapshot/format.h"
#include "snapshot/status_words.h"
#include "text/fill_text.h"
#include "charts/group_charts.h"
#include "charts/previous_period_lines.h"
#include "charts/time_chart_widget.h"
#include "history/prometheus_backfill.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QGridLayout>
#include <QMenu>
#include <QToolButton>
#include <QHeaderView>
#include <QScrollBar>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace pelscope {

namespace {

// Dead consumers and poison candidates stand out in their tables.
class HighlightProxy : public QSortFilterProxyModel
{
public:
    HighlightProxy(int flagRole, QObject *parent)
        : QSortFilterProxyModel(parent)
        , m_flagRole(flagRole)
    {}
    QVariant data(const QModelIndex &index, int role) const override
    {
        if ((role == Qt::BackgroundRole || role == Qt::ForegroundRole) && QSortFilterProxyModel::data(index, m_flagRole).toBool()) {
            const HealthStyle st = healthStyle(Health::Crit);
            return role == Qt::BackgroundRole ? QVariant(QBrush(st.tint)) : QVariant(QBrush(st.strong));
        }
        return QSortFilterProxyModel::data(index, role);
    }
    bool lessThan(const QModelIndex &l, const QModelIndex &r) const override
    {
        const QVariant a = l.data(sortRole()), b = r.data(sortRole());
        if (a.typeId() == QMetaType::Double && b.typeId() == QMetaType::Double)
            return a.toDouble() < b.toDouble();
        return a.toString() < b.toString();
    }

private:
    int m_flagRole;
};

QTableView *makeTable(QAbstractItemModel *model, int sortColumn, Qt::SortOrder order)
{
    auto *view = new QTableView;
    view->setModel(model);
    view->setSortingEnabled(true);
    view->sortByColumn(sortColumn, order);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->hide();
    // IDs and consumer names are read whole: columns fit their contents
    // (the table scrolls sideways when they are wide), the last one stretches.
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    // Three rows at least, whatever the charts above ask: on a laptop the
    // tables were squeezed to one row, and they are who holds what.
    view->setMinimumHeight(view->horizontalHeader()->sizeHint().height() + 3 * view->verticalHeader()->defaultSectionSize()
                           + view->horizontalScrollBar()->sizeHint().height() + 2 * view->frameWidth());
    return view;
}

} // namespace

GroupPage::GroupPage(const SharedHistoryStore *history, QWidget *parent)
    : QWidget(parent)
    , m_history(history)
    , m_title(new QLabel)
    , m_reasons(new QLabel)
    , m_facts(new QLabel)
    , m_window(new QComboBox)
    , m_notifications(new QToolButton)
    , m_lagChart(new TimeChartWidget(tr("Unread lag and pending")))
    , m_idleChart(new TimeChartWidget(tr("Oldest pending idle and how far behind")))
    , m_rateChart(new TimeChartWidget(tr("In and out rates (entries/s)")))
    , m_histogram(new DeliveryHistogramWidget)
    , m_consumers(new ConsumerTableModel(this))
    , m_pending(new PendingTableModel(this))
    , m_payload(new PayloadView)
    , m_previous(new PreviousPeriodLines(history, this))
{
    connect(m_previous, &PreviousPeriodLines::changed, this, &GroupPage::updateCharts);
    auto *back = makeBackButton(this, &GroupPage::backRequested);
    m_title->setTextFormat(Qt::RichText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    m_title->setFont(big);
    // "for about 14m (since …, from the oldest pending entry's idle time)"
    // wraps on a narrow window instead of widening the page past it.
    m_title->setWordWrap(true);
    m_reasons->setObjectName(QStringLiteral("groupReasons"));
    m_reasons->setAccessibleName(tr("Why this status"));
    m_reasons->setTextFormat(Qt::RichText);
    m_reasons->setWordWrap(true);
    // A runbook link opens in the browser, from the mouse or Tab and Return.
    m_reasons->setOpenExternalLinks(true);
    m_reasons->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_facts->setWordWrap(true);
    for (const auto &[label, secs] : {std::pair{tr("5 min"), 300}, {tr("15 min"), 900}, {tr("1 h"), 3600}, {tr("6 h"), 21600}, {tr("24 h"), 86400}})
        m_window->addItem(label, secs);
    m_window->setCurrentIndex(1);
    connect(m_window, &QComboBox::currentIndexChanged, this, [this] {
        m_windowSeconds = m_window->currentData().toInt();
        updateCharts();
    });

    auto *top = new QHBoxLayout;
    top->addWidget(back);
    top->addWidget(m_title, 1);
    auto *windowLabel = new QLabel(tr("Window:"));
    windowLabel->setBuddy(m_window);
    m_window->setAccessibleName(tr("Chart window"));
    top->addWidget(windowLabel);
    top->addWidget(m_window);
    m_compare = new QComboBox;
    m_compare->addItem(tr("nothing"), int(PreviousPeriod::None));
    m_compare->addItem(tr("a day earlier"), int(PreviousPeriod::Day));
    m_compare->addItem(tr("a week earlier"), int(PreviousPeriod::Week));
    m_compare->setAccessibleName(tr("Compare with"));
    m_compare->setToolTip(tr("Draw the same window a day or a week earlier as a faint dashed line, from the recorded history"));
    connect(m_compare, &QComboBox::currentIndexChanged, this,
            [this] { setPreviousPeriod(PreviousPeriod(m_compare->currentData().toInt())); });
    auto *compareLabel = new QLabel(tr("Compare with:"));
    compareLabel->setBuddy(m_compare);
    top->addWidget(compareLabel);
    top->addWidget(m_compare);
    // Filled by the window when opened (it owns the mutes): 1 hour, until OK, always.
    m_notifications->setText(tr("Notifications"));
    m_notifications->setToolTip(tr("Mute this group's desktop notifications"));
    m_notifications->setPopupMode(QToolButton::InstantPopup);
    m_notifications->setMenu(new QMenu(m_notifications));
    top->addWidget(m_notifications);

    m_charts = GroupCharts::setUp(m_lagChart, m_idleChart, m_rateChart);
    auto *charts = new QGridLayout;
    charts->addWidget(m_lagChart, 0, 0);
    charts->addWidget(m_idleChart, 0, 1);
    charts->addWidget(m_rateChart, 1, 0);
    charts->addWidget(m_histogram, 1, 1);

    auto *consumerProxy = new HighlightProxy(ConsumerTableModel::StalledRole, this);
    consumerProxy->setSourceModel(m_consumers);
    consumerProxy->setSortRole(ConsumerTableModel::SortRole);
    m_consumerView = makeTable(consumerProxy, ConsumerTableModel::Pending, Qt::DescendingOrder);
    // "stalled" right after the name: in a laptop's third of the width the
    // last column was cut to "Stat…", and it is the one that answers.
    m_consumerView->horizontalHeader()->moveSection(m_consumerView->horizontalHeader()->visualIndex(ConsumerTableModel::State), 1);
    auto *pendingProxy = new HighlightProxy(PendingTableModel::PoisonRole, this);
    pendingProxy->setSourceModel(m_pending);
    pendingProxy->setSortRole(PendingTableModel::SortRole);
    m_pendingView = makeTable(pendingProxy, PendingTableModel::Deliveries, Qt::DescendingOrder);
    m_pendingView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    connect(m_pendingView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (!current.isValid())
            return;
        const QByteArray id = current.data(PendingTableModel::EntryIdRole).toByteArray();
        m_payload->showLoading(id);
        Q_EMIT entryRequested(m_key.stream, id);
    });

    auto wrap = [](const QString &title, QWidget *w) {
        auto *box = new QWidget;
        auto *l = new QVBoxLayout(box);
        l->setContentsMargins(0, 0, 0, 0);
        auto *label = new QLabel(QStringLiteral("<b>%1</b>").arg(title));
        l->addWidget(label);
        l->addWidget(w);
        return box;
    };
    auto *bottom = new QSplitter(Qt::Horizontal);
    QWidget *consumerBox = wrap(tr("Consumers"), m_consumerView);
    m_consumerBox = static_cast<QVBoxLayout *>(consumerBox->layout());
    m_consumerTitle = qobject_cast<QLabel *>(m_consumerBox->itemAt(0)->widget());
    m_consumerTitle->setObjectName(QStringLiteral("consumersTitle"));
    bottom->addWidget(consumerBox);
    QWidget *pendingBox = wrap(tr("Pending entries (head of the PEL, poison candidates first)"), m_pendingView);
    m_pendingBox = static_cast<QVBoxLayout *>(pendingBox->layout());
    bottom->addWidget(pendingBox);
    bottom->addWidget(wrap(tr("Payload"), m_payload));
    bottom->setSizes({300, 380, 420});

    auto *chartsBox = new QWidget;
    charts->setContentsMargins(0, 0, 0, 0); // a widget's layout gets ~10 px a side: 20 px a laptop's fold could not spare
    chartsBox->setLayout(charts);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(chartsBox);
    split->addWidget(bottom);
    split->setSizes({420, 260});

    QVBoxLayout *layout = scrollingLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_reasons);
    m_comparison = new QLabel;
    m_comparison->setObjectName(QStringLiteral("groupComparison"));
    m_comparison->setAccessibleName(tr("Against the previous period"));
    m_comparison->setWordWrap(true);
    m_comparison->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_comparison->hide();
    layout->addWidget(m_comparison);
    layout->addWidget(m_facts);
    layout->addWidget(split, 1);
    setThresholds(m_thresholds);
}

void GroupPage::setWriteController(WriteController *writes)
{
    m_pendingActions = new PendingActionsBar(writes, m_pendingView->selectionModel(), PendingTableModel::EntryIdRole);
    m_pendingActions->setClaimGuardMs(m_thresholds.consumerIdleWarnMs);
    m_pendingBox->addWidget(m_pendingActions);
    m_consumerActions = new ConsumerActionsBar(writes, m_consumerView->selectionModel());
    m_consumerActions->setClaimGuardMs(m_thresholds.consumerIdleWarnMs);
    m_consumerBox->addWidget(m_consumerActions);
    connect(writes, &WriteController::pendingActionFinished, this, [this] { m_pendingView->clearSelection(); });
}

void GroupPage::setThresholds(const HealthThresholds &t)
{
    m_thresholds = t;
    applyGroupThresholds();
}

// The lines and poison marks of this group (stalled consumers come with the verdict): the connection's
// thresholds with the group's own overrides.
void GroupPage::applyGroupThresholds()
{
    const HealthThresholds t = m_thresholds.forGroup(m_key.stream, m_key.group);
    if (m_pendingActions) {
        m_pendingActions->setClaimGuardMs(t.consumerIdleWarnMs);
        m_consumerActions->setClaimGuardMs(t.consumerIdleWarnMs);
    }
    m_pending->setPoisonThreshold(t.deliveryCountWarn);
    m_idleChart->clearThresholds();
    m_idleChart->setThreshold(fillText(tr("%1 %2", "a chart\'s threshold line: its status and value"), statusName(Health::Warn), formatDuration(t.oldestIdleWarnMs)), t.oldestIdleWarnMs / 1000.0, healthStyle(Health::Warn).strong);
    m_idleChart->setThreshold(fillText(tr("%1 %2", "a chart\'s threshold line: its status and value"), statusName(Health::Crit), formatDuration(t.oldestIdleCritMs)), t.oldestIdleCritMs / 1000.0, healthStyle(Health::Crit).strong);
}

void GroupPage::setWindowSeconds(int seconds)
{
    const int i = m_window->findData(seconds);
    if (i >= 0) {
        m_window->setCurrentIndex(i);
        return;
    }
    // Not one of the choices (the incident report's pictures span what was
    // recorded, a minute say): drawn over exactly that.
    m_windowSeconds = std::clamp(seconds, 60, 86'400);
    updateCharts();
}

void GroupPage::showGroup(const QByteArray &stream, const QByteArray &group)
{
    m_key = GroupKey{stream, group};
    const QString names = fillText(QStringLiteral("%1 / %2"), displayBytes(stream), displayBytes(group));
    nameView(m_consumerView, fillText(tr("Consumers of %1"), names));
    nameView(m_pendingView, fillText(tr("Pending entries of %1"), names));
    m_payload->showNothing();
    applyGroupThresholds();
    if (!m_snapshot.isNull())
        applySnapshot(m_snapshot);
}

// XINFO CONSUMERS is read every few polls (its cost grows with the
// consumers): when this table is older than the rest of the page, it says so
// beside its title, or its Idle would look ~10 s behind for no reason.
void GroupPage::updateConsumerTitle(const GroupSnapshot *g)
{
    const qint64 age = g && g->consumersAgeMs ? *g->consumersAgeMs : 0;
    const QString title = tr("Consumers");
    if (age < 1000) {
        m_consumerTitle->setText(fillText(QStringLiteral("<b>%1</b>"), title.toHtmlEscaped()));
        m_consumerTitle->setToolTip({});
        return;
    }
    m_consumerTitle->setText(fillText(QStringLiteral("<b>%1</b> <span style='color:%2'>%3</span>"), title.toHtmlEscaped(), dimTextColor(),
                                      fillText(tr("as read %1 ago"), formatDuration(age)).toHtmlEscaped()));
    m_consumerTitle->setToolTip(tr("The consumers are read every few polls, not every poll: their idle times are as old as this."));
}

void GroupPage::applySnapshot(const Snapshot &snapshot)
{
    m_snapshot = snapshot;
    const StreamSnapshot *s = snapshot.stream(m_key.stream);
    const GroupSnapshot *g = snapshot.group(m_key.stream, m_key.group);
    m_consumers->setGroup(m_key.stream, m_key.group, g);
    updateConsumerTitle(g);
    m_pending->setGroup(m_key.stream, m_key.group, g);
    m_histogram->setGroup(g, m_thresholds.forGroup(m_key.stream, m_key.group).deliveryCountWarn);
    if (m_pendingActions) {
        m_pendingActions->setGroup(m_key.stream, m_key.group, snapshot);
        m_consumerActions->setGroup(m_key.stream, m_key.group, snapshot);
    }
    updateHeader(s, g);
    if (isVisible())
        updateCharts();
}

void GroupPage::updateHeader(const StreamSnapshot *s, const GroupSnapshot *g)
{
    // Each name cut to 64 characters: the title is a large font and one
    // unbroken word cannot wrap.
    const QString names = QStringLiteral("%1 / %2").arg(elidedName(m_key.stream, 64).toHtmlEscaped(), elidedName(m_key.group, 64).toHtmlEscaped());
    if (!g) {
        m_title->setText(names + tr(" <span style='color:%1'>(not in the latest poll)</span>").arg(dimTextColor()));
        m_reasons->clear();
        m_facts->clear();
        return;
    }
    const HealthStyle st = healthStyle(g->health.status);
    // Since when: the incident's start, or the recorded history's when that
    // is earlier ("at least" when it already was when watching began, "about"
    // when derived from the data).
    QString since;
    const Health status = g->health.status;
    const auto recorded = m_history && !m_snapshot.isNull() ? m_history->read([&](const HistoryStore &h) { return h.statusSince(m_key, status); })
                                                            : std::nullopt;
    if (const auto s = incidentSince(g->health, recorded); s && !m_snapshot.isNull()) {
        const QString d = formatDuration(std::max<qint64>(0, m_snapshot->takenAtMs - s->atMs));
        const QString at = QDateTime::fromMSecsSinceEpoch(s->atMs).toString(QStringLiteral("HH:mm:ss"));
        since = !s->derivedFrom.isEmpty()
                    ? fillText(tr("for about %1 (since ≈ %2, %3)"), d, at, QCoreApplication::translate("Health", derivedFromText(s->derivedFrom)))
                    : fillText(s->atLeast ? tr("for at least %1 (already when watching began at %2)") : tr("for %1 (since %2)"), d, at);
        since = fillText(QStringLiteral("&nbsp; <span style='color:%1'>%2</span>"), dimTextColor(), since.toHtmlEscaped());
    }
    m_title->setText(fillText(QStringLiteral("<span style='background:%1;color:white'>&nbsp;%2 %3&nbsp;</span>&nbsp; %4%5"), st.strong.name(),
                              st.glyph, st.word, names, since));
    QStringList reasons;
    // Who holds old work first, in one line: the answer to "which consumer died?".
    if (!g->health.stalled.isEmpty()) {
        const StalledConsumer &c = g->health.stalled.first();
        QString who = fillText(c.pending == 1 ? tr("%1 holds %2 entry idle %3") : tr("%1 holds %2 entries idle %3"), elidedName(c.name),
                               formatCount(c.pending), formatDuration(c.idleMs));
        if (g->health.stalled.size() > 1)
            who += fillText(tr(" (and %1 more consumers holding old entries)"), g->health.stalled.size() - 1);
        reasons << fillText(QStringLiteral("<b style='color:%1'>%2</b>"), warningTextColor(), who.toHtmlEscaped());
    }
    for (const Reason &r : g->health.reasons)
        if (r.code != "consumer_stalled" || g->health.stalled.isEmpty()) // the line above says it: a laptop's line is not spent twice
            reasons << QStringLiteral("• ") + elidedLongWords(renderReason(r)).toHtmlEscaped();

    m_reasons->setText(reasons.isEmpty() ? tr("<span style='color:%1'>No rule is broken.</span>").arg(dimTextColor())
                                         : reasons.join(QStringLiteral("<br>")));
    // Where to read what to do ([runbooks]), a link the keyboard reaches too.
    if (!g->health.runbook.isEmpty())
        m_reasons->setText(m_reasons->text()
                           + fillText(QStringLiteral("<br><a href=\"%1\">%2</a>"), g->health.runbook.toHtmlEscaped(),
                                      fillText(tr("Runbook: %1"), g->health.runbook).toHtmlEscaped()));
    // What comes next, with the span of polls it rests on (in its words).
    if (!g->health.drain.why.isEmpty())
        m_reasons->setText(m_reasons->text()
                           + fillText(QStringLiteral("<br><span style='color:%1'>%2</span>"), dimTextColor(),
                                      fillText(tr("Lag: %1"), renderReason(g->health.drain.why)).toHtmlEscaped()));
    // The recent status changes, newest first, with their time and reasons.
    if (m_history) {
        const QList<StatusChange> changes = m_history->read([&](const HistoryStore &h) { return h.statusChanges(m_key); });
        QStringList lines;
        for (qsizetype i = changes.size() - 1; i >= 0 && lines.size() < 4; --i) {
            const StatusChange &c = changes.at(i);
            const QString at = QDateTime::fromMSecsSinceEpoch(c.atMs).toString(QStringLiteral("HH:mm:ss"));
            const QString why = c.reasons.isEmpty() ? QString() : QStringLiteral(": ") + joinReasons(c.reasons, QStringLiteral("; "));
            lines << (c.firstSeen ? tr("%1 first seen %2%3").arg(at, healthStyle(c.to).word, why)
                                  : tr("%1 %2 → %3%4").arg(at, healthStyle(c.from).word, healthStyle(c.to).word, why));
        }
        if (!lines.isEmpty())
            m_reasons->setText(
                m_reasons->text()
                + tr("<br><span style='color:%2'>Status changes: %1</span>").arg(lines.join(QStringLiteral(" · ")).toHtmlEscaped(), dimTextColor()));
    }
    QString lag = g->lag ? formatCount(*g->lag) : tr("unknown (%1)").arg(renderReason(g->lagNote));
    m_facts->setText(tr("last-delivered-id %1 · entries-read %2 · lag %3 · pending %4 · stream length %5")
                         .arg(displayBytes(g->lastDeliveredId), g->entriesRead ? formatCount(*g->entriesRead) : tr("unknown"), lag,
                              g->pending ? formatCount(*g->pending) : QStringLiteral("?"),
                              s && s->length ? formatCount(*s->length) : QStringLiteral("?")));
}

void GroupPage::updateCharts()
{
    if (!m_history || m_snapshot.isNull())
        return;
    const qint64 now = m_snapshot->takenAtMs;
    const qint64 from = now - qint64(m_windowSeconds) * 1000;
    const int points = std::max(200, width() / 2);
    askBackfillIfNeeded(from, now);
    m_previous->follow(m_key, m_windowSeconds, from, now, points);
    std::optional<qint64> heldSinceMs = m_recordedSinceMs;
    QHash<int, double> latest; // each series' newest known value, for the words against the previous period
    auto feed = [&](TimeChartWidget *chart, int series, Metric metric) {
        SeriesWindow w = m_history->read([&](const HistoryStore &h) { return h.window(m_key, metric, from, now, points); });
        const auto fetched = m_backfilled.series.constFind(int(metric));
        if (fetched != m_backfilled.series.cend() && m_backfilled.key == m_key && m_backfilled.windowSeconds == m_windowSeconds)
            w = withBackfill(std::move(w), fetched->first, fetched->second, from, now, m_recordedSinceMs, &heldSinceMs);
        chart->setSeries(series, w.t, w.v);
        for (qsizetype i = w.v.size() - 1; i >= 0; --i)
            if (!std::isnan(w.v.at(i))) {
                latest.insert(int(metric), w.v.at(i));
                break;
            }
        m_previous->feed(chart, series, metric);
    };
    feed(m_lagChart, 0, Metric::Lag);
    feed(m_lagChart, 1, Metric::Pending);
    feed(m_idleChart, 0, Metric::OldestIdleSeconds);
    feed(m_idleChart, 1, Metric::BehindSeconds);
    feed(m_rateChart, 0, Metric::InRate);
    feed(m_rateChart, 1, Metric::OutRate);
    const QStringList contrasts = m_previous->contrasts(latest, now / 1000.0);
    m_comparison->setText(contrasts.join(QStringLiteral(" · ")));
    m_comparison->setVisible(!contrasts.isEmpty());
    // The group's incidents in the window, each one shaded band (its changes
    // folded as the report folds them), coloured by its worst.
    QList<TimelineChange> changes;
    for (const StatusChange &c : m_history->read([&](const HistoryStore &h) { return h.statusChanges(m_key); }))
        changes.append({c.atMs, m_key, c.to, {}, c.firstSeen});
    QList<ReportIncident> incidents = foldIncidents(changes, m_thresholds.incidentEndAfterMs);
    // The open one began when the title says (the recorded polls, or the
    // data), not at the first change this window saw; a group sick for its
    // whole recorded run has no change at all.
    if (const GroupSnapshot *g = m_snapshot.group(m_key.stream, m_key.group); g && g->health.status != Health::Ok) {
        const auto since = incidentSince(g->health, m_history->read([&](const HistoryStore &h) { return h.statusSince(m_key, g->health.status); }));
        const auto open = std::find_if(incidents.begin(), incidents.end(), [](const ReportIncident &i) { return i.endMs == 0; });
        if (since && open != incidents.end()) {
            open->startMs = std::min(open->startMs, since->atMs);
        } else if (since) {
            ReportIncident i;
            i.key = m_key;
            i.startMs = since->atMs;
            i.worst = g->health.status;
            incidents.append(i);
        }
    }
    // The axis starts where the data does when that is later than the
    // window's start, but never after a mark in the window: a deploy two
    // minutes before the window opened is part of the picture.
    std::optional<qint64> shownSinceMs;
    if (heldSinceMs && *heldSinceMs > from) {
        shownSinceMs = *heldSinceMs;
        for (const TimelineEvent &e : std::as_const(m_events))
            if (e.atMs >= from && e.atMs < *shownSinceMs)
                shownSinceMs = e.atMs - 5'000; // a little room left of its line
        shownSinceMs = std::max(*shownSinceMs, from);
    }
    for (TimeChartWidget *chart : std::as_const(m_charts)) {
        chart->clearMarkers();
        for (const ReportIncident &i : incidents) {
            const qint64 end = i.endMs > 0 ? i.endMs : now;
            if (end >= from)
                chart->addSpan(std::max(i.startMs, from) / 1000.0, end / 1000.0,
                               fillText(tr("%1 from %2"), healthStyle(i.worst).word,
                                        QDateTime::fromMSecsSinceEpoch(i.startMs).toString(QStringLiteral("HH:mm:ss"))),
                               healthStyle(i.worst).strong);
        }
        for (const TimelineEvent &e : std::as_const(m_events))
            if (e.atMs >= from)
                chart->addMarker(e.atMs / 1000.0, e.label, QColor(0x1e, 0x6f, 0xd9), e.detail);
        chart->setTimeWindow(now / 1000.0, m_windowSeconds, shownSinceMs ? *shownSinceMs / 1000.0 : std::nan(""));
        QStringList caption;
        if (m_recordedSinceMs && *m_recordedSinceMs > from)
            caption
                << tr("recorded since %1").arg(QDateTime::fromMSecsSinceEpoch(*m_recordedSinceMs).toString(QStringLiteral("HH:mm:ss")));
        if (m_backfill && m_backfilled.key == m_key && !m_backfilled.note.isEmpty())
            caption << m_backfilled.note;
        if (!m_historyNote.isEmpty())
            caption << m_historyNote;
        if (const QString previous = m_previous->caption(chart); !previous.isEmpty())
            caption << previous;
        chart->setCaption(caption.join(QStringLiteral(" · ")));
        chart->replot(QCustomPlot::rpQueuedReplot);
    }
}

void GroupPage::setBackfill(PrometheusBackfill *backfill)
{
    m_backfill = backfill;
    m_backfilled = {};
    m_previous->setBackfill(backfill);
    if (backfill)
        connect(backfill, &PrometheusBackfill::finished, this, &GroupPage::takeBackfill);
}

// Asked once per group and window, and only when the local history starts
// after the window does: a page whose past is on disk costs Prometheus nothing.
void GroupPage::askBackfillIfNeeded(qint64 fromMs, qint64 nowMs)
{
    if (!m_backfill || (m_recordedSinceMs && *m_recordedSinceMs <= fromMs + 60'000))
        return;
    if (m_backfilled.key == m_key && m_backfilled.windowSeconds == m_windowSeconds)
        return;
    m_backfilled = Backfilled{m_key, m_windowSeconds, true, {}, tr("asking Prometheus for the earlier part…")};
    const qint64 toMs = m_recordedSinceMs ? std::min(*m_recordedSinceMs, nowMs) : nowMs;
    m_backfill->request(m_key, fromMs, toMs, std::max(1, m_windowSeconds / 400));
}

void GroupPage::takeBackfill(const BackfillResult &result)
{
    if (m_previous->takeBackfill(result))
        return;
    if (!(result.key == m_backfilled.key))
        return; // an answer for a group no longer shown
    m_backfilled.pending = false;
    m_backfilled.series.clear();
    for (auto it = result.series.cbegin(); it != result.series.cend(); ++it)
        m_backfilled.series.insert(it.key(), {it->t, it->v});
    m_backfilled.note = result.note;
    updateCharts();
}

void GroupPage::setPreviousPeriod(PreviousPeriod period)
{
    m_previous->setPeriod(period);
    const int i = m_compare->findData(int(period));
    if (i >= 0 && i != m_compare->currentIndex())
        m_compare->setCurrentIndex(i); // comes back here
    else
        updateCharts();
}

QString GroupPage::comparisonText() const
{
    return m_comparison->isHidden() ? QString() : m_comparison->text();
}

void GroupPage::setRecordedSince(std::optional<qint64> ms)
{
    m_recordedSinceMs = ms;
}

void GroupPage::setHistoryNote(const QString &note)
{
    m_historyNote = note;
}

void GroupPage::setConnectionEvents(const QList<TimelineEvent> &events)
{
    m_events = events;
    updateCharts();
}

void GroupPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateCharts(); // charts of a hidden page are not fed
}

void GroupPage::setStale(bool stale)
{
    for (TimeChartWidget *chart : std::as_const(m_charts))
        chart->setStale(stale);
}

void GroupPage::showEntry(const EntryReadResult &result)
{
    if (result.stream == m_key.stream)
        m_payload->showResult(result);
}

} // namespace pelscope
