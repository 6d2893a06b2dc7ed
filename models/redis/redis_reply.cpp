#include "redis_reply.h"

namespace pelscope {

RedisReply RedisReply::integer(qint64 v)
{
    RedisReply r;
    r.m_type = Type::Integer;
    r.m_integer = v;
    return r;
}

RedisReply RedisReply::array(QList<RedisReply> elements)
{
    RedisReply r;
    r.m_type = Type::Array;
    r.m_elements = std::move(elements);
    return r;
}

const RedisReply &RedisReply::at(qsizetype i) const
{
    static const RedisReply kNil;
    return (i >= 0 && i < m_elements.size()) ? m_elements.at(i) : kNil;
}

std::optional<qint64> RedisReply::toInt() const
{
    if (m_type == Type::Integer)
        return m_integer;
    if (isString()) {
        bool ok = false;
        const qint64 v = m_bytes.toLongLong(&ok);
        if (ok)
            return v;
    }
    return std::nullopt;
}

const RedisReply &RedisReply::field(QByteArrayView name) const
{
    static const RedisReply kNil;
    if (m_type != Type::Array)
        return kNil;
    for (qsizetype i = 0; i + 1 < m_elements.size(); i += 2) {
        if (m_elements.at(i).isString() && m_elements.at(i).bytes() == name)
            return m_elements.at(i + 1);
    }
    return kNil;
}

bool RedisReply::hasField(QByteArrayView name) const
{
    if (m_type != Type::Array)
        return false;
    for (qsizetype i = 0; i + 1 < m_elements.size(); i += 2) {
        if (m_elements.at(i).isString() && m_elements.at(i).bytes() == name)
            return true;
    }
    return false;
}

QByteArray RedisReply::errorCode() const
{
    if (m_type != Type::Error)
        return {};
    const qsizetype space = m_bytes.indexOf(' ');
    return space < 0 ? m_bytes : m_bytes.left(space);
}

qint64 RedisReply::approximateSize() const
{
    qint64 n = 3 + m_bytes.size();
    for (const auto &e : m_elements)
        n += e.approximateSize();
    return n;
}

} // namespace pelscope
