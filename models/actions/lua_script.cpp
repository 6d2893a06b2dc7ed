#include "lua_script.h"

#include <QCryptographicHash>
#include <QFile>

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

} // namespace pelscope
