// A private Redis Cluster for tests: N masters (redis-server --cluster-enabled
// yes) on loopback ports, each in its own temporary directory, slots split
// evenly with CLUSTER ADDSLOTSRANGE, joined with CLUSTER MEET, ready when every
// node reports cluster_state:ok and sees every master.
#pragma once

#include "redis_oracle.h"
#include "redis_server.h"

#include <QList>
#include <memory>

namespace pelscope::test {

class RedisCluster
{
public:
    explicit RedisCluster(int masters = 3);
    ~RedisCluster();

    bool start(QString *error = nullptr);

    int size() const { return int(m_nodes.size()); }
    RedisServer &node(int i) { return *m_nodes[i]; }
    QString url(int i = 0) const { return m_nodes[i]->url(); }
    QString address(int i) const; // 127.0.0.1:port, as the cluster announces it
    QByteArray nodeId(int i);
    // A fresh synchronous client to node i (nothing follows redirects).
    std::unique_ptr<RedisOracle> oracle(int i) const;

    // The master serving `slot`, as node 0 reports it now (CLUSTER SHARDS).
    int ownerOfSlot(int slot);
    int ownerOfKey(const QByteArray &key);

    // Waits until every node agrees that `slot` belongs to node `owner`.
    bool waitForOwner(int slot, int owner, int timeoutMs = 5000);

private:
    int m_masters;
    std::vector<std::unique_ptr<RedisServer>> m_nodes;
};

} // namespace pelscope::test
