#include "cluster_redirect.h"

namespace pelscope {

std::optional<ClusterRedirect> parseRedirect(const RedisReply &reply)
{
    if (!reply.isError())
        return std::nullopt;
    const QList<QByteArray> parts = reply.bytes().split(' ');
    if (parts.size() != 3)
        return std::nullopt;
    ClusterRedirect r;
    if (parts[0] == "MOVED")
        r.kind = ClusterRedirect::Kind::Moved;
    else if (parts[0] == "ASK")
        r.kind = ClusterRedirect::Kind::Ask;
    else
        return std::nullopt;
    bool ok = false;
    r.slot = parts[1].toInt(&ok);
    if (!ok || r.slot < 0 || r.slot >= 16384)
        return std::nullopt;
    // The port follows the last colon, so IPv6 addresses keep theirs.
    const QByteArray &address = parts[2];
    const qsizetype colon = address.lastIndexOf(':');
    if (colon < 0)
        return std::nullopt;
    const uint port = address.mid(colon + 1).toUInt(&ok);
    if (!ok || port == 0 || port > 65535)
        return std::nullopt;
    r.port = quint16(port);
    QByteArray host = address.left(colon);
    if (host.startsWith('[') && host.endsWith(']'))
        host = host.mid(1, host.size() - 2);
    r.host = QString::fromUtf8(host);
    return r;
}

QByteArray commandKey(const RedisCommand &command)
{
    if (command.isEmpty())
        return {};
    const QByteArray name = command.first().toUpper();
    if (name == "XINFO" || name == "OBJECT" || name == "MEMORY")
        return command.size() > 2 ? command.at(2) : QByteArray();
    if (name == "TIME" || name == "SCAN" || name == "PING" || name == "INFO" || name == "CLUSTER" || name == "ASKING")
        return {};
    return command.size() > 1 ? command.at(1) : QByteArray();
}

} // namespace pelscope
