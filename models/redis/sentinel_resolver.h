// Finds the current master of a Sentinel-managed set: asks the sentinels one
// after the other (SENTINEL GET-MASTER-ADDR-BY-NAME) until one answers.
// RedisConnection runs it before every (re)connect in sentinel mode. With
// read_from=replica the same sentinel also names a healthy replica.
#pragma once

#include "../values/connection_options.h"
#include "redis_error.h"

#include <QObject>
#include <QPointer>
#include <functional>

namespace pelscope {

class RedisConnection;

class SentinelResolver : public QObject
{
    Q_OBJECT
public:
    struct Result
    {
        QString host;
        quint16 port = 0;
        QString sentinel; // host:port of the sentinel that answered
        // read_from=replica: the replica to poll (SENTINEL REPLICAS), chosen by
        // chooseReplicaFromSentinel; host and port stay the master's.
        QString replicaHost;
        quint16 replicaPort = 0;
        RedisError error; // every sentinel failed: what each said
    };
    using Callback = std::function<void(const Result &)>;

    explicit SentinelResolver(ConnectionOptions options, QObject *parent = nullptr);
    ~SentinelResolver() override;

    // Calls `done` once (asynchronously). Restarts a resolution in progress.
    void resolve(Callback done);
    void cancel();

private:
    void askNext();
    void finish(const Result &result);

    ConnectionOptions m_options;
    Callback m_done;
    QPointer<RedisConnection> m_current;
    int m_first = 0; // the sentinel that answered last time is asked first
    int m_asked = 0;
    QStringList m_failures;
};

} // namespace pelscope
