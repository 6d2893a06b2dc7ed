#include "sentinel_resolver.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include "redis_connection.h"
#include "replica_resolver.h"

#include <spdlog/spdlog.h>

namespace pelscope {

SentinelResolver::SentinelResolver(ConnectionOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    Q_ASSERT(m_options.sentinel && !m_options.sentinel->sentinels.isEmpty());
}

SentinelResolver::~SentinelResolver()
{
    cancel();
}

void SentinelResolver::resolve(Callback done)
{
    cancel();
    m_done = std::move(done);
    m_asked = 0;
    m_failures.clear();
    askNext();
}

void SentinelResolver::cancel()
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

void SentinelResolver::askNext()
{
    const SentinelOptions &s = *m_options.sentinel;
    if (m_asked >= s.sentinels.size()) {
        Result r;
        r.error.kind = RedisError::Kind::Refused;
        r.error.message = QStringLiteral("no sentinel named %1 for '%2': %3")
                              .arg(m_options.readFromReplica ? QStringLiteral("a master and a healthy replica") : QStringLiteral("a master"),
                                   displayBytes(s.masterName), m_failures.join(QStringLiteral("; ")));
        finish(r);
        return;
    }
    const int index = (m_first + m_asked++) % int(s.sentinels.size());
    const SentinelOptions::Address &address = s.sentinels.at(index);

    // A sentinel speaks RESP on its own port: same transport and TLS settings
    // as the data nodes, its own credentials, no database.
    ConnectionOptions o;
    o.transport = m_options.transport;
    o.tls = m_options.tls;
    o.host = address.host;
    o.port = address.port;
    o.user = s.user;
    o.password = s.password;
    o.clientName.clear(); // no CLIENT SETNAME: the user may have nothing but the one command
    o.connectTimeoutMs = m_options.connectTimeoutMs;
    o.commandTimeoutMs = m_options.commandTimeoutMs;

    auto *connection = new RedisConnection(o, this);
    connection->setAutoReconnect(false);
    m_current = connection;
    const QString where = o.address();
    connection->open();
    RedisBatch batch{{"SENTINEL", "GET-MASTER-ADDR-BY-NAME", s.masterName}};
    if (m_options.readFromReplica)
        batch.append({"SENTINEL", "REPLICAS", s.masterName});
    connection->execute(batch, this, [this, connection, where, index](const RedisReplies &replies, const RedisError &error) {
        if (connection != m_current)
            return;
        m_current = nullptr;
        connection->setAutoReconnect(false);
        connection->close();
        connection->deleteLater();
        const RedisReply reply = replies.value(0);
        if (error.isError()) {
            m_failures << QStringLiteral("%1: %2").arg(where, error.message);
        } else if (reply.isError()) {
            m_failures << QStringLiteral("%1: %2").arg(where, displayBytes(reply.bytes()));
        } else if (reply.isArray() && reply.size() == 2 && reply.at(1).toInt() && (*reply.at(1).toInt() < 1 || *reply.at(1).toInt() > 65535)) {
            // quint16() of 99999999 is 57599: another server, dialled.
            m_failures << fillText(QStringLiteral("%1: names port %2 for the master, not a TCP port"), where, *reply.at(1).toInt());
        } else if (reply.isArray() && reply.size() == 2 && reply.at(1).toInt()) {
            Result r;
            r.host = QString::fromUtf8(reply.at(0).bytes());
            r.port = quint16(*reply.at(1).toInt());
            r.sentinel = where;
            if (m_options.readFromReplica) {
                const RedisReply replicas = replies.value(1);
                QString why;
                const std::optional<ReplicaChoice> choice = replicas.isError() ? std::nullopt : chooseReplicaFromSentinel(replicas, &why);
                if (replicas.isError())
                    why = QStringLiteral("SENTINEL REPLICAS refused (%1; the sentinel user needs +sentinel|replicas)")
                              .arg(displayBytes(replicas.bytes()));
                if (!choice) {
                    m_failures
                        << QStringLiteral("%1 names no healthy replica of '%2': %3").arg(where, displayBytes(m_options.sentinel->masterName), why);
                    askNext();
                    return;
                }
                r.replicaHost = choice->host;
                r.replicaPort = choice->port;
            }
            m_first = index;
            finish(r);
            return;
        } else {
            m_failures << QStringLiteral("%1 does not know a master named '%2'").arg(where, displayBytes(m_options.sentinel->masterName));
        }
        askNext();
    });
}

void SentinelResolver::finish(const Result &result)
{
    Callback done = std::move(m_done);
    m_done = nullptr;
    if (!result.error.isError())
        spdlog::debug("sentinel {} names {}:{} as master of '{}'", result.sentinel.toStdString(), result.host.toStdString(), result.port,
                      m_options.sentinel->masterName.toStdString());
    if (done)
        done(result);
}

} // namespace pelscope
