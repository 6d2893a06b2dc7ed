#include "pages/all_connections_page.h"

#include "connection_view.h"
#include "health_style.h"
#include "itemmodels/group_table_model.h"
#include "text/fill_text.h"
#include "pages/overview_page.h"
#include "widgets/overview_proxy_model.h"

#include <QConcatenateTablesProxyModel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace pelscope {

AllConnectionsPage::AllConnectionsPage(QWidget *parent)
    : QWidget(parent)
    , m_rows(new QConcatenateTablesProxyModel(this))
    , m_overview(new OverviewPage(m_rows))
{
    m_overview->setColumnShown(GroupTableModel::Connection, true);
    m_overview->offerGrouping(GroupTableModel::Connection, tr("connection"));
    m_overview->table()->setColumnWidth(GroupTableModel::Connection, 180);
    m_overview->filter()->setPlaceholderText(tr("Filter connections, streams and groups (Ctrl+F)"));
    m_overview->filter()->setAccessibleName(tr("Filter connections, streams and groups"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_overview);
    // Twenty connections each poll once a second: the summary over all their
    // groups is made at most five times a second, not after every poll.
    m_summaryDue.setSingleShot(true);
    m_summaryDue.setInterval(200);
    connect(&m_summaryDue, &QTimer::timeout, this, &AllConnectionsPage::updateSummary);
    connect(m_overview, &OverviewPage::rowActivated, this, [this](const QModelIndex &index) {
        if (ConnectionView *view = viewOf(index))
            Q_EMIT groupRequested(view, index.data(GroupTableModel::StreamKeyRole).toByteArray(),
                                  index.data(GroupTableModel::GroupNameRole).toByteArray());
    });
}

void AllConnectionsPage::addConnection(ConnectionView *view)
{
    m_views.append(view);
    m_rows->addSourceModel(view->groupModel());
    connect(view, &ConnectionView::summaryChanged, this, [this] {
        if (!m_summaryDue.isActive())
            m_summaryDue.start();
    });
    updateSummary();
}

void AllConnectionsPage::removeConnection(ConnectionView *view)
{
    m_rows->removeSourceModel(view->groupModel());
    m_views.removeAll(view);
    disconnect(view, nullptr, this, nullptr);
    updateSummary();
}

ConnectionView *AllConnectionsPage::viewOf(const QModelIndex &index) const
{
    const QModelIndex inRows = m_overview->proxy()->mapToSource(index);
    const QModelIndex inSource = m_rows->mapToSource(inRows);
    for (const QPointer<ConnectionView> &view : m_views)
        if (view && view->groupModel() == inSource.model())
            return view;
    return nullptr;
}

void AllConnectionsPage::updateSummary()
{
    QList<Snapshot> snapshots;
    QStringList stale;
    bool cluster = false, rationed = false;
    for (const QPointer<ConnectionView> &view : std::as_const(m_views)) {
        if (!view)
            continue;
        snapshots << view->lastSnapshot();
        cluster |= !view->lastSnapshot().isNull() && view->lastSnapshot()->server.mode == QLatin1String("cluster");
        rationed |= !view->lastSnapshot().isNull() && view->lastSnapshot()->stats.refreshTicks > 1;
        if (view->isStale() || view->lastSnapshot().isNull())
            stale << view->label().toHtmlEscaped();
    }
    QString text = overviewSummaryHtml(snapshots);
    text += tr(" &nbsp;│&nbsp; connections <b>%1</b>").arg(m_views.size());
    if (!stale.isEmpty()) // a connection with no current data must not look healthy
        text += fillText(tr(" <span style='color:%1'><b>(%2 not answering: %3)</b></span>"), healthStyle(Health::Warn).strong.name(), stale.size(),
                         stale.join(QStringLiteral(", ")));
    m_overview->setSummary(text);
    m_overview->setColumnShown(GroupTableModel::Node, cluster);
    m_overview->setColumnShown(GroupTableModel::ReadAge, rationed);
}

} // namespace pelscope
