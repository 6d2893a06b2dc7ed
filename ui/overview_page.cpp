#include "overview_page.h"

#include "health_style.h"
#include "itemmodels/group_table_model.h"
#include "overview_proxy_model.h"
#include "snapshot/format.h"
#include "snapshot/group_ranking.h"
#include "sparkline_delegate.h"
#include "status_delegate.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace pelscope {

OverviewPage::OverviewPage(QAbstractItemModel *source, QWidget *parent)
    : QWidget(parent)
    , m_proxy(new OverviewProxyModel(this))
    , m_table(new QTableView)
    , m_filter(new QLineEdit)
    , m_summary(new QLabel)
    , m_groupBy(new QCheckBox)
    , m_toolRow(new QHBoxLayout)
{
    m_proxy->setSourceModel(source);
    m_table->setModel(m_proxy);
    m_table->setItemDelegateForColumn(GroupTableModel::Status, new StatusDelegate(m_table));
    m_table->setItemDelegateForColumn(GroupTableModel::LagTrend, new SparklineDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(GroupTableModel::Status, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    const int widths[] = {92, 130, 130, 130, 120, 70, 70, 140, 110, 100, 64, 64, 100, 120};
    for (int c = 0; c < GroupTableModel::Reasons; ++c)
        m_table->setColumnWidth(c, widths[c]);
    setColumnShown(GroupTableModel::Connection, false);
    setColumnShown(GroupTableModel::Node, false);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) { Q_EMIT rowActivated(index); });

    m_filter->setPlaceholderText(tr("Filter streams and groups (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, [this](const QString &text) {
        m_proxy->setFilterRegularExpression(QRegularExpression(QRegularExpression::escape(text)));
    });
    m_groupBy->hide();
    connect(m_groupBy, &QCheckBox::toggled, this, [this](bool on) { m_proxy->setGroupColumn(on ? m_groupColumn : -1); });

    QFont big = m_summary->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_summary->setFont(big);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(tr("Connecting…"));
    m_summary->setObjectName(QStringLiteral("summary"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_toolRow->addWidget(m_filter, 1);
    m_toolRow->addWidget(m_groupBy);
    layout->addWidget(m_summary);
    layout->addLayout(m_toolRow);
    layout->addWidget(m_table, 1);
}

void OverviewPage::setSummary(const QString &html)
{
    m_summary->setText(html);
}

QString OverviewPage::summary() const
{
    return m_summary->text();
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

QString overviewSummaryHtml(const QList<Snapshot> &snapshots, qint64 consumerDeadMs)
{
    HealthCounts counts;
    qint64 lag = 0, pending = 0, worstIdle = -1, unknownLag = 0;
    int dead = 0;
    for (const Snapshot &snapshot : snapshots) {
        if (snapshot.isNull())
            continue;
        const HealthCounts c = countHealth(snapshot);
        counts.crit += c.crit;
        counts.warn += c.warn;
        counts.ok += c.ok;
        for (const StreamSnapshot &s : snapshot->streams)
            for (const GroupSnapshot &g : s.groups) {
                if (g.lag)
                    lag += *g.lag;
                else
                    ++unknownLag;
                pending += g.pending.value_or(0);
                worstIdle = std::max(worstIdle, g.oldestIdleMs.value_or(-1));
                for (const ConsumerSnapshot &c : g.consumerList)
                    dead += c.pending > 0 && c.idleMs && *c.idleMs >= consumerDeadMs;
            }
    }
    auto tile = [](Health h, int n) {
        const HealthStyle st = healthStyle(h);
        return QStringLiteral("<span style='color:%1'><b>%2 %3 %4</b></span>").arg(st.strong.name(), st.glyph).arg(n).arg(st.word.toLower());
    };
    QString text = tile(Health::Crit, counts.crit) + QStringLiteral(" &nbsp; ") + tile(Health::Warn, counts.warn)
                   + QStringLiteral(" &nbsp; ") + tile(Health::Ok, counts.ok);
    text += OverviewPage::tr(" &nbsp;│&nbsp; total lag <b>%1</b>%2 &nbsp;│&nbsp; total pending <b>%3</b> &nbsp;│&nbsp; worst oldest pending idle <b>%4</b>"
                             " &nbsp;│&nbsp; dead consumers <b>%5</b>")
                .arg(formatCount(lag), unknownLag ? OverviewPage::tr(" (+%1 unknown)").arg(unknownLag) : QString(), formatCount(pending),
                     worstIdle >= 0 ? formatDuration(worstIdle) : QStringLiteral("—"))
                .arg(dead);
    return text;
}

} // namespace pelscope
