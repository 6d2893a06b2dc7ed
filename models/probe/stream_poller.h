// Polls one server on its own thread: one pipelined batch per tick, the next
// tick armed only after the previous one answered. Publishes immutable
// snapshots through queued signals. A server that turns out to run in
// cluster mode is said with clusterModeFound(), and this poller stops:
// ConnectionPoller, above both, then polls it with a ClusterPoller.
// With read_from=replica the connection is to a replica and a ReplicaLinkProbe
// adds the replication offset lag to each snapshot.
#pragma once

#include "../redis/redis_connection.h"
#include "poller.h"
#include "activity_probe.h"
#include "annotation_probe.h"
#include "queue_probe.h"
#include "stream_probe.h"
#include "tick_scheduler.h"

#include <QElapsedTimer>

#include <memory>

namespace pelscope {

class ReplicaLinkProbe;

class StreamPoller : public Poller
{
    Q_OBJECT
public:
    StreamPoller(ConnectionOptions options, ProbeConfig config, QObject *parent = nullptr);
    ~StreamPoller() override;

    void start() override;
    void stop() override;
    void setIntervalMs(int ms) override { m_schedule.setIntervalMs(ms); }
    void setPaused(bool paused) override;
    void pollNow() override;
    void rereadGroup(const QByteArray &stream, const QByteArray &group) override;
    void setThresholds(const pelscope::HealthThresholds &t) override;
    void setSingleShot(bool on) override { m_singleShot = on; }
    void setAutoReconnect(bool on) override;
    const ProbeConfig &config() const { return m_probe->config(); }

Q_SIGNALS:
    // The handshake said redis_mode:cluster; this poller has stopped polling
    // (and emits no finished()): one connection per master from here on.
    void clusterModeFound();

private:
    void onReady();
    bool discoveryComplete() const { return m_probe->discoveryComplete() && m_queues->discoveryComplete(); }
    void scanStep();
    void tick();
    void onTickReplies(quint64 generation, const RedisReplies &replies, const RedisError &error);
    void scheduleNext();
    void continueSweep();
    void publishStatus();
    void readReplicaLink(const RedisReply &info, SnapshotData &data);

    ConnectionOptions m_options;
    std::unique_ptr<StreamProbe> m_probe;
    std::unique_ptr<QueueProbe> m_queues;
    qsizetype m_streamCommands = 0, m_queueCommands = 0; // this tick's batch: the streams', then the queues'
    ActivityProbe m_activity;
    bool m_activityPlanned = false; // INFO commandstats follows the queues' commands this tick
    std::optional<AnnotationProbe> m_annotations; // --annotations-stream: its read follows INFO's
    RedisConnection *m_connection = nullptr;
    TickScheduler m_schedule{this, [this] { tick(); }};
    QElapsedTimer m_discoveryClock; // the first sweep of this connection
    quint64 m_generation = 0;
    bool m_inTick = false;
    bool m_singleShot = false;
    bool m_firstTickOfGeneration = true;
    int m_extraTicksLeft = 0; // ticks at once after the first, while a job reader waits for answers
    bool m_stopped = true;
    bool m_autoReconnect = true;
    ConnectionStatus m_status;
    qint64 m_roundTripsAtStart = 0, m_bytesOutAtStart = 0, m_bytesInAtStart = 0;
    qint64 m_commandsInTick = 0;
    // The sweep's pages sent after the last snapshot (continueSweep).
    struct
    {
        qint64 roundTrips = 0, commands = 0, bytesOut = 0, bytesIn = 0;
    } m_sweepCarried;
    ReplicaLinkProbe *m_replicaLink = nullptr; // read_from=replica only
};

} // namespace pelscope
