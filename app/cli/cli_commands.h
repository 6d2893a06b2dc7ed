// The CLI's commands; each returns the process exit code.
#pragma once

#include "../common/connection_cli.h"

namespace pelscope {

int runSnapshot(const CliSettings &settings, bool json);
int runCheck(const CliSettings &settings);
int runWatch(const CliSettings &settings, const QCommandLineParser &parser);
int runWorkload(const CliSettings &settings, const QCommandLineParser &parser);
// args: what follows "dlq" / "pending" on the command line.
int runDlq(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);
int runPending(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args);

} // namespace pelscope
