// Sections 1-3 of the benchmark: per (PEL size, consumers) scenario, one private
// redis-server and one fixture; Pelscope's real poller, the naive approach and
// redis_exporter are measured one after the other on the same server.
#pragma once

#include "fixture_builder.h"
#include "server_meter.h"

#include <QList>
#include <QMap>
#include <QString>
#include <functional>

namespace pelscope::bench {

struct CostConfig
{
    int intervalMs = 100; // cadence of every tool's ticks and scrapes
    int warmupTicks = 3;
    int settleTicks = 40; // before a scenario's first cost window: its histogram is known by then
    int costTicks = 100;  // split over the rounds, one poller throughout: a multiple of every rationed cadence (10, 50)
    int slowlogTicks = 50;
    int accuracyTicks = 150; // for 10-consumer scenarios
    int exporterScrapes = 30;
    int rounds = 4; // cost windows are split into this many interleaved rounds
    double idleSeconds = 1.5;
    int naiveTicksFor(qint64 pending) const;
    bool quick = false;
};

struct ToolCost
{
    bool ran = false;
    QString note; // why it did not run
    int ticks = 0;
    ServerWindow window;
    double clientMsPerTick = 0; // wall time per tick as the client saw it

    double cpuUs() const { return ticks ? window.cpuUs / ticks : 0; }
    double commandUs() const { return ticks ? window.commandUs() / ticks : 0; }
    double streamUs() const { return ticks ? window.streamCommandUs() / ticks : 0; }
    double calls() const { return ticks ? double(window.commandCalls()) / ticks : 0; }
    double netIn() const { return ticks ? double(window.netIn) / ticks : 0; }
    double netOut() const { return ticks ? double(window.netOut) / ticks : 0; }
};

// Server time per call of one command form, from SLOWLOG with a 0 µs threshold.
struct CommandForm
{
    QList<qint64> us;
    qint64 median() const;
    qint64 max() const;
};

struct AccuracyPoint
{
    int tick = 0;
    double tvd = 0;
    qint64 inspected = 0;
    qint64 lowMs = 0, highMs = 0;    // Pelscope's bracket
    qint64 truthLo = 0, truthHi = 0; // the truth, within clock resolution
    bool held = false;
};

struct Scenario
{
    qint64 pending = 0;
    int consumers = 0;
    QString error;
    double fixtureSeconds = 0;
    double idleCpuUsPerSecond = 0;
    PelTruth truth;

    ToolCost pelscope, naive, exporterPattern, exporterSingle;
    // Pelscope's own transport counters, over the cost window.
    int roundTripsMin = 0, roundTripsMax = 0;
    int pelscopeTicksSeen = 0;
    double commandsPerTick = 0, bytesOutPerTick = 0, bytesInPerTick = 0;
    QMap<QString, CommandForm> forms; // Pelscope's commands, by form
    QList<AccuracyPoint> accuracy;    // every tick
    bool sampled = false, scanComplete = false;

    int bracketHeld() const;
};

using Progress = std::function<void(const QString &)>;

// Every (pending, consumers) scenario gets its own server and fixture up front;
// the cost windows then run in rounds over all of them.
QList<Scenario> runCostBench(const CostConfig &config, const QList<std::pair<qint64, int>> &grid, const Progress &progress);

} // namespace pelscope::bench
