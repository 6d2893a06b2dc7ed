// RedisConnection, the handshake half: what is asked once a socket is up
// (AUTH, SELECT, CLIENT SETNAME, INFO server in one pipelined batch) and
// the policy that follows from the answers: a Sentinel's master confirmed
// by ROLE, a named primary followed to its best replica, a replica required
// to be one. The transport is redis_connection.cpp (pipelining, deadlines,
// reconnects) and redis_socket.cpp (the sockets).
#include "redis_connection.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include "replica_resolver.h"
#include "sentinel_resolver.h"

#include <spdlog/spdlog.h>

namespace pelscope {

ServerHello parseServerInfo(const RedisReply &info)
{
    ServerHello h;
    h.product = QStringLiteral("redis");
    h.mode = QStringLiteral("standalone");
    if (!info.isString())
        return h;
    const QList<QByteArray> lines = info.bytes().split('\n');
    for (QByteArray line : lines) {
        line = line.trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray key = line.left(colon);
        const QString value = displayBytes(line.mid(colon + 1));
        if (key == "redis_version" && h.version.isEmpty())
            h.version = value;
        else if (key == "valkey_version") {
            h.version = value;
            h.product = QStringLiteral("valkey");
        } else if (key == "redis_mode" || key == "server_mode")
            h.mode = value;
        else if (key == "role")
            h.role = value;
    }
    return h;
}

void RedisConnection::startHandshake()
{
    setState(State::Handshake);
    RedisBatch batch;
    const bool hasAuth = m_options.password.has_value();
    if (hasAuth) {
        if (m_options.user.isEmpty())
            batch.append(RedisCommand{"AUTH", *m_options.password});
        else
            batch.append(RedisCommand{"AUTH", m_options.user, *m_options.password});
    }
    if (m_options.db != 0)
        batch.append(RedisCommand{"SELECT", QByteArray::number(m_options.db)});
    const bool setName = !m_options.clientName.isEmpty();
    if (setName)
        batch.append(RedisCommand{"CLIENT", "SETNAME", m_options.clientName});
    batch.append(RedisCommand{"INFO", "server"});
    batch.append(RedisCommand{"ROLE"});

    Pending p;
    p.expected = int(batch.size());
    p.commands = batch;
    p.context = this;
    p.deadline = QDeadlineTimer(m_options.connectTimeoutMs);
    p.callback = [this, hasAuth, setName](const RedisReplies &replies, const RedisError &error) {
        if (error.isError())
            return; // fail() already reported it
        int i = 0;
        if (hasAuth) {
            const RedisReply &auth = replies.at(i++);
            if (auth.isError()) {
                // The password never goes into a message: "***" stands in for it.
                const RedisCommand shown = m_options.user.isEmpty() ? RedisCommand{"AUTH", "***"} : RedisCommand{"AUTH", m_options.user, "***"};
                fail(describeReplyError(shown, auth), true);
                return;
            }
        }
        if (m_options.db != 0) {
            const RedisReply &sel = replies.at(i++);
            if (sel.isError()) {
                RedisError e = describeReplyError({"SELECT"}, sel);
                if (e.kind == RedisError::Kind::Server)
                    e.message = fillText(QStringLiteral("cannot select database %1: %2"), m_options.db, displayBytes(sel.bytes()));
                fail(e, true);
                return;
            }
        }
        const RedisReply setname = setName ? replies.at(i++) : RedisReply::status("OK");
        if (setname.isError()) {
            const RedisError e = describeReplyError({"CLIENT", "SETNAME"}, setname);
            if (e.kind == RedisError::Kind::AuthRequired || e.kind == RedisError::Kind::Loading) {
                fail(e, true);
                return;
            }
            spdlog::warn("CLIENT SETNAME refused: {}", setname.bytes().toStdString());
        }
        m_hello = parseServerInfo(replies.at(i++));
        const RedisReply &role = replies.at(i++);
        if (role.isArray() && role.size() > 0)
            m_hello.role = displayBytes(role.at(0).bytes());
        m_hello.node = m_options.address();
        if (followedToPrimary(role))
            return;
        // A cluster node is only the seed: the cluster poller reads each shard from a replica of its own.
        const bool clusterNode = m_hello.mode == QLatin1String("cluster");
        if (m_options.readFromReplica && !clusterNode ? !confirmReplica(role) : m_options.sentinel && !confirmSentinelMaster(role))
            return;
        m_connectTimer.stop();
        m_attempt = 0;
        m_hops = 0;
        m_lastError = {};
        setState(State::Ready);
        spdlog::info("connected to {} ({} {}, {})", m_options.redactedUrl().toStdString(), m_hello.product.toStdString(),
                     m_hello.version.toStdString(), m_hello.mode.toStdString());
        Q_EMIT ready();
        flushWaiting();
    };
    writeBatch(std::move(p));
}

// The sentinels may still name the old master during a failover, or a node
// demoted since: only ROLE on the node itself proves it takes writes.
bool RedisConnection::confirmSentinelMaster(const RedisReply &role)
{
    const QString name = displayBytes(m_options.sentinel->masterName);
    if (role.isError()) {
        RedisError e = describeReplyError({"ROLE"}, role);
        e.message = QStringLiteral("cannot confirm that %1 is the master of '%2': ROLE refused (%3); the user needs +role")
                        .arg(m_options.address(), name, displayBytes(role.bytes()));
        fail(e, true);
        return false;
    }
    if (m_hello.role != QLatin1String("master")) {
        fail(RedisError::of(RedisError::Kind::Server,
                            QStringLiteral("the sentinels named %1 as master of '%2', but its ROLE is %3; asking them again")
                                .arg(m_options.address(), name, m_hello.role.isEmpty() ? QStringLiteral("unknown") : m_hello.role)),
             true);
        return false;
    }
    m_hello.mode = QStringLiteral("sentinel");
    const QString previous = m_lastMaster;
    m_lastMaster = m_hello.node;
    if (!previous.isEmpty() && previous != m_lastMaster) {
        spdlog::warn("sentinel failover of '{}': master now {} (was {})", name.toStdString(), m_lastMaster.toStdString(), previous.toStdString());
        QPointer<RedisConnection> self(this);
        Q_EMIT masterChanged(m_lastMaster, previous);
        if (!self)
            return false;
    }
    return true;
}

// Writes with read_from=replica options (forWrites()): a URL naming a replica
// means its primary. Chained replicas are followed a few hops, no further.
bool RedisConnection::followedToPrimary(const RedisReply &role)
{
    if (!m_options.followToPrimary || m_options.sentinel || m_hello.role != QLatin1String("slave") || role.size() < 3)
        return false;
    if (++m_hops > 3) {
        fail(RedisError::of(RedisError::Kind::Server,
                            QStringLiteral("%1 is a replica, and so is every node its ROLE led to; no primary to write to").arg(m_options.address())),
             true);
        return true;
    }
    const QString from = m_options.address();
    if (m_options.transport == ConnectionOptions::Transport::Unix)
        m_options.transport = ConnectionOptions::Transport::Tcp;
    m_options.host = QString::fromUtf8(role.at(1).bytes());
    m_options.port = quint16(role.at(2).toInt().value_or(6379));
    spdlog::info("{} is a replica: writing to its primary {}", from.toStdString(), m_options.address().toStdString());
    // Batches given meanwhile keep waiting; they run once the primary is ready.
    dropDevice();
    setState(State::Connecting);
    connectSocket();
    return true;
}

// read_from=replica: whatever named this node (the sentinels, a primary's
// ROLE, the URL), only its own ROLE proves it is a replica now, and says which
// primary it follows (where the offset lag is measured).
bool RedisConnection::confirmReplica(const RedisReply &role)
{
    if (role.isError()) {
        RedisError e = describeReplyError({"ROLE"}, role);
        e.message = QStringLiteral("cannot confirm that %1 is a replica: ROLE refused (%2); the user needs +role")
                        .arg(m_options.address(), displayBytes(role.bytes()));
        fail(e, true);
        return false;
    }
    if (m_hello.role != QLatin1String("slave") || role.size() < 3) {
        fail(RedisError::of(RedisError::Kind::Server,
                            QStringLiteral("read_from=replica: %1 is not a replica (ROLE %2); not polling it, looking for a replica again")
                                .arg(m_options.address(), m_hello.role.isEmpty() ? QStringLiteral("unknown") : m_hello.role)),
             true);
        return false;
    }
    m_hello.primary = fillText(QStringLiteral("%1:%2"), QString::fromUtf8(role.at(1).bytes()), role.at(2).toInt().value_or(0));
    if (m_options.sentinel) {
        if (m_hello.primary != m_sentinelMaster) {
            fail(
                RedisError::of(RedisError::Kind::Server,
                               QStringLiteral("the sentinels named %1 as a replica of '%2' (master %3), but it replicates from %4; asking them again")
                                   .arg(m_options.address(), displayBytes(m_options.sentinel->masterName), m_sentinelMaster, m_hello.primary)),
                true);
            return false;
        }
        m_hello.mode = QStringLiteral("sentinel");
    }
    return true;
}

} // namespace pelscope
