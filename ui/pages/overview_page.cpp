#include "pages/overview_page.h"

#include "accessible_names.h"
#include "health_style.h"
#include "itemmodels/group_table_model.h"
#include "widgets/overview_proxy_model.h"
#include "snapshot/format.h"
#include "snapshot/group_ranking.h"
#include "snapshot/status_words.h"
#include "charts/sparkline_delegate.h"
#include "widgets/status_delegate.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QCheckBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QResizeEvent>
#include <QLineEdit>
#include <QToolButton>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace pelscope {

OverviewPage::OverviewPage(QAbstractItemModel *source, QWidget *parent)
    : QWidget(parent)
    , m_proxy(new OverviewProxyModel(this))
    , m_table(new QTableView)
    , m_filter(new QLineEdit)
    , m_summary(new QLabel)
    , m_reasons(new QLabel)
    , m_activeFilter(new QToolButton)
    , m_groupBy(new QCheckBox)
    , m_toolRow(new QHBoxLayout)
{
    m_proxy->setSourceModel(source);
    // Sorted on our cadence, not on every poll (see resortIfDue).
    m_proxy->setDynamicSortFilter(false);
    m_table->setModel(m_proxy);
    nameView(m_table, tr("Consumer groups, worst first"));
    m_table->setItemDelegateForColumn(GroupTableModel::Status, new StatusDelegate(m_table));
    m_table->setItemDelegateForColumn(GroupTableModel::Trend, new SparklineDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(GroupTableModel::Status, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Named, so a new column cannot shift the others' widths.
    using C = GroupTableModel;
    const std::pair<int, int> widths[] = {{C::Status, 92},       {C::Since, 80},         {C::Connection, 130}, {C::Node, 130},
                                          {C::Stream, 130},      {C::Group, 120},        {C::Lag, 70},         {C::Behind, 70},
                                          {C::Pending, 70},      {C::OldestIdle, 140},   {C::Consumers, 110},  {C::MaxDeliveries, 100},
                                          {C::InRate, 64},       {C::OutRate, 64},       {C::Drain, 90},        {C::DeadLetters, 100},
                                          {C::Trend, 120},       {C::ReadAge, 80}};
    static_assert(std::size(widths) == C::Reasons, "every column but Why has its width");
    for (const auto &[column, width] : widths)
        m_table->setColumnWidth(column, width);
    // The reasons right after the group's name: the one column that explains
    // stays in sight in a narrow window (the figures follow, scrolled to).
    m_table->horizontalHeader()->moveSection(m_table->horizontalHeader()->visualIndex(C::Reasons),
                                             m_table->horizontalHeader()->visualIndex(C::Group) + 1);
    m_table->setColumnWidth(C::Reasons, 290);
    // "Will it clear by itself, and when?", "how far behind" and "is it
    // getting worse" next to why: Status to Trend (~1,000 px) in sight
    // without scrolling in a 1024 px window; the other figures follow.
    QHeaderView *header = m_table->horizontalHeader();
    int after = header->visualIndex(C::Reasons);
    for (const int column : {C::Drain, C::Behind, C::Trend})
        header->moveSection(header->visualIndex(column), ++after);
    setColumnShown(GroupTableModel::Connection, false);
    setColumnShown(GroupTableModel::Node, false);
    setColumnShown(GroupTableModel::ReadAge, false);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) { Q_EMIT rowActivated(index); });

    m_filter->setPlaceholderText(tr("Filter streams and groups (Ctrl+F; Down or Enter to the table)"));
    m_filter->setAccessibleName(tr("Filter streams and groups"));
    m_filter->setAccessibleDescription(tr("Ctrl+F; Down or Enter goes to the table"));
    m_filter->setClearButtonEnabled(true);
    m_filter->installEventFilter(this);
    // Where the keyboard is must be plain to see, in any palette.
    m_table->setStyleSheet(QStringLiteral("QTableView:focus { border: 2px solid palette(highlight); }"));
    connect(m_filter, &QLineEdit::textChanged, m_proxy,
            [this](const QString &text) { m_proxy->setFilterRegularExpression(QRegularExpression(QRegularExpression::escape(text))); });
    m_groupBy->hide();
    connect(m_groupBy, &QCheckBox::toggled, this, [this](bool on) { m_proxy->setGroupColumn(on ? m_groupColumn : -1); });

    QFont big = m_summary->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_summary->setFont(big);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(tr("Connecting…"));
    m_summary->setObjectName(QStringLiteral("summary"));

    // The summary's counts are links: "1 crit" shows the critical rows only.
    m_summary->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_summary->setWordWrap(true);
    connect(m_summary, &QLabel::linkActivated, this, &OverviewPage::applySummaryLink);
    m_activeFilter->setObjectName(QStringLiteral("activeFilter"));
    m_activeFilter->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_activeFilter->hide();
    connect(m_activeFilter, &QToolButton::clicked, this, [this] { applySummaryLink({}); });

    // The selected row's reasons in full, where there was empty space: the
    // Why column is cut at any width, this is not.
    m_reasons->setObjectName(QStringLiteral("reasonsPanel"));
    m_reasons->setWordWrap(true);
    m_reasons->setTextFormat(Qt::RichText);
    m_reasons->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reasons->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_reasons->setMargin(6);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &OverviewPage::showReasons);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_toolRow->addWidget(m_filter, 1);
    m_toolRow->addWidget(m_activeFilter);
    m_toolRow->addWidget(m_groupBy);
    layout->addWidget(m_summary);
    layout->addLayout(m_toolRow);
    layout->addWidget(m_table, 1);
    // As tall as its lines, no taller: the table keeps the rest (it took a
    // third of a laptop's height for three lines).
    m_reasons->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(m_reasons, 0);

    connect(source, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) {
                // The model names HealthRole only when a status changed: then rows move at once.
                if (roles.isEmpty() || roles.contains(GroupTableModel::HealthRole))
                    m_statusChanged = true;
                // The panel follows its row (the current one, else the worst).
                const QModelIndex shown = m_proxy->mapToSource(m_table->currentIndex().isValid() ? m_table->currentIndex() : m_proxy->index(0, 0));
                if (shown.isValid() && shown.row() >= topLeft.row() && shown.row() <= bottomRight.row())
                    showReasons();
            });
    connect(source, &QAbstractItemModel::rowsInserted, this, [this] { m_statusChanged = true; }); // new rows are placed at once
    connect(source, &QAbstractItemModel::modelReset, this, [this] { m_statusChanged = true; });
    m_table->viewport()->installEventFilter(this);
    m_table->installEventFilter(this);
    m_lastSort.start();
    m_resortTimer.setInterval(500);
    connect(&m_resortTimer, &QTimer::timeout, this, &OverviewPage::resortIfDue);
    m_resortTimer.start();
}

