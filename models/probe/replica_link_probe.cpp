#include "replica_link_probe.h"
#include "../text/display_text.h"

#include <QHash>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

QHash<QByteArray, QByteArray> infoFields(const RedisReply &info)
{
    QHash<QByteArray, QByteArray> fields;
    for (const QByteArray &raw : info.bytes().split('\n')) {
        const QByteArray line = raw.trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && !line.startsWith('#'))
            fields.insert(line.left(colon), line.mid(colon + 1));
    }
    return fields;
}

std::optional<qint64> number(const QHash<QByteArray, QByteArray> &fields, const char *key)
{
    bool ok = false;
    const qint64 v = fields.value(key).toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

} // namespace

ReplicaLinkProbe::ReplicaLinkProbe(ConnectionOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    m_options.readFromReplica = false;
    m_options.sentinel.reset(); // the replica names its primary: no sentinel needed
    if (m_options.transport == ConnectionOptions::Transport::Unix)
        m_options.transport = ConnectionOptions::Transport::Tcp; // replicas name TCP addresses
    m_options.clientName = "pelscope-role";                      // tells an operator what this connection on the primary is
    // A primary slow to answer ROLE must not hold the replica's tick for long.
    m_options.commandTimeoutMs = std::min(m_options.commandTimeoutMs, 1000);
}

ReplicaLinkProbe::~ReplicaLinkProbe() = default;

bool ReplicaLinkProbe::replicaPromoted(const RedisReply &info)
{
    return infoFields(info).value("role") == "master";
}

void ReplicaLinkProbe::setAutoReconnect(bool on)
{
    m_autoReconnect = on;
    if (m_primary)
        m_primary->setAutoReconnect(on);
}

void ReplicaLinkProbe::setPrimary(const QString &address)
{
    if (address == m_primaryAddress && m_primary)
        return;
    const qsizetype colon = address.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return;
    if (m_primary) {
        spdlog::info("read_from=replica: the replica now follows {} (was {})", address.toStdString(), m_primaryAddress.toStdString());
        m_primary->disconnect(this);
        m_primary->setAutoReconnect(false);
        m_primary->close();
        m_primary->deleteLater();
        m_primary = nullptr;
    }
    m_primaryAddress = address;
    ConnectionOptions o = m_options;
    o.host = address.left(colon);
    if (o.host.startsWith(QLatin1Char('[')))
        o.host = o.host.mid(1, o.host.size() - 2);
    o.port = quint16(address.mid(colon + 1).toUInt());
    m_primary = new RedisConnection(o, this);
    m_primary->setAutoReconnect(m_autoReconnect);
    m_primary->open();
}

void ReplicaLinkProbe::askPrimary()
{
    m_primaryOffset.reset();
    m_primaryError.clear();
    if (!m_primary) {
        m_primaryError = QStringLiteral("the replica names no primary");
        return;
    }
    const RedisConnection::State state = m_primary->state();
    if (state == RedisConnection::State::Disconnected || state == RedisConnection::State::Backoff) {
        // Not waited for: a primary that is down never delays the replica's tick.
        m_primaryError = m_primary->lastError().isError()
                             ? QStringLiteral("primary %1 not reachable: %2").arg(m_primaryAddress, m_primary->lastError().message)
                             : QStringLiteral("not connected to the primary %1").arg(m_primaryAddress);
        if (state == RedisConnection::State::Disconnected) // closed (stop, no auto-reconnect): try again
            m_primary->open();
        return;
    }
    // Ready, or still connecting (the first tick): the ROLE waits at most its
    // own short deadline, connect included.
    m_asking = true;
    m_primary->execute({{"ROLE"}}, this, [this](const RedisReplies &replies, const RedisError &error) {
        m_asking = false;
        const RedisReply role = replies.value(0);
        if (error.isError())
            m_primaryError = QStringLiteral("primary %1 not reachable: %2").arg(m_primaryAddress, error.message);
        else if (role.isError())
            m_primaryError =
                QStringLiteral("ROLE refused by the primary %1: %2 (the user needs +role)").arg(m_primaryAddress, displayBytes(role.bytes()));
        else if (role.at(0).bytes() != "master")
            m_primaryError = QStringLiteral("%1 is no longer a primary (ROLE %2)").arg(m_primaryAddress, displayBytes(role.at(0).bytes()));
        else
            m_primaryOffset = role.at(1).toInt();
        if (auto then = std::exchange(m_then, nullptr))
            then();
    });
}

ReplicaSnapshot ReplicaLinkProbe::read(const RedisReply &info, const QString &replicaAddress)
{
    ReplicaSnapshot r;
    r.address = replicaAddress;
    QStringList notes;
    if (info.isError() || !info.isString()) {
        notes << QStringLiteral("INFO replication failed on the replica: %1").arg(displayBytes(info.bytes()));
    } else {
        const QHash<QByteArray, QByteArray> f = infoFields(info);
        if (f.contains("master_host")) {
            const QString primary = QStringLiteral("%1:%2").arg(QString::fromUtf8(f.value("master_host")), QString::fromUtf8(f.value("master_port")));
            setPrimary(primary); // follows a replica repointed by a failover
        }
        r.link = displayBytes(f.value("master_link_status"));
        r.offset = number(f, "slave_repl_offset");
        r.syncing = f.value("master_sync_in_progress") == "1";
        if (r.link == QLatin1String("up")) {
            r.lastIoS = number(f, "master_last_io_seconds_ago");
        } else {
            // -1: the link never came up since the replica started.
            r.linkDownS = number(f, "master_link_down_since_seconds");
            if (r.linkDownS && *r.linkDownS < 0)
                r.linkDownS.reset();
            // No seconds in the note: it would change every tick (link_down_s has them).
            notes << QStringLiteral("replication link to %1 is %2%3: the values are as of when it was last up")
                         .arg(m_primaryAddress, r.link.isEmpty() ? QStringLiteral("unknown") : r.link,
                              r.syncing ? QStringLiteral(" (full resync in progress)") : QString());
        }
    }
    r.primary = m_primaryAddress;
    r.primaryOffset = m_primaryOffset;
    if (r.primaryOffset && r.offset)
        r.lagBytes = std::max<qint64>(0, *r.primaryOffset - *r.offset); // read a moment apart: clamp
    else
        notes
            << QStringLiteral("offset lag unknown: %1").arg(m_primaryError.isEmpty() ? QStringLiteral("no offset from the replica") : m_primaryError);
    r.note = notes.join(QStringLiteral("; "));
    return r;
}

void ReplicaLinkProbe::stop()
{
    m_then = nullptr;
    m_asking = false;
    if (m_primary)
        m_primary->close();
}

} // namespace pelscope
