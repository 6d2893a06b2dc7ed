// File > Export incident report…: the folder `pelscope-cli report` writes
// (models/report/incident_report.h), plus charts/*.png — the charts of each
// sick group as its page draws them — and a .zip of it all beside the folder.
// The charts are drawn on the GUI thread from the tab's history store; the
// files (SQLite, Redis, disk, zip) are written on a worker thread.
#pragma once

#include "history/group_key.h"
#include "report/incident_report.h"

#include <QDialog>
#include <QImage>
#include <QObject>

#include <functional>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace pelscope {

class ConnectionView;

struct IncidentExportResult
{
    IncidentReportResult report;
    int chartImages = 0;
    QString folder;
    QString zip;   // empty when the zip could not be written (error says why)
    QString error; // the first thing that failed; empty when all was written
};

// The groups of `view`'s last poll that are not OK, worst first (at most `limit`).
QList<GroupKey> sickGroups(const ConnectionView &view, int limit);

// One picture of a group's charts (lag and pending, oldest idle, rates) over
// the last `windowSeconds`, as its page draws them, with a title line.
QImage renderGroupCharts(const ConnectionView &view, const GroupKey &key, int windowSeconds);

// Writes the report for `view` into `folder` (new or empty) and its .zip;
// `done` runs on the GUI thread with the result. False (and `error`) when
// nothing was started: no poll yet, or the folder is refused.
bool exportIncidentReport(ConnectionView *view, const QString &folder, qint64 spanMs, int deadLettersPerStream, bool includePayloads,
                          const std::function<void(const IncidentExportResult &)> &done, QString *error);

// Asks for the folder, the window and whether payloads go in; runs the export
// with a busy indicator and says where it went.
class IncidentExportDialog : public QDialog
{
    Q_OBJECT
public:
    IncidentExportDialog(ConnectionView *view, QWidget *parent = nullptr);

private:
    void browse();
    void start();

    ConnectionView *m_view;
    QLineEdit *m_folder;
    QComboBox *m_since;
    QSpinBox *m_count;
    QCheckBox *m_payloads;
};

} // namespace pelscope
