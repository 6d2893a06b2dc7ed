#include "pages/job_queue_page.h"

#include "write_controller.h"

#include "accessible_names.h"
#include "widgets/back_button.h"
#include "health_style.h"
#include "widgets/queue_item_browser.h"
#include "charts/queue_charts.h"
#include "charts/time_chart_widget.h"

#include "snapshot/format.h"
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
#include <QTextBrowser>
#include <QVBoxLayout>

#include <cmath>

namespace pelscope {

namespace {

QString roleName(JobPart::Role role)
{
    switch (role) {
    case JobPart::Role::Waiting: return JobQueuePage::tr("Waiting");
    case JobPart::Role::Paused: return JobQueuePage::tr("Paused");
    case JobPart::Role::Prioritized: return JobQueuePage::tr("Prioritized");
    case JobPart::Role::Active: return JobQueuePage::tr("Active");
    case JobPart::Role::Reserved: return JobQueuePage::tr("Reserved");
    case JobPart::Role::Scheduled: return JobQueuePage::tr("Scheduled");
    case JobPart::Role::Retries: return JobQueuePage::tr("Retries");
    case JobPart::Role::Failed: return JobQueuePage::tr("Failed");
    case JobPart::Role::Dead: return JobQueuePage::tr("Dead");
    }
    return {};
}

const JobQueueSnapshot *findQueue(const Snapshot &snapshot, const QByteArray &id)
{
    if (snapshot.isNull())
        return nullptr;
    for (const JobQueueSnapshot &q : snapshot->jobQueues)
        if (jobQueueId(q) == id)
            return &q;
    return nullptr;
}

// The figures the poll read, in the framework's words; what was not read is left out.
QString facts(const JobQueueSnapshot &q)
{
    QStringList out;
    if (q.waiting)
        out << fillText(JobQueuePage::tr("%1 waiting"), formatCount(*q.waiting));
    if (q.paused)
        out << JobQueuePage::tr("paused");
    if (q.oldestWaitingMs)
        out << fillText(JobQueuePage::tr("the oldest waiting %1"), formatDuration(*q.oldestWaitingMs));
    else if (q.notTakenForMs)
        out << fillText(JobQueuePage::tr("nothing taken for %1"), formatDuration(*q.notTakenForMs));
    if (q.active)
        out << fillText(JobQueuePage::tr("%1 held by workers"), formatCount(*q.active));
    if (q.orphaned && *q.orphaned > 0)
        out << fillText(JobQueuePage::tr("%1 of them by no live worker"), formatCount(*q.orphaned));
    if (q.scheduled)
        out << fillText(JobQueuePage::tr("%1 scheduled, %2 due"), formatCount(*q.scheduled), formatCount(q.overdue.value_or(0)));
    if (q.oldestOverdueMs)
        out << fillText(JobQueuePage::tr("the oldest due %1 late"), formatDuration(*q.oldestOverdueMs));
    if (q.failed)
        out << fillText(JobQueuePage::tr("%1 failed"), formatCount(*q.failed));
    if (q.waitingChildren && *q.waitingChildren > 0)
        out << fillText(JobQueuePage::tr("%1 waiting on their children"), formatCount(*q.waitingChildren));
    if (q.rateLimitMs)
        out << fillText(JobQueuePage::tr("rate limited: the window ends in %1"), formatDuration(*q.rateLimitMs));
    // BullMQ and Celery leave no heartbeat: what is counted is their connections (CLIENT LIST).
    if (q.workers && (q.framework == JobFramework::BullMQ || q.framework == JobFramework::Celery))
        out << fillText(JobQueuePage::tr("%1 worker connection(s)"), formatCount(*q.workers));
    else if (q.workers)
        out << fillText(JobQueuePage::tr("%1 worker(s) alive"), formatCount(*q.workers));
    return out.join(JobQueuePage::tr(", "));
}

} // namespace

JobQueuePage::JobQueuePage(WriteController *writes, QWidget *parent)
    : QWidget(parent)
    , m_writes(writes)
    , m_browser(new QueueItemBrowser(this))
    , m_charts(new QueueCharts(tr("Jobs"), tr("How long")))
    , m_titleLabel(new QLabel)
    , m_status(new QLabel)
    , m_workers(new QLabel)
    , m_which(new QComboBox)
    , m_repairAll(new QPushButton)
    , m_repairSelected(new QPushButton)
    , m_repairByError(new QPushButton)
{
    setObjectName(QStringLiteral("jobQueuePage"));
    auto *back = makeBackButton(this, &JobQueuePage::backRequested);
    auto *reload = new QPushButton(tr("Refresh"));
    connect(reload, &QPushButton::clicked, this, &JobQueuePage::refresh);
    for (QLabel *label : {m_titleLabel, m_status, m_workers}) {
        label->setTextFormat(Qt::RichText);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setWordWrap(label != m_titleLabel);
    }
    m_workers->setObjectName(QStringLiteral("jobQueueDetails"));
    m_which->setObjectName(QStringLiteral("jobParts"));
    m_which->setToolTip(tr("Where the framework keeps this queue's jobs: waiting, held, scheduled, failed"));
    m_which->setAccessibleName(tr("Which of the queue's keys to browse"));
    connect(m_which, &QComboBox::activated, this, &JobQueuePage::showPart);

    auto *top = new QHBoxLayout;
    top->addWidget(back);
    top->addWidget(m_titleLabel, 1);
    top->addWidget(m_which);
    top->addWidget(reload);

    connect(m_browser, &QueueItemBrowser::pageRequested, this, &JobQueuePage::pageRequested);
    connect(m_browser, &QueueItemBrowser::jobRequested, this, &JobQueuePage::jobRequested);
    connect(m_browser, &QueueItemBrowser::selectionChanged, this, &JobQueuePage::updateActions);

    m_repairAll->setObjectName(QStringLiteral("repairAll"));
    m_repairSelected->setObjectName(QStringLiteral("repairSelected"));
    m_repairByError->setObjectName(QStringLiteral("repairByError"));
    connect(m_repairAll, &QPushButton::clicked, this, [this] { repair({}, {}); });
    connect(m_repairSelected, &QPushButton::clicked, this, [this] { repair(m_browser->selectedItems(), {}); });
    connect(m_repairByError, &QPushButton::clicked, this, &JobQueuePage::repairByError);
    connect(m_writes, &WriteController::writesEnabledChanged, this, &JobQueuePage::updateActions);
    connect(m_writes, &WriteController::jobRepairFinished, this, &JobQueuePage::refresh);
    auto *actions = new QHBoxLayout;
    for (QPushButton *b : {m_repairAll, m_repairSelected, m_repairByError})
        actions->addWidget(b);
    actions->addStretch(1);

    QSplitter *split = m_browser->splitBelow(m_charts);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(m_workers);
    layout->addWidget(m_browser->pagingBar());
    layout->addWidget(split, 1);
    layout->addLayout(actions);
    updateActions();
}

bool JobQueuePage::showJobQueue(const QByteArray &id, const Snapshot &snapshot, qint64 serverNowMs)
{
    const JobQueueSnapshot *q = findQueue(snapshot, id);
    if (!q)
        return false;
    m_id = id;
    m_parts = q->parts;
    m_holds = jobFigures(*q).holds;
    m_title = jobQueueTitle(*q);
    m_repair = jobRepairFor(*q, m_visibilityTimeoutMs);
    m_titleLabel->setText(fillText(m_repair ? tr("<b>%1</b> &nbsp;(%2)") : tr("<b>%1</b> &nbsp;(%2, read only)"), m_title.toHtmlEscaped(),
                                   q->version.isEmpty() ? tr("job framework") : q->version.toHtmlEscaped()));
    m_which->clear();
    for (const JobPart &part : std::as_const(m_parts))
        m_which->addItem(fillText(tr("%1: %2"), roleName(part.role), elidedName(part.key)));
    m_which->setVisible(m_parts.size() > 1);
    nameView(m_browser->table(), fillText(tr("Jobs of %1"), jobQueueTitle(*q)));
    m_status->clear();
    m_workers->clear();
    showPart();

    // The charts: what the row counts, by what it holds.
    const bool waiting = m_holds == JobFigures::Holds::Waiting, scheduled = m_holds == JobFigures::Holds::Scheduled;
    const QString counted = waiting                                     ? tr("waiting")
                            : scheduled                                 ? tr("scheduled")
                            : m_holds == JobFigures::Holds::Failed      ? tr("failed")
                            : m_holds == JobFigures::Holds::Workers     ? tr("workers")
                                                                        : tr("reserved");
    m_charts->setSeriesNames(counted, waiting ? tr("active") : scheduled ? tr("due") : tr("held"),
                             waiting ? tr("oldest waiting") : scheduled ? tr("oldest due, late by") : tr("oldest held"));
    m_charts->ageChart()->setVisible(m_holds != JobFigures::Holds::Failed && m_holds != JobFigures::Holds::Workers);
    m_charts->countChart()->setCaption(jobQueueTitle(*q));
    m_points.clear();
    drawCharts();
    Q_EMIT historyRequested({QStringLiteral("job"), m_id}, serverNowMs - 3'600'000, serverNowMs, ++m_historyRequest);
    applySnapshot(snapshot);
    return true;
}

TimeChartWidget *JobQueuePage::countChart() const
{
    return m_charts->countChart();
}

void JobQueuePage::showPart()
{
    const int index = m_which->currentIndex();
    if (index < 0 || index >= m_parts.size()) {
        m_browser->clear();
        return;
    }
    const JobPart &part = m_parts.at(index);
    QueueItemBrowser::Source source;
    source.key = part.key;
    source.sortedSet = part.sortedSet;
    source.score = part.score;
    source.scoreToMs = part.scoreToMs;
    source.processing = part.role == JobPart::Role::Active || part.role == JobPart::Role::Reserved;
    source.timestampFields = {"enqueued_at", "timestamp", "ts"};
    source.jobPrefix = part.jobPrefix;
    // Failed and dead jobs newest first: the operator asks what fails now.
    source.newestFirst = part.sortedSet && part.score == JobPart::Score::Since;
    source.order = !part.sortedSet                          ? tr("from the right end")
                   : source.newestFirst                     ? tr("newest first")
                   : part.score == JobPart::Score::None     ? tr("lowest score first")
                                                            : tr("earliest first");
    m_browser->show(source);
    updateActions();
}

void JobQueuePage::refresh()
{
    m_browser->refresh();
}

void JobQueuePage::showPage(const QueueItemPage &page)
{
    m_browser->showPage(page);
}

void JobQueuePage::showJob(const JobHashPage &job)
{
    m_browser->showJob(job);
}

void JobQueuePage::applySnapshot(const Snapshot &snapshot)
{
    if (m_id.isEmpty() || snapshot.isNull())
        return;
    const JobQueueSnapshot *q = findQueue(snapshot, m_id);
    if (!q) {
        m_status->setText(tr("Not in the last poll: the framework's keys for it are gone, or were not read."));
        m_workers->clear();
        return;
    }
    for (const auto &[key, point] : QueueHistory::fromSnapshot(snapshot))
        if (key.kind == QLatin1String("job") && key.key == m_id && (m_points.isEmpty() || point.atMs > m_points.last().atMs)) {
            m_lastNowMs = point.atMs;
            m_points.append(point);
            drawCharts();
        }
    if (!q->error.isEmpty()) {
        m_status->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(warningTextColor(), fillText(tr("Could not read: %1"), q->error).toHtmlEscaped()));
        return;
    }
    m_newestFailure = q->newestFailure;
    const HealthStyle style = healthStyle(q->health.status);
    const QString reasons = joinReasons(q->health.reasons, QStringLiteral("; "));
    m_status->setText(fillText(QStringLiteral("<span style='color:%1'><b>%2 %3</b></span> &nbsp;%4%5"), style.strong.name(), style.glyph, style.word,
                               facts(*q).toHtmlEscaped(), reasons.isEmpty() ? QString() : QStringLiteral(" — ") + reasons.toHtmlEscaped()));
    QStringList more;
    if (!q->deadWorkers.isEmpty())
        more << fillText(tr("<b>Stopped holding jobs:</b> %1"), q->deadWorkers.join(QStringLiteral("; ")).toHtmlEscaped());
    if (!q->goneWorkers.isEmpty())
        more << fillText(tr("<b>Listed, but their own key is gone:</b> %1"), q->goneWorkers.join(QStringLiteral("; ")).toHtmlEscaped());
    if (!q->stuckParents.isEmpty())
        more << fillText(tr("<b>Flow parents waiting on a failed child:</b> %1"), q->stuckParents.join(QStringLiteral("; ")).toHtmlEscaped());
    if (!q->newestFailure.isEmpty())
        more << fillText(tr("<b>Newest failure:</b> %1"), q->newestFailure.toHtmlEscaped());
    m_workers->setText(more.join(QStringLiteral("<br>")));
    m_workers->setVisible(!more.isEmpty());
}