namespace {
constexpr qint64 kCalmResortMs = 10'000; // values drift: rows move at most this often
constexpr qint64 kInputHoldMs = 2'000;   // the keyboard was just used in the table
} // namespace

void OverviewPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitEssentialColumns();
}

void OverviewPage::fitEssentialColumns()
{
    using C = GroupTableModel;
    const QHeaderView *header = m_table->horizontalHeader();
    int others = 0; // the visible sections from the first to Trend, Why aside
    for (int visual = 0; visual <= header->visualIndex(C::Trend); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (logical != C::Reasons && !header->isSectionHidden(logical))
            others += header->sectionSize(logical);
    }
    const int room = m_table->viewport()->width() - others;
    m_table->setColumnWidth(C::Reasons, std::clamp(room, 160, 290));
}

bool OverviewPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_filter && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Down || key == Qt::Key_Return || key == Qt::Key_Enter) {
            // From the filter into the rows it left: the first one current.
            m_table->setFocus();
            if (!m_table->currentIndex().isValid() && m_proxy->rowCount() > 0)
                m_table->setCurrentIndex(m_proxy->index(0, GroupTableModel::Stream));
            return true;
        }
    }
    if (event->type() == QEvent::KeyPress || event->type() == QEvent::Wheel || event->type() == QEvent::MouseButtonPress)
        m_lastInput.start();
    return QWidget::eventFilter(watched, event);
}

void OverviewPage::resortIfDue()
{
    if (!m_statusChanged && m_lastSort.elapsed() < kCalmResortMs)
        return;
    // Hold while the operator is pointing at or working in the table: the row
    // under the pointer, the selection and the focus stay where they are.
    if (m_table->viewport()->underMouse() || (m_lastInput.isValid() && m_lastInput.elapsed() < kInputHoldMs))
        return;
    const QHeaderView *header = m_table->horizontalHeader();
    if (m_proxy->statusFilter() || m_proxy->deadConsumersOnly())
        m_proxy->refilter();
    m_proxy->sort(header->sortIndicatorSection(), header->sortIndicatorOrder());
    m_statusChanged = false;
    m_lastSort.restart();
    showReasons(); // the worst row may be another one now
}

