#include "queue_page.h"

#include "accessible_names.h"
#include "health_style.h"
#include "payload_view.h"
#include "time_chart_widget.h"
#include "write_controller.h"

#include "actions/queue_write_job.h"
#include "probe/queue_probe.h"
#include "snapshot/format.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace pelscope {

namespace {

constexpr int kValueRole = Qt::UserRole + 1; // QByteArray: the item as read (cut at 64 KiB)
constexpr int kSizeRole = Qt::UserRole + 2;  // qint64: its full size

QString localDate(qint64 ms)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), QLocale::ShortFormat);
}

// One line of an item for the table: control characters escaped, cut.
QString preview(const QByteArray &value)
{
    QString text = displayBytes(value.left(300));
    text.replace(QLatin1Char('\n'), QStringLiteral("⏎"));
    return value.size() > 300 ? text + QStringLiteral("…") : text;
}

} // namespace

QueuePage::QueuePage(WriteController *writes, QWidget *parent)
    : QWidget(parent)
    , m_writes(writes)
    , m_countChart(new TimeChartWidget(tr("Items")))
    , m_ageChart(new TimeChartWidget(tr("How late, how long")))
    , m_title(new QLabel)
    , m_status(new QLabel)
    , m_which(new QComboBox)
    , m_model(new QStandardItemModel(0, ColumnCount, this))
    , m_table(new QTableView)
    , m_detail(new QTextBrowser)
    , m_range(new QLabel)
    , m_earlier(new QPushButton(tr("◀ Earlier")))
    , m_later(new QPushButton(tr("Later ▶")))
    , m_requeueStuck(new QPushButton)
    , m_requeueSelected(new QPushButton(tr("Requeue selected")))
    , m_runNow(new QPushButton(tr("Run selected now")))
    , m_reschedule(new QPushButton(tr("Reschedule selected…")))
    , m_delete(new QPushButton(tr("Delete selected")))
{
    setObjectName(QStringLiteral("queuePage"));
    auto *back = new QPushButton(tr("← Overview"));
    back->setToolTip(tr("Back to the overview (Esc, Alt+Left, Backspace; Ctrl+1 from anywhere)"));
    connect(back, &QPushButton::clicked, this, &QueuePage::backRequested);
    // Back by keyboard, as from a group's page.
    for (const QKeySequence &key : {QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::Key_Backspace), QKeySequence(Qt::Key_Escape)}) {
        auto *shortcut = new QShortcut(key, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, &QueuePage::backRequested);
    }
    auto *reload = new QPushButton(tr("Refresh"));
    connect(reload, &QPushButton::clicked, this, &QueuePage::refresh);
    m_title->setTextFormat(Qt::RichText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_which->setToolTip(tr("The processing list (items workers hold) or the main list (items waiting)"));
    connect(m_which, &QComboBox::activated, this, [this] { request(0); });

    auto *top = new QHBoxLayout;
    top->addWidget(back);
    top->addWidget(m_title, 1);
    top->addWidget(m_which);
    top->addWidget(reload);

    m_model->setHorizontalHeaderLabels({tr("Due / enqueued"), tr("Age"), tr("Size"), tr("Item")});
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showSelected();
        updateActions();
    });
    m_detail->setOpenLinks(false);
    m_detail->setPlaceholderText(tr("Select an item to see it whole, JSON pretty-printed."));

    auto *paging = new QHBoxLayout;
    paging->addWidget(m_range, 1);
    paging->addWidget(m_earlier);
    paging->addWidget(m_later);
    connect(m_earlier, &QPushButton::clicked, this, [this] { request(std::max<qint64>(0, m_page.offset - kPageSize)); });
    connect(m_later, &QPushButton::clicked, this, [this] { request(m_page.offset + kPageSize); });

    auto *actions = new QHBoxLayout;
    for (QPushButton *b : {m_requeueStuck, m_requeueSelected, m_runNow, m_reschedule, m_delete})
        actions->addWidget(b);
    actions->addStretch(1);
    m_requeueStuck->setObjectName(QStringLiteral("requeueStuck"));
    connect(m_requeueStuck, &QPushButton::clicked, this, &QueuePage::requeueStuck);
    connect(m_requeueSelected, &QPushButton::clicked, this, [this] { actOnSelected(int(QueueWriteRequest::Operation::Requeue)); });
    connect(m_runNow, &QPushButton::clicked, this, [this] { actOnSelected(int(QueueWriteRequest::Operation::Reschedule)); });
    connect(m_reschedule, &QPushButton::clicked, this, &QueuePage::reschedule);
    connect(m_delete, &QPushButton::clicked, this, [this] {
        actOnSelected(int(isList() ? QueueWriteRequest::Operation::DeleteFromList : QueueWriteRequest::Operation::DeleteDelayed));
    });
    connect(m_writes, &WriteController::writesEnabledChanged, this, &QueuePage::updateActions);
    connect(m_writes, &WriteController::queueWriteFinished, this, &QueuePage::refresh);

    // The last hour above the items: how many wait, how late the oldest is.
    m_countChart->setValueUnit(TimeChartWidget::Unit::Entries);
    m_ageChart->setValueUnit(TimeChartWidget::Unit::Seconds);
    m_countChart->addSeries(tr("size"), QColor(0x42, 0x7e, 0xc4));
    m_countChart->addSeries(tr("due / processing"), QColor(0xd3, 0x54, 0x00));
    m_ageChart->addSeries(tr("oldest"), QColor(0x8e, 0x24, 0xaa));
    for (TimeChartWidget *chart : {m_countChart, m_ageChart}) {
        chart->setMinimumHeight(150);
        // A recorded bucket alone between gaps is a dot, not nothing.
        for (int i = 0; i < chart->graphCount(); ++i)
            chart->graph(i)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 3));
        connect(chart, &TimeChartWidget::hovered, this, [this](double t) {
            m_countChart->showCrosshair(t);
            m_ageChart->showCrosshair(t);
        });
    }
    auto *charts = new QWidget;
    auto *chartRow = new QHBoxLayout(charts);
    chartRow->setContentsMargins(0, 0, 0, 0);
    chartRow->addWidget(m_countChart);
    chartRow->addWidget(m_ageChart);

    auto *split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(charts);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addLayout(paging);
    layout->addWidget(split, 1);
    layout->addLayout(actions);
}

