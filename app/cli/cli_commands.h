// The CLI's commands; each returns the process exit code.
#pragma once

#include "../common/connection_cli.h"

namespace pelscope {

int runSnapshot(const CliSettings &settings, bool json);
int runCheck(const CliSettings &settings);
int runWatch(const CliSettings &settings, const QCommandLineParser &parser);
int runWorkload(const CliSettings &settings, const QCommandLineParser &parser);

} // namespace pelscope
