// Command-line options shared by pelscope and pelscope-cli (shaped like
// redis-cli's): where to connect, what to watch, and the health thresholds.
#pragma once

#include "probe/probe_config.h"
#include "redis/connection_options.h"

#include <QCommandLineParser>

namespace pelscope {

struct CliSettings
{
    ConnectionOptions connection;
    ProbeConfig probe;
    int intervalMs = 1000;
};

void addConnectionOptions(QCommandLineParser &parser);
void addProbeOptions(QCommandLineParser &parser);

// Builds the settings from a processed parser; returns an error message on
// bad input. Asks for the password on the terminal when --askpass is given.
QString settingsFromParser(const QCommandLineParser &parser, CliSettings &out);

// Reads a line from the terminal without echo (falls back to stdin).
QByteArray promptPassword(const QString &prompt);

} // namespace pelscope
