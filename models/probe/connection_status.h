// What the status bar and banner show about a poller's connection.
#pragma once

#include "../redis/redis_connection.h"

#include <QMetaType>

namespace pelscope {

struct ConnectionStatus
{
    RedisConnection::State state = RedisConnection::State::Disconnected;
    RedisError error;        // last error, if any
    int attempt = 0;         // reconnect attempt number while backing off
    int nextRetryMs = 0;
    QString address;         // redacted URL
    ServerHello server;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::ConnectionStatus)
