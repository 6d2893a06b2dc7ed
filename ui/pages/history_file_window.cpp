#include "pages/history_file_window.h"
#include "history/previous_period.h"
#include "session/connection_session.h"

#include "text/fill_text.h"

#include "accessible_names.h"
#include "health_style.h"
#include "snapshot/format.h"
#include "text/display_text.h"
#include "charts/group_charts.h"
#include "charts/time_chart_widget.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

namespace pelscope {

namespace {

enum Column { Status, Stream, Group, Lag, Pending, OldestIdle, Behind, LastRecorded, ColumnCount };

// A number cell that sorts by value (unknown last); `text` says it when known.
QTableWidgetItem *numberItem(float v, const std::function<QString(double)> &text)
{
    auto *item = new QTableWidgetItem(std::isnan(v) ? QStringLiteral("?") : text(double(v)));
    item->setData(Qt::UserRole, std::isnan(v) ? -1.0 : double(v));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString kindText(const QString &kind)
{
    if (kind == QLatin1String("first_seen"))
        return HistoryFileWindow::tr("first seen");
    if (kind == QLatin1String("dead_consumer"))
        return HistoryFileWindow::tr("dead consumer");
    if (kind == QLatin1String("status"))
        return HistoryFileWindow::tr("status →");
    return kind;
}

QString when(qint64 ms)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

HistoryFileWindow::HistoryFileWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_header(new QLabel)
    , m_groups(new QTableWidget(0, ColumnCount))
    , m_window(new QComboBox)
    , m_compare(new QComboBox)
    , m_groupTitle(new QLabel)
    , m_lagChart(new TimeChartWidget(tr("Unread lag and pending")))
    , m_idleChart(new TimeChartWidget(tr("Oldest pending idle and how far behind")))
    , m_rateChart(new TimeChartWidget(tr("In and out rates (entries/s)")))
    , m_events(new QTreeWidget)
{
    setAttribute(Qt::WA_DeleteOnClose);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_groups->setHorizontalHeaderLabels(
        {tr("Status"), tr("Stream"), tr("Group"), tr("Lag"), tr("Pending"), tr("Oldest idle"), tr("Behind"), tr("Last recorded")});
    m_groups->horizontalHeaderItem(Status)->setToolTip(tr("The status at the group's last record"));
    m_groups->setSelectionBehavior(QAbstractItemView::SelectRows);
    nameView(m_groups, tr("Recorded groups"));
    nameView(m_events, tr("Recorded events"));
    m_groups->setSelectionMode(QAbstractItemView::SingleSelection);
    m_groups->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_groups->verticalHeader()->hide();
    m_groups->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_groups->horizontalHeader()->setStretchLastSection(true);
    connect(m_groups, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (row >= 0 && m_groups->item(row, Stream))
            showGroup(m_keys.value(m_groups->item(row, Stream)->data(Qt::UserRole + 1).toInt()));
    });

    m_window->addItem(tr("last hour recorded"), 3600);
    m_window->addItem(tr("last 6 hours recorded"), 6 * 3600);
    m_window->addItem(tr("last day recorded"), 86400);
    m_window->addItem(tr("last 7 days recorded"), 7 * 86400);
    m_window->addItem(tr("everything recorded"), 0);
    m_window->setCurrentIndex(2);
    connect(m_window, &QComboBox::currentIndexChanged, this, &HistoryFileWindow::updateCharts);
    m_compare->addItem(tr("nothing"), int(PreviousPeriod::None));
    m_compare->addItem(tr("a day earlier"), int(PreviousPeriod::Day));
    m_compare->addItem(tr("a week earlier"), int(PreviousPeriod::Week));
    m_compare->setAccessibleName(tr("Compare with"));
    connect(m_compare, &QComboBox::currentIndexChanged, this, &HistoryFileWindow::updateCharts);

    m_charts = GroupCharts::setUp(m_lagChart, m_idleChart, m_rateChart);
    for (TimeChartWidget *chart : std::as_const(m_charts))
        chart->setMinimumHeight(160);

    m_events->setHeaderLabels({tr("Time"), tr("Group"), tr("What"), tr("Detail")});
    m_events->setRootIsDecorated(false);
    m_events->setUniformRowHeights(true);
    m_events->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *top = new QHBoxLayout;
    top->addWidget(m_groupTitle, 1);
    top->addWidget(new QLabel(tr("Show:")));
    top->addWidget(m_window);
    auto *compareLabel = new QLabel(tr("Compare with:"));
    compareLabel->setBuddy(m_compare);
    top->addWidget(compareLabel);
    top->addWidget(m_compare);
    auto *charts = new QGridLayout;
    charts->addWidget(m_lagChart, 0, 0);
    charts->addWidget(m_idleChart, 0, 1);
    charts->addWidget(m_rateChart, 1, 0, 1, 2);
    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(top);
    rightLayout->addLayout(charts, 1);

    auto *upper = new QSplitter(Qt::Horizontal);
    upper->addWidget(m_groups);
    upper->addWidget(right);
    upper->setStretchFactor(0, 2);
    upper->setStretchFactor(1, 3);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(upper);
    split->addWidget(m_events);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);

    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->addWidget(m_header);
    layout->addWidget(split, 1);
    setCentralWidget(central);
    resize(1200, 720);
}

HistoryFileWindow::~HistoryFileWindow() = default;

bool HistoryFileWindow::open(const QString &path, QString *error)
{
    bool copied = false;
    const QString copy = historyForReading(path, m_copyDir.path(), &copied, error);
    if (copy.isEmpty())
        return false;
    m_db = std::make_unique<HistoryDatabase>(copy, true);
    if (!m_db->open(error)) {
        error->replace(copy, path); // the message names the operator's file, not our copy
        m_db.reset();
        return false;
    }
    const auto since = m_db->recordedSinceMs();
    const auto until = m_db->recordedUntilMs();
    if (!since || !until) {
        *error = tr("%1 holds no recorded polls").arg(path);
        m_db.reset();
        return false;
    }
    m_sinceMs = *since;
    m_untilMs = *until;
    QString ignored;
    m_allEvents = m_db->events(m_sinceMs, m_untilMs + 1, &ignored);
    const QString connection = displayText(m_db->storedConnectionLabel());
    setWindowTitle(tr("History of %1 (read-only) — Pelscope").arg(connection.isEmpty() ? QFileInfo(path).fileName() : connection));
    m_header->setText((copied ? tr("<b>Recorded history</b> of %1 · %2 to %3 · read-only copy of <tt>%4</tt> · Redis is not contacted")
                              : tr("<b>Recorded history</b> of %1 · %2 to %3 · <tt>%4</tt>, read where it is, read-only · Redis is not contacted"))
                          .arg(connection.isEmpty() ? tr("an unnamed connection") : connection.toHtmlEscaped(), when(m_sinceMs), when(m_untilMs),
                               QDir::toNativeSeparators(path).toHtmlEscaped()));
    fillGroups();
    for (const StoredEvent &e : std::as_const(m_allEvents)) {
        auto *item = new QTreeWidgetItem(m_events);
        item->setText(0, when(e.atMs));
        item->setText(1, e.group ? QStringLiteral("%1 / %2").arg(displayBytes(e.group->stream), displayBytes(e.group->group)) : tr("(connection)"));
        item->setText(2, e.status ? QStringLiteral("%1 %2").arg(kindText(e.kind), healthStyle(*e.status).word) : kindText(e.kind));
        // A status's reasons in the window's language; older files' text as written.
        item->setText(3, e.reasons.isEmpty() ? displayText(e.text) : joinReasons(e.reasons, QStringLiteral("; ")));
        if (e.status)
            item->setForeground(2, healthStyle(*e.status).strong);
    }
    if (m_groups->rowCount() > 0)
        m_groups->setCurrentCell(0, Stream);
    return true;
}

void HistoryFileWindow::fillGroups()
{
    QString error;
    m_keys = m_db->groups(&error);
    struct Row
    {
        int index;
        StoredPoint last;
    };
    QList<Row> rows;
    for (int i = 0; i < m_keys.size(); ++i) {
        // The last record of each group: its final state in this file.
        const QList<StoredPoint> recent = m_db->series(m_keys.at(i), m_untilMs - HistoryDatabase::Tier0KeepMs, m_untilMs, &error);
        StoredPoint last;
        std::fill(std::begin(last.values), std::end(last.values), std::nanf(""));
        if (!recent.isEmpty())
            last = recent.last();
        rows.append({i, last});
    }
    // Worst first, then the most behind.
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        const int sa = a.last.status ? int(*a.last.status) : -1;
        const int sb = b.last.status ? int(*b.last.status) : -1;
        if (sa != sb)
            return sa > sb;
        const float la = a.last.values[int(Metric::Lag)], lb = b.last.values[int(Metric::Lag)];
        return (std::isnan(la) ? -1.f : la) > (std::isnan(lb) ? -1.f : lb);
    });
    m_groups->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const Row &row = rows.at(r);
        const GroupKey &key = m_keys.at(row.index);
        const float *v = row.last.values;
        auto *status = new QTableWidgetItem;
        if (row.last.status) {
            const HealthStyle st = healthStyle(*row.last.status);
            status->setText(QStringLiteral("%1 %2").arg(st.glyph, st.word));
            status->setForeground(st.strong);
        } else {
            status->setText(tr("not recorded"));
        }
        m_groups->setItem(r, Status, status);
        auto *stream = new QTableWidgetItem(displayBytes(key.stream));
        stream->setData(Qt::UserRole + 1, row.index);
        m_groups->setItem(r, Stream, stream);
        m_groups->setItem(r, Group, new QTableWidgetItem(displayBytes(key.group)));
        const auto count = [](double x) { return formatCount(qint64(x)); };
        const auto seconds = [](double x) { return formatDuration(qint64(x * 1000)); };
        m_groups->setItem(r, Lag, numberItem(v[int(Metric::Lag)], count));
        m_groups->setItem(r, Pending, numberItem(v[int(Metric::Pending)], count));
        m_groups->setItem(r, OldestIdle, numberItem(v[int(Metric::OldestIdleSeconds)], seconds));
        m_groups->setItem(r, Behind, numberItem(v[int(Metric::BehindSeconds)], seconds));
        m_groups->setItem(r, LastRecorded, new QTableWidgetItem(row.last.atMs ? when(row.last.atMs) : QString()));
    }
}

