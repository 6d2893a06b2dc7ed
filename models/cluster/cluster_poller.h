// Polls a Redis Cluster: one connection per master, each with its own
// StreamProbe and its own pipelined batch per tick, sent in parallel. The tick
// completes when every master answered or timed out; a node that did not
// answer marks only its own streams stale. With read_from=replica each shard
// is read from one of its healthy replicas instead (after READONLY), plus a
// ROLE per tick on a side connection to its master for the offset lag; a
// shard without one is not read (stale, with a note), never read from its
// master. A Poller like StreamPoller; ConnectionPoller starts this one when
// the server it reached runs in cluster mode.
#pragma once

#include "../probe/poller.h"
#include "../probe/probe_config.h"
#include "../probe/tick_scheduler.h"
#include "../snapshot/snapshot.h"
#include "cluster_merge.h"
#include "cluster_topology.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QTimer>
#include <optional>

namespace pelscope {

class ClusterNodeLink;

class ClusterPoller : public Poller
{
    Q_OBJECT
public:
    ClusterPoller(ConnectionOptions seed, ProbeConfig config, QObject *parent = nullptr);
    ~ClusterPoller() override;

    void start() override;
    void stop() override;
    void setIntervalMs(int ms) override { m_schedule.setIntervalMs(ms); }
    // How long one node's round trip may take before its streams go stale this tick.
    int nodeDeadlineMs() const;
    void setPaused(bool paused) override;
    void pollNow() override;
    void rereadGroup(const QByteArray &stream, const QByteArray &group) override;
    void setThresholds(const pelscope::HealthThresholds &t) override;
    void setSingleShot(bool on) override { m_singleShot = on; }
    void setAutoReconnect(bool on) override;
    // Besides -MOVED and lost connections, the slot map is read this often.
    void setTopologyRefreshMs(int ms) { m_topologyRefreshMs = ms; }

    const ClusterTopology &topology() const { return m_topology; }
    int topologyReads() const { return m_topologyReads; }

private:
    // `prefer`: ask this master first (it just answered -MOVED, so it knows
    // the new owner better than one that may not have heard yet).
    void refreshTopology(ClusterNodeLink *prefer = nullptr);
    void readTopology(RedisConnection *via);
    void onTopology(std::optional<ClusterTopology> topology, const QString &error);
    void adoptTopology(const ClusterTopology &topology);
    void syncLinks();
    void routeStreams();
    void discover();
    void scanChain(ClusterNodeLink *link);
    void tick();
    void finishTick();
    void scheduleNext();
    void publishStatus();
    ClusterNodeLink *linkAt(const QString &address) const;
    // Where a -MOVED/-ASK naming `address` is retried: that node's link, or
    // with read_from=replica the link reading the replica of that master.
    ClusterNodeLink *redirectTarget(const QString &address) const;
    ClusterNodeLink *makeLink(const ClusterMaster &master, const ConnectionOptions &options, int reads, const ConnectionOptions &masterOptions);
    bool explicitStreams() const { return !m_config.streams.isEmpty(); }

    ConnectionOptions m_seed;
    ProbeConfig m_config;
    bool m_readFromReplica = false;
    RedisConnection *m_seedConnection = nullptr;
    ClusterTopology m_topology;
    bool m_haveTopology = false;
    std::optional<ClusterTopology> m_deferredTopology; // arrived mid-tick
    QList<ClusterNodeLink *> m_links;                  // in topology order; children
    QHash<QByteArray, QString> m_routes;               // stream -> node address
    QStringList m_unrouted;                            // keys in slots no master serves
    SnapshotData m_last;

    QList<ClusterNodeTickView> m_views; // the running tick
    int m_outstanding = 0;
    int m_discovering = 0; // first sweeps still running

    TickScheduler m_schedule{this, [this] { tick(); }};
    QElapsedTimer m_topologyAge;
    QElapsedTimer m_downRefreshAge; // re-reads while a master is unreachable
    QElapsedTimer m_sweepAge;
    int m_topologyRefreshMs = 30'000;
    int m_topologyReads = 0;
    quint64 m_generation = 0;
    quint64 m_tick = 0;
    qint64 m_bytesOutAtStart = 0, m_bytesInAtStart = 0;
    bool m_inTick = false;
    bool m_singleShot = false;
    bool m_stopped = true;
    bool m_autoReconnect = true;
    bool m_refreshing = false;
    bool m_refreshAgain = false;
    bool m_ticking = false; // the first sweep is done; ticks run
    ConnectionStatus m_status;
};

} // namespace pelscope
