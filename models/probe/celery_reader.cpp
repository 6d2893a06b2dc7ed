#include "celery_reader.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace pelscope {

namespace {

// kombu's separator between a binding's fields and before a priority step.
const QByteArray kSep("\x06\x16", 2);

// The list of priority step `step` (0: the plain list).
QByteArray stepList(const QByteArray &queue, const QByteArray &sep, int step)
{
    return step == 0 ? queue : queue + sep + QByteArray::number(step);
}

std::optional<qint64> scoreMs(const RedisReply &withScores)
{
    if (withScores.size() != 2)
        return std::nullopt;
    bool ok = false;
    const double s = withScores.at(1).bytes().toDouble(&ok);
    return ok ? secondsToMs(s) : std::nullopt;
}

} // namespace

void CeleryReader::setBindings(QList<QByteArray> bindings)
{
    m_bindings = bindings.mid(0, kMaxBindings);
    m_bindingSets.assign(m_bindings.size(), SetPager(kMaxQueues * 2));
}

void CeleryReader::planReads(qint64 nowMs)
{
    // Each binding set a page a tick (SSCAN) and its size, never all of it
    // at once: a set of a million members cost the server seconds a poll.
    m_bindingReads.clear();
    for (qsizetype i = 0; i < m_bindings.size(); ++i)
        m_bindingReads.append({ask(m_bindingSets.at(i).scan(m_bindings.at(i))), ask(SetPager::card(m_bindings.at(i)))});
    for (auto &[name, q] : m_queues) {
        q.lengths.clear();
        for (int step = 0; step < kSteps; ++step)
            q.lengths.append(ask({"LLEN", stepList(name, q.sep, step)}));
        q.heads.fill(-1, kSteps);
        q.headRead = q.pacer.due(nowMs);
        if (!q.headRead)
            continue;
        // The next message of each list that held any last tick (all of them the first time).
        if (q.held.size() != kSteps)
            q.held.fill(-1, kSteps); // unknown: read them all
        for (int step = 0; step < kSteps; ++step)
            if (q.held.at(step) != 0 || step == 0)
                q.heads[step] = ask({"LINDEX", stepList(name, q.sep, step), "-1"});
    }
    m_reserved = ask({"ZCARD", "unacked_index"});
    // Past the timeout and kombu's restore pace (a live worker gives
    // reservations back about every 100 s; a grace no longer than the timeout
    // itself): nobody is giving them back.
    const qint64 graceMs = std::min(kRestorePaceMs, m_visibilityTimeoutMs);
    m_overdue = ask({"ZCOUNT", "unacked_index", "-inf", QByteArray::number(double(nowMs - m_visibilityTimeoutMs - graceMs) / 1000.0, 'f', 3)});
    m_oldest = ask({"ZRANGE", "unacked_index", "0", "0", "WITHSCORES"});
    m_newest = ask({"ZRANGE", "unacked_index", "-1", "-1", "WITHSCORES"});
    m_newestMessage = !m_newestTag.isEmpty() && m_newestTag != m_newestTagRead && m_newestPacer.due(nowMs) ? ask({"HGET", "unacked", m_newestTag}) : -1;
}

namespace {

// kombu's restore sets headers.redelivered on a message it gives back.
bool redelivered(const QJsonObject &message)
{
    return message.value(QLatin1String("headers")).toObject().value(QLatin1String("redelivered")).toBool();
}

} // namespace

