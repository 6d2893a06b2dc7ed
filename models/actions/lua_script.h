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
    // The script's own checks (pelscope_refused, pelscope_wrong_type in
    // lib/acl_check.lua) said no before its first write: nothing of this call
    // was written. Any other error reply may come after a write.
    static bool isRefusedBeforeWriting(const RedisReply &reply)
    {
        return reply.isError() && (reply.errorCode() == "NOPERM" || reply.errorCode() == "WRONGTYPE")
               && reply.bytes().endsWith("(checked before writing: nothing was written)");
    }
    // What a script returned after its first write (pelscope_result in
    // lib/acl_check.lua): its per-item results, and what failed after the
    // data commands ran — the audit record, or a data command that stopped
    // the script early (the items after it were not taken). A job counts the
    // results as written and reports the failure beside them, never as a
    // refusal.
    struct Result
    {
        RedisReply results;
        QString auditError; // the audit XADD failed: the data moved without its record
        QString stopError;  // a data command failed: the script stopped there
        bool partial() const { return !auditError.isEmpty() || !stopError.isEmpty(); }
    };
    static Result result(const RedisReply &reply);
    // An error reply to evalsha(), in words. A command the ACL denies inside
    // the script comes back as "-ERR ... can't run this command ... @user_script:27.":
    // the message then names the command called on that line of the script.
    RedisError describeError(const RedisReply &reply) const;

private:
    QByteArray m_source;
    QByteArray m_sha;
};

} // namespace pelscope
