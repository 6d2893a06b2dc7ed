#include "replica_resolver.h"
#include "../text/display_text.h"

#include "redis_connection.h"

#include <spdlog/spdlog.h>

namespace pelscope {

std::optional<ReplicaChoice> chooseReplicaFromRole(const RedisReply &role)
{
    if (!role.isArray() || role.size() < 3 || role.at(0).bytes() != "master")
        return std::nullopt;
    std::optional<ReplicaChoice> best;
    for (const RedisReply &r : role.at(2).elements()) {
        if (r.size() < 3 || !r.at(1).toInt())
            continue;
        ReplicaChoice c{QString::fromUtf8(r.at(0).bytes()), quint16(*r.at(1).toInt()), r.at(2).toInt().value_or(-1)};
        if (!best || c.offset > best->offset)
            best = c;
    }
    return best;
}

std::optional<ReplicaChoice> chooseReplicaFromSentinel(const RedisReply &replicas, QString *why)
{
    std::optional<ReplicaChoice> best;
    QStringList ruledOut;
    for (const RedisReply &r : replicas.elements()) {
        const QString name = displayBytes(r.field("name").bytes());
        const QList<QByteArray> flags = r.field("flags").bytes().split(',');
        QStringList bad;
        for (const char *flag : {"s_down", "o_down", "disconnected"})
            if (flags.contains(flag))
                bad << QString::fromLatin1(flag);
        if (r.field("master-link-status").bytes() != "ok")
            bad << QStringLiteral("master-link-status %1").arg(displayBytes(r.field("master-link-status").bytes()));
        const std::optional<qint64> port = r.field("port").toInt();
        if (!port)
            bad << QStringLiteral("no port");
        if (!bad.isEmpty()) {
            ruledOut << QStringLiteral("%1 (%2)").arg(name, bad.join(QStringLiteral(", ")));
            continue;
        }
        ReplicaChoice c{QString::fromUtf8(r.field("ip").bytes()), quint16(*port), r.field("slave-repl-offset").toInt().value_or(-1)};
        if (!best || c.offset > best->offset)
            best = c;
    }
    if (!best && why)
        *why = ruledOut.isEmpty() ? QStringLiteral("no replicas known") : ruledOut.join(QStringLiteral("; "));
    return best;
}

ReplicaResolver::ReplicaResolver(ConnectionOptions seed, QObject *parent)
    : QObject(parent)
    , m_seed(std::move(seed))
{
    m_seed.readFromReplica = false; // the probe connection itself must not resolve again
    m_seed.clientName = "pelscope-resolver";
}

ReplicaResolver::~ReplicaResolver()
{
    cancel();
}

void ReplicaResolver::resolve(Callback done)
{
    cancel();
    m_done = std::move(done);
    auto *connection = new RedisConnection(m_seed, this);
    connection->setAutoReconnect(false);
    m_current = connection;
    const QString where = m_seed.address();
    connection->open();
    // One ROLE: the only thing asked of a primary to find its replicas.
    connection->execute({{"ROLE"}}, this, [this, connection, where](const RedisReplies &replies, const RedisError &error) {
        if (connection != m_current)
            return;
        m_current = nullptr;
        connection->close();
        connection->deleteLater();
        Result r;
        const RedisReply role = replies.value(0);
        if (error.isError()) {
            r.error = error;
        } else if (role.isError()) {
            r.error = describeReplyError({"ROLE"}, role);
            r.error.message = QStringLiteral("read_from=replica needs ROLE on %1 to find a replica: %2 (the user needs +role)")
                                  .arg(where, displayBytes(role.bytes()));
        } else if (role.at(0).bytes() == "slave") {
            r.seedIsReplica = true;
        } else if (connection->hello().mode == QLatin1String("cluster")) {
            r.seedIsReplica = true; // a cluster node: use it as the seed; the cluster poller picks a replica per shard
        } else if (const std::optional<ReplicaChoice> c = chooseReplicaFromRole(role)) {
            r.host = c->host;
            r.port = c->port;
            spdlog::info("read_from=replica: {} is a primary; polling its replica {}:{} (offset {})", where.toStdString(), c->host.toStdString(),
                         c->port, c->offset);
        } else {
            r.error.kind = RedisError::Kind::Refused;
            r.error.message = role.at(0).bytes() == "master"
                                  ? QStringLiteral("read_from=replica: %1 is a primary with no connected replica; not polling the primary").arg(where)
                                  : QStringLiteral("read_from=replica: %1 has ROLE %2, neither a primary nor a replica")
                                        .arg(where, displayBytes(role.at(0).bytes()));
        }
        finish(r);
    });
}

void ReplicaResolver::cancel()
{
    m_done = nullptr;
    if (m_current) {
        RedisConnection *c = m_current;
        m_current = nullptr;
        c->disconnect(this);
        c->setAutoReconnect(false);
        c->close();
        c->deleteLater(); // we may be inside one of its callbacks
    }
}

void ReplicaResolver::finish(const Result &result)
{
    Callback done = std::move(m_done);
    m_done = nullptr;
    if (done)
        done(result);
}

} // namespace pelscope