void CeleryReader::parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out)
{
    m_needsAnotherTick = false;
    const std::optional<qint64> reserved = replyCount(reply(m_reserved));
    const std::optional<qint64> newestMs = scoreMs(reply(m_newest));
    for (auto &[name, q] : m_queues) {
        JobQueueSnapshot row;
        row.framework = JobFramework::Celery;
        row.name = name;
        row.key = name;
        row.parts = {JobPart::inList(JobPart::Role::Waiting, name)};
        for (const int slot : std::as_const(q.lengths))
            if (reply(slot).isError())
                row.error = errorAmong({slot});
        if (row.error.isEmpty()) {
            qint64 waiting = 0;
            q.held.resize(kSteps);
            for (int step = 0; step < kSteps; ++step) {
                const qint64 n = replyCount(reply(q.lengths.at(step))).value_or(0);
                waiting += n;
                q.held[step] = n;
                if (step > 0 && n > 0) // kombu's priority steps in use, each a list of its own
                    row.parts.append(JobPart::inList(JobPart::Role::Waiting, stepList(name, q.sep, step)));
            }
            row.waiting = waiting;
            // The next message: the first list in kombu's BRPOP order that holds one.
            q.pacer.length(row.waiting);
            std::optional<qint64> watched;
            if (q.headRead) {
                QByteArray head;
                for (qsizetype i = 0; head.isEmpty() && i < q.heads.size(); ++i)
                    if (q.heads.at(i) >= 0)
                        head = reply(q.heads.at(i)).bytes();
                q.pacer.read(head.size(), nowMs);
                watched = q.taken.update(head, row.waiting, nowMs);
                if (redelivered(jobJson(head)))
                    row.redelivered = 1; // the next task is one kombu gave back
            } else {
                watched = q.taken.keep(row.waiting, nowMs);
            }
            // Reservations are per database, not per queue: none at all while
            // tasks wait means no worker holds any; the newest one's age is how
            // long no task of any queue was taken (the worker's clock).
            if (reserved && *reserved == 0)
                row.active = 0;
            std::optional<qint64> sinceReserved;
            if (waiting > 0 && newestMs)
                sinceReserved = std::max<qint64>(0, nowMs - *newestMs);
            if (watched || sinceReserved)
                row.notTakenForMs = std::max(watched.value_or(0), sinceReserved.value_or(0));
        }
        out.append(row);
    }
    // The reservations, one row: how many, and those past the visibility timeout.
    JobQueueSnapshot unacked;
    unacked.framework = JobFramework::Celery;
    unacked.name = "unacked";
    unacked.key = "unacked_index";
    // Delivery tags scored by when a worker reserved them (the messages are
    // the fields of the hash `unacked`).
    unacked.parts = {JobPart::inSortedSet(JobPart::Role::Reserved, "unacked_index", JobPart::Score::Since, 1000.0)};
    // The newest reservation, and (read once) whether kombu had given it back before.
    if (m_newestMessage >= 0 && !reply(m_newestMessage).isError()) {
        m_newestPacer.read(reply(m_newestMessage).bytes().size(), nowMs);
        const QByteArray &bytes = reply(m_newestMessage).bytes();
        const QJsonArray entry = bytes.size() <= kValueCap ? QJsonDocument::fromJson(bytes).array() : QJsonArray();
        m_newestRedelivered = redelivered(entry.at(0).toObject());
        m_newestTagRead = m_newestTag;
    }
    const RedisReply &newest = reply(m_newest);
    m_newestTag = newest.size() == 2 ? newest.at(0).bytes().left(256) : QByteArray();
    m_needsAnotherTick = m_needsAnotherTick || (!m_newestTag.isEmpty() && m_newestTag != m_newestTagRead);
    if (m_newestTag != m_newestTagRead)
        m_newestRedelivered = false;
    unacked.error = errorAmong({m_reserved, m_overdue, m_oldest});
    if (unacked.error.isEmpty()) {
        unacked.active = reserved;
        unacked.orphaned = replyCount(reply(m_overdue));
        unacked.heldSampled = reserved.value_or(0);
        unacked.redelivered = m_newestRedelivered ? 1 : 0;
        if (const auto oldest = scoreMs(reply(m_oldest)); oldest && unacked.orphaned && *unacked.orphaned > 0)
            unacked.oldestOrphanedMs = std::max<qint64>(0, nowMs - *oldest);
    }
    out.append(unacked);

    // The queues for the next tick, from the bindings' third fields (kept as
    // they were when a binding could not be read).
    for (qsizetype i = 0; i < m_bindingReads.size(); ++i)
        if (!m_bindingSets[i].take(reply(m_bindingReads.at(i).first), reply(m_bindingReads.at(i).second)))
            return;
    std::map<QByteArray, Queue> next;
    for (const SetPager &set : m_bindingSets)
        for (const QByteArray &member : set.members()) {
            // "routing_key<sep>pattern<sep>queue", split as kombu splits it:
            // exactly three fields, with its default separator or ":".
            QByteArray sep = kSep;
            QList<QByteArray> fields;
            if (member.contains(kSep)) {
                for (qsizetype from = 0;;) {
                    const qsizetype at = member.indexOf(kSep, from);
                    fields.append(member.mid(from, at < 0 ? -1 : at - from));
                    if (at < 0)
                        break;
                    from = at + kSep.size();
                }
            } else {
                sep = ":";
                fields = member.split(':');
            }
            const QByteArray queue = fields.size() == 3 ? fields.at(2) : QByteArray();
            if (queue.isEmpty() || queue.endsWith(".pidbox") || next.size() >= std::size_t(kMaxQueues))
                continue;
            auto it = m_queues.find(queue);
            m_needsAnotherTick = m_needsAnotherTick || it == m_queues.end();
            Queue &q = next[queue] = it == m_queues.end() ? Queue{} : std::move(it->second);
            q.sep = sep;
        }
    m_queues = std::move(next);
}

} // namespace pelscope