// Why the table is empty, in what the server said: a filter hides every
// row, streams exist without a consumer group, or none was found.
QString OverviewPage::emptyTableWords() const
{
    if (m_proxy->sourceModel() && m_proxy->sourceModel()->rowCount() > 0)
        return tr("No group matches the filter.");
    int bare = 0, frameworks = 0;
    if (const auto *groups = qobject_cast<const GroupTableModel *>(m_proxy->sourceModel()); groups && !groups->snapshot().isNull())
        for (const StreamSnapshot &st : groups->snapshot()->streams)
            if (st.groups.isEmpty() && st.error.isEmpty())
                ++(frameworkStream(groups->snapshot().data(), st.key) ? frameworks : bare);
    // BullMQ's event logs and RQ's results are the frameworks' own: no group will ever come.
    if (bare == 0 && frameworks == 1)
        return tr("No stream with a consumer group: the one stream found is a job framework's own log (BullMQ's events or RQ's results), "
                  "not a pipeline. The frameworks' queues are listed below.");
    if (bare == 0 && frameworks > 1)
        return fillText(tr("No stream with a consumer group: the %1 streams found are job frameworks' own logs (BullMQ's events, RQ's "
                           "results), not pipelines. The frameworks' queues are listed below."),
                        formatCount(frameworks));
    if (bare == 1)
        return tr("1 stream found, without a consumer group: nothing to judge until a group is created (XGROUP CREATE). Queues and "
                  "job frameworks found on the server are listed below.");
    if (bare > 1)
        return fillText(tr("%1 streams found, none with a consumer group: nothing to judge until a group is created (XGROUP CREATE). "
                           "Queues and job frameworks found on the server are listed below."),
                        formatCount(bare));
    return tr("No stream with a consumer group found (yet). Queues and job frameworks found on the server are listed below.");
}

void OverviewPage::showReasons()
{
    QModelIndex current = m_table->currentIndex();
    const bool worst = !current.isValid();
    if (worst)
        current = m_proxy->index(0, GroupTableModel::Stream); // nothing chosen: the worst row
    if (!current.isValid()) {
        m_reasons->setText(fillText(QStringLiteral("<span style='color:%1'>%2</span>"), dimTextColor(), emptyTableWords().toHtmlEscaped()));
        return;
    }
    const QString who = elidedLongWords(QStringLiteral("%1 / %2").arg(current.siblingAtColumn(GroupTableModel::Stream).data().toString(),
                                                                      current.siblingAtColumn(GroupTableModel::Group).data().toString()));
    const QStringList reasons = current.data(GroupTableModel::ReasonsRole).toStringList();
    QStringList lines;
    for (const QString &r : reasons)
        lines << QStringLiteral("• ") + elidedLongWords(r).toHtmlEscaped();
    const QString change = current.data(GroupTableModel::TrendChangeRole).toString();
    if (!change.isEmpty())
        lines << fillText(tr("• lately: %1"), elidedLongWords(change).toHtmlEscaped());
    const QString lagNote = current.siblingAtColumn(GroupTableModel::Lag).data(Qt::ToolTipRole).toString();
    if (!lagNote.isEmpty())
        lines << tr("• lag: %1").arg(elidedLongWords(lagNote).toHtmlEscaped());
    const QString status = healthStyle(Health(current.data(GroupTableModel::HealthRole).toInt())).name;
    const QString heading = worst ? fillText(tr("Worst now: <b>%1</b> — %2 <span style='color:%3'>(select a row for its reasons)</span>"),
                                             who.toHtmlEscaped(), status, dimTextColor())
                                  : fillText(QStringLiteral("<b>%1</b> — %2"), who.toHtmlEscaped(), status);
    m_reasons->setText(QStringLiteral("%1<br>%2").arg(heading, lines.isEmpty() ? tr("No rule is broken.") : lines.join(QStringLiteral("<br>"))));
}

void OverviewPage::applySummaryLink(const QString &link)
{
    m_proxy->setDeadConsumersOnly(link == QLatin1String("dead"));
    std::optional<int> status;
    QString label;
    if (link == QLatin1String("crit")) {
        status = int(Health::Crit);
        label = fillText(tr("%1 only", "a status: CRIT only"), statusWord(Health::Crit));
    } else if (link == QLatin1String("warn")) {
        status = int(Health::Warn);
        label = fillText(tr("%1 only", "a status: CRIT only"), statusWord(Health::Warn));
    } else if (link == QLatin1String("ok")) {
        status = int(Health::Ok);
        label = fillText(tr("%1 only", "a status: CRIT only"), statusWord(Health::Ok));
    } else if (link == QLatin1String("dead")) {
        label = tr("with stalled consumers only");
    }
    m_proxy->setStatusFilter(status);
    m_activeFilter->setText(tr("Showing %1 ✕").arg(label));
    m_activeFilter->setToolTip(tr("Show every row again"));
    m_activeFilter->setVisible(!label.isEmpty());
}

