// read_from=replica with a plain URL: asks the node the URL names for its ROLE.
// A replica is polled as it is; a primary names its online replicas and the
// one furthest along is polled instead. RedisConnection runs it before every
// (re)connect. Also the rules for picking a replica from SENTINEL REPLICAS.
#pragma once

#include "../values/connection_options.h"
#include "redis_error.h"
#include "redis_reply.h"

#include <QObject>
#include <QPointer>
#include <functional>

namespace pelscope {

class RedisConnection;

struct ReplicaChoice
{
    QString host;
    quint16 port = 0;
    qint64 offset = -1; // replication offset the primary or sentinel reported for it
};

// ROLE of a primary: ["master", offset, [[ip, port, offset], ...]]. Redis lists
// only replicas whose link is up; the one with the highest offset wins.
std::optional<ReplicaChoice> chooseReplicaFromRole(const RedisReply &role);

// SENTINEL REPLICAS: a replica not flagged s_down/o_down/disconnected, with
// master-link-status ok, the highest slave-repl-offset first. `why` says what
// ruled each one out when none is left.
std::optional<ReplicaChoice> chooseReplicaFromSentinel(const RedisReply &replicas, QString *why);

class ReplicaResolver : public QObject
{
    Q_OBJECT
public:
    struct Result
    {
        QString host;
        quint16 port = 0;
        bool seedIsReplica = false; // the URL's node is a replica: connect there as given
        RedisError error;
    };
    using Callback = std::function<void(const Result &)>;

    explicit ReplicaResolver(ConnectionOptions seed, QObject *parent = nullptr);
    ~ReplicaResolver() override;

    // Calls `done` once (asynchronously). Restarts a resolution in progress.
    void resolve(Callback done);
    void cancel();

private:
    void finish(const Result &result);

    ConnectionOptions m_seed;
    Callback m_done;
    QPointer<RedisConnection> m_current;
};

} // namespace pelscope
