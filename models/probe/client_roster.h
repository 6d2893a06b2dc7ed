// Who is connected to the server (CLIENT LIST): the workers of the job
// frameworks that keep no heartbeat key but hold a connection. BullMQ names
// each worker's blocking connection "<prefix>:<base64 of the queue>" (with
// ":w:<name>" for a named worker) — its own Queue.getWorkers() reads exactly
// that; a Celery worker holds a pattern subscription (kombu's pidbox) and
// blocks in BRPOP on its queues. Read only while a reader wants it, at most
// every 10 s, every 60 s once the list is larger than 256 KB; refused (an ACL
// without +client|list, a managed server): unknown, asked again every 5 min.
// Between two reads the last one stands: a worker that died is counted for up
// to one period more.
#pragma once

#include "../redis/redis_reply.h"

#include <QHash>
#include <QString>

namespace pelscope {

class ClientRoster
{
public:
    static constexpr qint64 kEveryMs = 10'000;
    static constexpr qint64 kLargeEveryMs = 60'000;
    static constexpr qint64 kRefusedEveryMs = 300'000;
    static constexpr qsizetype kLargeBytes = 256 * 1024;
    static constexpr qsizetype kMaxClients = 100'000; // lines read at most; past that the count is unknown

    bool due(qint64 nowMs) const;
    static RedisCommand command() { return {"CLIENT", "LIST"}; }
    void take(const RedisReply &reply, qint64 nowMs);

    // A whole list has been read, and the last ask was not refused.
    bool known() const { return m_known; }
    // Clients named exactly `name`, or starting with `prefix` (when not empty).
    qint64 named(const QByteArray &name, const QByteArray &prefix) const;
    // Clients holding at least one pattern subscription.
    qint64 patternSubscribers() const { return m_patternSubscribers; }
    // Clients blocked now (flag b) in this command, lower case ("brpop").
    qint64 blockedIn(const QByteArray &command) const { return m_blocked.value(command); }
    // Why the roster is unknown ("NOPERM …"), empty when known or not yet asked.
    const QString &refusal() const { return m_refusal; }

private:
    QHash<QByteArray, qint64> m_names;
    QHash<QByteArray, qint64> m_blocked;
    qint64 m_patternSubscribers = 0;
    qint64 m_readAtMs = 0;
    qsizetype m_lastBytes = 0;
    bool m_asked = false;
    bool m_known = false;
    bool m_refused = false;
    QString m_refusal;
};

} // namespace pelscope