void OverviewPage::setSummary(const QString &html)
{
    m_summary->setText(html);
}

QString OverviewPage::summary() const
{
    // As the operator reads it: no markup, and the spaces that only keep a
    // part on one line are spaces.
    return QTextDocumentFragment::fromHtml(m_summary->text()).toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
}

void OverviewPage::setColumnShown(int column, bool shown)
{
    m_table->setColumnHidden(column, !shown);
}

void OverviewPage::offerGrouping(int column, const QString &name)
{
    m_groupColumn = column;
    m_groupBy->setText(tr("Group by %1").arg(name));
    m_groupBy->setVisible(column >= 0);
    m_proxy->setGroupColumn(column >= 0 && m_groupBy->isChecked() ? column : -1);
}

void OverviewPage::focusFilter()
{
    m_filter->setFocus();
    m_filter->selectAll();
}

namespace {

// The summary wraps between its parts, never inside one: at 1360 px "✔ 0 ok"
// of the queues went to a line of its own. Spaces outside the tags become
// non-breaking, except the one after each "│".
QString breakOnlyBetweenParts(const QString &html)
{
    QString out;
    out.reserve(html.size() * 2);
    bool inTag = false;
    for (const QChar c : html) {
        if (c == QLatin1Char('<'))
            inTag = true;
        else if (c == QLatin1Char('>'))
            inTag = false;
        if (!inTag && c == QLatin1Char(' ') && !out.endsWith(QStringLiteral("│&nbsp;")) && !out.endsWith(QStringLiteral("│")))
            out += QStringLiteral("&nbsp;");
        else
            out += c;
    }
    return out;
}

} // namespace

QString overviewSummaryHtml(const QList<Snapshot> &snapshots)
{
    HealthCounts counts, queues;
    qint64 lag = 0, pending = 0, worstIdle = -1, unknownLag = 0;
    int dead = 0;
    for (const Snapshot &snapshot : snapshots) {
        if (snapshot.isNull())
            continue;
        counts = counts + countHealth(snapshot);
        queues = queues + countQueueHealth(snapshot);
        for (const StreamSnapshot &s : snapshot->streams)
            for (const GroupSnapshot &g : s.groups) {
                if (g.lag)
                    lag += *g.lag;
                else
                    ++unknownLag;
                pending += g.pending.value_or(0);
                worstIdle = std::max(worstIdle, g.oldestIdleMs.value_or(-1));
                dead += int(g.health.stalled.size());
            }
    }
    // Each count is a link: clicking it filters the table to those rows.
    auto tile = [](Health h, int n) {
        const HealthStyle st = healthStyle(h);
        static const char *links[] = {"ok", "warn", "crit"};
        return fillText(QStringLiteral("<a href='%5' style='color:%1;text-decoration:none'><b>%2 %3 %4</b></a>"), st.strong.name(), st.glyph, n,
                        st.name, QLatin1String(links[int(h)]));
    };
    QString text = tile(Health::Crit, counts.crit) + QStringLiteral(" &nbsp; ") + tile(Health::Warn, counts.warn) + QStringLiteral(" &nbsp; ")
                   + tile(Health::Ok, counts.ok);
    text +=
        fillText(OverviewPage::tr(
                     " &nbsp;│&nbsp; total lag <b>%1</b>%2 &nbsp;│&nbsp; total pending <b>%3</b> &nbsp;│&nbsp; worst oldest pending idle <b>%4</b>"
                     " &nbsp;│&nbsp; <a href='dead' style='color:%6;text-decoration:none'>stalled consumers <b>%5</b></a>"),
                 formatCount(lag), unknownLag ? OverviewPage::tr(" (+%1 unknown)").arg(unknownLag) : QString(), formatCount(pending),
                 worstIdle >= 0 ? formatDuration(worstIdle) : QStringLiteral("—"), dead, QGuiApplication::palette().text().color().name());
    // The counts above are the groups'; a notification counts queues too, so
    // the queues' are said beside them (their table is below).
    if (queues.ok + queues.warn + queues.crit > 0) {
        QStringList parts;
        for (Health h : {Health::Crit, Health::Warn, Health::Ok}) {
            const int n = h == Health::Crit ? queues.crit : h == Health::Warn ? queues.warn : queues.ok;
            const HealthStyle st = healthStyle(h);
            parts << fillText(QStringLiteral("<span style='color:%1'><b>%2 %3 %4</b></span>"), st.strong.name(), st.glyph, n, st.name);
        }
        text += fillText(OverviewPage::tr(" &nbsp;│&nbsp; queues %1"), parts.join(QStringLiteral(" &nbsp;")));
    }
    return breakOnlyBetweenParts(text);
}

} // namespace pelscope
