#include "lua_script.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRegularExpression>

namespace pelscope {

LuaScript LuaScript::fromResource(const QString &path)
{
    LuaScript s;
    QFile f(path);
    if (f.open(QIODevice::ReadOnly)) {
        s.m_source = f.readAll();
        // Redis names a script by the SHA-1 of its exact text.
        s.m_sha = QCryptographicHash::hash(s.m_source, QCryptographicHash::Sha1).toHex();
    }
    return s;
}

RedisCommand LuaScript::evalsha(const QList<QByteArray> &keys, const QList<QByteArray> &args) const
{
    RedisCommand c{"EVALSHA", m_sha, QByteArray::number(keys.size())};
    c += keys;
    c += args;
    return c;
}

RedisError LuaScript::describeError(const RedisReply &reply) const
{
    RedisError e = describeReplyError({"EVALSHA"}, reply);
    static const QRegularExpression where(QStringLiteral("@user_script:(\\d+)"));
    static const QRegularExpression call(QStringLiteral("redis\\.(?:p?call)\\(\\s*'([A-Za-z|]+)'"));
    const auto at = where.match(QString::fromUtf8(reply.bytes()));
    if (e.kind != RedisError::Kind::NoPermission || !at.hasMatch())
        return e;
    const int line = at.captured(1).toInt();
    const QList<QByteArray> lines = m_source.split('\n');
    const auto command = call.match(QString::fromUtf8(lines.value(line - 1)));
    if (command.hasMatch())
        e.message = QStringLiteral("permission missing for %1 (called by the script run with EVALSHA, line %2): the ACL user cannot run it (%3)")
                        .arg(command.captured(1).toUpper()).arg(line).arg(QString::fromUtf8(reply.bytes()));
    return e;
}

} // namespace pelscope
