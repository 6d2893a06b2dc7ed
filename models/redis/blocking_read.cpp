#include "blocking_read.h"

#include "redis_connection.h"

#include "../text/fill_text.h"

#include <QEventLoop>
#include <QTimer>

#include <algorithm>

namespace pelscope {

RedisReplies readBlocking(const ConnectionOptions &options, const RedisBatch &batch, RedisError *error)
{
    RedisConnection connection(options);
    connection.setAutoReconnect(false);
    RedisReplies replies;
    RedisError failure;
    bool answered = false;
    QEventLoop loop;
    // The whole read has one deadline, whatever the connection goes through
    // to answer: with Sentinel it asks the sentinels and may be told of a
    // master that is a replica, a dead port or the sentinel itself (during a
    // failover), and tried again and again; a write's planning waited on
    // that forever, deaf to --timeout and SIGTERM (issue 47).
    QTimer deadline;
    deadline.setSingleShot(true);
    const int deadlineMs = std::max(1000, options.connectTimeoutMs + options.commandTimeoutMs);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    deadline.start(deadlineMs);
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
        failure.kind = RedisError::Kind::Timeout;
        failure.message = fillText(QStringLiteral("%1 did not answer within %2 (connect and command timeouts)%3"), options.redactedUrl(),
                                   QString::number(deadlineMs / 1000.0, 'g', 3) + QLatin1Char('s'),
                                   connection.lastError().isError() ? QStringLiteral(": ") + connection.lastError().message : QString());
    }
    if (error)
        *error = failure;
    return replies;
}

} // namespace pelscope