void QueuePage::showQueue(const QByteArray &key, const QByteArray &processingKey, bool list)
{
    m_key = key;
    nameView(m_table, fillText(tr("Items of %1"), displayBytes(key)));
    m_processingKey = processingKey;
    m_list = list || !processingKey.isEmpty();
    m_which->clear();
    m_which->setVisible(hasProcessing());
    if (hasProcessing()) {
        m_which->addItem(fillText(tr("Processing: %1"), displayBytes(processingKey)));
        m_which->addItem(fillText(tr("Main: %1"), displayBytes(key)));
    }
    m_title->setText(hasProcessing() ? fillText(tr("<b>%1</b> → %2 &nbsp;(reliable list)"), displayBytes(key).toHtmlEscaped(), displayBytes(processingKey).toHtmlEscaped())
                     : isList()      ? fillText(tr("<b>%1</b> &nbsp;(list: workers pop from it)"), displayBytes(key).toHtmlEscaped())
                                     : fillText(tr("<b>%1</b> &nbsp;(delayed queue)"), displayBytes(key).toHtmlEscaped()));
    m_status->clear();
    m_model->removeRows(0, m_model->rowCount());
    m_detail->clear();
    m_page = {};
    request(0);
    // The charts: the recorded last hour, then each poll.
    m_points.clear();
    m_countChart->setSeries(0, {}, {});
    m_countChart->setSeries(1, {}, {});
    m_ageChart->setSeries(0, {}, {});
    m_countChart->graph(0)->setName(isList() ? tr("waiting") : tr("size"));
    m_countChart->graph(1)->setName(isList() ? tr("in processing") : tr("due"));
    const bool secondSeries = !isList() || hasProcessing(); // a plain list has no processing count
    m_countChart->graph(1)->setVisible(secondSeries);
    if (secondSeries)
        m_countChart->graph(1)->addToLegend();
    else
        m_countChart->graph(1)->removeFromLegend();
    m_countChart->setCaption(hasProcessing() ? fillText(tr("%1 waiting, %2 in processing"), displayBytes(key), displayBytes(processingKey))
                             : isList()      ? fillText(tr("%1 waiting"), displayBytes(key))
                                             : tr("size and items due"));
    m_ageChart->setVisible(!isList() || hasProcessing()); // a plain list holds nothing in processing to age
    m_ageChart->setCaption(isList() ? tr("the oldest item in processing") : tr("the oldest due item's lateness"));
    setChartThresholds();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    Q_EMIT historyRequested(seriesKey(), now - 3'600'000, now, ++m_historyRequest);
}

