// One cluster shard as the cluster poller sees it: the connection its share of
// each tick is read on (its master, or with read_from=replica one of its
// replicas), the StreamProbe that plans and parses that share, and the SCAN
// sweep that discovers the streams stored there.
#pragma once

#include "../probe/stream_probe.h"
#include "../redis/redis_connection.h"
#include "cluster_topology.h"

#include <QObject>
#include <memory>

namespace pelscope {

class ReplicaLinkProbe;

class ClusterNodeLink : public QObject
{
    Q_OBJECT
public:
    // Where a shard's streams are read: its master; a replica (read_from=replica);
    // nowhere, when read_from=replica finds no healthy replica in the shard (its
    // master is not polled instead, its streams go stale).
    enum class Reads { Master, Replica, Nothing };

    // `options` reach the node read (nodeOptions() or replicaNodeOptions());
    // `masterOptions` the shard's master, for the offset lag (Reads::Replica).
    ClusterNodeLink(ClusterMaster master, ConnectionOptions options, ProbeConfig config, QObject *parent = nullptr, Reads reads = Reads::Master,
                    const ConnectionOptions &masterOptions = {});
    ~ClusterNodeLink() override;

    QString address() const { return m_address; } // the node read (the master's with Reads::Nothing)
    QString masterAddress() const { return m_masterAddress; }
    const ClusterMaster &master() const { return m_master; }
    void setMaster(ClusterMaster master) { m_master = std::move(master); }
    Reads reads() const { return m_reads; }
    QByteArray readNodeId; // Reads::Replica: the replica's node id
    // Reads::Nothing: why; Reads::Replica: READONLY refused, if it was.
    QString note() const { return m_note; }
    void setNote(const QString &note) { m_note = note; }
    // Reads::Replica: the side connection that asks the master's offset (ROLE).
    ReplicaLinkProbe *replicaLink() const { return m_replicaLink; }

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
    // The pause after a sweep, from what this node's last sweep visited (SweepPace).
    qint64 sweepPauseMs(qint64 configuredMs) const { return m_discovery->pace().pauseMs(configuredMs); }
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
    QString m_masterAddress;
    Reads m_reads = Reads::Master;
    QString m_note;
    ReplicaLinkProbe *m_replicaLink = nullptr;
    RedisConnection *m_connection;
    std::unique_ptr<StreamProbe> m_probe;
    std::unique_ptr<StreamProbe> m_discovery;
    QList<QByteArray> m_assigned;
    bool m_sweeping = true;
    bool m_everConnected = false;
};

// Where to reach `master` with the seed's credentials and TLS settings. Never
// with read_from=replica: a node link must reach the node named, not have the
// standalone replica resolver pick another (followToPrimary, set by
// forWrites(), is kept: a write to a demoted master follows its ROLE).
ConnectionOptions nodeOptions(const ConnectionOptions &seed, const ClusterMaster &master);
// The same for a replica to read from: neither resolved nor followed to its master.
ConnectionOptions replicaNodeOptions(const ConnectionOptions &seed, const ClusterNodeAddress &replica);

} // namespace pelscope
