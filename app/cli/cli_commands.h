// The CLI's commands; each returns the process exit code.
#pragma once

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

class AlertCommand;
// --on-alert CMD (watch, record): the command each alert runs, with its
// deadline (--on-alert-timeout); null without --on-alert, or with `error`
// said when the command line is empty.
std::unique_ptr<AlertCommand> alertCommandFor(const CliSettings &settings, const QCommandLineParser &parser, QString *error);

int runSnapshot(const CliSettings &settings, bool json, const TableStyle &style);
int runCheck(const CliSettings &settings);
int runWatch(const CliSettings &settings, const QCommandLineParser &parser, const TableStyle &style);
int runExporter(const CliSettings &settings, const QCommandLineParser &parser);
int runRecord(const CliSettings &settings, const QCommandLineParser &parser);
int runHistory(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
// report --since 1h --out DIR (report_command.cpp).
int runReport(const CliSettings &settings, const QCommandLineParser &parser);
int runWorkload(const CliSettings &settings, const QCommandLineParser &parser);
// args: what follows "dlq" / "pending" on the command line.
int runDlq(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
int runQueue(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
// queue requeue|delete|run-now|reschedule NAME (queue_write_command.cpp).
int runQueueWrite(const CliSettings &settings, const QCommandLineParser &parser, const QString &sub, const QString &name);
int runPending(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);

} // namespace pelscope
