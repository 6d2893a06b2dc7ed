#include "pages/dlq_tab.h"
#include "accessible_names.h"
#include "pages/scroll_page.h"

#include "snapshot/stream_id.h"

#include "actions/audit_log.h"
#include "actions/write_checks.h"
#include "charts/dlq_category_chart.h"
#include "itemmodels/dlq_filter_proxy.h"
#include "dialogs/edit_entry_dialog.h"
#include "health_style.h"
#include "itemmodels/dlq_entry_model.h"
#include "widgets/payload_view.h"
#include "snapshot/format.h"
#include "text/fill_text.h"
#include "write_controller.h"

#include <QComboBox>
#include <QDateTime>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace pelscope {

namespace {


// Inline trouble in rich text, readable in light and dark palettes.
QString warnHtml(const QString &html)
{
    return QStringLiteral("<span style='color:%1'>%2</span>").arg(warningTextColor(), html);
}

} // namespace

DlqTab::DlqTab(const DeadLetterSnapshot &info, WriteController *writes, QWidget *parent)
    : QWidget(parent)
    , m_info(info)
    , m_writes(writes)
    , m_model(new DlqEntryModel(this))
    , m_proxy(new DlqFilterProxy(this))
    , m_header(new QLabel)
    , m_count(new QLabel)
    , m_chart(new DlqCategoryChart)
    , m_scope(new QComboBox)
    , m_search(new QLineEdit)
    , m_since(new QComboBox)
    , m_view(new QTableView)
    , m_payload(new PayloadView)
    , m_loadMore(new QPushButton(tr("Load older")))
    , m_requeue(new QPushButton(tr("Requeue selected")))
    , m_requeueMatching(new QPushButton(tr("Requeue all matching")))
    , m_edit(new QPushButton(tr("Edit and requeue…")))
    , m_delete(new QPushButton(tr("Delete selected")))
    , m_export(new QPushButton(tr("Export selected…")))
{
    m_model->setLayout(m_layout);
    m_proxy->setSourceModel(m_model);
    m_header->setTextFormat(Qt::RichText);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);

    m_scope->addItems({tr("Any field"), tr("Category is"), tr("Reason contains"), tr("ID starts with")});
    m_search->setPlaceholderText(tr("Search the loaded entries"));
    m_search->setAccessibleName(tr("Search the loaded entries"));
    m_search->setClearButtonEnabled(true);
    m_since->addItem(tr("Any time"), 0);
    m_since->addItem(tr("Last 15 min"), 15 * 60);
    m_since->addItem(tr("Last hour"), 3600);
    m_since->addItem(tr("Last 24 h"), 86400);
    m_scope->setAccessibleName(tr("Search in"));
    m_since->setAccessibleName(tr("Added since"));
    connect(m_scope, &QComboBox::currentIndexChanged, this, &DlqTab::applyFilter);
    connect(m_search, &QLineEdit::textChanged, this, &DlqTab::applyFilter);
    connect(m_since, &QComboBox::currentIndexChanged, this, &DlqTab::applyFilter);
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(m_scope);
    filterRow->addWidget(m_search, 1);
    filterRow->addWidget(m_since);
    filterRow->addWidget(m_count);
    filterRow->addWidget(m_loadMore);

    m_view->setModel(m_proxy);
    nameView(m_view, fillText(tr("Entries of %1, newest first"), displayBytes(info.key)));
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(DlqEntryModel::Id, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    const int widths[] = {150, 140, 110, 200, 70, 130, 320, 70};
    for (int c = 0; c < DlqEntryModel::ColumnCount; ++c)
        m_view->setColumnWidth(c, widths[c]);
    m_view->horizontalHeader()->moveSection(DlqEntryModel::Size, DlqEntryModel::Fields);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_view);
    split->addWidget(m_payload);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {m_requeue, m_requeueMatching, m_edit, m_delete})
        buttons->addWidget(b);
    buttons->addStretch(1);
    buttons->addWidget(m_export);
    m_delete->setStyleSheet(QStringLiteral("QPushButton:enabled { color: %1; }").arg(warningTextColor()));

    QVBoxLayout *layout = scrollingLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_chart);
    m_chart->setColourKey(QString::fromLatin1(m_writes->connectionLabel().toUtf8().toBase64(QByteArray::Base64UrlEncoding)) + QLatin1Char('_')
                          + QString::fromLatin1(m_info.key.toBase64(QByteArray::Base64UrlEncoding)));
    layout->addLayout(filterRow);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);

    connect(m_loadMore, &QPushButton::clicked, this, [this] { requestPage(false); });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateButtons();
        const QModelIndex current = m_view->selectionModel()->currentIndex();
        const QList<QByteArray> ids = selectedIds();
        if (ids.size() == 1) {
            m_payload->showLoading(ids.first());
            Q_EMIT entryRequested(m_info.key, ids.first());
        } else if (ids.isEmpty()) {
            m_payload->showNothing();
        }
        Q_UNUSED(current);
    });
    connect(m_requeue, &QPushButton::clicked, this, [this] { requeueIds(selectedIds(true)); });
    // What counts as the visible selection changes as the table scrolls.
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, &DlqTab::updateButtons);
    connect(m_requeueMatching, &QPushButton::clicked, this, &DlqTab::requeueMatching);
    connect(m_delete, &QPushButton::clicked, this, &DlqTab::deleteSelected);
    connect(m_edit, &QPushButton::clicked, this, &DlqTab::editSelected);
    connect(m_export, &QPushButton::clicked, this, &DlqTab::chooseExport);
    connect(m_writes, &WriteController::writesEnabledChanged, this, &DlqTab::updateButtons);
    connect(m_writes, &WriteController::permissionsChanged, this, &DlqTab::updateButtons);
    // After a write, read again from the newest: rows that moved must not linger.
    connect(m_writes, &WriteController::requeueFinished, this, [this](const WriteOutcome &, const QList<QByteArray> &) {
        m_model->clear();
        m_shown = {};
        m_payload->showNothing();
        reload();
    });

    m_writes->checkPermissions(scope(), dlqWriteChecks(m_info.key, m_info.source, kDefaultAuditStream));
    updateHeader();
    updateButtons();
    updateCount();
    // The first page is asked for by reload() once the page has wired us up.
}

