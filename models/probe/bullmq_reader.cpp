#include "bullmq_reader.h"

#include "../text/display_text.h"

#include <QCoreApplication>

#include <cmath>

namespace pelscope {

namespace {

// BullMQ 5 scores a delayed job by its due time in ms × 4096 plus a 12-bit
// counter (bullmq's addDelayedJob: timestamp * 0x1000 + (counter & 0xfff)).
constexpr double kDelayFactor = 4096.0;

std::optional<qint64> optInt(const RedisReply &r)
{
    return r.isError() || r.isNil() ? std::nullopt : r.toInt();
}

} // namespace

BullMqReader::BullMqReader(QList<QPair<QByteArray, QByteArray>> queues)
{
    for (const auto &[prefix, name] : queues)
        addQueue(prefix, name);
}

void BullMqReader::addQueue(const QByteArray &prefix, const QByteArray &name)
{
    for (const Queue &q : m_queues)
        if (q.prefix == prefix && q.name == name)
            return;
    Queue q;
    q.prefix = prefix;
    q.name = name;
    m_queues.append(q);
}

bool BullMqReader::wantsAnotherTick() const
{
    for (const Queue &q : m_queues)
        if (q.needsIds)
            return true;
    return false;
}

void BullMqReader::planReads(qint64 nowMs)
{
    for (Queue &q : m_queues) {
        const QByteArray base = q.prefix + ':' + q.name + ':';
        Slots &s = q.slots;
        s = Slots{};
        // Held jobs first, then the list they must still be in: a job that
        // finished between the two reads is gone from both, never "stalled".
        for (const QByteArray &id : std::as_const(q.activeSample))
            s.locks.append({id, ask({"EXISTS", base + id + ":lock"})});
        if (!q.oldestId.isEmpty())
            s.oldestTime = ask({"HMGET", base + q.oldestId, "timestamp", "delay"});
        if (!q.newestFailedId.isEmpty() && q.failedReasonOf != q.newestFailedId)
            s.failedReason = ask({"HGET", base + q.newestFailedId, "failedReason"});
        s.meta = ask({"HMGET", base + "meta", "paused", "version"});
        s.wait = ask({"LLEN", base + "wait"});
        s.paused = ask({"LLEN", base + "paused"});
        s.prioritized = ask({"ZCARD", base + "prioritized"});
        s.active = ask({"LLEN", base + "active"});
        s.activeIds = ask({"LRANGE", base + "active", QByteArray::number(-kHeldSample), "-1"});
        s.delayed = ask({"ZCARD", base + "delayed"});
        s.due = ask({"ZCOUNT", base + "delayed", "-inf", QByteArray::number(double(nowMs) * kDelayFactor + (kDelayFactor - 1), 'f', 0)});
        s.earliest = ask({"ZRANGE", base + "delayed", "0", "0", "WITHSCORES"});
        s.failed = ask({"ZCARD", base + "failed"});
        s.newestFailed = ask({"ZREVRANGE", base + "failed", "0", "0"});
        s.head = ask({"LINDEX", base + "wait", "-1"});
        s.exists = ask({"EXISTS", base + "meta", base + "id", base + "events"});
    }
}

void BullMqReader::parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out)
{
    for (Queue &q : m_queues) {
        const Slots &s = q.slots;
        JobQueueSnapshot row;
        row.framework = JobFramework::BullMQ;
        row.prefix = q.prefix;
        row.name = q.name;
        row.key = q.prefix + ':' + q.name + ":wait";
        if (reply(s.exists).toInt().value_or(0) == 0 && !reply(s.exists).isError()) {
            // Not a BullMQ queue (a key that only looked like one), or one
            // deleted whole: no row.
            q.needsIds = false;
            continue;
        }
        row.error = errorAmong({s.meta, s.wait, s.paused, s.prioritized, s.active, s.activeIds, s.delayed, s.due, s.earliest, s.failed, s.head});
        if (!row.error.isEmpty()) {
            out.append(row);
            continue;
        }
        const RedisReply &meta = reply(s.meta);
        row.paused = meta.size() >= 1 && meta.at(0).bytes() == "1";
        if (meta.size() >= 2 && !meta.at(1).isNil())
            row.version = QString::fromUtf8(meta.at(1).bytes());
        const auto wait = optInt(reply(s.wait)), paused = optInt(reply(s.paused)), prioritized = optInt(reply(s.prioritized));
        if (wait && paused && prioritized)
            row.waiting = *wait + *paused + *prioritized;
        row.active = optInt(reply(s.active));
        row.scheduled = optInt(reply(s.delayed));
        row.overdue = optInt(reply(s.due));
        const RedisReply &earliest = reply(s.earliest);
        if (row.overdue && *row.overdue > 0 && earliest.size() == 2) {
            bool ok = false;
            const double score = earliest.at(1).bytes().toDouble(&ok);
            if (ok && std::isfinite(score) && score >= 0)
                row.oldestOverdueMs = std::max<qint64>(0, nowMs - qint64(std::floor(score / kDelayFactor)));
        }
        row.failed = optInt(reply(s.failed));

        // Held jobs: those in the sample last tick and still active now,
        // whose lock key is gone.
        QList<QByteArray> activeNow;
        for (const RedisReply &id : reply(s.activeIds).elements())
            activeNow.append(id.bytes());
        qint64 orphaned = 0;
        for (const auto &[id, slot] : s.locks)
            if (activeNow.contains(id) && reply(slot).toInt() == 0)
                ++orphaned;
        row.heldSampled = s.locks.size();
        if (!q.activeSample.isEmpty() || activeNow.isEmpty())
            row.orphaned = orphaned;
        q.needsIds = q.activeSample.isEmpty() && !activeNow.isEmpty();
        q.activeSample = activeNow;

        // The oldest waiting job (the right end of wait): its own time.
        const QByteArray head = reply(s.head).bytes();
        const RedisReply &times = reply(s.oldestTime);
        if (!head.isEmpty() && head == q.oldestId && times.size() == 2) {
            if (const auto created = times.at(0).toInt())
                row.oldestWaitingMs = std::max<qint64>(0, nowMs - (*created + times.at(1).toInt().value_or(0)));
        }
        q.needsIds = q.needsIds || (!head.isEmpty() && head != q.oldestId);
        q.oldestId = head;
        row.notTakenForMs = q.taken.update(head, wait, nowMs);

        const QByteArray newest = reply(s.newestFailed).size() > 0 ? reply(s.newestFailed).at(0).bytes() : QByteArray();
        if (s.failedReason >= 0 && !reply(s.failedReason).isError()) {
            q.failedReason = displayBytes(reply(s.failedReason).bytes().left(500));
            q.failedReasonOf = q.newestFailedId;
        }
        q.needsIds = q.needsIds || (!newest.isEmpty() && newest != q.failedReasonOf);
        q.newestFailedId = newest;
        if (!newest.isEmpty() && newest == q.failedReasonOf)
            row.newestFailure = q.failedReason;
        out.append(row);
    }
}

} // namespace pelscope
