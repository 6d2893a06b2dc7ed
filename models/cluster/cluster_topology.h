// Which master serves which hash slots, read from CLUSTER SHARDS (7.0+) or,
// on older servers, CLUSTER SLOTS. A plain value: parsed from replies, so the
// routing rules can be tested without a cluster.
#pragma once

#include "../redis/redis_reply.h"
#include "../text/fill_text.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>
#include <vector>

namespace pelscope {

struct SlotRange
{
    int first = 0;
    int last = 0; // inclusive
    bool operator==(const SlotRange &) const = default;
};

struct ClusterNodeAddress
{
    QByteArray id;
    QString host;
    quint16 port = 0;
    quint16 tlsPort = 0;                     // 0: the node announced none
    QString health;                          // online, failed, loading (CLUSTER SHARDS only)
    std::optional<qint64> replicationOffset; // CLUSTER SHARDS only; other nodes' as last gossiped
    QString address() const { return fillText(QStringLiteral("%1:%2"), host, port); }
    // CLUSTER SHARDS says "online" (CLUSTER SLOTS lists no failed replicas and
    // no health at all).
    bool healthy() const { return health.isEmpty() || health == QLatin1String("online"); }
    // Not agreed to be down. "loading" is no proof of a resync: another node
    // reports it for a replica whose offset it has not heard by gossip yet
    // (seconds after a start), so such a replica may still be read.
    bool failed() const { return health.startsWith(QLatin1String("fail")); }
};

struct ClusterMaster
{
    ClusterNodeAddress node;
    QByteArray shardId;     // "shard-id" where the server reports one, else the master's id
    QList<SlotRange> slots; // sorted
    QList<ClusterNodeAddress> replicas;

    int slotCount() const;
    QString slotsText() const; // "0-5460 10923"
    // read_from=replica: the replica to read this shard from, or nullptr when
    // every one has failed. `currentId` is kept while it has not failed, so a
    // refresh does not hop between replicas; else an "online" one before a
    // "loading" one, the highest replication offset first (the closest to the
    // master; CLUSTER SLOTS has none: the first listed).
    const ClusterNodeAddress *readableReplica(const QByteArray &currentId = {}) const;
};

class ClusterTopology
{
public:
    // `seedHost` stands in for a node that announces an empty address (a
    // node that has not met any other yet reports "" for itself).
    static std::optional<ClusterTopology> fromShards(const RedisReply &reply, const QString &seedHost, QString *error = nullptr);
    static std::optional<ClusterTopology> fromSlots(const RedisReply &reply, const QString &seedHost, QString *error = nullptr);
    // From the replies to CLUSTER SHARDS and CLUSTER SLOTS sent together: the
    // shards' map (it knows each node's health) when it serves every slot,
    // else the slots' map when that serves more. Redis 7.2.6 answers CLUSTER
    // SHARDS with an empty slot list for a shard whose master failed over
    // (the promoted replica serves them; CLUSTER SLOTS says so); before 7.0
    // CLUSTER SHARDS does not exist.
    static std::optional<ClusterTopology> fromShardsOrSlots(const RedisReply &shards, const RedisReply &slots, const QString &seedHost,
                                                            QString *error = nullptr);

    const QList<ClusterMaster> &masters() const { return m_masters; }
    bool isEmpty() const { return m_masters.isEmpty(); }
    // Index into masters(), or -1 when no master serves the slot.
    int masterIndexForSlot(int slot) const;
    const ClusterMaster *masterForKey(const QByteArray &key) const;
    int coveredSlots() const;
    QString source() const { return m_source; } // "CLUSTER SHARDS" or "CLUSTER SLOTS"

    // Same masters at the same addresses serving the same slots.
    bool sameRouting(const ClusterTopology &other) const;

private:
    void index();

    QList<ClusterMaster> m_masters; // ordered by their first slot
    std::vector<qint16> m_owner;    // slot -> master index, -1 when unserved
    QString m_source;
};

} // namespace pelscope
