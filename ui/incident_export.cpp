#include "incident_export.h"

#include "actions/audit_log.h"
#include "connection_view.h"
#include "pages/group_page.h"
#include "health_style.h"
#include "history/history_session.h"
#include "history/history_store.h"
#include "report/report_files.h"
#include "report/zip_folder.h"
#include "text/display_text.h"
#include "text/fill_text.h"
#include "charts/time_chart_widget.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileDialog>
#include <QFontMetrics>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QThread>
#include <QUrl>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

namespace pelscope {

namespace {

// Pictures for at most this many groups: the worst; the CSVs cover every group.
constexpr int kMaxChartImages = 20;

// Without a history file (history kept in memory only), each group's series
// from the tab's memory, in the columns the recorded CSVs have.
int writeSeriesFromMemory(const ConnectionView &view, const IncidentReportRequest &r, const GroupFileNames &names)
{
    constexpr int kColumns = 7; // lag … consumers_total: Metric's first seven
    const QDir dir(r.dir);
    dir.mkpath(QStringLiteral("groups"));
    int written = 0;
    for (const StreamSnapshot &st : view.lastSnapshot()->streams)
        for (const GroupSnapshot &g : st.groups) {
            const GroupKey key{st.key, g.name};
            QMap<qint64, std::array<double, kColumns>> rows;
            for (int m = 0; m < kColumns; ++m) {
                const SeriesWindow w = view.history().read([&](const HistoryStore &h) { return h.window(key, Metric(m), r.fromMs, r.toMs); });
                for (qsizetype i = 0; i < w.t.size(); ++i) {
                    auto row = rows.find(qint64(w.t.at(i) * 1000));
                    if (row == rows.end()) {
                        std::array<double, kColumns> empty;
                        empty.fill(std::nan(""));
                        row = rows.insert(qint64(w.t.at(i) * 1000), empty);
                    }
                    (*row)[m] = w.v.at(i);
                }
            }
            QByteArray csv = "time,lag,pending,oldest_idle_s,in_rate,out_rate,consumers_alive,consumers_total,status\n";
            static constexpr int kDecimals[kColumns] = {0, 0, 1, 2, 2, 0, 0};
            for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
                csv += QDateTime::fromMSecsSinceEpoch(it.key(), Qt::UTC).toString(Qt::ISODate).toUtf8();
                for (int m = 0; m < kColumns; ++m)
                    csv += ',' + (std::isnan(it.value()[m]) ? QByteArray() : QByteArray::number(it.value()[m], 'f', kDecimals[m]));
                csv += ",\n"; // the status is recorded with the file's polls only
            }
            QFile f(dir.filePath(QStringLiteral("groups/%1.csv").arg(names.stem(key))));
            if (f.open(QIODevice::WriteOnly) && f.write(csv) == csv.size())
                ++written;
        }
    return written;
}

} // namespace

QList<GroupKey> sickGroups(const ConnectionView &view, int limit)
{
    const Snapshot &snapshot = view.lastSnapshot();
    QList<std::pair<Health, GroupKey>> sick;
    if (!snapshot.isNull())
        for (const StreamSnapshot &st : snapshot->streams)
            for (const GroupSnapshot &g : st.groups)
                if (g.health.status != Health::Ok)
                    sick.append({g.health.status, GroupKey{st.key, g.name}});
    std::stable_sort(sick.begin(), sick.end(), [](const auto &a, const auto &b) { return int(a.first) > int(b.first); });
    QList<GroupKey> out;
    for (const auto &s : std::as_const(sick).mid(0, limit))
        out << s.second;
    return out;
}

