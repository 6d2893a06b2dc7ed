// The CLI's commands; each returns the process exit code.
#pragma once

#include "alerts/alert_command.h"
#include "alerts/alert_log.h"

#include "../common/connection_cli.h"
#include "redis/redis_error.h"
#include "snapshot/snapshot.h"

#include <functional>
#include <memory>

namespace pelscope {

// How the table is drawn: --wide, --color/--no-color and the terminal's width.
struct TableStyle
{
    bool wide = false;
    QString color; // auto (empty), always, never
};
TableStyle tableStyleFrom(const QCommandLineParser &parser, QString *error);

// One complete single-shot poll; `onSnapshot` returns the exit code. Any
// error before the snapshot ends with exit code 3 after `onError`.
int pollOnce(const CliSettings &settings, const std::function<int(const Snapshot &)> &onSnapshot,
             const std::function<void(const RedisError &)> &onError);

// --on-alert CMD and --alert-log FILE (watch, record): one alert policy
// whose alerts run the command (with its --on-alert-timeout) and are
// appended to the file. observe() returns the alerts of a poll; a command or
// a line that fails is said on stderr and polling goes on.
struct AlertOutputs
{
    AlertPolicy policy;
    std::unique_ptr<AlertCommand> command;
    std::optional<AlertLog> log;
    QList<Alert> observe(const Snapshot &snapshot);
};
// Null without either option, or with `error` said (an empty command line, a
// file that cannot be written).
std::unique_ptr<AlertOutputs> alertOutputsFor(const CliSettings &settings, const QCommandLineParser &parser, QString *error);

int runSnapshot(const CliSettings &settings, bool json, const TableStyle &style);
int runCheck(const CliSettings &settings, bool json = false);
int runWatch(const CliSettings &settings, const QCommandLineParser &parser, const TableStyle &style);
int runExporter(const CliSettings &settings, const QCommandLineParser &parser);
int runRecord(const CliSettings &settings, const QCommandLineParser &parser);
int runHistory(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
int runAnnotate(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
// report --since 1h --out DIR (report_command.cpp).
int runReport(const CliSettings &settings, const QCommandLineParser &parser);
int runWorkload(const CliSettings &settings, const QCommandLineParser &parser);
// args: what follows "dlq" / "pending" on the command line.
int runDlq(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
int runQueue(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
// queue requeue|delete|run-now|reschedule NAME (queue_write_command.cpp).
// job retry QUEUE (job_command.cpp): a job framework's own repair.
int runJob(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
int runQueueWrite(const CliSettings &settings, const QCommandLineParser &parser, const QString &sub, const QString &name);
int runPending(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);

} // namespace pelscope
