#include "cluster_poller.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include "../probe/replica_link_probe.h"
#include "../values/key_slot.h"
#include "cluster_node_link.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include <QPointer>

namespace pelscope {

ClusterPoller::ClusterPoller(ConnectionOptions seed, ProbeConfig config, QObject *parent)
    : Poller(parent)
    , m_seed(std::move(seed))
    , m_config(std::move(config))
    , m_readFromReplica(m_seed.readFromReplica)
{
    m_incidents.setThresholds(m_config.thresholds);
    m_status.address = m_seed.redactedUrl();
}

ClusterPoller::~ClusterPoller()
{
    m_stopped = true;
    ++m_generation;
}

void ClusterPoller::start()
{
    if (!m_seedConnection) {
        // Only asked for the slot map: the seed as named, replica or master
        // (the standalone replica resolver would refuse a master without one).
        ConnectionOptions seedOptions = m_seed;
        seedOptions.readFromReplica = false;
        m_seedConnection = new RedisConnection(seedOptions, this);
        m_seedConnection->setAutoReconnect(m_autoReconnect);
        connect(m_seedConnection, &RedisConnection::ready, this, [this] {
            m_status.server = m_seedConnection->hello();
            if (!m_haveTopology || m_refreshAgain)
                refreshTopology();
        });
        connect(m_seedConnection, &RedisConnection::stateChanged, this, &ClusterPoller::publishStatus);
        connect(m_seedConnection, &RedisConnection::errorOccurred, this, [this](const RedisError &e) {
            if (m_haveTopology)
                return; // the nodes carry on; the seed is only needed to find them
            m_status.error = e;
            publishStatus();
            Q_EMIT pollFailed(e);
        });
    }
    m_stopped = false;
    ++m_generation;
    m_seedConnection->open();
}

void ClusterPoller::stop()
{
    m_stopped = true;
    m_schedule.cancel();
    ++m_generation; // replies still in flight are dropped
    m_inTick = false;
    for (ClusterNodeLink *link : std::as_const(m_links)) {
        link->connection()->close();
        if (link->replicaLink())
            link->replicaLink()->stop();
    }
    if (m_seedConnection)
        m_seedConnection->close();
    Q_EMIT finished();
}

int ClusterPoller::nodeDeadlineMs() const
{
    // A hung node must not hold the whole tick for the full command timeout:
    // the window calls a connection stale after 3 intervals (3 s at least)
    // without a snapshot, and the healthy nodes' streams must stay current.
    return std::clamp(2 * m_schedule.intervalMs(), 1000, std::max(1000, m_seed.commandTimeoutMs));
}

void ClusterPoller::setPaused(bool paused)
{
    m_schedule.setPaused(paused, !m_stopped && !m_inTick && m_ticking);
}

void ClusterPoller::pollNow()
{
    if (!m_inTick && m_ticking) {
        m_schedule.cancel();
        tick();
    }
}

void ClusterPoller::rereadGroup(const QByteArray &stream, const QByteArray &group)
{
    for (ClusterNodeLink *link : std::as_const(m_links))
        link->probe().rereadGroup(stream, group); // only the node holding the stream knows the group
    pollNow();
}

void ClusterPoller::setThresholds(const HealthThresholds &t)
{
    m_config.thresholds = t;
    m_incidents.setThresholds(t);
    for (ClusterNodeLink *link : std::as_const(m_links))
        link->probe().setThresholds(t);
}

void ClusterPoller::setAutoReconnect(bool on)
{
    m_autoReconnect = on;
    if (m_seedConnection)
        m_seedConnection->setAutoReconnect(on);
    for (ClusterNodeLink *link : std::as_const(m_links)) {
        link->connection()->setAutoReconnect(on);
        if (link->replicaLink())
            link->replicaLink()->setAutoReconnect(on);
    }
}

void ClusterPoller::tick()
{
    if (m_stopped || m_inTick || !m_ticking)
        return;
    if (m_topologyAge.isValid() && m_topologyAge.elapsed() >= m_topologyRefreshMs) {
        m_topologyAge.start();
        refreshTopology();
    }
    // A master that does not answer is likely being failed over: its replica
    // is promoted within the cluster's node timeout plus an election, and
    // only a fresh slot map says where. Ask the masters still up every tick
    // (at most every 250 ms) rather than wait for the dead link's backoff.
    const bool masterDown = std::any_of(m_links.cbegin(), m_links.cend(), [](const ClusterNodeLink *l) { return l->wasLost; });
    if (masterDown && (!m_downRefreshAge.isValid() || m_downRefreshAge.elapsed() >= 250)) {
        m_downRefreshAge.start();
        refreshTopology();
    }
    const bool sweeps = !explicitStreams() && !m_config.oneShot;
    // Sweeps as often as the largest node's keyspace allows (SweepPace): at
    // every tick on small ones. A node sweeps one page a tick (its COUNT
    // paced too), in the tick's own batch.
    qint64 pauseMs = 0;
    for (const ClusterNodeLink *link : std::as_const(m_links))
        pauseMs = std::max(pauseMs, link->sweepPauseMs(m_config.rescanIntervalMs));
    if (sweeps && m_sweepAge.elapsed() >= pauseMs) {
        m_sweepAge.start();
        for (ClusterNodeLink *link : std::as_const(m_links))
            if (!link->sweeping())
                link->startSweep();
    }
    routeStreams();

    m_inTick = true;
    ++m_tick;
    m_schedule.tickStarted();
    m_bytesOutAtStart = m_bytesInAtStart = 0;
    for (ClusterNodeLink *link : std::as_const(m_links)) {
        m_bytesOutAtStart += link->connection()->bytesWritten();
        m_bytesInAtStart += link->connection()->bytesRead();
    }
    m_views.clear();
    m_views.resize(m_links.size());
    m_outstanding = int(m_links.size()) + 1; // +1 until every node was started
    const quint64 generation = m_generation;
    auto resolver = [this](const QString &address) { return redirectTarget(address); };
    for (qsizetype i = 0; i < m_links.size(); ++i) {
        ClusterNodeLink *link = m_links.at(i);
        ClusterNodeTickView &view = m_views[i];
        view.address = link->masterAddress();
        view.master = link->master();
        view.readFromReplica = m_readFromReplica;
        view.note = link->note();
        view.result.address = link->address();
        if (link->reads() == ClusterNodeLink::Reads::Nothing) {
            view.notRead = true;
            view.result.error = link->note();
            --m_outstanding;
            continue;
        }
        view.polledAddress = link->address();
        if (!link->isReady() && !link->isFirstConnect()) {
            // Down or reconnecting: do not wait for it, its streams go stale.
            const RedisError &e = link->connection()->lastError();
            view.result.error = e.isError() ? e.message : QStringLiteral("not connected");
            --m_outstanding;
            continue;
        }
        // The master's offset, asked in parallel with the replica's batch (and
        // waited for within its own short deadline): both of one tick.
        if (link->replicaLink())
            link->replicaLink()->askPrimary();
        QPointer<ClusterNodeLink> weak(link);
        runNodeTick(link, resolver, sweeps && link->sweeping(), nodeDeadlineMs(), [this, generation, i, weak](NodeTickResult result) {
            if (generation != m_generation || !m_inTick)
                return;
            auto shared = std::make_shared<NodeTickResult>(std::move(result));
            auto complete = [this, generation, i, weak, shared] {
                if (generation != m_generation || !m_inTick)
                    return;
                ClusterNodeTickView &v = m_views[i];
                if (weak && weak->replicaLink() && shared->replication)
                    v.replica = weak->replicaLink()->read(*shared->replication, weak->address());
                if (weak)
                    v.note = weak->note(); // READONLY's answer may have come since
                v.result = std::move(*shared);
                if (--m_outstanding == 0)
                    finishTick();
            };
            if (weak && weak->replicaLink() && weak->replicaLink()->asking()) {
                weak->replicaLink()->whenAnswered(complete);
                return;
            }
            complete();
        });
    }
    if (--m_outstanding == 0)
        finishTick();
}

void ClusterPoller::finishTick()
{
    bool moved = false;
    ClusterNodeLink *movedOn = nullptr;
    bool sweepEnded = false;
    qint64 bytesOut = 0, bytesIn = 0;
    for (qsizetype i = 0; i < m_views.size(); ++i) {
        ClusterNodeTickView &view = m_views[i];
        ClusterNodeLink *link = m_links.value(i);
        if (link) {
            link->staleTicks = view.result.answered ? 0 : link->staleTicks + 1;
            view.staleTicks = link->staleTicks;
            bytesOut += link->connection()->bytesWritten();
            bytesIn += link->connection()->bytesRead();
        }
        if (view.result.moved && !moved)
            movedOn = link;
        moved = moved || view.result.moved;
        sweepEnded = sweepEnded || view.result.sweepFinished;
    }
    SnapshotData data = mergeClusterTick(m_views, m_routes, m_last);
    data.generation = m_generation;
    data.tick = m_tick;
    data.server.address = m_seed.redactedUrl();
    data.server.product = m_status.server.product;
    data.server.version = m_status.server.version;
    data.server.mode = QStringLiteral("cluster");
    // read_from=replica: the values come from replicas (nodes[] says which, per shard).
    data.server.role = m_readFromReplica ? QStringLiteral("slave") : QStringLiteral("master");
    data.stats.bytesOut = bytesOut - m_bytesOutAtStart;
    data.stats.bytesIn = bytesIn - m_bytesInAtStart;
    data.stats.durationMs = m_schedule.tickElapsedMs();
    data.discoveryComplete = true;
    if (!m_unrouted.isEmpty()) {
        const QString w = fillText(QStringLiteral("%1 stream(s) in slots no master serves: %2"), m_unrouted.size(),
                                   m_unrouted.mid(0, 5).join(QStringLiteral(", ")));
        data.warning = data.warning.isEmpty() ? w : data.warning + QStringLiteral("; ") + w;
    }
    if (!m_config.annotationsStream.isEmpty()) {
        // Said, not silently dropped: the queues' probes do not run in a cluster either.
        const QString w = fillText(QStringLiteral("the annotations stream %1 is not read from a cluster"), displayBytes(m_config.annotationsStream));
        data.warning = data.warning.isEmpty() ? w : data.warning + QStringLiteral("; ") + w;
    }
    m_last = data;
    m_views.clear();
    m_inTick = false;

    if (m_deferredTopology) {
        const ClusterTopology t = *m_deferredTopology;
        m_deferredTopology.reset();
        adoptTopology(t);
    }
    if (moved)
        refreshTopology(movedOn); // -MOVED: the slot map we route by is outdated
    if (sweepEnded)
        routeStreams();

    publish(std::move(data));
    if (m_singleShot) {
        stop();
        return;
    }
    scheduleNext();
}

void ClusterPoller::scheduleNext()
{
    if (!m_stopped)
        m_schedule.scheduleNext();
}

// The status bar sees the cluster as one connection: up while any master
// answers; the first master that does not is named in the error.
void ClusterPoller::publishStatus()
{
    if (m_stopped)
        return;
    int ready = 0;
    const ClusterNodeLink *down = nullptr;
    const ClusterNodeLink *unread = nullptr; // read_from=replica: a shard without a healthy replica
    for (const ClusterNodeLink *link : std::as_const(m_links)) {
        if (link->reads() == ClusterNodeLink::Reads::Nothing) {
            if (!unread)
                unread = link;
        } else if (link->isReady()) {
            ++ready;
        } else if (!down) {
            down = link;
        }
    }
    if (m_haveTopology && unread && ready == 0 && !down) {
        // Every shard lacks a healthy replica: nothing is polled, and the status says why.
        m_status.state = RedisConnection::State::Ready;
        m_status.error = {};
        m_status.error.kind = RedisError::Kind::Server;
        m_status.error.message = unread->note();
    } else if (!m_haveTopology || m_links.isEmpty()) {
        m_status.state = m_seedConnection ? m_seedConnection->state() : RedisConnection::State::Disconnected;
        if (m_status.state == RedisConnection::State::Ready)
            m_status.state = RedisConnection::State::Handshake; // not polling yet
    } else {
        m_status.state = ready > 0 ? RedisConnection::State::Ready : (down ? down : m_links.first())->connection()->state();
        m_status.error = {};
        if (down && down->connection()->lastError().isError()) {
            m_status.error = down->connection()->lastError();
            m_status.error.message = QStringLiteral("node %1: %2").arg(down->address(), m_status.error.message);
        }
    }
    if (m_status.server.mode.isEmpty() && m_seedConnection)
        m_status.server = m_seedConnection->hello();
    m_status.server.mode = QStringLiteral("cluster");
    Q_EMIT statusChanged(m_status);
}

} // namespace pelscope
