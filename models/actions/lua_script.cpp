#include "lua_script.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRegularExpression>

namespace pelscope {

LuaScript LuaScript::fromResource(const QString &path)
{
    LuaScript s;
    QFile f(path);
    // Every script writes; each checks its permissions before its first
    // write with the shared pelscope_refused() (see the file).
    QFile prelude(QStringLiteral(":/lua/lib/acl_check.lua"));
    if (f.open(QIODevice::ReadOnly) && prelude.open(QIODevice::ReadOnly)) {
        s.m_source = prelude.readAll() + '\n' + f.readAll();
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

LuaScript::Result LuaScript::result(const RedisReply &reply)
{
    const QList<RedisReply> &parts = reply.elements();
    if (!reply.isArray() || parts.size() != 4 || parts.at(0).bytes() != "pelscope_partial")
        return {reply, {}, {}};
    return {parts.at(1), displayBytes(parts.at(2).bytes()), displayBytes(parts.at(3).bytes())};
}

RedisError LuaScript::describeError(const RedisReply &reply) const
{
    RedisError e = describeReplyError({"EVALSHA"}, reply);
    if (isRefusedBeforeWriting(reply) && reply.errorCode() == "WRONGTYPE") {
        // "WRONGTYPE the key K is a T, not a U (checked before writing: nothing was written)"
        e.kind = RedisError::Kind::Usage;
        e.message = displayBytes(reply.bytes().mid(int(qstrlen("WRONGTYPE "))));
        return e;
    }
    if (isRefusedBeforeWriting(reply)) {
        static const QRegularExpression denied(QStringLiteral("may not run (\\S+) on the key (.*) \\(checked before writing"));
        const auto m = denied.match(displayBytes(reply.bytes()));
        e.kind = RedisError::Kind::NoPermission;
        if (m.hasMatch())
            e.message =
                QStringLiteral("permission missing for %1 on the key %2: the ACL user may not run it (checked before writing: nothing was written)")
                    .arg(m.captured(1), m.captured(2));
        return e;
    }
    static const QRegularExpression where(QStringLiteral("@user_script:(\\d+)"));
    static const QRegularExpression call(QStringLiteral("redis\\.(?:p?call)\\(\\s*'([A-Za-z|]+)'"));
    const auto at = where.match(QString::fromUtf8(reply.bytes()));
    if (e.kind != RedisError::Kind::NoPermission || !at.hasMatch())
        return e;
    const int line = at.captured(1).toInt();
    const QList<QByteArray> lines = m_source.split('\n');
    const auto command = call.match(QString::fromUtf8(lines.value(line - 1)));
    if (command.hasMatch())
        e.message =
            fillText(QStringLiteral("permission missing for %1 (called by the script run with EVALSHA, line %2): the ACL user cannot run it (%3)"),
                     command.captured(1).toUpper(), line, displayBytes(reply.bytes()));
    return e;
}

} // namespace pelscope
