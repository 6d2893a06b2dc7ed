// Polls one server on its own thread: one pipelined batch per tick, the next
// tick armed only after the previous one answered. Publishes immutable
// snapshots through queued signals. A Redis Cluster node hands polling over
// to a ClusterPoller (one connection per master) behind the same interface.
// With read_from=replica the connection is to a replica and a ReplicaLinkProbe
// adds the replication offset lag to each snapshot.
#pragma once

#include "../redis/redis_connection.h"
#include "../snapshot/snapshot.h"
#include "connection_status.h"
#include "stream_probe.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <memory>

namespace pelscope {

class ClusterPoller;
class ReplicaLinkProbe;

class StreamPoller : public QObject
{
    Q_OBJECT
public:
    StreamPoller(ConnectionOptions options, ProbeConfig config, QObject *parent = nullptr);
    ~StreamPoller() override;

    // Call from the poller's thread (queued invocations from elsewhere).
    void start();
    void stop();
    void setIntervalMs(int ms);
    void setPaused(bool paused);
    void pollNow();
    void setThresholds(const pelscope::HealthThresholds &t);

    // Stop after the first complete snapshot (pelscope-cli snapshot/check).
    void setSingleShot(bool on) { m_singleShot = on; }
    void setAutoReconnect(bool on);

Q_SIGNALS:
    void snapshotReady(const pelscope::Snapshot &snapshot);
    void statusChanged(const pelscope::ConnectionStatus &status);
    void pollFailed(const pelscope::RedisError &error);
    void finished(); // single-shot done, or stopped

private:
    void onReady();
    void scanStep();
    void tick();
    void onTickReplies(quint64 generation, const RedisReplies &replies, const RedisError &error);
    void scheduleNext();
    void publishStatus();
    void handOverToCluster();
    void readReplicaLink(const RedisReply &info, SnapshotData &data);

    ConnectionOptions m_options;
    std::unique_ptr<StreamProbe> m_probe;
    RedisConnection *m_connection = nullptr;
    QTimer m_tickTimer{this}; // parented: it must move to the poller thread with us
    QElapsedTimer m_tickClock;
    QElapsedTimer m_discoveryClock; // the first sweep of this connection
    int m_intervalMs = 1000;
    quint64 m_generation = 0;
    bool m_inTick = false;
    bool m_paused = false;
    bool m_singleShot = false;
    bool m_firstTickOfGeneration = true;
    bool m_stopped = true;
    bool m_autoReconnect = true;
    ConnectionStatus m_status;
    qint64 m_roundTripsAtStart = 0, m_bytesOutAtStart = 0, m_bytesInAtStart = 0;
    qint64 m_commandsInTick = 0;
    ClusterPoller *m_cluster = nullptr; // set when the server runs in cluster mode
    ReplicaLinkProbe *m_replicaLink = nullptr; // read_from=replica only
};

} // namespace pelscope
