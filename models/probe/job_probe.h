// The job frameworks a connection watches: the readers for what discovery
// found (job_discovery.h), their commands in the tick's batch, their rows in
// the snapshot, judged by job_rules (docs/FRAMEWORKS.md).
#pragma once

#include "../health/health_rules.h"
#include "client_roster.h"
#include "job_discovery.h"
#include "job_reader.h"

#include <memory>
#include <vector>

namespace pelscope {

class JobProbe
{
public:
    JobProbe();
    ~JobProbe();

    // What a sweep found; readers are made for what is new (sticky).
    void found(const FoundJobSystems &systems);
    // Off (--no-framework-discovery, --stream): only the frameworks named
    // (--framework) are read; no TYPE look at the registries' fixed names
    // makes a reader of its own.
    void setDiscovering(bool on) { m_discovering = on; }
    const FoundJobSystems &systems() const { return m_systems; }

    void plan(RedisBatch &batch, qint64 nowMs);
    int planned() const { return m_planned; }
    // The replies to what plan() appended, in order; fills data.jobQueues.
    void parse(const RedisReplies &replies, qint64 nowMs, const HealthThresholds &t, SnapshotData &data);
    // Reads that wait for an answer of this tick (an id, then its hash).
    bool wantsAnotherTick() const;
    // A key a framework's reader reads: not a plain queue then.
    bool owns(const QByteArray &key) const;

private:
    // Liveness the frameworks leave only as connections (client_roster.h),
    // onto their rows before they are judged.
    void countConnectedWorkers(QList<JobQueueSnapshot> &rows) const;

    FoundJobSystems m_systems;
    std::vector<std::unique_ptr<JobReader>> m_readers;
    class BullMqReader *m_bullmq = nullptr;
    class CeleryReader *m_celery = nullptr;
    class DramatiqReader *m_dramatiq = nullptr;
    class ArqReader *m_arq = nullptr;
    bool m_sidekiq = false, m_rq = false;
    qint64 m_visibilityTimeoutMs = 3'600'000; // from the last parse's thresholds
    qint64 m_heartbeatTimeoutMs = 60'000;
    int m_planned = 0;
    bool m_discovering = true;
    // Until found: the registries at their fixed names, by TYPE each tick
    // (cheap), so a keyspace too large for one sweep still finds them.
    int m_typeProbe = -1;
    ClientRoster m_clients;
    int m_clientList = -1; // this tick's CLIENT LIST, when asked
};

} // namespace pelscope
