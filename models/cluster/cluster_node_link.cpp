#include "cluster_node_link.h"

namespace pelscope {

ConnectionOptions nodeOptions(const ConnectionOptions &seed, const ClusterMaster &master)
{
    ConnectionOptions o = seed;
    // Nodes announce TCP addresses even when the seed was a unix socket.
    if (o.transport == ConnectionOptions::Transport::Unix)
        o.transport = ConnectionOptions::Transport::Tcp;
    o.host = master.node.host;
    const bool tls = o.transport == ConnectionOptions::Transport::Tls;
    o.port = tls && master.node.tlsPort ? master.node.tlsPort : master.node.port;
    o.socketPath.clear();
    o.db = 0; // a cluster has database 0 only
    return o;
}

ClusterNodeLink::ClusterNodeLink(ClusterMaster master, ConnectionOptions options, ProbeConfig config, QObject *parent)
    : QObject(parent)
    , m_master(std::move(master))
    , m_address(options.address())
    , m_connection(new RedisConnection(options, this))
{
    ProbeConfig nodeConfig = config;
    nodeConfig.streams.clear(); // handed over by assign()
    m_probe = std::make_unique<StreamProbe>(nodeConfig);
    m_discovery = std::make_unique<StreamProbe>(nodeConfig);
    connect(m_connection, &RedisConnection::ready, this, [this] {
        m_everConnected = true;
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
