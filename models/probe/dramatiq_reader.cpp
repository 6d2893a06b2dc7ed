#include "dramatiq_reader.h"

#include "../snapshot/format.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

namespace pelscope {

namespace {

// The last line of the traceback dramatiq's Retries middleware keeps in a
// failed message's options ("ValueError: poison"), at most 200 characters.
QString failureOf(const QJsonObject &message)
{
    const QString tb = message.value(QLatin1String("options")).toObject().value(QLatin1String("traceback")).toString().trimmed();
    return tb.section(QLatin1Char('\n'), -1).left(200);
}

} // namespace

void DramatiqReader::addQueue(const QByteArray &ns, const QByteArray &queue)
{
    Namespace &n = m_namespaces[ns];
    if (n.queues.count(queue) || m_queueCount >= kMaxQueues)
        return;
    n.queues[queue];
    ++m_queueCount;
    m_needsAnotherTick = true;
}

bool DramatiqReader::owns(const QByteArray &key) const
{
    for (const auto &[ns, n] : m_namespaces)
        if (key.size() > ns.size() && key.startsWith(ns) && key.at(ns.size()) == ':')
            return true;
    return false;
}

void DramatiqReader::planReads(qint64 nowMs)
{
    // dramatiq's own test: dead when the last beat is at or before now − timeout.
    const QByteArray cutoff = QByteArray::number(nowMs - m_heartbeatTimeoutMs);
    for (auto &[ns, n] : m_namespaces) {
        const QByteArray base = ns + ':';
        n.alive = ask({"ZCOUNT", base + "__heartbeats__", "(" + cutoff, "+inf"});
        n.deadRead = ask({"ZRANGEBYSCORE", base + "__heartbeats__", "-inf", cutoff, "WITHSCORES", "LIMIT", "0", QByteArray::number(kMaxDeadRead)});
        for (auto &[name, q] : n.queues) {
            const QByteArray key = base + name;
            q.llen = ask({"LLEN", key});
            q.msgs = ask({"HLEN", key + ".msgs"});
            q.head = ask({"LINDEX", key, "0"});
            const bool large = !q.bigId.isEmpty() && q.bigId == q.oldestId && nowMs - q.bigReadAtMs < HeadPacer::kLargeEveryMs;
            q.headMessage = q.oldestId.isEmpty() || large ? -1 : ask({"HGET", key + ".msgs", q.oldestId});
            q.delayed = ask({"HLEN", key + ".DQ.msgs"});
            q.dead = ask({"ZCARD", key + ".XQ"});
            q.deadNewest = ask({"ZREVRANGE", key + ".XQ", "0", "0"});
            q.deadMessage = q.newestDeadId.isEmpty() ? -1 : ask({"HGET", key + ".XQ.msgs", q.newestDeadId});
            q.held.clear();
            for (const DeadBroker &b : std::as_const(n.dead)) {
                const QByteArray acks = base + "__acks__." + b.id + '.' + name;
                q.held.append(ask({"SCARD", acks}));
                q.held.append(ask({"SCARD", acks + ".DQ"}));
            }
        }
    }
}

void DramatiqReader::parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out)
{
    m_needsAnotherTick = false;
    for (auto &[ns, n] : m_namespaces) {
        // The brokers dead now, of those whose acks were read (a broker that
        // beat again since is alive: what it holds is its own).
        QList<DeadBroker> deadNow;
        const RedisReply &dead = reply(n.deadRead);
        for (qsizetype i = 0; i + 1 < dead.size(); i += 2) {
            bool ok = false;
            const qint64 beat = dead.at(i + 1).bytes().toLongLong(&ok);
            deadNow.append({dead.at(i).bytes(), ok ? beat : 0});
        }
        const auto stillDead = [&](const QByteArray &id) {
            return std::any_of(deadNow.cbegin(), deadNow.cend(), [&](const DeadBroker &b) { return b.id == id; });
        };
        const std::optional<qint64> alive = replyCount(reply(n.alive));
        for (auto &[name, q] : n.queues) {
            JobQueueSnapshot row;
            row.framework = JobFramework::Dramatiq;
            row.prefix = ns;
            row.name = name;
            row.key = ns + ':' + name;
            // Message ids (the messages are fields of <queue>.msgs); the
            // delayed queue is a queue of its own, the dead letters a sorted
            // set scored by the ms they died.
            row.parts = {JobPart::inList(JobPart::Role::Waiting, row.key), JobPart::inList(JobPart::Role::Scheduled, row.key + ".DQ"),
                         JobPart::inSortedSet(JobPart::Role::Dead, row.key + ".XQ", JobPart::Score::Since, 1.0)};
            row.error = errorAmong({n.alive, n.deadRead, q.llen, q.msgs, q.head, q.delayed, q.dead, q.deadNewest});
            if (!row.error.isEmpty()) {
                out.append(row);
                continue;
            }
            row.waiting = replyCount(reply(q.llen));
            const std::optional<qint64> unacked = replyCount(reply(q.msgs));
            if (row.waiting && unacked)
                row.active = std::max<qint64>(0, *unacked - *row.waiting); // two reads of one tick: a fetch between them can skew by its batch
            const QByteArray head = reply(q.head).isString() ? reply(q.head).bytes() : QByteArray();
            if (!head.isEmpty() && head == q.oldestId && q.headMessage >= 0) {
                const QJsonValue at = jobJson(reply(q.headMessage).bytes()).value(QLatin1String("message_timestamp"));
                if (at.isDouble() && at.toDouble() > 0)
                    row.oldestWaitingMs = ageFrom(nowMs, qint64(at.toDouble()));
            }
            m_needsAnotherTick = m_needsAnotherTick || (!head.isEmpty() && head != q.oldestId);
            if (q.headMessage >= 0) {
                const bool big = reply(q.headMessage).bytes().size() > kValueCap;
                q.bigId = big ? q.oldestId : QByteArray();
                q.bigReadAtMs = big ? nowMs : 0;
            }
            q.oldestId = head;
            row.notTakenForMs = q.taken.update(head, row.waiting, nowMs);
            row.scheduled = replyCount(reply(q.delayed));
            row.failed = replyCount(reply(q.dead));
            const RedisReply &newest = reply(q.deadNewest);
            const QByteArray newestId = newest.size() == 1 ? newest.at(0).bytes() : QByteArray();
            if (!newestId.isEmpty() && newestId == q.newestDeadId && q.deadMessage >= 0)
                row.newestFailure = displayText(failureOf(jobJson(reply(q.deadMessage).bytes())));
            m_needsAnotherTick = m_needsAnotherTick || newestId != q.newestDeadId;
            q.newestDeadId = newestId;

            // What the dead brokers hold of this queue and its delayed queue.
            qint64 orphaned = 0;
            bool known = q.held.size() == 2 * n.dead.size();
            for (qsizetype b = 0; known && b < n.dead.size(); ++b) {
                const DeadBroker &broker = n.dead.at(b);
                const std::optional<qint64> main = replyCount(reply(q.held.at(2 * b))), delayed = replyCount(reply(q.held.at(2 * b + 1)));
                if (!main || !delayed) {
                    known = false;
                    break;
                }
                if (!stillDead(broker.id) || *main + *delayed == 0)
                    continue;
                orphaned += *main + *delayed;
                const qint64 silentMs = broker.lastBeatMs > 0 ? std::max<qint64>(0, nowMs - broker.lastBeatMs) : 0;
                row.oldestOrphanedMs = std::max(row.oldestOrphanedMs.value_or(0), silentMs);
                row.deadWorkers.append(fillText(QStringLiteral("%1 (no heartbeat for %2, holding %3)"), displayBytes(broker.id),
                                                broker.lastBeatMs > 0 ? formatDuration(silentMs) : QStringLiteral("?"), formatCount(*main + *delayed)));
            }
            if (known)
                row.orphaned = orphaned;
            row.heldSampled = row.active.value_or(0);
            // Producers beat too: only "no broker beat at all" says no worker is alive.
            if (alive && *alive == 0)
                row.workers = 0;
            out.append(row);
        }
        const auto ids = [](const QList<DeadBroker> &l) {
            QList<QByteArray> out;
            for (const DeadBroker &b : l)
                out.append(b.id);
            return out;
        };
        if (ids(deadNow) != ids(n.dead))
            m_needsAnotherTick = true; // their acks are read next tick
        n.dead = deadNow;
    }
}

} // namespace pelscope
