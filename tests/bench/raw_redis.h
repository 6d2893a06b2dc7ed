// A bare synchronous hiredis connection for the benchmark's heavy lifting: the
// naive poller's huge replies and the out-of-band truth are read as hiredis
// replies and never converted, so the client's own cost stays out of the way.
#pragma once

#include "redis/redis_reply.h"

#include <QString>
#include <functional>

struct redisContext;
struct redisReply;

namespace pelscope::bench {

class RawRedis
{
public:
    RawRedis() = default;
    ~RawRedis();
    RawRedis(const RawRedis &) = delete;
    RawRedis &operator=(const RawRedis &) = delete;

    bool connect(quint16 port, QString *error = nullptr);
    // Writes every command, then reads the replies in order; `onReply` sees each
    // one before it is freed. Returns false when the connection failed.
    bool pipeline(const RedisBatch &commands, const std::function<void(int, const redisReply *)> &onReply = {});
    QString lastError() const { return m_error; }

private:
    redisContext *m_ctx = nullptr;
    QString m_error;
};

// Server TIME in milliseconds from a TIME reply.
qint64 timeReplyMs(const redisReply *r);

} // namespace pelscope::bench
