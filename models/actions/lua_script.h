// A Lua script shipped as a resource: EVALSHA first, SCRIPT LOAD on NOSCRIPT.
#pragma once

#include "../redis/redis_error.h"
#include "../redis/redis_reply.h"

#include <QString>

namespace pelscope {

class LuaScript
{
public:
    // ":/lua/requeue.lua" and friends, compiled into the binary.
    static LuaScript fromResource(const QString &path);

    bool isValid() const { return !m_source.isEmpty(); }
    const QByteArray &sha() const { return m_sha; }
    const QByteArray &source() const { return m_source; }

    RedisCommand evalsha(const QList<QByteArray> &keys, const QList<QByteArray> &args) const;
    RedisCommand load() const { return {"SCRIPT", "LOAD", m_source}; }
    static bool isNoScript(const RedisReply &reply) { return reply.isError() && reply.errorCode() == "NOSCRIPT"; }
    // The script's own permission check (pelscope_refused in lib/acl_check.lua)
    // said no before its first write: nothing of this call was written.
    static bool isRefusedBeforeWriting(const RedisReply &reply)
    {
        return reply.isError() && reply.errorCode() == "NOPERM" && reply.bytes().contains("nothing was written");
    }
    // An error reply to evalsha(), in words. A command the ACL denies inside
    // the script comes back as "-ERR ... can't run this command ... @user_script:27.":
    // the message then names the command called on that line of the script.
    RedisError describeError(const RedisReply &reply) const;

private:
    QByteArray m_source;
    QByteArray m_sha;
};

} // namespace pelscope
