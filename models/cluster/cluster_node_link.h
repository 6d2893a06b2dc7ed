// One cluster master as the cluster poller sees it: its own connection, the
// StreamProbe that plans and parses its share of each tick, and the SCAN
// sweep that discovers the streams stored on it.
#pragma once

#include "../probe/stream_probe.h"
#include "../redis/redis_connection.h"
#include "cluster_topology.h"

#include <QObject>
#include <memory>

namespace pelscope {

class ClusterNodeLink : public QObject
{
    Q_OBJECT
public:
    ClusterNodeLink(ClusterMaster master, ConnectionOptions options, ProbeConfig config, QObject *parent = nullptr);
    ~ClusterNodeLink() override;

    QString address() const { return m_address; }
    const ClusterMaster &master() const { return m_master; }
    void setMaster(ClusterMaster master) { m_master = std::move(master); }

    RedisConnection *connection() const { return m_connection; }
    bool isReady() const { return m_connection->state() == RedisConnection::State::Ready; }
    // A link just made for a new master (a promoted replica) that is still
    // connecting for the first time: a batch sent now waits for the handshake
    // instead of the tick giving up on it. One that has failed is not worth
    // waiting for.
    bool isFirstConnect() const;

    // The streams routed to this node; the probe is only used when there are some.
    StreamProbe &probe() { return *m_probe; }
    const QList<QByteArray> &assigned() const { return m_assigned; }
    void assign(const QList<QByteArray> &keys);

    // Discovery on this node alone, reusing StreamProbe's SCAN bookkeeping.
    bool swept() const { return m_discovery->discoveryComplete(); } // at least one full sweep
    bool sweeping() const { return m_sweeping; }
    void startSweep();
    RedisCommand scanCommand() const { return m_discovery->scanCommand(); }
    // Error text for an error reply; `finished` when the cursor came back to 0.
    QString onScanReply(const RedisReply &reply, bool *finished);
    QList<QByteArray> discovered() const { return m_discovery->knownStreams(); }

    qint64 staleTicks = 0; // consecutive ticks without an answer
    bool wasLost = false;  // its connection dropped since it was last ready

Q_SIGNALS:
    void connected(); // (re)connected: its keyspace may be another
    void lost();      // connection dropped

private:
    ClusterMaster m_master;
    QString m_address;
    RedisConnection *m_connection;
    std::unique_ptr<StreamProbe> m_probe;
    std::unique_ptr<StreamProbe> m_discovery;
    QList<QByteArray> m_assigned;
    bool m_sweeping = true;
    bool m_everConnected = false;
};

// Where to reach `master` with the seed's credentials and TLS settings.
ConnectionOptions nodeOptions(const ConnectionOptions &seed, const ClusterMaster &master);

} // namespace pelscope
