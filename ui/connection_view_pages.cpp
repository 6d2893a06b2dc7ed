// Which page a connection tab shows and how it gets there: the overview, a
// group, the dead letters, a queue or a job framework's queue, the activity
// chart; opened by double-click, keys, the command line's --page and the
// page the tab showed when the window last closed.
#include "connection_view.h"

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

void ConnectionView::showDeadLetters(const QByteArray &key)
{
    if (!key.isEmpty())
        m_dlqPage->showDlq(key);
    m_stack->setCurrentWidget(m_dlqPage);
    m_dlqPage->setFocus(); // keyboard users land on the page (Esc goes back)
    rememberPage(PageRoute::deadLetters(key));
}

void ConnectionView::openGroup(const QByteArray &stream, const QByteArray &group)
{
    m_groupPage->showGroup(stream, group);
    m_stack->setCurrentWidget(m_groupPage);
    // The keyboard goes with the page: its consumers table, where Esc,
    // Alt+Left and Backspace lead back.
    m_groupPage->consumerView()->setFocus();
    rememberPage(PageRoute::groupOf(stream, group));
}

void ConnectionView::showOverview()
{
    m_stack->setCurrentWidget(m_overviewSplit);
    m_overview->table()->setFocus();
    rememberPage(PageRoute::overview());
}

QString ConnectionView::lastPageSettingKey(const QString &label)
{
    // One setting per connection: a tab reopens its own page. The label is
    // percent-encoded so that a '/' in it is not a settings group.
    return QStringLiteral("window/lastPage/") + QString::fromLatin1(label.toUtf8().toPercentEncoding());
}

void ConnectionView::rememberPage(const PageRoute &route)
{
    QSettings().setValue(lastPageSettingKey(label()), route.toText());
}

bool ConnectionView::showPage(const QString &page)
{
    const std::optional<PageRoute> route = PageRoute::fromText(page);
    if (!route)
        return false;
    switch (route->page) {
    case PageRoute::Page::Overview: showOverview(); return true;
    case PageRoute::Page::DeadLetters: showDeadLetters(route->key); return true;
    case PageRoute::Page::Group: openGroup(route->key, route->group); return true;
    case PageRoute::Page::Queue:
        // Known once a poll has listed it: opened then, if not yet.
        m_wantedQueue = route->key;
        openWantedQueue();
        return !m_wantedQueue.isEmpty() || m_stack->currentWidget() == m_queuePage || m_stack->currentWidget() == m_jobPage;
    }
    return false;
}

ActivityChart *ConnectionView::showActivityChart()
{
    if (!m_activityChart) {
        m_activityChart = new ActivityChart(this);
        connect(m_activityChart, &ActivityChart::historyRequested, m_session->historySessionForReads(), &HistorySession::readQueueSeries);
        connect(m_session->historySessionForReads(), &HistorySession::queueSeriesRead, m_activityChart, &ActivityChart::showHistory);
    }
    m_activityChart->setWindowTitle(tr("Claim and XACK activity — %1").arg(label()));
    m_activityChart->reload(m_session->serverNowMs());
    m_activityChart->applySnapshot(lastSnapshot());
    m_activityChart->show();
    m_activityChart->raise();
    return m_activityChart;
}

void ConnectionView::openWantedQueue()
{
    const Snapshot &s = lastSnapshot();
    if (m_wantedQueue.isEmpty() || s.isNull())
        return;
    const QByteArray key = std::exchange(m_wantedQueue, {});
    for (const DelayedQueueSnapshot &q : s->delayedQueues)
        if (q.key == key)
            return openQueue(key, {}, false);
    for (const ListQueueSnapshot &q : s->listQueues)
        if (q.key == key)
            return openQueue(key, q.processingKey, true);
    for (const JobQueueSnapshot &q : s->jobQueues) // a job framework's queue, by the key of its waiting jobs (or its set)
        if (q.key == key)
            return openJobQueue(jobQueueId(q));
    spdlog::warn("no queue named {} in the first poll", displayBytes(key).toStdString());
}

void ConnectionView::openQueue(const QByteArray &key, const QByteArray &processingKey, bool list)
{
    m_queuePage->setTimestampFields(m_request.probe.queues.timestampFields);
    m_queuePage->showQueue(key, processingKey, list, m_session->serverNowMs());
    m_queuePage->applySnapshot(lastSnapshot());
    m_stack->setCurrentWidget(m_queuePage);
}

void ConnectionView::openJobQueue(const QByteArray &id)
{
    if (m_jobPage->showJobQueue(id, lastSnapshot(), m_session->serverNowMs()))
        m_stack->setCurrentWidget(m_jobPage);
}

} // namespace pelscope