QString DlqTab::scope() const
{
    return QStringLiteral("dlq:") + QString::fromLatin1(m_info.key.toBase64());
}

qint64 DlqTab::serverNowMs() const
{
    const qint64 desktopNow = QDateTime::currentMSecsSinceEpoch();
    return m_serverAtMs > 0 ? m_serverAtMs + std::max<qint64>(0, desktopNow - m_desktopAtMs) : desktopNow;
}

void DlqTab::applyInfo(const DeadLetterSnapshot &info, qint64 serverNowMs)
{
    m_serverAtMs = serverNowMs;
    m_desktopAtMs = QDateTime::currentMSecsSinceEpoch();
    const bool changed = info.length != m_info.length || info.newestEntryMs != m_info.newestEntryMs;
    m_info = info;
    updateHeader();
    if (changed)
        requestPage(true);
}

void DlqTab::reload()
{
    requestPage(true);
}

void DlqTab::requestPage(bool newest)
{
    const std::optional<quint64> request = m_browse.beginPage(newest);
    if (!request)
        return;
    m_loadMore->setEnabled(false);
    Q_EMIT pageRequested(m_info.key, newest ? QByteArray() : m_model->oldestId(), m_browse.pageSize(), *request);
}

void DlqTab::applyPage(const EntryPage &page)
{
    if (!m_browse.acceptPage(page))
        return; // superseded
    if (!page.error.isEmpty()) {
        m_count->setText(warnHtml(tr("Could not read: %1").arg(page.error.toHtmlEscaped())));
        m_loadMore->setEnabled(true);
        return;
    }
    if (page.length)
        m_info.length = page.length;
    m_model->applyPage(page);
    updateHeader();
    updateCount();
    updateChart();
    updateButtons();
}

void DlqTab::applyEntries(const EntryPage &entries)
{
    const std::optional<DlqBrowse::ExportOutcome> outcome = m_browse.finishExport(m_info.key, entries);
    if (!outcome)
        return;
    if (!outcome->error.isEmpty()) {
        m_count->setText(warnHtml(tr("Export failed: %1").arg(outcome->error.toHtmlEscaped())));
        return;
    }
    m_count->setText(tr("Exported %n entries to %1", nullptr, int(outcome->entries)).arg(outcome->path.toHtmlEscaped()));
}

void DlqTab::showEntry(const EntryReadResult &result)
{
    if (result.stream != m_info.key)
        return;
    const QList<QByteArray> ids = selectedIds();
    if (ids.size() != 1 || ids.first() != result.id)
        return; // the selection moved on
    m_shown = result;
    m_payload->showResult(result);
    updateButtons();
}

void DlqTab::setStale(bool stale)
{
    m_header->setEnabled(!stale);
}