QImage renderGroupCharts(const ConnectionView &view, const GroupKey &key, int windowSeconds)
{
    // A page of its own, never shown: the operator's page stays where it is.
    GroupPage page(&view.history());
    page.setThresholds(view.thresholds());
    page.setWindowSeconds(windowSeconds);
    page.showGroup(key.stream, key.group);
    page.applySnapshot(view.lastSnapshot());
    page.resize(1200, 900);
    page.refreshCharts();

    const QList<TimeChartWidget *> charts = page.charts();
    constexpr int kWidth = 1100, kHeight = 320;
    const GroupSnapshot *g = view.lastSnapshot().isNull() ? nullptr : view.lastSnapshot().group(key.stream, key.group);
    // Every reason in full, wrapped: the picture goes into a postmortem as it is.
    const QString why = g ? joinReasons(g->health.reasons, QStringLiteral("; ")) : QString();
    const int whyHeight = std::max(22, QFontMetrics(page.font()).boundingRect(QRect(0, 0, kWidth - 24, 10'000), Qt::TextWordWrap, why).height());
    const int top = 30 + whyHeight + 4;
    QImage image(kWidth, top + kHeight * int(charts.size()), QImage::Format_ARGB32_Premultiplied);
    image.fill(page.palette().color(QPalette::Window));
    QPainter painter(&image);
    const Health status = g ? g->health.status : Health::Ok;
    QFont bold = page.font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    painter.setFont(bold);
    painter.setPen(healthStyle(status).strong);
    painter.drawText(QRect(12, 4, kWidth - 24, 26), Qt::AlignLeft | Qt::AlignVCenter,
                     QStringLiteral("%1 %2  %3 / %4").arg(healthStyle(status).glyph, healthStyle(status).word, displayBytes(key.stream), displayBytes(key.group)));
    painter.setFont(page.font());
    painter.setPen(page.palette().color(QPalette::WindowText));
    painter.drawText(QRect(12, 30, kWidth - 24, whyHeight), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, why);
    for (qsizetype i = 0; i < charts.size(); ++i)
        painter.drawPixmap(0, top + int(i) * kHeight, charts.at(i)->toPixmap(kWidth, kHeight));
    return image;
}

bool exportIncidentReport(ConnectionView *view, const QString &folder, qint64 spanMs, int deadLettersPerStream, bool includePayloads,
                          const std::function<void(const IncidentExportResult &)> &done, QString *error)
{
    const Snapshot snapshot = view->lastSnapshot();
    if (snapshot.isNull()) {
        *error = QObject::tr("No poll has answered yet: there is nothing to report.");
        return false;
    }
    const QString zip = QDir::cleanPath(folder) + QStringLiteral(".zip");
    if (QFileInfo::exists(zip) || QFileInfo(zip).isSymLink()) {
        *error = fillText(QObject::tr("%1 exists: choose another folder name (nothing was written)"), zip);
        return false;
    }
    auto staged = std::make_shared<ReportFolder>(folder);
    if (!staged->error().isEmpty()) {
        *error = staged->error();
        return false;
    }
    IncidentReportRequest request;
    request.dir = staged->path(); // renamed to `folder` when complete
    request.connection = view->readOptions();
    request.historyPath = view->historySession().state().path;
    request.auditPath = AuditLog().path();
    request.toMs = view->session()->serverNowMs(); // the history's rows carry the server's clock
    request.fromMs = request.toMs - spanMs;
    request.deadLettersPerStream = deadLettersPerStream;
    request.includePayloads = includePayloads;
    request.thresholds = view->thresholds();
    request.extraFilesNote = QStringLiteral("charts/*.png (the charts of each sick group, worst first, at most %1, named as in groups/index.csv)").arg(kMaxChartImages);

    auto result = std::make_shared<IncidentExportResult>();
    result->folder = folder;
    const GroupFileNames names(snapshot);
    int memorySeries = 0;
    if (request.historyPath.isEmpty() || !QFileInfo::exists(request.historyPath)) {
        memorySeries = writeSeriesFromMemory(*view, request, names);
        request.extraFilesNote += QStringLiteral("; groups/*.csv from the window's memory (this tab keeps no history file)");
    }
    // The charts from the tab's memory, on this thread (widgets draw here).
    const QDir dir(request.dir);
    dir.mkpath(QStringLiteral("charts"));
    for (const GroupKey &key : sickGroups(*view, kMaxChartImages)) {
        // Each picture spans what the window holds of its group (recorded
        // past included), not the whole window asked for: two minutes are
        // drawn over two minutes, not squeezed into the right edge of an hour.
        qint64 drawnMs = spanMs;
        if (const auto progress = view->history().read([&](const HistoryStore &h) { return h.progress(key); }); progress && progress->firstSeenMs > 0)
            drawnMs = std::min(spanMs, (request.toMs - progress->firstSeenMs) * 21 / 20);
        const int windowSeconds = int(std::clamp<qint64>(drawnMs / 1000, 60, 24 * 3600));
        const QString name = QStringLiteral("charts/%1.png").arg(names.stem(key));
        if (renderGroupCharts(*view, key, windowSeconds).save(dir.filePath(name))) {
            ++result->chartImages;
            request.charts.append({key, name});
        } else if (result->error.isEmpty()) {
            result->error = fillText(QStringLiteral("cannot write %1"), QDir(folder).filePath(name));
        }
    }
    // The rest reads SQLite and Redis and writes files: off this thread. The
    // folder appears under its name only when complete, the zip only beside
    // it and never over a file that was there.
    QThread *worker = QThread::create([snapshot, request, result, memorySeries, staged, zip] {
        result->report = writeIncidentReport(snapshot, request);
        result->report.groupSeries += memorySeries;
        if (!result->report.error.isEmpty()) {
            if (result->error.isEmpty())
                result->error = fillText(QStringLiteral("%1 (nothing was left in %2)"), result->report.error, staged->target());
            return; // `staged` removes what was written
        }
        if (const QString failed = staged->commit(); !failed.isEmpty()) {
            if (result->error.isEmpty())
                result->error = failed;
            return;
        }
        if (const QString failed = writeNewFile(zip, [&](const QString &tmp) { return zipFolder(staged->target(), tmp); }); failed.isEmpty())
            result->zip = zip;
        else if (result->error.isEmpty())
            result->error = failed;
    });
    QObject::connect(worker, &QThread::finished, view, [result, done] { done(*result); });
    QObject::connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
    return true;
}

IncidentExportDialog::IncidentExportDialog(ConnectionView *view, QWidget *parent)
    : QDialog(parent)
    , m_view(view)
    , m_folder(new QLineEdit(this))
    , m_since(new QComboBox(this))
    , m_count(new QSpinBox(this))
    , m_payloads(new QCheckBox(tr("Include the dead letters' payloads"), this))
{
    setWindowTitle(tr("Export incident report"));
    const QString base = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    m_folder->setText(QDir(base.isEmpty() ? QDir::homePath() : base)
                          .filePath(QStringLiteral("pelscope-incident-%1").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm")))));
    m_folder->setMinimumWidth(420);
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &IncidentExportDialog::browse);
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    for (const auto &[text, minutes] : {std::pair{tr("the last 15 minutes"), 15}, {tr("the last hour"), 60}, {tr("the last 6 hours"), 360},
                                        {tr("the last 24 hours"), 1440}})
        m_since->addItem(text, minutes);
    m_since->setCurrentIndex(1);
    m_count->setRange(1, 10'000);
    m_count->setValue(100);
    m_payloads->setToolTip(tr("Off: each dead letter's metadata only (id, reason, category), its payload's size said. Payloads may hold "
                              "customer data; include them only when the report stays with people allowed to read it."));

    auto *form = new QFormLayout;
    form->addRow(tr("Folder (new or empty):"), folderRow);
    form->addRow(tr("History and audit of:"), m_since);
    form->addRow(tr("Dead letters per stream:"), m_count);
    form->addRow(QString(), m_payloads);
    auto *note = new QLabel(tr("Writes summary.md, snapshot.json, each group's recorded series (CSV), a picture of each sick group's charts, "
                               "the newest dead letters and the audit log's lines, and a .zip of the folder beside it. "
                               "No password is written."),
                            this);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &IncidentExportDialog::start);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

void IncidentExportDialog::browse()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the report"), QFileInfo(m_folder->text()).absolutePath());
    if (!dir.isEmpty())
        m_folder->setText(QDir(dir).filePath(QFileInfo(m_folder->text()).fileName()));
}

void IncidentExportDialog::start()
{
    const QString folder = QDir::cleanPath(m_folder->text().trimmed());
    QWidget *owner = parentWidget();
    auto *busy = new QProgressDialog(tr("Writing the incident report to %1…").arg(folder), QString(), 0, 0, owner);
    busy->setWindowTitle(windowTitle());
    busy->setMinimumDuration(300);
    QPointer<QWidget> report = owner;
    QString error;
    const bool started = exportIncidentReport(
        m_view, folder, qint64(m_since->currentData().toInt()) * 60'000, m_count->value(), m_payloads->isChecked(),
        [busy, report](const IncidentExportResult &r) {
            // Hidden now: a deleteLater() alone waits for the outer event loop,
            // and the box below runs its own, under the progress dialog. Reset
            // first: it stops the box's show-after-300-ms timer, which hide()
            // leaves running, so a report written sooner does not have the box
            // pop up behind "Written to …" (issue 48).
            busy->reset();
            busy->hide();
            busy->deleteLater();
            if (!report)
                return;
            QMessageBox box(r.error.isEmpty() ? QMessageBox::Information : QMessageBox::Warning, tr("Incident report"),
                            r.error.isEmpty() ? fillText(tr("Written to %1 (%2 group series, %3 chart pictures, %4 dead letters, %5 audit lines)%6."),
                                                         r.folder, r.report.groupSeries, r.chartImages, r.report.deadLetters, r.report.auditLines,
                                                         r.zip.isEmpty() ? QString() : tr(" and %1").arg(r.zip))
                                              : tr("The report in %1 is incomplete: %2").arg(r.folder, displayText(r.error)),
                            QMessageBox::Ok, report);
            QPushButton *open = box.addButton(tr("Open folder"), QMessageBox::ActionRole);
            box.exec();
            if (box.clickedButton() == open)
                QDesktopServices::openUrl(QUrl::fromLocalFile(r.folder));
        },
        &error);
    if (!started) {
        busy->deleteLater();
        QMessageBox::warning(this, windowTitle(), displayText(error));
        return;
    }
    accept();
}

} // namespace pelscope
