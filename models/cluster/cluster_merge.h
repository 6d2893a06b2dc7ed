// Joins the masters' parts of one tick into one snapshot. A node that did not
// answer, or a stream whose redirected read failed, contributes its values
// from the previous snapshot marked stale; every other stream is fresh.
#pragma once

#include "cluster_node_tick.h"
#include "cluster_topology.h"

#include <QHash>

namespace pelscope {

struct ClusterNodeTickView
{
    QString address;
    ClusterMaster master;
    qint64 staleTicks = 0; // consecutive ticks without an answer, this one included
    NodeTickResult result;
    // read_from=replica: the replica read (empty when none was), its offset
    // lag, and why the shard was not read at all (`notRead`: no healthy replica).
    bool readFromReplica = false;
    QString polledAddress;
    std::optional<ReplicaSnapshot> replica;
    bool notRead = false;
    QString note;
};

// `routes`: stream key -> address of the node it was asked on this tick.
SnapshotData mergeClusterTick(const QList<ClusterNodeTickView> &nodes, const QHash<QByteArray, QString> &routes, const SnapshotData &previous);

} // namespace pelscope