void DlqTab::updateHeader()
{
    QString growth = tr("growth unknown yet");
    if (m_info.growth && m_info.growthWindowMs > 0)
        growth = *m_info.growth > 0
                     ? warnHtml(tr("<b>+%1 in the last %2</b>").arg(formatCount(*m_info.growth), formatDuration(m_info.growthWindowMs)))
                     : tr("no new entries in the last %1").arg(formatDuration(m_info.growthWindowMs));
    QString newest = tr("empty");
    if (m_info.newestEntryMs)
        newest = tr("newest %1 ago").arg(formatDuration(std::max<qint64>(0, serverNowMs() - *m_info.newestEntryMs)));
    m_header->setText(tr("<b style='font-size:large'>%1</b> &nbsp; dead letters of <b>%2</b> &nbsp;│&nbsp; <b>%3</b> entries &nbsp;│&nbsp; %4 "
                         "&nbsp;│&nbsp; %5")
                          .arg(elidedName(m_info.key, 64).toHtmlEscaped(),
                               m_info.source.isEmpty() ? tr("an unknown source") : elidedName(m_info.source, 64).toHtmlEscaped(),
                               m_info.length ? formatCount(*m_info.length) : QStringLiteral("?"), growth, newest));
}

void DlqTab::updateChart()
{
    QList<QPair<qint64, QString>> points;
    points.reserve(m_model->loaded());
    for (int row = 0; row < m_model->loaded(); ++row) {
        const DlqEntry *e = m_model->entry(row);
        points.append({e->ms, displayBytes(DlqLayout::causeOf(e->fields))});
    }
    const QString note =
        m_info.length && *m_info.length > m_model->loaded()
            ? tr("the newest %1 of %2 entries (load older ones to see further back)").arg(formatCount(m_model->loaded()), formatCount(*m_info.length))
            : tr("all %n entries", nullptr, int(m_model->loaded()));
    m_chart->setEntries(points, note);
}

void DlqTab::updateCount()
{
    m_count->setText(tr("%1 shown of %2 loaded").arg(formatCount(m_proxy->rowCount()), formatCount(m_model->loaded())));
    m_loadMore->setEnabled(m_model->hasMore() && !m_browse.loading());
}

void DlqTab::applyFilter()
{
    const qint64 span = m_since->currentData().toLongLong();
    m_proxy->setFilter(DlqFilterProxy::Scope(m_scope->currentIndex()), m_search->text(),
                       span > 0 ? serverNowMs() - span * 1000 : 0); // entry IDs carry the server's clock
    updateCount();
    updateButtons();
}

void DlqTab::setFilter(int scope, const QString &text)
{
    m_scope->setCurrentIndex(scope);
    m_search->setText(text);
}

QList<QByteArray> DlqTab::selectedIds(bool visibleOnly) const
{
    QList<QByteArray> ids;
    const QRect viewport = m_view->viewport()->rect();
    for (const QModelIndex &row : m_view->selectionModel()->selectedRows()) {
        // A write touches only what the operator can see: a row scrolled out
        // of the table stays selected, but is left out (and said so).
        if (visibleOnly && !m_view->visualRect(row).intersects(viewport))
            continue;
        ids.append(row.data(DlqEntryModel::EntryIdRole).toByteArray());
    }
    // Oldest first, whatever the table's order or the click order: a requeue
    // then puts the entries back in the order in which they failed.
    std::sort(ids.begin(), ids.end(), [](const QByteArray &a, const QByteArray &b) {
        return StreamId::parse(a).value_or(StreamId{}) < StreamId::parse(b).value_or(StreamId{});
    });
    return ids;
}

QList<QByteArray> DlqTab::visibleIds() const
{
    QList<QByteArray> ids;
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        ids.append(m_proxy->index(row, 0).data(DlqEntryModel::EntryIdRole).toByteArray());
    return ids;
}