QueueSeriesKey QueuePage::seriesKey() const
{
    return {isList() ? QStringLiteral("list") : QStringLiteral("delayed"), m_key};
}

void QueuePage::setProcessingTimeoutMs(qint64 ms)
{
    m_processingTimeoutMs = ms;
    setChartThresholds();
}

void QueuePage::setDelayedThresholds(qint64 warnMs, qint64 critMs)
{
    m_delayedWarnMs = warnMs;
    m_delayedCritMs = critMs;
    setChartThresholds();
}

void QueuePage::setChartThresholds()
{
    m_ageChart->clearThresholds();
    if (isList()) {
        m_ageChart->setThreshold(tr("stuck %1").arg(formatDuration(m_processingTimeoutMs)), double(m_processingTimeoutMs) / 1000.0,
                                 healthStyle(Health::Warn).strong);
    } else {
        m_ageChart->setThreshold(tr("warn %1").arg(formatDuration(m_delayedWarnMs)), double(m_delayedWarnMs) / 1000.0, healthStyle(Health::Warn).strong);
        m_ageChart->setThreshold(tr("crit %1").arg(formatDuration(m_delayedCritMs)), double(m_delayedCritMs) / 1000.0, healthStyle(Health::Crit).strong);
    }
}

void QueuePage::showHistory(quint64 request, const QList<QueuePoint> &points)
{
    if (request != m_historyRequest)
        return;
    m_points = QueueHistory::withPast(points, m_points);
    drawCharts();
}

void QueuePage::drawCharts()
{
    // An hour at most: a page left open all day does not grow without bound.
    QueueHistory::keepLast(m_points, 3'600'000);
    const qint64 newest = m_points.isEmpty() ? QDateTime::currentMSecsSinceEpoch() : std::max(m_lastNowMs, m_points.last().atMs);
    const QueueHistory::QueueColumns columns = QueueHistory::chartColumns(m_points);
    const QVector<double> &t = columns.t;
    m_countChart->setSeries(0, t, columns.v[0]);
    m_countChart->setSeries(1, t, columns.v[1]);
    m_ageChart->setSeries(0, t, columns.v[2]);
    const double since = t.isEmpty() ? std::nan("") : t.first();
    for (TimeChartWidget *chart : {m_countChart, m_ageChart}) {
        chart->setTimeWindow(double(newest) / 1000.0, 3600.0, since);
        chart->replot(QCustomPlot::rpQueuedReplot);
    }
}

QByteArray QueuePage::shownKey() const
{
    return hasProcessing() && m_which->currentIndex() == 0 ? m_processingKey : m_key;
}

void QueuePage::refresh()
{
    if (!m_key.isEmpty())
        request(m_page.key == shownKey() ? m_page.offset : 0);
}

void QueuePage::request(qint64 offset)
{
    m_range->setText(tr("Reading…"));
    Q_EMIT pageRequested(shownKey(), !isList(), offset, kPageSize, ++m_requestNumber);
}

