#include "stream_poller.h"

#include "replica_link_probe.h"

#include "../health/health_rules.h"
#include "../snapshot/format.h"

#include <QCoreApplication>
#include <QDateTime>

#include <spdlog/spdlog.h>

namespace pelscope {

StreamPoller::StreamPoller(ConnectionOptions options, ProbeConfig config, QObject *parent)
    : Poller(parent)
    , m_options(std::move(options))
    , m_probe(std::make_unique<StreamProbe>(config))
    , m_activity(config.activityEveryMs)
{
    m_incidents.setThresholds(config.thresholds);
    // Named streams mean "these keys only": no queue is looked for by name either.
    QueueConfig queues = config.queues;
    if (!config.streams.isEmpty()) {
        queues.discover = false;
        queues.discoverFrameworks = false;
    }
    m_queues = std::make_unique<QueueProbe>(queues, config.match, config.scanCount, config.scanMaxPages, config.rescanIntervalMs);
    m_status.address = m_options.redactedUrl();
    m_status.certificateUnverified = m_options.transport == ConnectionOptions::Transport::Tls && m_options.tls.insecure;
    if (!config.annotationsStream.isEmpty())
        m_annotations.emplace(config.annotationsStream);
}

StreamPoller::~StreamPoller() = default;

void StreamPoller::start()
{
    if (!m_connection) {
        m_connection = new RedisConnection(m_options, this);
        m_connection->setAutoReconnect(m_autoReconnect);
        connect(m_connection, &RedisConnection::ready, this, &StreamPoller::onReady);
        connect(m_connection, &RedisConnection::stateChanged, this, [this](RedisConnection::State s) {
            m_status.state = s;
            if (s == RedisConnection::State::Ready) {
                m_status.error = {};
                m_status.attempt = 0;
                m_status.server = m_connection->hello();
            }
            publishStatus();
        });
        connect(m_connection, &RedisConnection::errorOccurred, this, [this](const RedisError &e) {
            m_status.error = e;
            publishStatus();
            Q_EMIT pollFailed(e);
        });
        connect(m_connection, &RedisConnection::masterChanged, this, [this](const QString &now, const QString &was) {
            m_status.failover = QStringLiteral("failover: now %1 (was %2)").arg(now, was);
            m_status.failoverAtMs = QDateTime::currentMSecsSinceEpoch();
        }); // published with the Ready state that follows
        connect(m_connection, &RedisConnection::reconnectScheduled, this, [this](int attempt, int delayMs) {
            m_status.attempt = attempt;
            m_status.nextRetryMs = delayMs;
            publishStatus();
        });
    }
    if (m_options.readFromReplica && !m_replicaLink) {
        m_replicaLink = new ReplicaLinkProbe(m_options, this);
        m_replicaLink->setAutoReconnect(m_autoReconnect);
    }
    m_stopped = false;
    m_connection->open();
}

void StreamPoller::stop()
{
    m_stopped = true;
    m_schedule.cancel();
    ++m_generation; // replies still in flight are dropped
    if (m_connection)
        m_connection->close();
    if (m_replicaLink)
        m_replicaLink->stop();
    Q_EMIT finished();
}

void StreamPoller::setAutoReconnect(bool on)
{
    m_autoReconnect = on;
    if (m_connection)
        m_connection->setAutoReconnect(on);
    if (m_replicaLink)
        m_replicaLink->setAutoReconnect(on);
}

void StreamPoller::setPaused(bool paused)
{
    m_schedule.setPaused(paused, !m_stopped && !m_inTick && m_connection && m_connection->state() == RedisConnection::State::Ready);
}

void StreamPoller::pollNow()
{
    if (!m_inTick && m_connection && m_connection->state() == RedisConnection::State::Ready) {
        m_schedule.cancel();
        tick();
    }
}

void StreamPoller::rereadGroup(const QByteArray &stream, const QByteArray &group)
{
    m_probe->rereadGroup(stream, group);
    pollNow();
}

void StreamPoller::setThresholds(const HealthThresholds &t)
{
    m_probe->setThresholds(t);
    m_incidents.setThresholds(t);
}

void StreamPoller::publishStatus()
{
    Q_EMIT statusChanged(m_status);
}

void StreamPoller::onReady()
{
    if (m_connection->hello().mode == QLatin1String("cluster")) {
        // The handshake already read INFO server: redis_mode:cluster. Deciding
        // here gives every caller (GUI, CLI, tests) cluster support without
        // asking first; read_from=replica included (per shard, over there).
        // Said first: the listener stops forwarding this poller's signals
        // before the connection's closing would report a disconnect.
        m_stopped = true;
        ++m_generation;
        Q_EMIT clusterModeFound();
        m_connection->setAutoReconnect(false);
        m_connection->close();
        if (m_replicaLink)
            m_replicaLink->stop();
        return;
    }
    if (m_replicaLink)
        m_replicaLink->setPrimary(m_connection->hello().primary);
    ++m_generation;
    m_inTick = false;
    m_firstTickOfGeneration = true;
    // Two for a registry's names then their reads; more for a framework with
    // more queues than it reads a tick (ReadRotation): 1,200 in a one-shot.
    m_extraTicksLeft = 5;
    m_schedule.cancel();
    // After a reconnect the keyspace may be another (a restart, a failover):
    // sweep again, riding along with the ticks once the first sweep is done.
    if (m_generation > 1) {
        m_probe->restartDiscovery();
        m_queues->restartDiscovery();
    }
    m_discoveryClock.start();
    if (discoveryComplete())
        tick();
    else
        scanStep();
}

// The first sweep runs page by page before the first tick so the first
// snapshot is complete; later sweeps ride along with the ticks.
void StreamPoller::scanStep()
{
    const quint64 generation = m_generation;
    // Discovery has a budget: a keyspace of millions of other keys, or a
    // cursor that never comes back to 0, must not hold the first snapshot
    // (or a one-shot command) past it. What was found is polled; the sweep
    // goes on riding along with the ticks.
    if (m_discoveryClock.isValid() && m_discoveryClock.elapsed() >= m_probe->config().discoveryBudgetMs) {
        if (!m_probe->discoveryComplete())
            m_probe->endFirstSweepEarly(formatDuration(m_discoveryClock.elapsed()));
        m_queues->endFirstSweepEarly();
        tick();
        return;
    }
    // Streams first, then the queues' sorted sets and lists.
    const bool streams = !m_probe->discoveryComplete();
    m_inTick = true;
    m_connection->execute({streams ? m_probe->scanCommand() : m_queues->scanCommand()}, this,
                          [this, generation, streams](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation || m_stopped)
            return;
        m_inTick = false;
        if (error.isError())
            return; // the connection reconnects and calls onReady again
        if (!streams) {
            m_queues->onScanReply(replies.value(0)); // a failure is said in the snapshots' warning; streams go on
        } else if (const QString scanError = m_probe->onScanReply(replies.value(0)); !scanError.isEmpty()) {
            RedisError e = describeReplyError({"SCAN"}, replies.value(0));
            if (!e.isError()) { // not an error reply, but not a SCAN reply either
                e.kind = RedisError::Kind::Protocol;
                e.message = scanError;
            }
            Q_EMIT pollFailed(e);
            m_status.error = e;
            publishStatus();
            m_schedule.startIn(m_schedule.intervalMs());
            return;
        }
        if (discoveryComplete())
            tick();
        else
            scanStep();
    });
}