void DlqTab::updateButtons()
{
    const int selected = int(selectedIds(true).size());
    const int hidden = int(m_view->selectionModel()->selectedRows().size()) - selected;
    auto gate = [this](QPushButton *b, const QString &action, bool haveTargets, const QString &noTargets) {
        const QString why = m_writes->blocker(scope(), action);
        b->setEnabled(why.isEmpty() && haveTargets);
        b->setToolTip(!why.isEmpty() ? why : haveTargets ? QString() : noTargets);
    };
    const QString none = hidden > 0 ? tr("The %n selected entries are scrolled out of view: scroll to them to act on them", nullptr, hidden)
                                    : tr("Select entries first");
    gate(m_requeue, WriteAction::Requeue, selected > 0, none);
    gate(m_delete, WriteAction::Delete, selected > 0, none);
    if (hidden > 0 && selected > 0)
        for (QPushButton *b : {m_requeue, m_delete})
            if (b->toolTip().isEmpty())
                b->setToolTip(tr("Only the %n selected entries in view; %1 more selected are scrolled out of view and left alone", nullptr, selected)
                                  .arg(hidden));
    gate(m_requeueMatching, WriteAction::Requeue, m_proxy->isFiltering() && m_proxy->rowCount() > 0, tr("Filter the entries first"));
    const bool whole = selected == 1 && m_shown.found && selectedIds().value(0) == m_shown.id;
    gate(m_edit, WriteAction::Requeue, whole, tr("Select exactly one entry"));
    if (whole) { // on a cluster an edited entry needs its target in the DLQ's slot
        const QByteArray target = DlqLayout::sourceStreamOf(m_shown.fields).value_or(QByteArray());
        if (const QString why = m_writes->editBlocker(scope(), m_info.key, target.isEmpty() ? m_info.source : target); !why.isEmpty()) {
            m_edit->setEnabled(false);
            m_edit->setToolTip(why);
        }
    }
    m_export->setEnabled(selected > 0);
    m_requeue->setText(selected > 1 ? tr("Requeue %1 selected").arg(selected) : tr("Requeue selected"));
    m_delete->setText(selected > 1 ? tr("Delete %1 selected").arg(selected) : tr("Delete selected"));
    if (m_proxy->scope() == DlqFilterProxy::Scope::Category && !m_proxy->text().isEmpty())
        m_requeueMatching->setText(tr("Requeue all with category \"%1\"").arg(m_proxy->text()));
    else
        m_requeueMatching->setText(tr("Requeue all %1 shown").arg(m_proxy->rowCount()));
}

void DlqTab::requeueIds(const QList<QByteArray> &ids)
{
    if (ids.isEmpty())
        return;
    RequeueRequest r;
    r.dlq = m_info.key;
    r.select = RequeueRequest::Select::Ids;
    r.ids = ids;
    r.layout = m_layout;
    m_writes->requeue(r, scope(), this);
}

void DlqTab::requeueMatching()
{
    // A category is matched by the server over the whole DLQ; any other
    // filter only knows the loaded entries, so those are sent by ID.
    if (m_proxy->scope() == DlqFilterProxy::Scope::Category && !m_proxy->text().isEmpty() && m_since->currentData().toLongLong() == 0) {
        RequeueRequest r;
        r.dlq = m_info.key;
        r.select = RequeueRequest::Select::Match;
        r.matchField = "category";
        r.matchValue = m_proxy->text().toUtf8();
        r.layout = m_layout;
        m_writes->requeue(r, scope(), this);
        return;
    }
    requeueIds(visibleIds());
}

void DlqTab::deleteSelected()
{
    const QList<QByteArray> ids = selectedIds(true);
    if (ids.isEmpty())
        return;
    RequeueRequest r;
    r.operation = RequeueRequest::Operation::Delete;
    r.dlq = m_info.key;
    r.select = RequeueRequest::Select::Ids;
    r.ids = ids;
    m_writes->requeue(r, scope(), this);
}

void DlqTab::editSelected()
{
    if (!m_shown.found)
        return;
    QByteArray target = DlqLayout::sourceStreamOf(m_shown.fields).value_or(m_info.source);
    if (target.isEmpty()) {
        m_count->setText(warnHtml(tr("Cannot tell where this entry came from")));
        return;
    }
    auto *dialog = new EditEntryDialog(m_shown.id, target, m_layout.requeuedFields(m_shown.fields), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QByteArray id = m_shown.id;
    connect(dialog, &QDialog::accepted, this, [this, dialog, id, target] {
        RequeueRequest r;
        r.dlq = m_info.key;
        r.target = target;
        r.select = RequeueRequest::Select::Ids;
        r.ids = {id};
        r.editedFields = dialog->editedFields();
        r.layout = m_layout;
        m_writes->requeue(r, scope(), this);
    });
    dialog->open();
}

void DlqTab::chooseExport()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export dead letters"), QString::fromUtf8(m_info.key).replace(QLatin1Char(':'), QLatin1Char('_')) + QStringLiteral(".jsonl"),
        tr("JSON lines (*.jsonl);;CSV (*.csv)"));
    if (!path.isEmpty())
        exportSelected(path);
}

void DlqTab::exportSelected(const QString &path)
{
    const QList<QByteArray> ids = selectedIds();
    if (ids.isEmpty())
        return;
    const quint64 request = m_browse.beginExport(path);
    m_count->setText(tr("Exporting %n entries…", nullptr, int(ids.size())));
    // Read whole again: the table holds values cut for display.
    Q_EMIT entriesRequested(m_info.key, ids, request);
}

} // namespace pelscope
