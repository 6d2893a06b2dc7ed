#include "pages/all_connections_page.h"

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
        if (QObject *owner = ownerOf(index))
            Q_EMIT groupRequested(owner, index.data(GroupTableModel::StreamKeyRole).toByteArray(),
                                  index.data(GroupTableModel::GroupNameRole).toByteArray());
    });
}

void AllConnectionsPage::addConnection(const ConnectionRows &rows)
{
    m_shown.append({rows.owner, rows});
    m_rows->addSourceModel(rows.groups);
    updateSummary();
}

void AllConnectionsPage::removeConnection(QObject *owner)
{
    for (qsizetype i = 0; i < m_shown.size(); ++i)
        if (m_shown.at(i).rows.owner == owner) {
            m_rows->removeSourceModel(m_shown.at(i).rows.groups);
            m_shown.removeAt(i);
            break;
        }
    updateSummary();
}

void AllConnectionsPage::connectionChanged()
{
    if (!m_summaryDue.isActive())
        m_summaryDue.start();
}

QObject *AllConnectionsPage::ownerOf(const QModelIndex &index) const
{
    const QModelIndex inRows = m_overview->proxy()->mapToSource(index);
    const QModelIndex inSource = m_rows->mapToSource(inRows);
    for (const Shown &shown : m_shown)
        if (shown.owner && shown.rows.groups == inSource.model())
            return shown.owner;
    return nullptr;
}

void AllConnectionsPage::updateSummary()
{
    QList<Snapshot> snapshots;
    QStringList stale;
    bool cluster = false, rationed = false;
    for (const Shown &shown : std::as_const(m_shown)) {
        if (!shown.owner)
            continue;
        const Snapshot last = shown.rows.lastSnapshot();
        snapshots << last;
        cluster |= !last.isNull() && last->server.mode == QLatin1String("cluster");
        rationed |= !last.isNull() && last->stats.refreshTicks > 1;
        if (shown.rows.stale() || last.isNull())
            stale << shown.rows.label().toHtmlEscaped();
    }
    QString text = overviewSummaryHtml(snapshots);
    text += tr(" &nbsp;│&nbsp; connections <b>%1</b>").arg(m_shown.size());
    if (!stale.isEmpty()) // a connection with no current data must not look healthy
        text += fillText(tr(" <span style='color:%1'><b>(%2 not answering: %3)</b></span>"), healthStyle(Health::Warn).strong.name(), stale.size(),
                         stale.join(QStringLiteral(", ")));
    m_overview->setSummary(text);
    m_overview->setColumnShown(GroupTableModel::Node, cluster);
    m_overview->setColumnShown(GroupTableModel::ReadAge, rationed);
}

} // namespace pelscope
