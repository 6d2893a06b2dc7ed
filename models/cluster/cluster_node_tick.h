// One shard's part of a cluster tick: send its probe's batch (plus a SCAN
// page while its sweep runs, plus INFO replication when it is read from a
// replica) to the node it is read from, follow -ASK/-MOVED once to the node
// named, ask again once when groups appeared that were not probed, parse.
#pragma once

#include "../redis/redis_reply.h"
#include "../snapshot/snapshot.h"

#include <QSet>
#include <QString>
#include <functional>
#include <optional>

namespace pelscope {

class ClusterNodeLink;

struct NodeTickResult
{
    QString address;
    bool answered = false;
    QString error;               // why it did not answer
    SnapshotData data;           // the probe's parse, when answered
    QSet<QByteArray> unresolved; // redirected keys the retry could not read
    bool moved = false;          // a -MOVED was seen: the slot map is outdated
    bool sweepFinished = false;  // its SCAN sweep ended this tick
    QString scanError;
    std::optional<RedisReply> replication; // read from a replica: its INFO replication, this tick
    qint64 roundTrips = 0;
    qint64 commands = 0;
    qint64 durationMs = 0;
};

using LinkResolver = std::function<ClusterNodeLink *(const QString &address)>;

// `done` runs exactly once, in `link`'s thread, unless `link` is destroyed first.
// `timeoutMs` bounds each round trip (-1: the connection's command timeout).
void runNodeTick(ClusterNodeLink *link, LinkResolver resolve, bool scanPage, int timeoutMs, std::function<void(NodeTickResult)> done);

} // namespace pelscope
