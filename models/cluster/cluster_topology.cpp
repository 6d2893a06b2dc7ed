#include "cluster_topology.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include "../values/key_slot.h"

#include <QStringList>

#include <algorithm>

namespace pelscope {

namespace {

constexpr int kSlots = 16384;

QString hostOf(const RedisReply &node, const QString &seedHost)
{
    // "endpoint" is what clients are meant to use (cluster-preferred-endpoint-type);
    // "?" means the node does not know it.
    for (const char *field : {"endpoint", "ip", "hostname"}) {
        const RedisReply &v = node.field(field);
        if (v.isString() && !v.bytes().isEmpty() && v.bytes() != "?")
            return QString::fromUtf8(v.bytes());
    }
    return seedHost;
}

ClusterNodeAddress shardsNode(const RedisReply &node, const QString &seedHost)
{
    ClusterNodeAddress a;
    a.id = node.field("id").bytes();
    a.host = hostOf(node, seedHost);
    a.port = quint16(node.field("port").toInt().value_or(0));
    a.tlsPort = quint16(node.field("tls-port").toInt().value_or(0));
    a.health = displayBytes(node.field("health").bytes());
    a.replicationOffset = node.field("replication-offset").toInt();
    return a;
}

// CLUSTER SLOTS node entry: [ip, port, id, (7.0+: metadata map)].
ClusterNodeAddress slotsNode(const RedisReply &node, const QString &seedHost)
{
    ClusterNodeAddress a;
    if (!node.isArray() || node.size() < 2)
        return a;
    const QByteArray ip = node.at(0).bytes();
    a.host = ip.isEmpty() || ip == "?" ? seedHost : QString::fromUtf8(ip);
    a.port = quint16(node.at(1).toInt().value_or(0));
    if (node.size() > 2)
        a.id = node.at(2).bytes();
    return a;
}

// CLUSTER SHARDS says "fail" (7.0) or "failed" (as documented) for a node
// the cluster agreed is down.
bool isFailed(const ClusterNodeAddress &node)
{
    return node.health.startsWith(QLatin1String("fail"));
}

bool validRange(qint64 first, qint64 last)
{
    return first >= 0 && last < kSlots && first <= last;
}

void fail(QString *error, const QString &why)
{
    if (error)
        *error = why;
}

} // namespace

int ClusterMaster::slotCount() const
{
    int n = 0;
    for (const SlotRange &r : slots)
        n += r.last - r.first + 1;
    return n;
}

QString ClusterMaster::slotsText() const
{
    QStringList parts;
    for (const SlotRange &r : slots)
        parts << (r.first == r.last ? QString::number(r.first) : fillText(QStringLiteral("%1-%2"), r.first, r.last));
    return parts.join(QLatin1Char(' '));
}

const ClusterNodeAddress *ClusterMaster::readableReplica(const QByteArray &currentId) const
{
    const ClusterNodeAddress *best = nullptr;
    for (const ClusterNodeAddress &r : replicas) {
        // A former master listed beside the promoted one is no replica to read.
        if (r.failed() || r.port == 0 || r.id == node.id)
            continue;
        if (!currentId.isEmpty() && r.id == currentId)
            return &r;
        const auto rank = [](const ClusterNodeAddress *a) { return std::pair(a->healthy(), a->replicationOffset.value_or(-1)); };
        if (!best || rank(&r) > rank(best))
            best = &r;
    }
    return best;
}

std::optional<ClusterTopology> ClusterTopology::fromShards(const RedisReply &reply, const QString &seedHost, QString *error)
{
    if (reply.isError()) {
        fail(error, displayBytes(reply.bytes()));
        return std::nullopt;
    }
    if (!reply.isArray()) {
        fail(error, QStringLiteral("unexpected CLUSTER SHARDS reply"));
        return std::nullopt;
    }
    ClusterTopology t;
    t.m_source = QStringLiteral("CLUSTER SHARDS");
    for (const RedisReply &shard : reply.elements()) {
        const RedisReply &slots = shard.field("slots");
        const RedisReply &nodes = shard.field("nodes");
        ClusterMaster m;
        bool haveMaster = false;
        bool masterFailed = false;
        for (const RedisReply &node : nodes.elements()) {
            const ClusterNodeAddress a = shardsNode(node, seedHost);
            // After a failover (7.2+ groups nodes by shard id) a shard lists its
            // failed former master next to the promoted replica, both with role
            // master: the first master that has not failed wins.
            const bool failed = isFailed(a);
            if (node.field("role").bytes() == "master" && (!haveMaster || (masterFailed && !failed))) {
                if (haveMaster)
                    m.replicas.append(m.node);
                m.node = a;
                haveMaster = true;
                masterFailed = failed;
                if (node.hasField("shard-id"))
                    m.shardId = node.field("shard-id").bytes();
            } else {
                m.replicas.append(a);
            }
        }
        if (!haveMaster)
            continue; // a shard without a master serves nothing
        // 7.0 lists every master as a shard of its own: a dead master whose
        // slots went to its replica stays listed, failed and without slots,
        // until someone FORGETs it. It serves nothing; polling it would only
        // dial a dead address forever.
        if (masterFailed && slots.size() == 0)
            continue;
        if (shard.hasField("shard-id"))
            m.shardId = shard.field("shard-id").bytes();
        if (m.shardId.isEmpty())
            m.shardId = m.node.id;
        const QList<RedisReply> &bounds = slots.elements();
        for (qsizetype i = 0; i + 1 < bounds.size(); i += 2) {
            const qint64 first = bounds.at(i).toInt().value_or(-1);
            const qint64 last = bounds.at(i + 1).toInt().value_or(-1);
            if (!validRange(first, last)) {
                fail(error, fillText(QStringLiteral("CLUSTER SHARDS reported an invalid slot range %1-%2"), first, last));
                return std::nullopt;
            }
            m.slots.append({int(first), int(last)});
        }
        t.m_masters.append(m);
    }
    t.index();
    return t;
}

std::optional<ClusterTopology> ClusterTopology::fromSlots(const RedisReply &reply, const QString &seedHost, QString *error)
{
    if (reply.isError()) {
        fail(error, displayBytes(reply.bytes()));
        return std::nullopt;
    }
    if (!reply.isArray()) {
        fail(error, QStringLiteral("unexpected CLUSTER SLOTS reply"));
        return std::nullopt;
    }
    ClusterTopology t;
    t.m_source = QStringLiteral("CLUSTER SLOTS");
    for (const RedisReply &range : reply.elements()) {
        if (!range.isArray() || range.size() < 3)
            continue;
        const qint64 first = range.at(0).toInt().value_or(-1);
        const qint64 last = range.at(1).toInt().value_or(-1);
        if (!validRange(first, last)) {
            fail(error, fillText(QStringLiteral("CLUSTER SLOTS reported an invalid slot range %1-%2"), first, last));
            return std::nullopt;
        }
        const ClusterNodeAddress master = slotsNode(range.at(2), seedHost);
        // One entry per range: a master serving several ranges appears several times.
        auto it = std::find_if(t.m_masters.begin(), t.m_masters.end(), [&](const ClusterMaster &m) {
            return master.id.isEmpty() ? m.node.address() == master.address() : m.node.id == master.id;
        });
        if (it == t.m_masters.end()) {
            ClusterMaster m;
            m.node = master;
            m.shardId = master.id;
            for (qsizetype i = 3; i < range.size(); ++i)
                m.replicas.append(slotsNode(range.at(i), seedHost));
            t.m_masters.append(m);
            it = t.m_masters.end() - 1;
        }
        it->slots.append({int(first), int(last)});
    }
    t.index();
    return t;
}

void ClusterTopology::index()
{
    for (ClusterMaster &m : m_masters)
        std::sort(m.slots.begin(), m.slots.end(), [](const SlotRange &a, const SlotRange &b) { return a.first < b.first; });
    // Masters without slots last, then by address for a stable order.
    std::sort(m_masters.begin(), m_masters.end(), [](const ClusterMaster &a, const ClusterMaster &b) {
        const int fa = a.slots.isEmpty() ? kSlots : a.slots.first().first;
        const int fb = b.slots.isEmpty() ? kSlots : b.slots.first().first;
        return fa != fb ? fa < fb : a.node.address() < b.node.address();
    });
    m_owner.assign(kSlots, -1);
    for (qsizetype i = 0; i < m_masters.size(); ++i)
        for (const SlotRange &r : std::as_const(m_masters[i].slots))
            for (int s = r.first; s <= r.last; ++s)
                m_owner[size_t(s)] = qint16(i);
}

int ClusterTopology::masterIndexForSlot(int slot) const
{
    if (slot < 0 || slot >= kSlots || m_owner.empty())
        return -1;
    return m_owner[size_t(slot)];
}

const ClusterMaster *ClusterTopology::masterForKey(const QByteArray &key) const
{
    const int i = masterIndexForSlot(keySlot(key));
    return i < 0 ? nullptr : &m_masters.at(i);
}

int ClusterTopology::coveredSlots() const
{
    return int(std::count_if(m_owner.cbegin(), m_owner.cend(), [](qint16 o) { return o >= 0; }));
}

bool ClusterTopology::sameRouting(const ClusterTopology &other) const
{
    if (m_masters.size() != other.m_masters.size())
        return false;
    for (qsizetype i = 0; i < m_masters.size(); ++i) {
        const ClusterMaster &a = m_masters.at(i);
        const ClusterMaster &b = other.m_masters.at(i);
        if (a.node.address() != b.node.address() || a.node.id != b.node.id || a.slots != b.slots)
            return false;
    }
    return true;
}

std::optional<ClusterTopology> ClusterTopology::fromShardsOrSlots(const RedisReply &shards, const RedisReply &slots, const QString &seedHost,
                                                                  QString *error)
{
    QString shardsWhy, slotsWhy;
    auto fromShardsReply = fromShards(shards, seedHost, &shardsWhy);
    if (fromShardsReply && fromShardsReply->coveredSlots() == kSlots)
        return fromShardsReply;
    auto fromSlotsReply = fromSlots(slots, seedHost, &slotsWhy);
    if (fromSlotsReply && (!fromShardsReply || fromSlotsReply->coveredSlots() > fromShardsReply->coveredSlots()))
        return fromSlotsReply;
    if (fromShardsReply)
        return fromShardsReply;
    if (error)
        *error = shardsWhy.isEmpty() ? slotsWhy : shardsWhy;
    return std::nullopt;
}

} // namespace pelscope
