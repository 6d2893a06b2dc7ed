#include "pages/queue_page.h"

#include "accessible_names.h"
#include "widgets/back_button.h"
#include "health_style.h"
#include "charts/queue_charts.h"
#include "charts/time_chart_widget.h"
#include "write_controller.h"

#include "actions/queue_write_job.h"
#include "snapshot/format.h"
#include "snapshot/status_words.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace pelscope {


QueuePage::QueuePage(WriteController *writes, QWidget *parent)
    : QWidget(parent)
    , m_writes(writes)
    , m_browser(new QueueItemBrowser(this))
    , m_charts(new QueueCharts(tr("Items"), tr("How late, how long")))
    , m_title(new QLabel)
    , m_status(new QLabel)
    , m_which(new QComboBox)
    , m_requeueStuck(new QPushButton)
    , m_requeueSelected(new QPushButton(tr("Requeue selected")))
    , m_runNow(new QPushButton(tr("Run selected now")))
    , m_reschedule(new QPushButton(tr("Reschedule selected…")))
    , m_delete(new QPushButton(tr("Delete selected")))
{
    setObjectName(QStringLiteral("queuePage"));
    auto *back = makeBackButton(this, &QueuePage::backRequested);
    auto *reload = new QPushButton(tr("Refresh"));
    connect(reload, &QPushButton::clicked, this, &QueuePage::refresh);
    m_title->setTextFormat(Qt::RichText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_which->setToolTip(tr("The processing list (items workers hold) or the main list (items waiting)"));
    connect(m_which, &QComboBox::activated, this, &QueuePage::showItems);

    auto *top = new QHBoxLayout;
    top->addWidget(back);
    top->addWidget(m_title, 1);
    top->addWidget(m_which);
    top->addWidget(reload);

    connect(m_browser, &QueueItemBrowser::selectionChanged, this, &QueuePage::updateActions);
    connect(m_browser, &QueueItemBrowser::pageRequested, this, &QueuePage::pageRequested);

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
    QSplitter *split = m_browser->splitBelow(m_charts);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(m_browser->pagingBar());
    layout->addWidget(split, 1);
    layout->addLayout(actions);
}

void QueuePage::showQueue(const QByteArray &key, const QByteArray &processingKey, bool list, qint64 serverNowMs)
{
    m_key = key;
    nameView(table(), fillText(tr("Items of %1"), displayBytes(key)));
    m_processingKey = processingKey;
    m_list = list || !processingKey.isEmpty();
    m_which->clear();
    m_which->setVisible(hasProcessing());
    if (hasProcessing()) {
        m_which->addItem(fillText(tr("Processing: %1"), elidedName(processingKey)));
        m_which->addItem(fillText(tr("Main: %1"), elidedName(key)));
    }
    m_title->setText(hasProcessing() ? fillText(tr("<b>%1</b> → %2 &nbsp;(reliable list)"), elidedName(key, 64).toHtmlEscaped(), elidedName(processingKey, 64).toHtmlEscaped())
                     : isList()      ? fillText(tr("<b>%1</b> &nbsp;(list: workers pop from it)"), elidedName(key, 64).toHtmlEscaped())
                                     : fillText(tr("<b>%1</b> &nbsp;(delayed queue)"), elidedName(key, 64).toHtmlEscaped()));
    m_status->clear();
    showItems();
    // The charts: the recorded last hour, then each poll.
    m_points.clear();
    m_charts->draw({}, QDateTime::currentMSecsSinceEpoch());
    m_charts->setSeriesNames(isList() ? tr("waiting") : tr("size"), isList() ? tr("in processing") : tr("due"),
                             isList() ? tr("oldest in processing") : tr("oldest due, late by"));
    const bool secondSeries = !isList() || hasProcessing(); // a plain list has no processing count
    m_charts->countChart()->graph(1)->setVisible(secondSeries);
    if (secondSeries)
        m_charts->countChart()->graph(1)->addToLegend();
    else
        m_charts->countChart()->graph(1)->removeFromLegend();
    m_charts->countChart()->setCaption(hasProcessing() ? fillText(tr("%1 waiting, %2 in processing"), elidedName(key, 48), elidedName(processingKey, 48))
                             : isList()      ? fillText(tr("%1 waiting"), elidedName(key, 48))
                                             : tr("size and items due"));
    m_charts->ageChart()->setVisible(!isList() || hasProcessing()); // a plain list holds nothing in processing to age
    m_charts->ageChart()->setCaption(isList() ? tr("the oldest item in processing") : tr("the oldest due item's lateness"));
    setChartThresholds();
    Q_EMIT historyRequested(seriesKey(), serverNowMs - 3'600'000, serverNowMs, ++m_historyRequest);
}

TimeChartWidget *QueuePage::countChart() const
{
    return m_charts->countChart();
}

TimeChartWidget *QueuePage::ageChart() const
{
    return m_charts->ageChart();
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
    m_charts->ageChart()->clearThresholds();
    if (isList()) {
        m_charts->ageChart()->setThreshold(tr("stuck %1").arg(formatDuration(m_processingTimeoutMs)), double(m_processingTimeoutMs) / 1000.0,
                                 healthStyle(Health::Warn).strong);
    } else {
        m_charts->ageChart()->setThreshold(fillText(tr("%1 %2", "a chart\'s threshold line: its status and value"), statusName(Health::Warn), formatDuration(m_delayedWarnMs)), double(m_delayedWarnMs) / 1000.0, healthStyle(Health::Warn).strong);
        m_charts->ageChart()->setThreshold(fillText(tr("%1 %2", "a chart\'s threshold line: its status and value"), statusName(Health::Crit), formatDuration(m_delayedCritMs)), double(m_delayedCritMs) / 1000.0, healthStyle(Health::Crit).strong);
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
    m_charts->draw(m_points, m_points.isEmpty() ? QDateTime::currentMSecsSinceEpoch() : std::max(m_lastNowMs, m_points.last().atMs));
}

QByteArray QueuePage::shownKey() const
{
    return hasProcessing() && m_which->currentIndex() == 0 ? m_processingKey : m_key;
}

void QueuePage::refresh()
{
    if (!m_key.isEmpty())
        m_browser->refresh();
}

void QueuePage::showItems()
{
    QueueItemBrowser::Source source;
    source.key = shownKey();
    source.sortedSet = !isList();
    source.processing = hasProcessing() && source.key == m_processingKey;
    source.warnAgeMs = source.processing ? m_processingTimeoutMs : 60'000;
    source.timestampFields = m_timestampFields;
    // A plain list's producers may push at either end: say which end is shown.
    source.order = !isList() ? tr("earliest due first") : hasProcessing() ? tr("oldest first") : tr("from the right end (the oldest, when pushed on the left)");
    m_browser->show(source);
    updateActions();
}

void QueuePage::showPage(const QueueItemPage &page)
{
    m_browser->showPage(page);
    updateActions();
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
    QString reasons = joinReasons(verdict->reasons, QStringLiteral("; ")).toHtmlEscaped();
    m_status->setText(QStringLiteral("<span style='color:%1'><b>%2 %3</b></span> &nbsp;%4%5")
                          .arg(style.strong.name(), style.glyph, style.word, facts.toHtmlEscaped(),
                               reasons.isEmpty() ? QString() : QStringLiteral(" — ") + reasons));
}

QList<QByteArray> QueuePage::selectedItems() const
{
    return m_browser->selectedItems();
}

void QueuePage::updateActions()
{
    const bool writes = m_writes->writesEnabled();
    const bool processing = hasProcessing() && m_browser->page().key == m_processingKey;
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
