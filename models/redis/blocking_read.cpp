#include "blocking_read.h"

#include "redis_connection.h"

#include <QEventLoop>

namespace pelscope {

RedisReplies readBlocking(const ConnectionOptions &options, const RedisBatch &batch, RedisError *error)
{
    RedisConnection connection(options);
    connection.setAutoReconnect(false);
    RedisReplies replies;
    RedisError failure;
    bool answered = false;
    QEventLoop loop;
    connection.open();
    connection.execute(batch, &connection, [&](const RedisReplies &r, const RedisError &e) {
        replies = r;
        failure = e;
        answered = true;
        loop.quit();
    });
    if (!answered)
        loop.exec(); // bounded by the connection's connect and command deadlines
    connection.close();
    if (!answered) {
        failure.kind = RedisError::Kind::NotConnected;
        failure.message = QStringLiteral("stopped before %1 answered").arg(options.redactedUrl());
    }
    if (error)
        *error = failure;
    return replies;
}

} // namespace pelscope
