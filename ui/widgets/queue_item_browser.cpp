#include "widgets/queue_item_browser.h"

#include "health_style.h"
#include "widgets/payload_view.h"

#include "probe/queue_probe.h"
#include "snapshot/format.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QSplitter>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QTextBrowser>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pelscope {

namespace {

constexpr int kValueRole = Qt::UserRole + 1; // QByteArray: the item as read (cut at 64 KiB)
constexpr int kSizeRole = Qt::UserRole + 2;  // qint64: its full size
// 9999-12-31 in ms: a score past it (or not finite) is no time.
constexpr double kLastTimeMs = 253'402'300'799'000.0;

QString localDate(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

// One line of an item for the table: control characters escaped, cut.
QString preview(const QByteArray &value)
{
    QString text = displayBytes(value.left(300));
    text.replace(QLatin1Char('\n'), QStringLiteral("⏎"));
    return value.size() > 300 ? text + QStringLiteral("…") : text;
}

} // namespace

QueueItemBrowser::QueueItemBrowser(QObject *parent)
    : QObject(parent)
    , m_pagingBar(new QWidget)
    , m_range(new QLabel)
    , m_earlier(new QPushButton(tr("◀ Earlier")))
    , m_later(new QPushButton(tr("Later ▶")))
    , m_model(new QStandardItemModel(0, ColumnCount, this))
    , m_table(new QTableView)
    , m_detail(new QTextBrowser)
{
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
        Q_EMIT selectionChanged();
    });
    m_detail->setOpenLinks(false);
    m_detail->setPlaceholderText(tr("Select an item to see it whole, JSON pretty-printed."));

    auto *paging = new QHBoxLayout(m_pagingBar);
    paging->setContentsMargins(0, 0, 0, 0);
    paging->addWidget(m_range, 1);
    paging->addWidget(m_earlier);
    paging->addWidget(m_later);
    connect(m_earlier, &QPushButton::clicked, this, [this] { request(std::max<qint64>(0, m_page.offset - kPageSize)); });
    connect(m_later, &QPushButton::clicked, this, [this] { request(m_page.offset + kPageSize); });
}

void QueueItemBrowser::show(const Source &source)
{
    m_source = source;
    m_page = {};
    m_model->removeRows(0, m_model->rowCount());
    m_detail->clear();
    request(0);
}

void QueueItemBrowser::clear()
{
    m_source = {};
    m_page = {};
    m_model->removeRows(0, m_model->rowCount());
    m_detail->clear();
    m_range->clear();
}

void QueueItemBrowser::refresh()
{
    if (!m_source.key.isEmpty())
        request(m_page.key == m_source.key ? m_page.offset : 0);
}

namespace {
// One reader answers every browser of the tab: numbers unique among them keep
// an answer from landing in a browser that did not ask for it.
quint64 nextRequest()
{
    static quint64 requests = 0;
    return ++requests;
}
} // namespace

void QueueItemBrowser::request(qint64 offset)
{
    m_requestNumber = nextRequest();
    m_range->setText(tr("Reading…"));
    Q_EMIT pageRequested(m_source.key, m_source.sortedSet, offset, kPageSize, m_requestNumber, m_source.newestFirst);
}

QString QueueItemBrowser::ageText(qint64 atMs, qint64 nowMs) const
{
    const qint64 d = nowMs - atMs;
    if (!m_source.sortedSet)
        return m_source.processing ? tr("%1 in processing").arg(formatDuration(std::max<qint64>(0, d)))
                                   : tr("waiting %1").arg(formatDuration(std::max<qint64>(0, d)));
    switch (m_source.score) {
    case JobPart::Score::Due:
        return d >= 0 ? tr("overdue by %1").arg(formatDuration(d)) : tr("due in %1").arg(formatDuration(-d));
    case JobPart::Score::Since:
        return tr("%1 ago").arg(formatDuration(std::max<qint64>(0, d)));
    case JobPart::Score::Deadline:
        return d >= 0 ? tr("deadline passed %1 ago").arg(formatDuration(d)) : tr("deadline in %1").arg(formatDuration(-d));
    case JobPart::Score::Expiry:
        return d >= 0 ? tr("expired %1 ago").arg(formatDuration(d)) : tr("kept %1 more").arg(formatDuration(-d));
    case JobPart::Score::None:
        break;
    }
    return {};
}

bool QueueItemBrowser::late(qint64 atMs, qint64 nowMs) const
{
    const qint64 d = nowMs - atMs;
    if (!m_source.sortedSet)
        return m_source.processing && d >= m_source.warnAgeMs;
    return (m_source.score == JobPart::Score::Due && d >= m_source.warnAgeMs) || (m_source.score == JobPart::Score::Deadline && d >= 0);
}

