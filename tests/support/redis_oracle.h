// A plain synchronous hiredis client for tests: builds fixtures and reads the
// truth from the server independently of Pelscope's own transport.
#pragma once

#include "redis/redis_reply.h"

#include <QString>

struct redisContext;

namespace pelscope::test {

class RedisOracle
{
public:
    RedisOracle() = default;
    ~RedisOracle();
    RedisOracle(const RedisOracle &) = delete;
    RedisOracle &operator=(const RedisOracle &) = delete;

    bool connectTcp(const QString &host, quint16 port);
    bool connectUnix(const QString &path);
    bool connectUrl(const QString &url); // redis://127.0.0.1:port or unix:///path

    RedisReply command(const RedisCommand &args);
    // Pipelined: all written, then all read.
    QList<RedisReply> pipeline(const QList<RedisCommand> &commands);

    QString serverVersion();  // valkey_version on Valkey, else redis_version
    QString serverProduct(); // "redis" or "valkey", from INFO server

    // INFO commandstats as command -> {calls, usec}.
    struct Stat
    {
        qint64 calls = 0;
        qint64 usec = 0;
    };
    QHash<QString, Stat> commandStats();

private:
    redisContext *m_ctx = nullptr;
};

} // namespace pelscope::test
