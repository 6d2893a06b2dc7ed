#include "arq_reader.h"

#include <QSet>

namespace pelscope {

void ArqReader::addQueue(const QByteArray &key)
{
    if (m_queues.count(key) || qsizetype(m_queues.size()) >= kMaxQueues)
        return;
    m_queues[key];
    m_needsAnotherTick = true;
}

void ArqReader::planReads(qint64 nowMs)
{
    const QByteArray now = QByteArray::number(nowMs);
    for (auto &[key, q] : m_queues) {
        q.total = ask({"ZCARD", key});
        q.due = ask({"ZCOUNT", key, "-inf", now});
        q.sample = ask({"ZRANGEBYSCORE", key, "-inf", now, "WITHSCORES", "LIMIT", "0", QByteArray::number(kHeldSample)});
        q.health = ask({"PTTL", key + ":health-check"});
        q.running.clear();
        for (const Due &d : std::as_const(q.oldestDue))
            q.running.append(ask({"EXISTS", "arq:in-progress:" + d.id}));
    }
}

void ArqReader::parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out)
{
    m_needsAnotherTick = false;
    for (auto &[key, q] : m_queues) {
        JobQueueSnapshot row;
        row.framework = JobFramework::Arq;
        row.name = key;
        row.key = key;
        row.parts = {JobPart::inSortedSet(JobPart::Role::Waiting, key, JobPart::Score::Due, 1.0, "arq:job:")}; // job ids scored by due ms
        row.error = errorAmong({q.total, q.due, q.sample, q.health});
        QList<Due> dueNow;
        const RedisReply &sample = reply(q.sample);
        for (qsizetype i = 0; i + 1 < sample.size(); i += 2) {
            bool ok = false;
            const double ms = sample.at(i + 1).bytes().toDouble(&ok);
            dueNow.append({sample.at(i).bytes(), ok && ms > 0 && ms < 253'402'300'799'000.0 ? qint64(ms) : 0});
        }
        if (row.error.isEmpty()) {
            const std::optional<qint64> total = replyCount(reply(q.total)), due = replyCount(reply(q.due));
            // Running: the oldest due jobs, as read last tick, whose in-progress key is there.
            QSet<QByteArray> running;
            bool runningKnown = q.running.size() == q.oldestDue.size();
            for (qsizetype i = 0; runningKnown && i < q.oldestDue.size(); ++i) {
                const std::optional<qint64> exists = replyCount(reply(q.running.at(i)));
                runningKnown = exists.has_value();
                if (exists && *exists > 0)
                    running.insert(q.oldestDue.at(i).id);
            }
            if (total && due)
                row.scheduled = std::max<qint64>(0, *total - *due); // deferred, not yet due
            if (runningKnown) {
                qint64 active = 0;
                const Due *oldestWaiting = nullptr;
                for (const Due &d : std::as_const(dueNow)) {
                    // A job due since last tick counts as waiting until its
                    // in-progress key is read, next tick.
                    const bool wasRead = std::any_of(q.oldestDue.cbegin(), q.oldestDue.cend(), [&](const Due &o) { return o.id == d.id; });
                    m_needsAnotherTick = m_needsAnotherTick || !wasRead;
                    if (running.contains(d.id))
                        ++active;
                    else if (!oldestWaiting)
                        oldestWaiting = &d;
                }
                row.active = active;
                row.heldSampled = dueNow.size();
                if (due)
                    row.waiting = std::max<qint64>(0, *due - active); // beyond the sample, a due job counts as waiting
                if (oldestWaiting && oldestWaiting->dueMs > 0)
                    row.oldestWaitingMs = std::max<qint64>(0, nowMs - oldestWaiting->dueMs);
                row.notTakenForMs = q.taken.update(oldestWaiting ? oldestWaiting->id : QByteArray(), row.waiting, nowMs);
            } else {
                m_needsAnotherTick = true;
            }
            // PTTL -2: no health check key, no worker in a health_check_interval.
            if (const RedisReply &h = reply(q.health); h.isInteger() && h.toInt() == -2)
                row.workers = 0;
        }
        q.oldestDue = dueNow;
        out.append(row);
    }
}

} // namespace pelscope