void QueueItemBrowser::showPage(const QueueItemPage &page)
{
    if (page.request != m_requestNumber || page.key != m_source.key)
        return; // an older request's answer, or another browser's
    m_page = page;
    m_model->removeRows(0, m_model->rowCount());
    m_detail->clear();
    if (!page.error.isEmpty()) {
        m_range->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(warningTextColor(), tr("Could not read: %1").arg(page.error).toHtmlEscaped()));
        m_earlier->setEnabled(false);
        m_later->setEnabled(false);
        return;
    }
    const qint64 length = page.length.value_or(0);
    // A sorted set's unit when the source does not say: its earliest score decides, as the probe's does.
    double scoreToMs = m_source.scoreToMs;
    if (scoreToMs <= 0)
        scoreToMs = !page.items.isEmpty() && page.items.first().score && *page.items.first().score >= 1e11 ? 1.0 : 1000.0;
    for (const QueueItem &item : page.items) {
        std::optional<qint64> atMs;
        if (page.delayed && m_source.score != JobPart::Score::None && item.score) {
            const double ms = *item.score * scoreToMs;
            if (std::isfinite(ms) && std::fabs(ms) <= kLastTimeMs)
                atMs = qint64(ms);
        } else if (!page.delayed) {
            atMs = QueueProbe::itemTimeMs(item.value, m_source.timestampFields);
        }
        QString age;
        if (atMs)
            age = ageText(*atMs, page.serverNowMs);
        else if (page.delayed && m_source.score == JobPart::Score::None && item.score)
            age = tr("score %1").arg(QLocale().toString(*item.score, 'g', 12));
        else
            age = page.delayed ? tr("score not a time") : tr("no timestamp: age unknown");
        auto *when = new QStandardItem(atMs ? localDate(*atMs) : QStringLiteral("—"));
        when->setData(item.value, kValueRole);
        when->setData(item.size, kSizeRole);
        auto *ageItem = new QStandardItem(age);
        if (atMs && late(*atMs, page.serverNowMs))
            ageItem->setForeground(healthStyle(Health::Warn).strong);
        auto *size = new QStandardItem(formatCount(item.size));
        size->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_model->appendRow({when, ageItem, size, new QStandardItem(preview(item.value))});
    }
    for (int c : {When, Age, Size})
        m_table->resizeColumnToContents(c);
    if (!page.items.isEmpty()) // the first item whole, at once
        m_table->selectRow(0);
    m_range->setText(page.items.isEmpty() ? tr("%1 is empty").arg(elidedName(page.key))
                                          : tr("Items %1–%2 of %3, %4 — read at %5 (Refresh to read again)")
                                                .arg(formatCount(page.offset + 1), formatCount(page.offset + page.items.size()), formatCount(length),
                                                     m_source.order,
                                                     QDateTime::fromMSecsSinceEpoch(page.serverNowMs).toString(QStringLiteral("HH:mm:ss"))));
    m_earlier->setEnabled(page.offset > 0);
    m_later->setEnabled(page.offset + page.items.size() < length);
}

void QueueItemBrowser::showSelected()
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
    m_selectedHtml = html;
    m_detail->setHtml(html);
    if (!m_source.jobPrefix.isEmpty() && size == value.size()) {
        m_jobRequest = nextRequest();
        Q_EMIT jobRequested(m_source.jobPrefix + value, m_jobRequest);
    }
}

void QueueItemBrowser::showJob(const JobHashPage &job)
{
    if (job.request != m_jobRequest)
        return;
    QString html = m_selectedHtml;
    const QString name = elidedName(job.key).toHtmlEscaped();
    if (!job.error.isEmpty()) {
        html += fillText(tr("<p>The job <code>%1</code> could not be read: %2</p>"), name, job.error.toHtmlEscaped());
    } else if (job.fields.isEmpty()) {
        html += fillText(tr("<p>The job <code>%1</code> is gone (finished and removed, or expired).</p>"), name);
    } else {
        html += fillText(tr("<p>The job <code>%1</code>, as the framework stores it:</p>"), name);
        // What tells why a job failed first (BullMQ's and RQ's names for it), the rest as stored.
        static const QList<QByteArray> first{"name", "failedReason", "exc_info", "data", "description", "stacktrace", "attemptsMade", "status"};
        QList<qsizetype> order(job.fields.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
            const qsizetype ra = first.indexOf(job.fields.at(a).first), rb = first.indexOf(job.fields.at(b).first);
            return (ra < 0 ? first.size() : ra) < (rb < 0 ? first.size() : rb);
        });
        for (const qsizetype i : std::as_const(order)) {
            const auto &[field, value] = job.fields.at(i);
            html += field.isNull() ? fillText(QStringLiteral("<pre style='margin:0 0 6px 12px'>%1</pre>"), PayloadView::renderValue(value, true).toHtmlEscaped())
                                   : fillText(QStringLiteral("<p style='margin:0'><b>%1</b></p><pre style='margin:0 0 6px 12px'>%2</pre>"),
                                              displayBytes(field).toHtmlEscaped(), PayloadView::renderValue(value, true).toHtmlEscaped());
            if (job.valueSizes.value(i) > value.size())
                html += tr("<p>Showing the first %1 of %2 bytes.</p>").arg(formatCount(value.size()), formatCount(job.valueSizes.value(i)));
        }
        if (job.more)
            html += fillText(tr("<p>More fields than the %1 read at once are not shown.</p>"), formatCount(EntryReader::kJobHashFields));
    }
    m_detail->setHtml(html);
}

QList<QByteArray> QueueItemBrowser::selectedItems() const
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

QSplitter *QueueItemBrowser::splitBelow(QWidget *above) const
{
    auto *split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(above);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    return split;
}

} // namespace pelscope
