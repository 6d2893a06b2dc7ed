#include "resp_codec.h"

#include <hiredis/hiredis.h>

#include <vector>

namespace pelscope {

namespace {

RedisReply convert(const redisReply *r)
{
    switch (r->type) {
    case REDIS_REPLY_STRING: return RedisReply::string(QByteArray(r->str, qsizetype(r->len)));
    case REDIS_REPLY_STATUS: return RedisReply::status(QByteArray(r->str, qsizetype(r->len)));
    case REDIS_REPLY_ERROR: return RedisReply::error(QByteArray(r->str, qsizetype(r->len)));
    case REDIS_REPLY_INTEGER: return RedisReply::integer(r->integer);
    case REDIS_REPLY_ARRAY: {
        QList<RedisReply> elements;
        elements.reserve(qsizetype(r->elements));
        for (size_t i = 0; i < r->elements; ++i)
            elements.append(convert(r->element[i]));
        return RedisReply::array(std::move(elements));
    }
    default:
        // RESP3-only types never arrive: we never send HELLO 3.
        return RedisReply::nil();
    }
}

} // namespace

QByteArray encodeCommand(const RedisCommand &args)
{
    std::vector<const char *> argv;
    std::vector<size_t> lens;
    argv.reserve(size_t(args.size()));
    lens.reserve(size_t(args.size()));
    for (const QByteArray &a : args) {
        argv.push_back(a.constData());
        lens.push_back(size_t(a.size()));
    }
    char *out = nullptr;
    const int n = redisFormatCommandArgv(&out, int(argv.size()), argv.data(), lens.data());
    if (n < 0 || !out)
        return {};
    QByteArray encoded(out, n);
    redisFreeCommand(out);
    return encoded;
}

void RespDecoder::ReaderDeleter::operator()(redisReader *r) const
{
    redisReaderFree(r);
}

RespDecoder::RespDecoder(ReplyLimits limits)
    : m_guard(limits)
{
    reset();
}

RespDecoder::~RespDecoder() = default;

void RespDecoder::reset()
{
    m_reader.reset(redisReaderCreate());
    // Keep the buffer after large replies? No: 0 means "never shrink", which
    // would pin a 30 MB value's buffer for the connection's lifetime.
    m_guard.reset();
    m_error.clear();
    m_overLimit = false;
}

bool RespDecoder::feed(const char *data, qsizetype size)
{
    if (hasError())
        return false;
    // The guard sees the bytes first: hiredis would allocate what a header announces.
    if (!m_guard.feed(data, size)) {
        m_error = m_guard.error();
        m_overLimit = true;
        return false;
    }
    if (redisReaderFeed(m_reader.get(), data, size_t(size)) != REDIS_OK) {
        m_error = QString::fromLatin1(m_reader->errstr);
        return false;
    }
    return true;
}

std::optional<RedisReply> RespDecoder::next()
{
    if (hasError())
        return std::nullopt;
    void *raw = nullptr;
    if (redisReaderGetReply(m_reader.get(), &raw) != REDIS_OK) {
        m_error = QStringLiteral("invalid reply from server: %1").arg(QString::fromLatin1(m_reader->errstr));
        return std::nullopt;
    }
    if (!raw)
        return std::nullopt;
    RedisReply reply = convert(static_cast<redisReply *>(raw));
    freeReplyObject(raw);
    return reply;
}

} // namespace pelscope
