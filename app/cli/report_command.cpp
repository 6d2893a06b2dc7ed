// pelscope-cli report --since 1h --out DIR: the incident report folder
// (models/report/incident_report.h says what is in it) from one poll.
#include "cli_commands.h"
#include "cli_values.h"
#include "write_support.h"

#include "actions/audit_log.h"
#include "history/history_database.h"
#include "report/incident_report.h"
#include "report/report_files.h"
#include "snapshot/format.h"
#include "text/fill_text.h"

#include <QDateTime>

namespace pelscope {

int runReport(const CliSettings &settings, const QCommandLineParser &parser)
{
    IncidentReportRequest request;
    request.dir = parser.value(QStringLiteral("out"));
    if (request.dir.isEmpty()) {
        printErrLine(QStringLiteral("report needs --out DIR (a new or empty folder)"));
        return kExitRefused;
    }
    request.toMs = QDateTime::currentMSecsSinceEpoch();
    qint64 span = 3'600'000;
    if (parser.isSet(QStringLiteral("since"))) {
        const auto s = parseDurationMs(parser.value(QStringLiteral("since")));
        if (!s || *s <= 0) {
            printErrLine(QStringLiteral("invalid --since '%1' (e.g. 30m, 1h, 2d)").arg(parser.value(QStringLiteral("since"))));
            return kExitRefused;
        }
        span = *s;
    }
    request.fromMs = request.toMs - span;
    if (parser.isSet(QStringLiteral("count"))) {
        bool ok = false;
        request.deadLettersPerStream = parser.value(QStringLiteral("count")).toInt(&ok);
        if (!ok || request.deadLettersPerStream < 1 || request.deadLettersPerStream > 10'000) {
            printErrLine(QStringLiteral("invalid --count '%1' (1 to 10000 dead letters per stream)").arg(parser.value(QStringLiteral("count"))));
            return kExitRefused;
        }
    }
    request.includePayloads = parser.isSet(QStringLiteral("include-payloads"));
    ReportFolder folder(request.dir);
    if (!folder.error().isEmpty()) {
        printErrLine(folder.error());
        return kExitRefused;
    }
    request.dir = folder.path(); // renamed to --out when complete
    request.connection = settings.connection;
    request.historyPath = parser.isSet(QStringLiteral("history-file")) ? parser.value(QStringLiteral("history-file"))
                                                                       : historyPathFor(settings.connection, settings.history.dir);
    request.auditPath = AuditLog().path();
    request.thresholds = settings.probe.thresholds;

    return pollOnce(
        settings,
        [&](const Snapshot &s) {
            const IncidentReportResult written = writeIncidentReport(s, request);
            if (!written.error.isEmpty()) {
                printErrLine(fillText(QStringLiteral("%1 (nothing was left in %2)"), written.error, folder.target()));
                return kExitFailed;
            }
            if (const QString failed = folder.commit(); !failed.isEmpty()) {
                printErrLine(failed);
                return kExitFailed;
            }
            printOutLine(fillText(QStringLiteral("report written to %1: summary.md, snapshot.json, %2 group series, %3 dead letters, %4 audit lines"),
                                  folder.target(), written.groupSeries, written.deadLetters, written.auditLines));
            return kExitDone;
        },
        [](const RedisError &e) { printErrLine(e.message); });
}

} // namespace pelscope
