// ClusterPoller, the map half: the slot map read from the seed or a master
// (CLUSTER SHARDS, CLUSTER SLOTS before 7.0), one link per master (or per
// shard's replica with read_from=replica) kept in step with it, each stream
// routed to the link of its slot, and discovery (SCAN on every master). The
// ticks are cluster_poller.cpp.
#include "cluster_poller.h"
#include "../text/display_text.h"

#include "../probe/replica_link_probe.h"
#include "../values/key_slot.h"
#include "cluster_node_link.h"

#include <spdlog/spdlog.h>

#include <QPointer>

namespace pelscope {

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
    readTopology(via);
}

void ClusterPoller::readTopology(RedisConnection *via)
{
    const quint64 generation = m_generation;
    const QString host = via->options().transport == ConnectionOptions::Transport::Unix ? QStringLiteral("127.0.0.1") : via->options().host;
    // Both in one round trip (ClusterTopology::fromShardsOrSlots says why).
    via->execute({{"CLUSTER", "SHARDS"}, {"CLUSTER", "SLOTS"}}, this, [this, generation, host](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation || m_stopped)
            return;
        if (error.isError()) {
            onTopology(std::nullopt, error.message);
            return;
        }
        QString why;
        onTopology(ClusterTopology::fromShardsOrSlots(replies.value(0), replies.value(1), host, &why), why);
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
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (!m_links.isEmpty() && !m_refreshing && m_seedConnection)
                    m_seedConnection->close();
            },
            Qt::QueuedConnection);
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
    m_discovering =
        int(std::count_if(m_links.cbegin(), m_links.cend(), [](const ClusterNodeLink *l) { return l->reads() != ClusterNodeLink::Reads::Nothing; }));
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

} // namespace pelscope