void QueuePage::applySnapshot(const Snapshot &snapshot)
{
    if (m_key.isEmpty() || snapshot.isNull())
        return;
    const QueueSeriesKey mine = seriesKey();
    for (const auto &[key, point] : QueueHistory::fromSnapshot(snapshot))
        if (key == mine && (m_points.isEmpty() || point.atMs > m_points.last().atMs)) {
            m_lastNowMs = point.atMs;
            m_points.append(point);
            drawCharts();
        }
    const HealthVerdict *verdict = nullptr;
    QString facts;
    for (const DelayedQueueSnapshot &q : snapshot->delayedQueues)
        if (!isList() && q.key == m_key) {
            verdict = &q.health;
            facts = tr("%1 items, %2 due").arg(formatCount(q.size.value_or(0)), formatCount(q.due.value_or(0)));
            if (q.oldestOverdueMs)
                facts += tr(", the oldest overdue by %1").arg(formatDuration(*q.oldestOverdueMs));
            if (q.nextDueInMs)
                facts += tr(", the next due in %1").arg(formatDuration(*q.nextDueInMs));
            else if (!q.nextNotTime.isEmpty())
                facts += tr(", the next scored %1: never due").arg(q.nextNotTime);
        }
    for (const ListQueueSnapshot &q : snapshot->listQueues)
        if (isList() && q.key == m_key) {
            verdict = &q.health;
            facts = hasProcessing() ? fillText(tr("%1 waiting, %2 in processing"), formatCount(q.length.value_or(0)), formatCount(q.processingLength.value_or(0)))
                                    : fillText(tr("%1 waiting"), formatCount(q.length.value_or(0)));
        }
    if (!verdict) {
        m_status->setText(tr("Not in the last poll."));
        return;
    }
    const HealthStyle style = healthStyle(verdict->status);
    QString reasons = verdict->reasons.join(QStringLiteral("; ")).toHtmlEscaped();
    m_status->setText(QStringLiteral("<span style='color:%1'><b>%2 %3</b></span> &nbsp;%4%5")
                          .arg(style.strong.name(), style.glyph, style.word, facts.toHtmlEscaped(),
                               reasons.isEmpty() ? QString() : QStringLiteral(" — ") + reasons));
}