void StreamPoller::tick()
{
    if (m_stopped || m_inTick || !m_connection || m_connection->state() != RedisConnection::State::Ready)
        return;
    if (!discoveryComplete()) {
        scanStep();
        return;
    }
    m_inTick = true;
    m_schedule.tickStarted();
    m_roundTripsAtStart = m_connection->roundTrips();
    m_bytesOutAtStart = m_connection->bytesWritten();
    m_bytesInAtStart = m_connection->bytesRead();
    RedisBatch batch = m_probe->planTick();
    m_streamCommands = batch.size();
    m_queues->plan(batch);
    m_queueCommands = m_queues->planned();
    m_activityPlanned = !m_singleShot && m_activity.plan(batch); // a window needs two readings: none in one shot
    if (m_annotations)
        batch.append(m_annotations->command());
    if (m_replicaLink) {
        batch.append(ReplicaLinkProbe::replicaCommand());
        m_replicaLink->askPrimary(); // in parallel; waited for below, within its short deadline
    }
    m_commandsInTick = batch.size();
    const quint64 generation = m_generation;
    m_connection->execute(batch, this, [this, generation](const RedisReplies &replies, const RedisError &error) {
        // Both offsets of one tick, read together: the replica's and the primary's.
        if (m_replicaLink && m_replicaLink->asking()) {
            m_replicaLink->whenAnswered([this, generation, replies, error] { onTickReplies(generation, replies, error); });
            return;
        }
        onTickReplies(generation, replies, error);
    });
}

