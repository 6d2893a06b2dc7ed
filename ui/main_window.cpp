#include "main_window.h"

#include "health_style.h"
#include "itemmodels/group_table_model.h"
#include "overview_proxy_model.h"
#include "snapshot/format.h"
#include "snapshot/group_ranking.h"
#include "status_delegate.h"

#include <QAction>
#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace pelscope {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new GroupTableModel(this))
    , m_proxy(new OverviewProxyModel(this))
    , m_table(new QTableView)
    , m_filter(new QLineEdit)
    , m_banner(new QLabel)
    , m_summary(new QLabel)
    , m_connectionLabel(new QLabel)
    , m_pollLabel(new QLabel)
{
    setWindowTitle(QStringLiteral("Pelscope"));
    resize(1280, 720);

    m_proxy->setSourceModel(m_model);
    m_table->setModel(m_proxy);
    m_table->setItemDelegateForColumn(GroupTableModel::Status, new StatusDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(GroupTableModel::Status, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(false);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->setColumnWidth(GroupTableModel::Status, 96);
    m_table->setColumnWidth(GroupTableModel::Stream, 150);
    m_table->setColumnWidth(GroupTableModel::Group, 130);
    m_table->setColumnWidth(GroupTableModel::Lag, 80);
    m_table->setColumnWidth(GroupTableModel::Pending, 80);
    m_table->setColumnWidth(GroupTableModel::OldestIdle, 150);
    m_table->setColumnWidth(GroupTableModel::Consumers, 110);
    m_table->setColumnWidth(GroupTableModel::MaxDeliveries, 110);

    m_filter->setPlaceholderText(tr("Filter streams and groups (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, [this](const QString &text) {
        m_proxy->setFilterRegularExpression(QRegularExpression(QRegularExpression::escape(text)));
    });
    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, m_filter, [this] { m_filter->setFocus(); m_filter->selectAll(); });
    addAction(find);
    auto *refresh = new QAction(this);
    refresh->setShortcut(QKeySequence::Refresh);
    connect(refresh, &QAction::triggered, this, &MainWindow::refreshRequested);
    addAction(refresh);

    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setStyleSheet(QStringLiteral("QLabel { background: #fde4e4; color: #8e1c1c; border: 1px solid #e0a0a0; padding: 8px; font-weight: bold; }"));
    m_banner->hide();
    QFont big = m_summary->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_summary->setFont(big);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(tr("Connecting…"));

    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->addWidget(m_banner);
    layout->addWidget(m_summary);
    layout->addWidget(m_filter);
    layout->addWidget(m_table, 1);
    setCentralWidget(central);

    statusBar()->addWidget(m_connectionLabel, 1);
    statusBar()->addPermanentWidget(m_pollLabel);
}

void MainWindow::showStartupError(const QString &message)
{
    m_banner->setText(message);
    m_banner->show();
    m_summary->setText(tr("Not connected"));
}

void MainWindow::applySnapshot(const Snapshot &snapshot)
{
    if (snapshot->generation < m_generation)
        return; // from before a reconnect
    m_generation = snapshot->generation;
    m_model->applySnapshot(snapshot);
    updateSummary(snapshot);
    const QString when = QDateTime::fromMSecsSinceEpoch(snapshot->takenAtMs).toString(QStringLiteral("HH:mm:ss"));
    m_pollLabel->setText(tr("Last poll %1 (server time) · %2 ms · %3 round trip · %4 commands")
                             .arg(when).arg(snapshot->stats.durationMs).arg(snapshot->stats.roundTrips).arg(snapshot->stats.commands));
    if (!snapshot->warning.isEmpty())
        m_pollLabel->setToolTip(snapshot->warning);
}

void MainWindow::updateSummary(const Snapshot &snapshot)
{
    const HealthCounts counts = countHealth(snapshot);
    qint64 lag = 0, pending = 0, worstIdle = -1, unknownLag = 0;
    for (const StreamSnapshot &s : snapshot->streams)
        for (const GroupSnapshot &g : s.groups) {
            if (g.lag)
                lag += *g.lag;
            else
                ++unknownLag;
            pending += g.pending.value_or(0);
            worstIdle = std::max(worstIdle, g.oldestIdleMs.value_or(-1));
        }
    auto pill = [](Health h, int n) {
        const HealthStyle st = healthStyle(h);
        return QStringLiteral("<span style='color:%1'><b>%2 %3 %4</b></span>").arg(st.strong.name(), st.glyph).arg(n).arg(st.word.toLower());
    };
    QString text = pill(Health::Crit, counts.crit) + QStringLiteral(" &nbsp; ") + pill(Health::Warn, counts.warn)
                   + QStringLiteral(" &nbsp; ") + pill(Health::Ok, counts.ok);
    text += tr(" &nbsp;&nbsp;│&nbsp; total lag <b>%1</b>%2 &nbsp;│&nbsp; total pending <b>%3</b> &nbsp;│&nbsp; worst oldest pending idle <b>%4</b>")
                .arg(formatCount(lag), unknownLag ? tr(" (+%1 unknown)").arg(unknownLag) : QString(), formatCount(pending),
                     worstIdle >= 0 ? formatDuration(worstIdle) : QStringLiteral("—"));
    m_summary->setText(text);
}

void MainWindow::applyStatus(const ConnectionStatus &status)
{
    using State = RedisConnection::State;
    QString text;
    switch (status.state) {
    case State::Ready:
        text = tr("● Connected to %1 — %2 %3 (%4)").arg(status.address, status.server.product, status.server.version, status.server.mode);
        m_banner->hide();
        break;
    case State::Connecting:
    case State::Handshake:
        text = tr("Connecting to %1…").arg(status.address);
        break;
    case State::Backoff:
        text = tr("Reconnecting to %1 (attempt %2, next in %3)")
                   .arg(status.address).arg(status.attempt).arg(formatDuration(status.nextRetryMs));
        break;
    case State::Disconnected:
        text = tr("Disconnected from %1").arg(status.address);
        break;
    }
    if (status.state != State::Ready && status.error.isError()) {
        m_banner->setText(tr("%1 — %2. The data below is from the last successful poll.")
                              .arg(RedisError::kindName(status.error.kind).toUpper(), status.error.message));
        m_banner->setToolTip(QString::fromUtf8(status.error.detail));
        m_banner->show();
    }
    setWindowTitle(tr("Pelscope — %1").arg(status.address));
    m_connectionLabel->setText(text);
}

} // namespace pelscope