void QueuePage::showPage(const QueueItemPage &page)
{
    if (page.request != m_requestNumber)
        return; // an older request's answer
    m_page = page;
    m_model->removeRows(0, m_model->rowCount());
    m_detail->clear();
    if (!page.error.isEmpty()) {
        m_range->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(warningTextColor(), tr("Could not read: %1").arg(page.error).toHtmlEscaped()));
        updateActions();
        return;
    }
    const qint64 length = page.length.value_or(0);
    const bool processing = isList() && page.key == m_processingKey;
    // A sorted set's unit: its earliest score decides, as the probe's does.
    bool milliseconds = false;
    if (!page.items.isEmpty() && page.items.first().score)
        milliseconds = *page.items.first().score >= 1e11;
    for (const QueueItem &item : page.items) {
        std::optional<qint64> atMs;
        if (item.score && std::isfinite(*item.score) && std::fabs(*item.score) < 1e15)
            atMs = milliseconds ? qint64(*item.score) : qint64(*item.score * 1000.0);
        else if (!page.delayed)
            atMs = QueueProbe::itemTimeMs(item.value, m_timestampFields);
        QString age;
        if (!atMs) {
            age = page.delayed ? tr("score not a time") : tr("no timestamp: age unknown");
        } else {
            const qint64 d = page.serverNowMs - *atMs;
            age = page.delayed ? (d >= 0 ? tr("overdue by %1").arg(formatDuration(d)) : tr("due in %1").arg(formatDuration(-d)))
                               : (processing ? tr("%1 in processing").arg(formatDuration(std::max<qint64>(0, d)))
                                             : tr("waiting %1").arg(formatDuration(std::max<qint64>(0, d))));
        }
        auto *when = new QStandardItem(atMs ? localDate(*atMs) : QStringLiteral("—"));
        when->setData(item.value, kValueRole);
        when->setData(item.size, kSizeRole);
        auto *ageItem = new QStandardItem(age);
        if (atMs && ((page.delayed && page.serverNowMs - *atMs >= 60'000) || (processing && page.serverNowMs - *atMs >= m_processingTimeoutMs)))
            ageItem->setForeground(healthStyle(Health::Warn).strong);
        auto *size = new QStandardItem(formatCount(item.size));
        size->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_model->appendRow({when, ageItem, size, new QStandardItem(preview(item.value))});
    }
    for (int c : {When, Age, Size})
        m_table->resizeColumnToContents(c);
    if (!page.items.isEmpty()) // the first item whole, at once
        m_table->selectRow(0);
    // A plain list's producers may push at either end: say which end is shown.
    const QString order = page.delayed ? tr("earliest due first") : hasProcessing() ? tr("oldest first") : tr("from the right end (the oldest, when pushed on the left)");
    m_range->setText(page.items.isEmpty() ? tr("%1 is empty").arg(displayBytes(page.key))
                                          : tr("Items %1–%2 of %3, %4 — read at %5 (Refresh to read again)")
                                                .arg(formatCount(page.offset + 1), formatCount(page.offset + page.items.size()), formatCount(length), order,
                                                     QLocale().toString(QDateTime::fromMSecsSinceEpoch(page.serverNowMs).time(), QLocale::ShortFormat)));
    m_earlier->setEnabled(page.offset > 0);
    m_later->setEnabled(page.offset + page.items.size() < length);
    updateActions();
}

void QueuePage::showSelected()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows(When);
    if (rows.isEmpty()) {
        m_detail->clear();
        return;
    }
    const QByteArray value = rows.first().data(kValueRole).toByteArray();
    const qint64 size = rows.first().data(kSizeRole).toLongLong();
    QString html = QStringLiteral("<pre style='margin:0'>%1</pre>").arg(PayloadView::renderValue(value, true).toHtmlEscaped());
    if (size > value.size())
        html += tr("<p>Showing the first %1 of %2 bytes.</p>").arg(formatCount(value.size()), formatCount(size));
    m_detail->setHtml(html);
}

QList<QByteArray> QueuePage::selectedItems() const
{
    QList<QByteArray> out;
    for (const QModelIndex &row : m_table->selectionModel()->selectedRows(When)) {
        // An item cut for the page cannot be named byte for byte.
        if (row.data(kSizeRole).toLongLong() > row.data(kValueRole).toByteArray().size())
            return {};
        out.append(row.data(kValueRole).toByteArray());
    }
    return out;
}

void QueuePage::updateActions()
{
    const bool writes = m_writes->writesEnabled();
    const bool processing = hasProcessing() && m_page.key == m_processingKey;
    const bool selected = !selectedItems().isEmpty();
    m_requeueStuck->setText(tr("Requeue items older than %1…").arg(formatDuration(m_processingTimeoutMs)));
    m_requeueStuck->setVisible(hasProcessing());
    m_requeueSelected->setVisible(hasProcessing());
    m_delete->setVisible(!isList() || hasProcessing()); // a plain list is read here, never written: its workers own it
    m_runNow->setVisible(!isList());
    m_reschedule->setVisible(!isList());
    const QString readOnly = writes ? QString() : tr("Read-only: enable writes first (Connection ▸ Enable writes)");
    const QString notProcessing = processing ? QString() : tr("Show the processing list: only its items are moved or deleted here");
    m_requeueStuck->setEnabled(writes && hasProcessing());
    m_requeueStuck->setToolTip(!readOnly.isEmpty() ? readOnly
                                                   : tr("Moves every item of %1 whose timestamp is at least %2 old back to %3, exactly once "
                                                        "(the processing timeout of the health rules); the exact commands are shown first")
                                                         .arg(displayBytes(m_processingKey), formatDuration(m_processingTimeoutMs), displayBytes(m_key)));
    for (QPushButton *b : {m_requeueSelected, m_runNow, m_reschedule, m_delete}) {
        const bool listAction = b == m_requeueSelected || (b == m_delete && isList());
        b->setEnabled(writes && selected && (!listAction || processing));
        b->setToolTip(!readOnly.isEmpty()                 ? readOnly
                      : listAction && !processing         ? notProcessing
                      : !selected                         ? tr("Select items first (items over 64 KiB cannot be named here: use pelscope-cli)")
                                                          : QString());
    }
}

void QueuePage::requeueStuck()
{
    QueueWriteRequest r;
    r.operation = QueueWriteRequest::Operation::Requeue;
    r.key = m_processingKey;
    r.mainKey = m_key;
    r.olderThanMs = m_processingTimeoutMs;
    r.timestampFields = m_timestampFields;
    m_writes->queueWrite(r, QString::fromUtf8(m_key), this);
}

void QueuePage::actOnSelected(int operation, qint64 dueInMs)
{
    QueueWriteRequest r;
    r.operation = QueueWriteRequest::Operation(operation);
    r.items = selectedItems();
    r.key = isList() ? m_processingKey : m_key;
    r.mainKey = isList() ? m_key : QByteArray();
    r.dueInMs = dueInMs;
    r.timestampFields = m_timestampFields;
    m_writes->queueWrite(r, QString::fromUtf8(m_key), this);
}

void QueuePage::reschedule()
{
    bool ok = false;
    const int minutes = QInputDialog::getInt(this, tr("Reschedule"), tr("Due in how many minutes from the server's time?"), 10, 0, 525'600, 1, &ok);
    if (ok)
        actOnSelected(int(QueueWriteRequest::Operation::Reschedule), qint64(minutes) * 60'000);
}

} // namespace pelscope
