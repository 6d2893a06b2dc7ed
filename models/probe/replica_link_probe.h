// read_from=replica: how far behind its primary the polled replica is. The
// replica's side is its INFO replication, riding in the tick's batch; the
// primary's offset is one O(1) ROLE per tick on a small side connection, the
// only command Pelscope sends to the primary in this mode.
#pragma once

#include "../redis/redis_connection.h"
#include "../snapshot/snapshot.h"

#include <QObject>
#include <functional>

namespace pelscope {

class ReplicaLinkProbe : public QObject
{
    Q_OBJECT
public:
    explicit ReplicaLinkProbe(ConnectionOptions options, QObject *parent = nullptr);
    ~ReplicaLinkProbe() override;

    // Appended to the replica's batch every tick.
    static RedisCommand replicaCommand() { return {"INFO", "replication"}; }
    // The replica's INFO says role:master: it was promoted under us.
    static bool replicaPromoted(const RedisReply &info);

    // host:port the replica follows (its ROLE, later its INFO replication);
    // the side connection moves when it changes (a failover repoints replicas).
    void setPrimary(const QString &address);
    void setAutoReconnect(bool on);
    // At the start of a tick: ROLE on the primary if its connection is up.
    void askPrimary();
    bool asking() const { return m_asking; }
    // Runs `then` once, when the ROLE in flight is answered or has failed.
    void whenAnswered(std::function<void()> then) { m_then = std::move(then); }
    // The replica's INFO replication with the primary's answer of this tick.
    ReplicaSnapshot read(const RedisReply &info, const QString &replicaAddress);
    void stop();

private:
    ConnectionOptions m_options; // the side connection's: the primary, never a replica
    RedisConnection *m_primary = nullptr;
    QString m_primaryAddress;
    bool m_autoReconnect = true;
    bool m_asking = false;
    std::function<void()> m_then;
    std::optional<qint64> m_primaryOffset; // this tick's ROLE
    QString m_primaryError;                // why there is none
};

} // namespace pelscope