bool JobQueuePage::browsingRepairSource() const
{
    const int index = m_which->currentIndex();
    return m_repair && index >= 0 && index < m_parts.size() && m_parts.at(index).key == m_repair->sourceKey();
}

void JobQueuePage::updateActions()
{
    const bool offered = m_repair.has_value();
    for (QPushButton *b : {m_repairAll, m_repairSelected, m_repairByError})
        b->setVisible(offered);
    if (!offered)
        return;
    m_repairByError->setVisible(m_repair->framework != JobFramework::Celery); // a reservation holds no error
    const JobFramework f = m_repair->framework;
    m_repairAll->setText(fillText(tr("%1…"), jobRepairTitle(*m_repair)));
    m_repairSelected->setText(f == JobFramework::Celery ? tr("Restore selected…") : f == JobFramework::Rq ? tr("Requeue selected…") : tr("Retry selected…"));
    m_repairByError->setText(f == JobFramework::Rq ? tr("Requeue by error…") : tr("Retry by error…"));
    const QString blocked = m_writes->blocker(QString::fromUtf8(m_repair->sourceKey()), jobRepairAction(f));
    const QString source = displayBytes(m_repair->sourceKey());
    const QString what = f == JobFramework::Celery
                             ? fillText(tr("Gives every reservation in %1 older than the visibility timeout (%2) back to its queue, as kombu's own "
                                           "restore does; the exact commands are shown first"),
                                        source, formatDuration(m_repair->visibilityTimeoutMs))
                             : fillText(tr("Puts every job of %1 back on its queue, as the framework's own retry does; the exact commands are shown first"), source);
    m_repairAll->setEnabled(blocked.isEmpty());
    m_repairAll->setToolTip(blocked.isEmpty() ? what : blocked);
    m_repairByError->setEnabled(blocked.isEmpty());
    m_repairByError->setToolTip(blocked.isEmpty() ? fillText(tr("Only the jobs of %1 whose error contains a text you give"), source) : blocked);
    const bool selected = browsingRepairSource() && !m_browser->selectedItems().isEmpty();
    m_repairSelected->setEnabled(blocked.isEmpty() && selected);
    m_repairSelected->setToolTip(!blocked.isEmpty()             ? blocked
                                 : !browsingRepairSource()     ? fillText(tr("Browse %1 and select jobs first"), source)
                                 : !selected                   ? tr("Select jobs first (a job over 64 KiB cannot be named here: use pelscope-cli)")
                                                               : QString());
}

