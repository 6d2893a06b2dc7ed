// What the status bar and banner show about a poller's connection.
#pragma once

#include "../redis/redis_connection.h"
#include "../snapshot/snapshot.h"

#include <QMetaType>

namespace pelscope {

struct ConnectionStatus
{
    RedisConnection::State state = RedisConnection::State::Disconnected;
    RedisError error; // last error, if any
    int attempt = 0;  // reconnect attempt number while backing off
    int nextRetryMs = 0;
    QString address;    // redacted URL
    bool certificateUnverified = false; // TLS with --insecure / "verify" unticked: said wherever the address is
    ServerHello server; // server.node: the node in use (with Sentinel, the current master)
    // Sentinel: set when the master changed under us, e.g.
    // "failover: now 10.0.0.2:6379 (was 10.0.0.1:6379)"; failoverAtMs is the local epoch time.
    QString failover;
    qint64 failoverAtMs = 0;
    // read_from=replica: the replica's link and offset lag as of the last tick
    // (server.node is the replica, server.primary the primary it follows).
    // Republished when the link, the primary's reachability or the note change.
    std::optional<ReplicaSnapshot> replica;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::ConnectionStatus)
