// Command-line options shared by pelscope and pelscope-cli (shaped like
// redis-cli's): where to connect, what to watch, and the health thresholds.
#pragma once

#include "probe/probe_config.h"
#include "values/connection_options.h"

#include <QCommandLineParser>

namespace pelscope {

// The on-disk history: --history-dir, --history-days, --history-max-mb.
struct HistoryCli
{
    QString dir; // empty: <data>/history
    int days = 14;
    qint64 maxBytes = 500LL * 1024 * 1024;
};

struct CliSettings
{
    ConnectionOptions connection;
    ProbeConfig probe;
    int intervalMs = 1000;
    HistoryCli history;
};

void addConnectionOptions(QCommandLineParser &parser);
// --profile NAME (the console only: the window opens its profiles itself).
void addProfileOption(QCommandLineParser &parser);
void addProbeOptions(QCommandLineParser &parser);
void addHistoryOptions(QCommandLineParser &parser);

// Builds the settings from a processed parser; returns an error message on
// bad input. Asks for the password on the terminal when --askpass is given.
QString settingsFromParser(const QCommandLineParser &parser, CliSettings &out);

// Reads a line from the terminal without echo (falls back to stdin).
QByteArray promptPassword(const QString &prompt);

} // namespace pelscope
