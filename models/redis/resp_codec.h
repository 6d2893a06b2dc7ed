// RESP framing through hiredis: its command formatter on the way out, its
// incremental reader on the way in. Sockets are Qt's; hiredis never does I/O.
#pragma once

#include "redis_reply.h"
#include "resp_guard.h"

#include <QString>
#include <memory>
#include <optional>

struct redisReader;

namespace pelscope {

// Encodes one command (binary-safe arguments) as a RESP multi-bulk.
QByteArray encodeCommand(const RedisCommand &args);

// Feeds bytes in, takes whole replies out. After a protocol error it is
// unusable (hiredis's reader cannot recover) and the connection must drop.
class RespDecoder
{
public:
    explicit RespDecoder(ReplyLimits limits = {});
    ~RespDecoder();
    RespDecoder(const RespDecoder &) = delete;
    RespDecoder &operator=(const RespDecoder &) = delete;

    void reset();
    // Returns false on a protocol error; errorString() says what.
    bool feed(const char *data, qsizetype size);
    // A whole reply if one is buffered; nullopt when more bytes are needed or
    // on a protocol error (check hasError()).
    std::optional<RedisReply> next();
    bool hasError() const { return !m_error.isEmpty(); }
    QString errorString() const { return m_error; }
    // A limit of ReplyLimits was passed: the reply was refused before it was held.
    bool overLimit() const { return m_overLimit; }
    // Replies whose last byte has arrived since reset(), taken or not.
    qint64 repliesArrived() const { return m_guard.repliesCompleted(); }
    void setLimits(const ReplyLimits &limits) { m_guard = RespGuard(limits); }

private:
    struct ReaderDeleter
    {
        void operator()(redisReader *r) const;
    };
    std::unique_ptr<redisReader, ReaderDeleter> m_reader;
    RespGuard m_guard;
    QString m_error;
    bool m_overLimit = false;
};

} // namespace pelscope
