#include "cluster_poller.h"
#include "../text/display_text.h"

#include "../probe/replica_link_probe.h"
#include "../redis/key_slot.h"
#include "cluster_node_link.h"

#include <spdlog/spdlog.h>

#include <QPointer>

namespace pelscope {

ClusterPoller::ClusterPoller(ConnectionOptions seed, ProbeConfig config, QObject *parent)
    : QObject(parent)
    , m_seed(std::move(seed))
    , m_config(std::move(config))
    , m_readFromReplica(m_seed.readFromReplica)
{
    m_tickTimer.setSingleShot(true);
    connect(&m_tickTimer, &QTimer::timeout, this, &ClusterPoller::tick);
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
    m_tickTimer.stop();
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
    return std::clamp(2 * m_intervalMs, 1000, std::max(1000, m_seed.commandTimeoutMs));
}

void ClusterPoller::setIntervalMs(int ms)
{
    m_intervalMs = std::clamp(ms, 100, 3'600'000);
}

void ClusterPoller::setPaused(bool paused)
{
    m_paused = paused;
    if (paused)
        m_tickTimer.stop();
    else if (!m_inTick && m_ticking)
        scheduleNext();
}

void ClusterPoller::pollNow()
{
    if (!m_inTick && m_ticking) {
        m_tickTimer.stop();
        tick();
    }
}

void ClusterPoller::setThresholds(const HealthThresholds &t)
{
    m_config.thresholds = t;
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

ClusterNodeLink *ClusterPoller::linkAt(const QString &address) const
{
    for (ClusterNodeLink *link : m_links)
        if (link->address() == address)
            return link;
    return nullptr;
}

ClusterNodeLink *ClusterPoller::redirectTarget(const QString &address) const
{
    if (ClusterNodeLink *link = linkAt(address))
        return link;
    // A replica with READONLY answers -MOVED only for slots its master does
    // not serve: the new owner's replica has them.
    if (m_readFromReplica)
        for (ClusterNodeLink *link : m_links)
            if (link->reads() == ClusterNodeLink::Reads::Replica && link->masterAddress() == address)
                return link;
    return nullptr;
}

// --- topology ---------------------------------------------------------------

// Asked of any node read that answers (with read_from=replica: a replica, so
// the masters are not asked), else of the seed; one read at a time.
void ClusterPoller::refreshTopology(ClusterNodeLink *prefer)
{
    if (m_stopped)
        return;
    if (m_refreshing) {
        m_refreshAgain = true;
        return;
    }
    RedisConnection *via = prefer && prefer->isReady() ? prefer->connection() : nullptr;
    for (ClusterNodeLink *link : std::as_const(m_links))
        if (!via && link->isReady()) {
            via = link->connection();
            break;
        }
    if (!via && m_seedConnection && m_seedConnection->state() == RedisConnection::State::Ready)
        via = m_seedConnection;
    if (!via) {
        // Nobody to ask now: the seed's ready() asks once it is back.
        m_refreshAgain = true;
        if (m_seedConnection && m_seedConnection->state() == RedisConnection::State::Disconnected && m_autoReconnect)
            m_seedConnection->open();
        return;
    }
    m_refreshing = true;
    m_refreshAgain = false;
    readTopology(via, false);
}

void ClusterPoller::readTopology(RedisConnection *via, bool slotsFallback)
{
    const quint64 generation = m_generation;
    const QString host = via->options().transport == ConnectionOptions::Transport::Unix ? QStringLiteral("127.0.0.1")
                                                                                         : via->options().host;
    const RedisCommand command = slotsFallback ? RedisCommand{"CLUSTER", "SLOTS"} : RedisCommand{"CLUSTER", "SHARDS"};
    QPointer<RedisConnection> viaPtr(via);
    via->execute({command}, this, [this, generation, host, slotsFallback, viaPtr](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation || m_stopped)
            return;
        if (error.isError()) {
            onTopology(std::nullopt, error.message);
            return;
        }
        const RedisReply &reply = replies.value(0);
        QString why;
        auto topology = slotsFallback ? ClusterTopology::fromSlots(reply, host, &why)
                                      : ClusterTopology::fromShards(reply, host, &why);
        // Before 7.0 there is no CLUSTER SHARDS: ask CLUSTER SLOTS instead.
        if (!topology && !slotsFallback && reply.isError() && viaPtr) {
            readTopology(viaPtr, true);
            return;
        }
        onTopology(topology, why);
    });
}

void ClusterPoller::onTopology(std::optional<ClusterTopology> topology, const QString &error)
{
    m_refreshing = false;
    ++m_topologyReads;
    if (!topology) {
        spdlog::warn("cluster topology of {}: {}", m_seed.redactedUrl().toStdString(), error.toStdString());
        if (!m_haveTopology) {
            RedisError e;
            e.kind = RedisError::Kind::Server;
            e.message = QStringLiteral("cannot read the cluster's slot map from %1: %2").arg(m_seed.address(), error);
            m_status.error = e;
            publishStatus();
            Q_EMIT pollFailed(e);
        }
    } else if (m_inTick) {
        m_deferredTopology = *topology; // links may not change under a running tick
    } else {
        adoptTopology(*topology);
    }
    if (m_refreshAgain && !m_stopped) {
        // Once more, later: a burst of lost connections needs one read, not many.
        m_refreshAgain = false;
        QTimer::singleShot(200, this, [this] { refreshTopology(); });
    }
}

void ClusterPoller::adoptTopology(const ClusterTopology &topology)
{
    const bool first = !m_haveTopology;
    if (!first && !topology.sameRouting(m_topology))
        spdlog::info("cluster slot map changed ({} masters)", topology.masters().size());
    m_topology = topology;
    m_haveTopology = true;
    m_topologyAge.start();
    syncLinks();
    routeStreams();
    publishStatus();
    // The masters are known: the seed is not needed until none of them
    // answers (refreshTopology opens it again then). Kept open, it would
    // dial its address forever once that node died. Queued: this may run
    // inside one of the seed's own callbacks.
    if (!m_links.isEmpty() && m_seedConnection && m_seedConnection->state() != RedisConnection::State::Disconnected)
        QMetaObject::invokeMethod(this, [this] {
            if (!m_links.isEmpty() && !m_refreshing && m_seedConnection)
                m_seedConnection->close();
        }, Qt::QueuedConnection);
    if (first) {
        m_sweepAge.start();
        discover();
    }
}

namespace {

// Why read_from=replica reads nothing of a shard, naming what the slot map says of its replicas.
QString noReplicaNote(const ClusterMaster &master)
{
    QStringList seen;
    for (const ClusterNodeAddress &r : master.replicas)
        if (r.id != master.node.id)
            seen << QStringLiteral("%1 %2").arg(r.address(), r.health.isEmpty() ? QStringLiteral("listed") : r.health);
    return QStringLiteral("read_from=replica: no healthy replica of %1 (%2); not polling the master, its streams are stale")
        .arg(master.node.address(), seen.isEmpty() ? QStringLiteral("none listed") : seen.join(QStringLiteral(", ")));
}

} // namespace

ClusterNodeLink *ClusterPoller::makeLink(const ClusterMaster &master, const ConnectionOptions &options, int readsValue,
                                         const ConnectionOptions &masterOptions)
{
    const auto reads = ClusterNodeLink::Reads(readsValue);
    auto *link = new ClusterNodeLink(master, options, m_config, this, reads, masterOptions);
    link->connection()->setAutoReconnect(m_autoReconnect);
    if (link->replicaLink())
        link->replicaLink()->setAutoReconnect(m_autoReconnect);
    if (reads == ClusterNodeLink::Reads::Nothing)
        return link; // never opened: there is nothing in this shard to read
    QPointer<ClusterNodeLink> weak(link);
    connect(link, &ClusterNodeLink::connected, this, [this, weak] {
        if (!weak)
            return;
        // A node back after a loss may hold another keyspace (restart,
        // failover): sweep it again and re-read the slot map.
        if (weak->wasLost) {
            weak->wasLost = false;
            if (!explicitStreams())
                weak->startSweep();
            refreshTopology();
        }
        publishStatus();
    });
    connect(link, &ClusterNodeLink::lost, this, [this, weak] {
        if (!weak)
            return;
        weak->wasLost = true;
        publishStatus();
        refreshTopology();
    });
    link->connection()->open();
    return link;
}

// One link per shard, kept across refreshes while it reads the same node (its
// probe keeps what it knows), created for new masters or a newly chosen
// replica, dropped for the rest. With read_from=replica the shard's link reads
// the replica chosen for it, or nothing.
void ClusterPoller::syncLinks()
{
    QList<ClusterNodeLink *> next;
    for (const ClusterMaster &master : m_topology.masters()) {
        const ConnectionOptions masterOptions = nodeOptions(m_seed, master);
        ConnectionOptions options = masterOptions;
        auto reads = ClusterNodeLink::Reads::Master;
        QByteArray replicaId;
        QString note;
        if (m_readFromReplica) {
            QByteArray currentId;
            for (const ClusterNodeLink *l : std::as_const(m_links))
                if (l->masterAddress() == masterOptions.address() && l->reads() == ClusterNodeLink::Reads::Replica)
                    currentId = l->readNodeId;
            if (const ClusterNodeAddress *replica = master.readableReplica(currentId)) {
                reads = ClusterNodeLink::Reads::Replica;
                options = replicaNodeOptions(m_seed, *replica);
                replicaId = replica->id;
            } else {
                reads = ClusterNodeLink::Reads::Nothing;
                note = noReplicaNote(master);
            }
        }
        ClusterNodeLink *link = nullptr;
        for (ClusterNodeLink *l : std::as_const(m_links))
            if (l->address() == options.address() && l->reads() == reads && l->masterAddress() == masterOptions.address())
                link = l;
        if (link) {
            link->setMaster(master);
            m_links.removeOne(link);
        } else {
            if (reads == ClusterNodeLink::Reads::Replica)
                spdlog::info("read_from=replica: reading the shard of {} from its replica {}", masterOptions.address().toStdString(),
                             options.address().toStdString());
            else if (reads == ClusterNodeLink::Reads::Nothing)
                spdlog::warn("{}", note.toStdString());
            link = makeLink(master, options, int(reads), masterOptions);
            link->readNodeId = replicaId;
        }
        if (reads == ClusterNodeLink::Reads::Nothing)
            link->setNote(note);
        next.append(link);
    }
    for (ClusterNodeLink *gone : std::as_const(m_links)) {
        gone->connection()->close();
        if (gone->replicaLink())
            gone->replicaLink()->stop();
        gone->deleteLater();
    }
    m_links = next;
}

// Streams go to the master serving their slot, wherever SCAN found them: a
// key mid-migration may still sit on the old owner, which answers -ASK.
void ClusterPoller::routeStreams()
{
    QSet<QByteArray> keys;
    if (explicitStreams()) {
        keys = QSet<QByteArray>(m_config.streams.cbegin(), m_config.streams.cend());
    } else {
        for (ClusterNodeLink *link : std::as_const(m_links))
            for (const QByteArray &k : link->discovered())
                keys.insert(k);
        // A master new to us (a promoted replica) has not been swept yet, and
        // the link that found its streams is gone with the dead master: keep
        // the streams last seen in its slots until its own sweep says.
        for (const StreamSnapshot &s : std::as_const(m_last.streams)) {
            const int index = m_topology.masterIndexForSlot(keySlot(s.key));
            if (index >= 0 && index < m_links.size() && !m_links.at(index)->swept())
                keys.insert(s.key);
        }
    }
    QList<QList<QByteArray>> shares(m_links.size());
    m_routes.clear();
    m_unrouted.clear();
    for (const QByteArray &key : std::as_const(keys)) {
        const int index = m_topology.masterIndexForSlot(keySlot(key));
        if (index < 0 || index >= m_links.size()) {
            m_unrouted << displayBytes(key);
            continue;
        }
        shares[index].append(key);
        m_routes.insert(key, m_links.at(index)->masterAddress());
    }
    for (qsizetype i = 0; i < m_links.size(); ++i) {
        std::sort(shares[i].begin(), shares[i].end());
        m_links[i]->assign(shares[i]);
    }
}

// --- discovery --------------------------------------------------------------

// The first sweep of every master runs before the first tick (in parallel),
// so the first snapshot is complete; later sweeps ride along with the ticks.
void ClusterPoller::discover()
{
    if (explicitStreams()) {
        m_ticking = true;
        tick();
        return;
    }
    // A shard read from nowhere (read_from=replica, no healthy replica) is not swept.
    m_discovering = int(std::count_if(m_links.cbegin(), m_links.cend(), [](const ClusterNodeLink *l) {
        return l->reads() != ClusterNodeLink::Reads::Nothing;
    }));
    if (m_discovering == 0) {
        m_ticking = true;
        tick();
        return;
    }
    for (ClusterNodeLink *link : std::as_const(m_links))
        if (link->reads() != ClusterNodeLink::Reads::Nothing)
            scanChain(link);
}

void ClusterPoller::scanChain(ClusterNodeLink *link)
{
    const quint64 generation = m_generation;
    QPointer<ClusterNodeLink> weak(link);
    link->connection()->execute({link->scanCommand()}, link, [this, generation, weak](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation || m_stopped || !weak)
            return;
        bool finished = true; // a node that cannot be swept now is swept later
        if (!error.isError()) {
            const QString scanError = weak->onScanReply(replies.value(0), &finished);
            if (!scanError.isEmpty()) {
                spdlog::warn("SCAN on {}: {}", weak->address().toStdString(), scanError.toStdString());
                finished = true;
            }
        }
        if (!finished) {
            scanChain(weak);
            return;
        }
        if (--m_discovering == 0) {
            routeStreams();
            m_ticking = true;
            tick();
        }
    });
}

// --- ticks ------------------------------------------------------------------

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
    if (sweeps && m_sweepAge.elapsed() >= m_config.rescanIntervalMs) {
        m_sweepAge.start();
        for (ClusterNodeLink *link : std::as_const(m_links))
            if (!link->sweeping())
                link->startSweep();
    }
    routeStreams();

    m_inTick = true;
    ++m_tick;
    m_tickClock.start();
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
    data.stats.durationMs = m_tickClock.elapsed();
    data.discoveryComplete = true;
    if (!m_unrouted.isEmpty()) {
        const QString w = QStringLiteral("%1 stream(s) in slots no master serves: %2")
                              .arg(m_unrouted.size()).arg(m_unrouted.mid(0, 5).join(QStringLiteral(", ")));
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

    Q_EMIT snapshotReady(Snapshot(std::move(data)));
    if (m_singleShot) {
        stop();
        return;
    }
    scheduleNext();
}

void ClusterPoller::scheduleNext()
{
    if (m_paused || m_stopped)
        return;
    const qint64 spent = m_tickClock.isValid() ? m_tickClock.elapsed() : 0;
    m_tickTimer.start(int(std::max<qint64>(0, m_intervalMs - spent)));
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
