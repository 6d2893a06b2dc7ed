#include "permission_probe.h"
#include "../text/display_text.h"

namespace pelscope {

RedisBatch permissionBatch(const QByteArray &user, const QList<PermissionCheck> &checks)
{
    RedisBatch batch;
    for (const PermissionCheck &check : checks)
        for (const RedisCommand &command : check.commands)
            batch.append(RedisCommand{"ACL", "DRYRUN", user.isEmpty() ? QByteArray("default") : user} + command);
    return batch;
}

PermissionVerdicts permissionVerdicts(const QList<PermissionCheck> &checks, const RedisReplies &replies)
{
    PermissionVerdicts out;
    qsizetype i = 0;
    for (const PermissionCheck &check : checks) {
        PermissionVerdict verdict;
        verdict.state = PermissionVerdict::State::Allowed;
        for (const RedisCommand &command : check.commands) {
            const RedisReply &r = replies.value(i++);
            if (verdict.state == PermissionVerdict::State::Denied)
                continue;
            if (r.isError()) {
                // NOPERM: this user may not run ACL DRYRUN itself; unknown
                // command/subcommand: a server before 7.0.
                verdict.state = PermissionVerdict::State::Unknown;
                verdict.reason =
                    r.errorCode() == "NOPERM"
                        ? QStringLiteral("cannot check beforehand (this user may not run ACL DRYRUN); a missing permission shows at the first write")
                        : QStringLiteral("cannot check beforehand (the server has no ACL DRYRUN); a missing permission shows at the first write");
            } else if (r.isString() && r.bytes() != "OK") {
                verdict.state = PermissionVerdict::State::Denied;
                verdict.reason = QStringLiteral("%1 %2: %3")
                                     .arg(QString::fromUtf8(command.value(0)).toUpper(), displayBytes(command.value(1)), displayBytes(r.bytes()));
            }
        }
        out.insert(check.action, verdict);
    }
    return out;
}

PermissionProbe::PermissionProbe(ConnectionOptions options, QList<PermissionCheck> checks, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_checks(std::move(checks))
{
    qRegisterMetaType<pelscope::PermissionVerdicts>();
    m_options.clientName = "pelscope-acl-check";
}

void PermissionProbe::start()
{
    auto *connection = new RedisConnection(m_options, this);
    connection->setAutoReconnect(false);
    connection->open();
    connection->execute(permissionBatch(m_options.user, m_checks), this, [this, connection](const RedisReplies &replies, const RedisError &error) {
        PermissionVerdicts verdicts;
        if (error.isError()) {
            for (const PermissionCheck &c : std::as_const(m_checks))
                verdicts.insert(c.action, {PermissionVerdict::State::Unknown, QStringLiteral("cannot check beforehand: %1").arg(error.message)});
        } else {
            verdicts = permissionVerdicts(m_checks, replies);
        }
        connection->close();
        Q_EMIT finished(verdicts);
    });
}

} // namespace pelscope