void JobQueuePage::repair(const QList<QByteArray> &ids, const QString &errorContains)
{
    if (!m_repair)
        return;
    JobRepairRequest r = *m_repair;
    r.visibilityTimeoutMs = m_visibilityTimeoutMs;
    r.ids = ids;
    r.errorContains = errorContains;
    m_writes->jobRepair(r, QString::fromUtf8(r.sourceKey()), this);
}

void JobQueuePage::repairByError()
{
    // Window-modal, not exec(): polls and the write flow go on while it asks.
    auto *ask = new QInputDialog(this);
    ask->setAttribute(Qt::WA_DeleteOnClose);
    ask->setWindowTitle(m_repairByError->text());
    ask->setLabelText(fillText(tr("Only the jobs of %1 whose error contains:"), m_title));
    // The newest failure's text is offered: the error an operator most often retries after a fix.
    ask->setTextValue(m_newestFailure.section(QLatin1Char('\n'), 0, 0).left(200));
    connect(ask, &QInputDialog::textValueSelected, this, [this](const QString &text) {
        if (!text.trimmed().isEmpty())
            repair({}, text.trimmed());
    });
    ask->open();
}

void JobQueuePage::showHistory(quint64 request, const QList<QueuePoint> &points)
{
    if (request != m_historyRequest)
        return;
    m_points = QueueHistory::withPast(points, m_points);
    drawCharts();
}

void JobQueuePage::drawCharts()
{
    QueueHistory::keepLast(m_points, 3'600'000); // an hour at most, however long the page stays open
    m_charts->draw(m_points, m_points.isEmpty() ? QDateTime::currentMSecsSinceEpoch() : std::max(m_lastNowMs, m_points.last().atMs));
}

} // namespace pelscope
