// An owned, immutable copy of one RESP reply. Bytes stay QByteArray all the way
// up; nothing here assumes UTF-8.
#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <optional>

namespace pelscope {

class RedisReply
{
public:
    enum class Type { Nil, String, Status, Error, Integer, Array };

    RedisReply() = default;
    static RedisReply nil() { return {}; }
    static RedisReply string(QByteArray s) { return RedisReply(Type::String, std::move(s)); }
    static RedisReply status(QByteArray s) { return RedisReply(Type::Status, std::move(s)); }
    static RedisReply error(QByteArray s) { return RedisReply(Type::Error, std::move(s)); }
    static RedisReply integer(qint64 v);
    static RedisReply array(QList<RedisReply> elements);

    Type type() const { return m_type; }
    bool isNil() const { return m_type == Type::Nil; }
    bool isError() const { return m_type == Type::Error; }
    bool isArray() const { return m_type == Type::Array; }
    bool isString() const { return m_type == Type::String || m_type == Type::Status; }
    bool isInteger() const { return m_type == Type::Integer; }

    // String, status and error replies: the raw bytes.
    const QByteArray &bytes() const { return m_bytes; }
    qint64 integer() const { return m_integer; }
    const QList<RedisReply> &elements() const { return m_elements; }
    qsizetype size() const { return m_elements.size(); }
    const RedisReply &at(qsizetype i) const;

    // Integer replies, or strings holding a decimal integer; nullopt otherwise.
    std::optional<qint64> toInt() const;

    // Field/value array (XINFO replies): the value of `field`, or a Nil reply.
    // Reading by name rather than position keeps 6.2 .. 7.4 and Valkey alike.
    const RedisReply &field(QByteArrayView name) const;
    bool hasField(QByteArrayView name) const;

    // The error code: "WRONGPASS" for "-WRONGPASS invalid ...".
    QByteArray errorCode() const;

    // Bytes the reply occupied on the wire, roughly (for accounting).
    qint64 approximateSize() const;

private:
    RedisReply(Type t, QByteArray b)
        : m_type(t)
        , m_bytes(std::move(b))
    {}

    Type m_type = Type::Nil;
    QByteArray m_bytes;
    qint64 m_integer = 0;
    QList<RedisReply> m_elements;
};

using RedisReplies = QList<RedisReply>;
using RedisCommand = QList<QByteArray>;
using RedisBatch = QList<RedisCommand>;

} // namespace pelscope
