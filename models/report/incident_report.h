// One folder to hand over after an incident, written from one poll, the
// connection's recorded history, its dead-letter streams and the audit log:
//   summary.md         what is sick (worst first), why, since when; dead
//                      consumers; poison candidates; dead-letter categories;
//                      actions taken
//   snapshot.json      the poll (pelscope.snapshot/1)
//   groups/*.csv       each group's recorded series over the window, and
//                      groups/index.csv naming each file's stream and group
//   dead-letters.jsonl the newest entries of each dead-letter stream (metadata
//                      only unless payloads are asked for)
//   audit.jsonl        the audit log's lines within the window (a queue
//                      write's items left out unless payloads are asked for)
// Shared by `pelscope-cli report` and the window's File > Export incident
// report (which adds charts/*.png and a .zip). No password anywhere:
// connections are named by their redacted URL. Blocking (SQLite, Redis, files):
// never on the GUI thread.
#pragma once

#include "health/health_rules.h"
#include "history/group_key.h"
#include "values/connection_options.h"
#include "snapshot/snapshot.h"

#include <QString>

#include <optional>

namespace pelscope {

struct IncidentReportRequest
{
    QString dir;                 // where to write: a ReportFolder's path() (report_files.h)
    ConnectionOptions connection; // read-only: XREVRANGE of each dead-letter stream
    QString historyPath;          // the connection's history file; may not exist
    QString auditPath;            // the audit log (AuditLog().path())
    qint64 fromMs = 0;
    qint64 toMs = 0;
    int deadLettersPerStream = 100;
    bool includePayloads = false;
    HealthThresholds thresholds;  // for the dead consumers' and poison sections' lines
    QString extraFilesNote;       // appended to the summary's list of files (the window's charts)
    // Pictures already in the folder, shown in summary.md under their group
    // (the window's charts/*.png, worst first): relative path per group.
    QList<QPair<GroupKey, QString>> charts;
};

struct IncidentReportResult
{
    int groupSeries = 0;
    qint64 deadLetters = 0;
    qint64 auditLines = 0;
    QString error; // non-empty: the report is incomplete (the message says what failed)
};

IncidentReportResult writeIncidentReport(const Snapshot &snapshot, const IncidentReportRequest &request);

} // namespace pelscope
