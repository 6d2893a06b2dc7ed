// What the window and pelscope-cli see of a poller, whatever polls: one
// server (StreamPoller), a cluster (ClusterPoller), or the connection-level
// ConnectionPoller that picks between them once the server has said what it
// is. Call its methods from the poller's own thread (PollerThread queues).
#pragma once

#include "../health/health_rules.h"
#include "../health/incident_tracker.h"
#include "../redis/redis_error.h"
#include "../snapshot/snapshot.h"
#include "connection_status.h"

#include <QObject>

namespace pelscope {

class Poller : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual void start() = 0;
    virtual void stop() = 0;
    virtual void setIntervalMs(int ms) = 0;
    virtual void setPaused(bool paused) = 0;
    virtual void pollNow() = 0;
    // A write changed this group's PEL or consumers: the next poll reads its
    // consumers whatever their cadence, and polls now (when not mid-poll).
    virtual void rereadGroup(const QByteArray &stream, const QByteArray &group) = 0;
    virtual void setThresholds(const pelscope::HealthThresholds &t) = 0;
    // Stop after the first complete snapshot (pelscope-cli snapshot/check).
    virtual void setSingleShot(bool on) = 0;
    virtual void setAutoReconnect(bool on) = 0;

Q_SIGNALS:
    void snapshotReady(const pelscope::Snapshot &snapshot);
    void statusChanged(const pelscope::ConnectionStatus &status);
    void pollFailed(const pelscope::RedisError &error);
    void finished(); // single-shot done, or stopped

protected:
    // Every poll leaves through here, judged against the polls before it
    // (IncidentTracker: statuses with memory, incidents, window rates).
    void publish(SnapshotData data)
    {
        m_incidents.apply(data);
        Q_EMIT snapshotReady(Snapshot(std::move(data)));
    }
    IncidentTracker m_incidents;
};

} // namespace pelscope
