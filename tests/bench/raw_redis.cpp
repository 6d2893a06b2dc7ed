#include "raw_redis.h"

#include <hiredis/hiredis.h>

#include <vector>

namespace pelscope::bench {

RawRedis::~RawRedis()
{
    if (m_ctx)
        redisFree(m_ctx);
}

bool RawRedis::connect(quint16 port, QString *error)
{
    if (m_ctx)
        redisFree(m_ctx);
    m_ctx = redisConnectWithTimeout("127.0.0.1", port, timeval{5, 0});
    if (!m_ctx || m_ctx->err) {
        m_error = m_ctx ? QString::fromUtf8(m_ctx->errstr) : QStringLiteral("out of memory");
        if (error)
            *error = m_error;
        return false;
    }
    redisSetTimeout(m_ctx, timeval{120, 0});
    return true;
}

bool RawRedis::pipeline(const RedisBatch &commands, const std::function<void(int, const redisReply *)> &onReply)
{
    if (!m_ctx)
        return false;
    for (const RedisCommand &args : commands) {
        std::vector<const char *> argv;
        std::vector<size_t> lens;
        for (const QByteArray &a : args) {
            argv.push_back(a.constData());
            lens.push_back(size_t(a.size()));
        }
        redisAppendCommandArgv(m_ctx, int(argv.size()), argv.data(), lens.data());
    }
    for (int i = 0; i < commands.size(); ++i) {
        void *raw = nullptr;
        if (redisGetReply(m_ctx, &raw) != REDIS_OK) {
            m_error = QString::fromUtf8(m_ctx->errstr);
            return false;
        }
        if (onReply)
            onReply(i, static_cast<redisReply *>(raw));
        freeReplyObject(raw);
    }
    return true;
}

qint64 timeReplyMs(const redisReply *r)
{
    if (!r || r->type != REDIS_REPLY_ARRAY || r->elements != 2)
        return 0;
    return QByteArray(r->element[0]->str).toLongLong() * 1000 + QByteArray(r->element[1]->str).toLongLong() / 1000;
}

} // namespace pelscope::bench