void StreamPoller::onTickReplies(quint64 generation, const RedisReplies &replies, const RedisError &error)
{
    if (generation != m_generation || m_stopped)
        return;
    m_inTick = false;
    if (error.isError())
        return; // reported through errorOccurred; onReady resumes
    if (m_replicaLink && !replies.isEmpty() && ReplicaLinkProbe::replicaPromoted(replies.last())) {
        // Promoted under us (a failover): these values come from a primary,
        // which read_from=replica never polls. Look for a replica again.
        RedisError e;
        e.kind = RedisError::Kind::Closed;
        e.message = QStringLiteral("read_from=replica: %1 was promoted to primary; looking for a replica again").arg(m_connection->hello().node);
        m_status.error = e;
        Q_EMIT pollFailed(e);
        m_connection->close();
        m_connection->open();
        return;
    }
    SnapshotData data = m_probe->parseTick(replies.first(std::min(m_streamCommands, replies.size())));
    m_queues->parse(replies.mid(m_streamCommands, m_queueCommands), data.takenAtMs, m_probe->config().thresholds, data);
    const qsizetype activityAt = m_streamCommands + m_queueCommands;
    m_activity.parse(m_activityPlanned && activityAt < replies.size() ? &replies.at(activityAt) : nullptr, data);
    if (const qsizetype annotationsAt = activityAt + (m_activityPlanned ? 1 : 0); m_annotations && annotationsAt < replies.size())
        m_annotations->parse(replies.at(annotationsAt), data);
    data.generation = m_generation;
    data.server.address = m_options.redactedUrl();
    data.server.product = m_connection->hello().product;
    data.server.version = m_connection->hello().version;
    data.server.mode = m_connection->hello().mode;
    data.server.role = m_connection->hello().role;
    if (m_options.sentinel || m_replicaLink)
        data.server.node = m_connection->hello().node;
    if (m_replicaLink)
        readReplicaLink(replies.last(), data);
    data.stats.roundTrips = m_connection->roundTrips() - m_roundTripsAtStart + m_sweepCarried.roundTrips;
    data.stats.bytesOut = m_connection->bytesWritten() - m_bytesOutAtStart + m_sweepCarried.bytesOut;
    data.stats.bytesIn = m_connection->bytesRead() - m_bytesInAtStart + m_sweepCarried.bytesIn;
    data.stats.commands = m_commandsInTick + m_sweepCarried.commands;
    m_sweepCarried = {};
    data.stats.durationMs = m_schedule.tickElapsedMs();

    // Groups seen for the first time were not probed yet: on the first tick of
    // a connection, ask again at once rather than publish a half snapshot.
    // A job framework's registry read this tick names queues and workers
    // to read next: a few more ticks (m_extraTicksLeft), so a one-shot check sees them.
    if ((m_firstTickOfGeneration && m_probe->hadUnprobedGroups()) || (m_extraTicksLeft > 0 && m_queues->wantsAnotherTick())) {
        m_firstTickOfGeneration = false;
        --m_extraTicksLeft;
        tick();
        return;
    }
    m_firstTickOfGeneration = false;
    m_extraTicksLeft = 0;
    if (m_annotations)
        m_annotations->publishInto(data);
    publish(std::move(data));
    if (m_singleShot) {
        stop();
        return;
    }
    continueSweep();
}

// A small keyspace is swept in a tick or two (SweepPace): the pages past the
// tick's own go one after another once the snapshot is out, each a short
// command, so other clients are served between them; the next tick is armed
// when they are done (the cadence is kept: TickScheduler counts from the
// tick's start).
void StreamPoller::continueSweep()
{
    if (m_stopped || !m_probe->wantsAnotherPage()) {
        scheduleNext();
        return;
    }
    const quint64 generation = m_generation;
    m_inTick = true;
    const qint64 outBefore = m_connection->bytesWritten(), inBefore = m_connection->bytesRead();
    m_connection->execute({m_probe->scanCommand()}, this, [this, generation, outBefore, inBefore](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation || m_stopped)
            return;
        m_inTick = false;
        // Counted in the next snapshot's figures: what the server was sent since the last one.
        ++m_sweepCarried.roundTrips;
        ++m_sweepCarried.commands;
        m_sweepCarried.bytesOut += m_connection->bytesWritten() - outBefore;
        m_sweepCarried.bytesIn += m_connection->bytesRead() - inBefore;
        if (error.isError())
            return; // the connection reconnects and calls onReady again
        if (!m_probe->onScanReply(replies.value(0)).isEmpty()) {
            scheduleNext(); // said by the next tick's own page, which meets the same reply
            return;
        }
        continueSweep();
    });
}

void StreamPoller::scheduleNext()
{
    if (!m_stopped)
        m_schedule.scheduleNext();
}

// The replica's link and offset lag go into the snapshot every tick, and
// into the status when something an operator would act on changes.
void StreamPoller::readReplicaLink(const RedisReply &info, SnapshotData &data)
{
    const ReplicaSnapshot r = m_replicaLink->read(info, m_connection->hello().node);
    data.server.replica = r;
    // Redis 7.0 does not replicate a group's entries-read once a consumer has
    // read (tst_replica), so the replica's lag is often unknown: say so.
    for (StreamSnapshot &s : data.streams)
        for (GroupSnapshot &g : s.groups)
            if (!g.lag && !g.entriesRead)
                g.lagNote = Reason::joined("lag_note", {healthReason("read_from_replica", QT_TRANSLATE_NOOP("Health", "read from a replica, which may not have the group's entries-read; ")),
                                                        g.lagNote});
    const std::optional<ReplicaSnapshot> &was = m_status.replica;
    if (!was || was->link != r.link || was->primary != r.primary || was->note != r.note
        || was->primaryOffset.has_value() != r.primaryOffset.has_value()) {
        m_status.replica = r;
        publishStatus();
    }
}

} // namespace pelscope