std::pair<qint64, qint64> HistoryFileWindow::shownRange() const
{
    const qint64 span = qint64(m_window->currentData().toInt()) * 1000;
    return {span > 0 ? std::max(m_sinceMs, m_untilMs - span) : m_sinceMs, m_untilMs};
}

void HistoryFileWindow::showGroup(const GroupKey &key)
{
    m_shown = key;
    m_groupTitle->setText(QStringLiteral("<b>%1 / %2</b>").arg(displayBytes(key.stream).toHtmlEscaped(), displayBytes(key.group).toHtmlEscaped()));
    updateCharts();
}

void HistoryFileWindow::updateCharts()
{
    if (!m_db || m_shown.stream.isEmpty())
        return;
    const auto [from, to] = shownRange();
    QString error;
    const QList<StoredPoint> points = m_db->series(m_shown, from, to, &error);
    // The same span a day or a week before, faint under it (the file's own past).
    const auto period = PreviousPeriod(m_compare->currentData().toInt());
    const qint64 offset = previousPeriodOffsetMs(period);
    QString previousError;
    const QList<StoredPoint> previous = offset ? m_db->series(m_shown, from - offset, to - offset, &previousError) : QList<StoredPoint>();
    auto feed = [&](TimeChartWidget *chart, int series, Metric metric) {
        QVector<double> t, v;
        recordedSeries(points, metric, 0, t, v);
        chart->setSeries(series, t, v);
        recordedSeries(previous, metric, offset, t, v);
        const QString name = chart->graph(series)->name();
        chart->setPreviousSeries(series, t, v,
                                 period == PreviousPeriod::Day ? fillText(tr("%1, a day earlier"), name) : fillText(tr("%1, a week earlier"), name));
    };
    feed(m_lagChart, 0, Metric::Lag);
    feed(m_lagChart, 1, Metric::Pending);
    feed(m_idleChart, 0, Metric::OldestIdleSeconds);
    feed(m_idleChart, 1, Metric::BehindSeconds);
    feed(m_rateChart, 0, Metric::InRate);
    feed(m_rateChart, 1, Metric::OutRate);
    const double span = (to - from) / 1000.0;
    for (TimeChartWidget *chart : std::as_const(m_charts)) {
        chart->clearMarkers();
        for (const StoredEvent &e : std::as_const(m_allEvents)) {
            // Where watching began is no change: not marked (as on a live group page).
            if (e.atMs < from || e.atMs > to || (e.group && !(*e.group == m_shown)) || e.kind == QLatin1String("first_seen"))
                continue;
            const QColor colour = e.status ? healthStyle(*e.status).strong : QColor(0x1e, 0x6f, 0xd9);
            if (e.kind == QLatin1String("annotation")) // its own words along the line, as on a live page
                chart->addMarker(e.atMs / 1000.0, ConnectionSession::chartLabel(e.text), colour, ConnectionSession::annotationDetail(e));
            else
                chart->addMarker(e.atMs / 1000.0, e.status ? healthStyle(*e.status).word : kindText(e.kind), colour);
        }
        chart->setTimeWindow(to / 1000.0, std::max(60.0, span));
        QString caption = error.isEmpty() ? fillText(tr("recorded · %1 points"), points.size()) : error;
        if (offset && previous.isEmpty())
            caption += QStringLiteral(" · ")
                       + (previousError.isEmpty() ? (period == PreviousPeriod::Day ? tr("nothing recorded a day earlier") : tr("nothing recorded a week earlier"))
                                                  : previousError);
        chart->setCaption(caption);
        chart->replot(QCustomPlot::rpQueuedReplot);
    }
}

} // namespace pelscope
