#include "redis_error.h"
#include "../text/display_text.h"

namespace pelscope {

bool RedisError::isConfigurationError() const
{
    switch (kind) {
    case Kind::AuthFailed:
    case Kind::AuthRequired:
    case Kind::NoPermission:
    case Kind::Tls:
    case Kind::HostNotFound:
    case Kind::Usage: return true;
    default: return false;
    }
}

QString RedisError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None: return QStringLiteral("ok");
    case Kind::Refused: return QStringLiteral("connection refused");
    case Kind::HostNotFound: return QStringLiteral("host not found");
    case Kind::Timeout: return QStringLiteral("timeout");
    case Kind::Tls: return QStringLiteral("TLS error");
    case Kind::AuthFailed: return QStringLiteral("authentication failed");
    case Kind::AuthRequired: return QStringLiteral("authentication required");
    case Kind::NoPermission: return QStringLiteral("permission missing");
    case Kind::Protocol: return QStringLiteral("protocol error");
    case Kind::Closed: return QStringLiteral("connection closed");
    case Kind::Loading: return QStringLiteral("server loading");
    case Kind::Busy: return QStringLiteral("server busy");
    case Kind::NotConnected: return QStringLiteral("not connected");
    case Kind::Server: return QStringLiteral("server error");
    case Kind::Usage: return QStringLiteral("usage error");
    }
    return {};
}

QByteArray commandLabel(const RedisCommand &command)
{
    if (command.isEmpty())
        return {};
    QByteArray label = command.first().toUpper();
    static const QList<QByteArray> withSubcommand = {"XINFO", "CLIENT", "CONFIG", "ACL", "SCRIPT", "CLUSTER", "XGROUP", "OBJECT", "MEMORY"};
    if (command.size() > 1 && withSubcommand.contains(label))
        label += ' ' + command.at(1).toUpper();
    return label;
}

RedisError describeReplyError(const RedisCommand &command, const RedisReply &reply)
{
    RedisError e;
    if (!reply.isError())
        return e;
    e.detail = reply.bytes();
    const QByteArray code = reply.errorCode();
    const QString raw = displayBytes(reply.bytes());
    const QString cmd = QString::fromUtf8(commandLabel(command));

    if (code == "WRONGPASS" || reply.bytes().contains("invalid password") || reply.bytes().contains("invalid username-password")) {
        e.kind = RedisError::Kind::AuthFailed;
        const QString user = command.size() > 2 ? displayBytes(command.at(1)) : QString();
        e.message = user.isEmpty() ? QStringLiteral("authentication failed: wrong password")
                                   : QStringLiteral("authentication failed: wrong password, or no enabled user named '%1'").arg(user);
    } else if (code == "NOAUTH") {
        e.kind = RedisError::Kind::AuthRequired;
        e.message = QStringLiteral("the server requires a password: put it in the URL, use --askpass, or set REDISCLI_AUTH");
    } else if (reply.bytes().contains("AUTH <password> called without any password configured")
               || reply.bytes().contains("without any password configured")) {
        e.kind = RedisError::Kind::AuthFailed;
        e.message = QStringLiteral("the server has no password set, but one was given: remove it from the URL");
    } else if (code == "NOPERM" || reply.bytes().contains("can't run this command") || reply.bytes().contains("no permissions to")) {
        e.kind = RedisError::Kind::NoPermission;
        e.message = QStringLiteral("permission missing for %1: the ACL user cannot run it (%2)").arg(cmd, raw);
    } else if (reply.bytes().contains("max number of clients reached")) {
        e.kind = RedisError::Kind::Busy;
        e.message = QStringLiteral("the server refused the connection: it has reached its maxclients limit (%1)").arg(raw);
    } else if (code == "LOADING") {
        e.kind = RedisError::Kind::Loading;
        e.message = QStringLiteral("the server is loading its dataset into memory; retrying");
    } else if (code == "BUSY") {
        e.kind = RedisError::Kind::Busy;
        e.message = QStringLiteral("the server is busy running a script (%1)").arg(raw);
    } else {
        e.kind = RedisError::Kind::Server;
        e.message = QStringLiteral("%1 failed: %2").arg(cmd, raw);
    }
    return e;
}

} // namespace pelscope
