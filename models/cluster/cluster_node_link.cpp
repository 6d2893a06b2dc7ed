#include "cluster_node_link.h"
#include "../text/display_text.h"

#include "../probe/replica_link_probe.h"

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

ConnectionOptions optionsAt(const ConnectionOptions &seed, const ClusterNodeAddress &node)
{
    ConnectionOptions o = seed;
    // Nodes announce TCP addresses even when the seed was a unix socket.
    if (o.transport == ConnectionOptions::Transport::Unix)
        o.transport = ConnectionOptions::Transport::Tcp;
    o.host = node.host;
    const bool tls = o.transport == ConnectionOptions::Transport::Tls;
    o.port = tls && node.tlsPort ? node.tlsPort : node.port;
    o.socketPath.clear();
    o.db = 0; // a cluster has database 0 only
    // The cluster poller picks the replica of every shard itself; the
    // standalone resolver would ask the master's ROLE and dial whichever
    // replica it lists, and refuse a master without one.
    o.readFromReplica = false;
    return o;
}

} // namespace

ConnectionOptions nodeOptions(const ConnectionOptions &seed, const ClusterMaster &master)
{
    return optionsAt(seed, master.node);
}

ConnectionOptions replicaNodeOptions(const ConnectionOptions &seed, const ClusterNodeAddress &replica)
{
    ConnectionOptions o = optionsAt(seed, replica);
    o.followToPrimary = false; // reading a replica is the point
    return o;
}

ClusterNodeLink::ClusterNodeLink(ClusterMaster master, ConnectionOptions options, ProbeConfig config, QObject *parent, Reads reads,
                                 const ConnectionOptions &masterOptions)
    : QObject(parent)
    , m_master(std::move(master))
    , m_address(options.address())
    , m_masterAddress(reads == Reads::Replica ? masterOptions.address() : options.address())
    , m_reads(reads)
    , m_connection(new RedisConnection(options, this))
{
    ProbeConfig nodeConfig = config;
    nodeConfig.streams.clear(); // handed over by assign()
    m_probe = std::make_unique<StreamProbe>(nodeConfig);
    m_discovery = std::make_unique<StreamProbe>(nodeConfig);
    if (reads == Reads::Replica) {
        m_replicaLink = new ReplicaLinkProbe(masterOptions, this);
        m_replicaLink->setPrimary(m_masterAddress);
    }
    connect(m_connection, &RedisConnection::ready, this, [this] {
        m_everConnected = true;
        if (m_reads == Reads::Replica) {
            // A cluster replica answers reads of its master's slots only after
            // READONLY (else -MOVED to the master). Per connection, so after
            // every (re)connect; sent from ready(), it is written before the
            // batches that waited for the handshake.
            m_connection->execute({{"READONLY"}}, this, [this](const RedisReplies &replies, const RedisError &error) {
                const RedisReply &r = replies.value(0);
                if (!error.isError() && r.isError()) {
                    m_note =
                        QStringLiteral("READONLY refused by the replica %1: %2 (the user needs +readonly); its reads are redirected to the master")
                            .arg(m_address, displayBytes(r.bytes()));
                    spdlog::warn("{}", m_note.toStdString());
                } else if (!error.isError()) {
                    m_note.clear();
                }
            });
        }
        Q_EMIT connected();
    });
    connect(m_connection, &RedisConnection::errorOccurred, this, [this] { Q_EMIT lost(); });
}

ClusterNodeLink::~ClusterNodeLink() = default;

bool ClusterNodeLink::isFirstConnect() const
{
    const RedisConnection::State s = m_connection->state();
    return !m_everConnected && !wasLost && (s == RedisConnection::State::Connecting || s == RedisConnection::State::Handshake);
}

void ClusterNodeLink::assign(const QList<QByteArray> &keys)
{
    if (keys == m_assigned)
        return;
    m_assigned = keys;
    if (!keys.isEmpty())
        m_probe->setStreams(keys);
}

void ClusterNodeLink::startSweep()
{
    m_discovery->restartDiscovery();
    m_sweeping = true;
}

QString ClusterNodeLink::onScanReply(const RedisReply &reply, bool *finished)
{
    *finished = false;
    const QString error = m_discovery->onScanReply(reply);
    if (error.isEmpty() && reply.at(0).bytes() == "0") {
        m_sweeping = false;
        *finished = true;
    }
    return error;
}

} // namespace pelscope
