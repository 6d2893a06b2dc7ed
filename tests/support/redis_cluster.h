// A private Redis Cluster for tests: N masters (redis-server --cluster-enabled
// yes) on loopback ports, each in its own temporary directory, slots split
// evenly with CLUSTER ADDSLOTSRANGE, joined with CLUSTER MEET, ready when every
// node reports cluster_state:ok and sees every master. Optionally one replica
// per master (CLUSTER REPLICATE), ready when every replica is in sync, and a
// short node timeout so that a killed master fails over within seconds.
#pragma once

#include "redis_oracle.h"
#include "redis_server.h"

#include <QList>
#include <memory>

namespace pelscope::test {

class RedisCluster
{
public:
    struct Options
    {
        int masters = 3;
        int replicasPerMaster = 0; // 0 or 1
        // Long by default: a SIGSTOPped master must not be failed over. A
        // failover test wants it short (1000-2000 ms).
        int nodeTimeoutMs = 15000;
    };

    explicit RedisCluster(int masters = 3);
    explicit RedisCluster(Options options);
    ~RedisCluster();

    bool start(QString *error = nullptr);

    // Nodes 0..masters-1 are the initial masters, then their replicas:
    // replicaOf(m) is node masters + m.
    int size() const { return int(m_nodes.size()); }
    int masters() const { return m_options.masters; }
    int replicaOf(int master) const { return m_options.replicasPerMaster > 0 ? m_options.masters + master : -1; }
    RedisServer &node(int i) { return *m_nodes[i]; }
    QString url(int i = 0) const { return m_nodes[i]->url(); }
    QString address(int i) const; // 127.0.0.1:port, as the cluster announces it
    QByteArray nodeId(int i);
    // A fresh synchronous client to node i (nothing follows redirects).
    std::unique_ptr<RedisOracle> oracle(int i) const;

    // SIGKILL, no goodbye: the cluster has to notice by itself. Dead nodes are
    // skipped by the queries below.
    void kill(int i);
    bool alive(int i) const { return !m_dead.contains(i); }

    // The master serving `slot`, as the first live node reports it now (CLUSTER SHARDS).
    int ownerOfSlot(int slot);
    int ownerOfKey(const QByteArray &key);

    // Waits until every live node agrees that `slot` belongs to node `owner`.
    bool waitForOwner(int slot, int owner, int timeoutMs = 5000);
    // Waits until every replica's link to its master is up and its offset
    // equals the master's: what was written is on the replica too.
    bool waitForReplicasInSync(int timeoutMs = 10000, QString *error = nullptr);
    // ROLE of node i: "master", "slave", or empty when it does not answer.
    QByteArray role(int i) const;

private:
    int indexOfPort(qint64 port) const;

    Options m_options;
    std::vector<std::unique_ptr<RedisServer>> m_nodes;
    QList<int> m_dead;
};

} // namespace pelscope::test
