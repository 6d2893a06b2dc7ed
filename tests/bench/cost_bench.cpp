#include "cost_bench.h"

#include "exporter_runner.h"
#include "poll_once.h"
#include "probe/stream_poller.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <hiredis/hiredis.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <vector>

namespace pelscope::bench {

namespace {

QByteArray str(const redisReply *r)
{
    return r && (r->type == REDIS_REPLY_STRING || r->type == REDIS_REPLY_STATUS) ? QByteArray(r->str, qsizetype(r->len)) : QByteArray();
}

// "XPENDING head 20", "XINFO CONSUMERS", ...: what a command is, not its keys.
QString formOf(const QList<QByteArray> &argv)
{
    if (argv.isEmpty())
        return QStringLiteral("?");
    const QByteArray cmd = argv.first().toUpper();
    if (cmd == "XINFO" && argv.size() > 1)
        return QStringLiteral("XINFO %1").arg(QString::fromLatin1(argv.at(1).toUpper()));
    if (cmd == "XPENDING") {
        if (argv.size() == 3)
            return QStringLiteral("XPENDING summary");
        if (argv.size() >= 6) {
            const QByteArray start = argv.at(3);
            const QString n = QString::fromLatin1(argv.at(5));
            if (start == "-")
                return QStringLiteral("XPENDING - + %1 (head)").arg(n);
            if (start.startsWith('('))
                return QStringLiteral("XPENDING (cursor + %1 (walk)").arg(n);
            return QStringLiteral("XPENDING <ms> + %1 (probe)").arg(n);
        }
    }
    return QString::fromLatin1(cmd);
}

// Ticks and scrapes are paced, not back to back: a command on a server that
// was idle (caches cold, as with a real 1 s cadence) costs 2-5x what the same
// command costs when it follows another at once.
void waitUntil(const QElapsedTimer &clock, qint64 ms)
{
    const qint64 left = ms - clock.elapsed();
    if (left > 0)
        QThread::msleep(quint64(left));
}

// One scenario's standing set-up: its server, fixture, meter and exporters,
// kept alive across the interleaved rounds.
struct Rig
{
    Scenario sc;
    FixtureSpec spec;
    std::unique_ptr<test::RedisServer> server;
    std::unique_ptr<ServerMeter> meter;
    std::unique_ptr<RawRedis> naive;
    std::unique_ptr<ExporterRunner> exporterPattern, exporterSingle;
    double idleSum = 0;
    int idleReadings = 0;
    // One poller for all of the scenario's cost windows, paused in between:
    // the windows measure a dashboard that has been running, not the start-up
    // of a fresh one (the accuracy ticks show that from the first tick).
    std::unique_ptr<StreamPoller> poller;
    QString name() const { return fillText(QStringLiteral("PEL %1 × %2 consumers"), spec.pending, spec.consumers); }
};

void add(ToolCost &total, const ServerWindow &w, int ticks, double clientMs)
{
    ServerWindow &t = total.window;
    t.seconds += w.seconds;
    t.cpuUs += w.cpuUs;
    t.rawCpuUs += w.rawCpuUs;
    t.netIn += w.netIn;
    t.netOut += w.netOut;
    for (auto it = w.commands.cbegin(); it != w.commands.cend(); ++it) {
        CommandStat &c = t.commands[it.key()];
        c.calls += it->calls;
        c.usec += it->usec;
    }
    total.clientMsPerTick = (total.clientMsPerTick * total.ticks + clientMs) / (total.ticks + ticks);
    total.ticks += ticks;
    total.ran = true;
}

// Runs Pelscope's real poller (default ProbeConfig, continuous mode) for
// `warmup` ticks, then `ticks` more; `onTick` sees every snapshot with its
// 1-based number. Returns an error text, empty on success.
QString runPoller(const CostConfig &cfg, const Rig &rig, int total, const std::function<void(int, const Snapshot &)> &onTick)
{
    StreamPoller poller(test::optionsFor(rig.server->url()), ProbeConfig{});
    poller.setIntervalMs(cfg.intervalMs);
    int n = 0;
    QString error;
    QEventLoop loop;
    QObject::connect(&poller, &StreamPoller::snapshotReady, &loop, [&](const Snapshot &s) {
        ++n;
        onTick(n, s);
        if (n >= total) {
            poller.stop();
            loop.quit();
        }
    });
    QObject::connect(&poller, &StreamPoller::pollFailed, &loop, [&](const RedisError &e) {
        error = QStringLiteral("Pelscope's poller failed: %1").arg(e.message);
        loop.quit();
    });
    QTimer::singleShot(std::max(120'000, total * cfg.intervalMs * 4), &loop, [&] {
        error = fillText(QStringLiteral("Pelscope's poller published only %1 of %2 ticks"), n, total);
        loop.quit();
    });
    poller.start();
    loop.exec();
    poller.stop();
    return error;
}

// Resumes the scenario's poller for `total` snapshots, then pauses it.
QString resumePoller(const CostConfig &cfg, Rig &rig, int total, const std::function<void(int, const Snapshot &)> &onTick)
{
    const bool fresh = !rig.poller;
    if (fresh) {
        rig.poller = std::make_unique<StreamPoller>(test::optionsFor(rig.server->url()), ProbeConfig{});
        rig.poller->setIntervalMs(cfg.intervalMs);
    }
    StreamPoller &poller = *rig.poller;
    int n = 0;
    QString error;
    QEventLoop loop;
    const auto ready = QObject::connect(&poller, &StreamPoller::snapshotReady, &loop, [&](const Snapshot &s) {
        ++n;
        if (n >= total)
            poller.setPaused(true); // before the poller arms its next tick
        onTick(n, s);
        if (n >= total)
            loop.quit();
    });
    const auto failed = QObject::connect(&poller, &StreamPoller::pollFailed, &loop, [&](const RedisError &e) {
        error = QStringLiteral("Pelscope's poller failed: %1").arg(e.message);
        loop.quit();
    });
    QTimer::singleShot(std::max(120'000, total * cfg.intervalMs * 4), &loop, [&] {
        error = fillText(QStringLiteral("Pelscope's poller published only %1 of %2 ticks"), n, total);
        loop.quit();
    });
    if (fresh)
        poller.start();
    else
        poller.setPaused(false);
    loop.exec();
    QObject::disconnect(ready);
    QObject::disconnect(failed);
    return error;
}

void pelscopeSegment(const CostConfig &cfg, Rig &rig, int ticks)
{
    Scenario &sc = rig.sc;
    QList<PollStats> stats;
    QElapsedTimer wall;
    ServerWindow window;
    // The first window starts once the poller has settled (its histogram
    // known); later ones after one tick, to start on a tick boundary.
    const int warmup = rig.poller ? 1 : cfg.settleTicks;
    const int end = warmup + ticks;
    const QString error = resumePoller(cfg, rig, end, [&](int n, const Snapshot &s) {
        if (n == warmup) {
            rig.meter->begin();
            wall.start();
        } else if (n > warmup) {
            stats.append(s->stats);
        }
        if (n == end)
            window = rig.meter->end();
    });
    if (!error.isEmpty()) {
        sc.error = error;
        return;
    }
    add(sc.pelscope, window, ticks, double(wall.elapsed()));
    for (const PollStats &st : std::as_const(stats)) {
        sc.roundTripsMin = sc.pelscopeTicksSeen == 0 ? int(st.roundTrips) : std::min(sc.roundTripsMin, int(st.roundTrips));
        sc.roundTripsMax = std::max(sc.roundTripsMax, int(st.roundTrips));
        const double k = sc.pelscopeTicksSeen;
        sc.commandsPerTick = (sc.commandsPerTick * k + double(st.commands)) / (k + 1);
        sc.bytesOutPerTick = (sc.bytesOutPerTick * k + double(st.bytesOut)) / (k + 1);
        sc.bytesInPerTick = (sc.bytesInPerTick * k + double(st.bytesIn)) / (k + 1);
        ++sc.pelscopeTicksSeen;
    }
}

// The naive approach the articles sketch: the summary, the whole PEL and
// XINFO STREAM FULL, one pipelined batch per tick.
void naiveSegment(const CostConfig &cfg, Rig &rig, int ticks)
{
    const FixtureSpec &spec = rig.spec;
    const RedisBatch batch{{"XPENDING", spec.stream, spec.group},
                           {"XPENDING", spec.stream, spec.group, "-", "+", QByteArray::number(spec.pending)},
                           {"XINFO", "STREAM", spec.stream, "FULL"}};
    QElapsedTimer wall;
    rig.meter->begin();
    wall.start();
    for (int i = 0; i < ticks; ++i) {
        QElapsedTimer tick;
        tick.start();
        if (!rig.naive->pipeline(batch)) {
            rig.sc.naive.note = rig.naive->lastError();
            return;
        }
        waitUntil(tick, cfg.intervalMs);
    }
    add(rig.sc.naive, rig.meter->end(), ticks, double(wall.elapsed()));
}

void exporterSegment(const CostConfig &cfg, Rig &rig, ExporterRunner &exporter, ToolCost &cost, int scrapes)
{
    QElapsedTimer wall;
    rig.meter->begin();
    wall.start();
    for (int i = 0; i < scrapes; ++i) {
        QElapsedTimer tick;
        tick.start();
        if (exporter.scrape() <= 0) {
            cost.note = QStringLiteral("scrape failed");
            return;
        }
        waitUntil(tick, cfg.intervalMs);
    }
    add(cost, rig.meter->end(), scrapes, double(wall.elapsed()));
}

bool setUp(const CostConfig &cfg, Rig &rig, const Progress &progress)
{
    Scenario &sc = rig.sc;
    rig.server = std::make_unique<test::RedisServer>();
    if (!rig.server->start(&sc.error))
        return false;
    progress(rig.name() + QStringLiteral(": building the fixture"));
    QElapsedTimer clock;
    clock.start();
    if (!buildFixture(rig.server->port(), rig.spec, &sc.error))
        return false;
    sc.fixtureSeconds = clock.elapsed() / 1000.0;
    rig.meter = std::make_unique<ServerMeter>();
    if (!rig.meter->connect(rig.server->port(), &sc.error))
        return false;
    if (!readTruth(rig.meter->connection(), rig.spec, &sc.truth, &sc.error))
        return false;
    rig.meter->calibrate(cfg.idleSeconds);
    rig.naive = std::make_unique<RawRedis>();
    if (!rig.naive->connect(rig.server->port(), &sc.naive.note))
        rig.naive.reset();
    if (!ExporterRunner::executable().isEmpty()) {
        rig.exporterPattern = std::make_unique<ExporterRunner>();
        if (!rig.exporterPattern->start(rig.server->port(), {QStringLiteral("-check-streams"), QStringLiteral("bench:*")}, &sc.exporterPattern.note))
            rig.exporterPattern.reset();
        rig.exporterSingle = std::make_unique<ExporterRunner>();
        if (!rig.exporterSingle->start(rig.server->port(), {QStringLiteral("-check-single-streams"), QString::fromLatin1(rig.spec.stream)},
                                       &sc.exporterSingle.note))
            rig.exporterSingle.reset();
    } else {
        sc.exporterPattern.note = sc.exporterSingle.note = QStringLiteral("prometheus-redis-exporter is not installed");
    }
    return true;
}

// SLOWLOG for the per-command figures, then the accuracy ticks.
void slowlogAndAccuracy(const CostConfig &cfg, Rig &rig)
{
    Scenario &sc = rig.sc;
    const FixtureSpec &spec = rig.spec;
    const int slowEnd = cfg.warmupTicks + cfg.slowlogTicks;
    const int total = spec.consumers == 10 ? std::max(slowEnd, cfg.accuracyTicks) : slowEnd;
    RawRedis &db = rig.meter->connection();
    const QString error = runPoller(cfg, rig, total, [&](int n, const Snapshot &s) {
        if (const GroupSnapshot *g = s.group(spec.stream, spec.group)) {
            AccuracyPoint p;
            p.tick = n;
            p.tvd = totalVariation(g->deliveryCounts, sc.truth.deliveryCounts);
            p.inspected = g->pelInspected;
            p.lowMs = g->oldestIdleMs.value_or(-1);
            p.highMs = g->oldestIdleUpperMs.value_or(-1);
            const auto [lo, hi] = sc.truth.oldestIdleAt(s->takenAtMs, s->stats.durationMs);
            p.truthLo = lo;
            p.truthHi = hi;
            p.held = g->oldestIdleMs && g->oldestIdleUpperMs && p.lowMs <= hi && p.highMs >= lo;
            sc.accuracy.append(p);
            sc.sampled = g->pelSampled;
            sc.scanComplete = g->pelScanComplete;
        }
        if (n == cfg.warmupTicks) {
            db.pipeline({{"CONFIG", "SET", "slowlog-log-slower-than", "0"}, {"CONFIG", "SET", "slowlog-max-len", "100000"}, {"SLOWLOG", "RESET"}});
        } else if (n == slowEnd) {
            db.pipeline({{"SLOWLOG", "GET", "-1"}}, [&](int, const redisReply *r) {
                for (size_t i = 0; r->type == REDIS_REPLY_ARRAY && i < r->elements; ++i) {
                    const redisReply *e = r->element[i];
                    if (e->elements < 6 || str(e->element[5]) != "pelscope")
                        continue;
                    QList<QByteArray> argv;
                    for (size_t k = 0; k < e->element[3]->elements; ++k)
                        argv.append(str(e->element[3]->element[k]));
                    sc.forms[formOf(argv)].us.append(e->element[2]->integer);
                }
            });
            db.pipeline({{"CONFIG", "SET", "slowlog-log-slower-than", "10000"}, {"SLOWLOG", "RESET"}});
        }
    });
    if (!error.isEmpty())
        sc.error = error;
}

} // namespace

int CostConfig::naiveTicksFor(qint64 pending) const
{
    if (pending >= 1'000'000)
        return 3;
    if (pending >= 100'000)
        return quick ? 5 : 10;
    return quick ? 10 : 20;
}

qint64 CommandForm::median() const
{
    if (us.isEmpty())
        return 0;
    QList<qint64> v = us;
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

qint64 CommandForm::max() const
{
    return us.isEmpty() ? 0 : *std::max_element(us.begin(), us.end());
}

int Scenario::bracketHeld() const
{
    return int(std::count_if(accuracy.begin(), accuracy.end(), [](const AccuracyPoint &p) { return p.held; }));
}

QList<Scenario> runCostBench(const CostConfig &cfg, const QList<std::pair<qint64, int>> &grid, const Progress &progress)
{
    std::vector<std::unique_ptr<Rig>> rigs;
    for (const auto &[pending, consumers] : grid) {
        auto rig = std::make_unique<Rig>();
        rig->sc.pending = rig->spec.pending = pending;
        rig->sc.consumers = rig->spec.consumers = consumers;
        if (!setUp(cfg, *rig, progress))
            progress(QStringLiteral("%1: %2").arg(rig->name(), rig->sc.error));
        rigs.push_back(std::move(rig));
    }

    // Rounds over every scenario, so that the load of a shared machine drifts
    // over all of them alike: the ratios between scenarios stay fair.
    const int rounds = std::max(1, cfg.rounds);
    for (int round = 0; round < rounds; ++round) {
        progress(fillText(QStringLiteral("cost round %1 of %2: Pelscope, naive, redis_exporter on every scenario"), round + 1, rounds));
        for (auto &rp : rigs) {
            Rig &rig = *rp;
            if (!rig.sc.error.isEmpty())
                continue;
            rig.meter->measureIdle(cfg.idleSeconds);
            rig.idleSum += rig.meter->idleCpuUsPerSecond();
            ++rig.idleReadings;
            pelscopeSegment(cfg, rig, cfg.costTicks / rounds);
            if (!rig.sc.error.isEmpty())
                continue;
            if (rig.naive)
                naiveSegment(cfg, rig, std::max(1, cfg.naiveTicksFor(rig.spec.pending) / rounds));
            const int scrapes = std::max(1, cfg.exporterScrapes / rounds);
            if (rig.exporterPattern)
                exporterSegment(cfg, rig, *rig.exporterPattern, rig.sc.exporterPattern, scrapes);
            if (rig.exporterSingle)
                exporterSegment(cfg, rig, *rig.exporterSingle, rig.sc.exporterSingle, scrapes);
        }
    }

    QList<Scenario> out;
    for (auto &rp : rigs) {
        Rig &rig = *rp;
        if (rig.poller)
            rig.poller->stop();
        if (rig.sc.error.isEmpty()) {
            progress(rig.name() + QStringLiteral(": per-command times and accuracy"));
            slowlogAndAccuracy(cfg, rig);
        }
        rig.poller.reset();
        rig.sc.idleCpuUsPerSecond = rig.idleReadings ? rig.idleSum / rig.idleReadings : 0;
        out.append(rig.sc);
        rig.exporterPattern.reset();
        rig.exporterSingle.reset();
        rig.server.reset(); // frees its memory for the next ones
    }
    return out;
}

} // namespace pelscope::bench
