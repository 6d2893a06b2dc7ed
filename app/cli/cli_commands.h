// The CLI's commands; each returns the process exit code.
#pragma once

#include "../common/connection_cli.h"

namespace pelscope {

// How the table is drawn: --wide, --color/--no-color and the terminal's width.
struct TableStyle
{
    bool wide = false;
    QString color; // auto (empty), always, never
};
TableStyle tableStyleFrom(const QCommandLineParser &parser, QString *error);

int runSnapshot(const CliSettings &settings, bool json, const TableStyle &style);
int runCheck(const CliSettings &settings);
int runWatch(const CliSettings &settings, const QCommandLineParser &parser, const TableStyle &style);
int runExporter(const CliSettings &settings, const QCommandLineParser &parser);
int runRecord(const CliSettings &settings, const QCommandLineParser &parser);
int runHistory(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
int runWorkload(const CliSettings &settings, const QCommandLineParser &parser);
// args: what follows "dlq" / "pending" on the command line.
int runDlq(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
int runPending(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);

} // namespace pelscope
