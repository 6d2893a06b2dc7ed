#include "write_checks.h"

#include "lua_script.h"

namespace pelscope {

namespace {

const QByteArray kAnyId = "0-1";

// EVALSHA with the script's real SHA and keys, SCRIPT LOAD (sent after a
// NOSCRIPT), then what the script calls: a denial inside a script is only
// reported when the script runs, so each inner command is checked too.
QList<RedisCommand> scriptCommands(const QString &resource, const QList<QByteArray> &keys, const QList<RedisCommand> &inner)
{
    const LuaScript script = LuaScript::fromResource(resource);
    QList<RedisCommand> out{script.evalsha(keys, {}), {"SCRIPT", "LOAD", "return 1"}};
    return out + inner;
}

QList<RedisCommand> auditCommands(const QByteArray &auditStream)
{
    if (auditStream.isEmpty())
        return {};
    return {{"XADD", auditStream, "MAXLEN", "~", "100000", "*", "action", "check"}};
}

} // namespace

QList<PermissionCheck> dlqWriteChecks(const QByteArray &dlq, const QByteArray &source, const QByteArray &auditStream)
{
    return {
        {WriteAction::Requeue,
         scriptCommands(QStringLiteral(":/lua/requeue.lua"), {dlq, source, auditStream},
                        QList<RedisCommand>{{"XRANGE", dlq, kAnyId, kAnyId}, {"XADD", source, "*", "f", "v"}, {"XDEL", dlq, kAnyId}}
                            + auditCommands(auditStream))},
        {WriteAction::Delete, scriptCommands(QStringLiteral(":/lua/delete.lua"), {dlq, dlq, auditStream},
                                             QList<RedisCommand>{{"XDEL", dlq, kAnyId}} + auditCommands(auditStream))},
    };
}

QList<PermissionCheck> pendingWriteChecks(const QByteArray &stream, const QByteArray &group, const QByteArray &dlq, const QByteArray &auditStream)
{
    return {
        {WriteAction::Claim, {{"XCLAIM", stream, group, "pelscope-check", "0", kAnyId, "JUSTID"}}},
        {WriteAction::Ack, {{"XACK", stream, group, kAnyId}}},
        {WriteAction::ToDlq, scriptCommands(QStringLiteral(":/lua/move_to_dlq.lua"), {stream, dlq, auditStream},
                                            QList<RedisCommand>{{"XPENDING", stream, group, kAnyId, kAnyId, "1"},
                                                                {"XRANGE", stream, kAnyId, kAnyId},
                                                                {"XADD", dlq, "*", "f", "v"},
                                                                {"XACK", stream, group, kAnyId}}
                                                + auditCommands(auditStream))},
        {WriteAction::DeleteConsumer,
         scriptCommands(QStringLiteral(":/lua/delete_consumer.lua"), {stream, auditStream},
                        QList<RedisCommand>{{"XPENDING", stream, group}, {"XGROUP", "DELCONSUMER", stream, group, "pelscope-check"}}
                            + auditCommands(auditStream))},
    };
}

} // namespace pelscope
