#include "rq_reader.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QtEndian>

#include <cmath>

namespace pelscope {

namespace {

// A ZRANGE ... WITHSCORES reply's first score, in whole seconds.
std::optional<qint64> firstScoreMs(const RedisReply &r)
{
    if (r.size() != 2)
        return std::nullopt;
    bool ok = false;
    const double s = r.at(1).bytes().toDouble(&ok);
    return ok ? secondsToMs(s) : std::nullopt;
}

// zlib's stream as RQ writes it; qUncompress wants the expected size in front.
QByteArray inflated(const QByteArray &zlib)
{
    QByteArray sized(4, '\0');
    qToBigEndian<quint32>(quint32(std::min<qsizetype>(zlib.size() * 16, 1 << 24)), sized.data());
    return qUncompress(sized + zlib);
}

} // namespace

QString rqFailureText(const QByteArray &excInfo, const RedisReply &newestResult)
{
    if (!excInfo.isEmpty()) {
        if (excInfo.startsWith("x\x9c"))
            return QString::fromUtf8(inflated(excInfo)); // zlib.compress(b'') inflates to nothing: no error kept there
        return QString::fromUtf8(excInfo);
    }
    const QList<RedisReply> fields = newestResult.at(0).at(1).elements();
    for (qsizetype i = 0; i + 1 < fields.size(); i += 2)
        if (fields.at(i).bytes() == "exc_string")
            return QString::fromUtf8(inflated(QByteArray::fromBase64(fields.at(i + 1).bytes())));
    return {};
}

QString RqReader::gap() const
{
    // rq:queues may list other keys too: the queues counted are those read.
    const qint64 listed = m_queueSet.size().value_or(0);
    if (listed > kMaxQueues && m_queues.size() >= std::size_t(kMaxQueues))
        return fillText(QStringLiteral("rq:queues lists %1 queues: %2 are read"), listed, kMaxQueues);
    const qint64 unread = std::count_if(m_queues.cbegin(), m_queues.cend(), [](const auto &q) { return !q.second.last; });
    return unread > 0 ? fillText(QStringLiteral("rq:queues lists %1 queues: %2 not read yet"), listed, unread) : QString();
}

void RqReader::planReads(qint64 nowMs)
{
    const QByteArray nowS = QByteArray::number(nowMs / 1000);
    m_queuesScan = ask(m_queueSet.scan("rq:queues"));
    m_queuesCard = ask(SetPager::card("rq:queues"));
    m_rotation.begin(qsizetype(m_queues.size()));
    qsizetype i = 0;
    for (auto &[name, q] : m_queues) {
        q.llen = -1;
        if (!m_rotation.reads(i++))
            continue;
        q.llen = ask({"LLEN", "rq:queue:" + name});
        q.head = ask({"LRANGE", "rq:queue:" + name, "0", QByteArray::number(kInLine - 1)}); // the next jobs in line, the first first
        q.headTime = q.oldestId.isEmpty() ? -1 : ask({"HGET", "rq:job:" + q.oldestId, "enqueued_at"});
        q.inLineTimes.clear();
        if (q.movedAtMs >= 0 && nowMs - q.movedAtMs < 60'000)
            for (const QByteArray &id : q.inLine.mid(1))
                q.inLineTimes.append({id, ask({"HGET", "rq:job:" + id, "enqueued_at"})});
        q.wip = ask({"ZCARD", "rq:wip:" + name});
        q.wipOverdue = ask({"ZCOUNT", "rq:wip:" + name, "-inf", nowS}); // score <= now: RQ's own test
        q.wipEarliest = ask({"ZRANGE", "rq:wip:" + name, "0", "0", "WITHSCORES"});
        q.failed = ask({"ZCARD", "rq:failed:" + name});
        q.newestFailed = ask({"ZREVRANGE", "rq:failed:" + name, "0", "0"});
        q.failureInfo = q.failureResult = -1;
        if (!q.newestFailedId.isEmpty() && q.failureOf != q.newestFailedId) {
            q.failureInfo = ask({"HGET", "rq:job:" + q.newestFailedId, "exc_info"});
            q.failureResult = ask({"XREVRANGE", "rq:results:" + q.newestFailedId, "+", "-", "COUNT", "1"});
        }
        q.scheduled = ask({"ZCARD", "rq:scheduled:" + name});
        q.due = ask({"ZCOUNT", "rq:scheduled:" + name, "-inf", nowS});
        q.earliestDue = ask({"ZRANGE", "rq:scheduled:" + name, "0", "0", "WITHSCORES"});
        // A page of the worker set, never all of it (SMEMBERS of a huge set
        // took the server's time every poll, issue 47): a small set comes
        // whole, deterministic while it does not change; SCARD says how many.
        q.workers = ask({"SSCAN", "rq:workers:" + name, "0", "COUNT", QByteArray::number(kMaxWorkersRead)});
        q.workersCard = ask({"SCARD", "rq:workers:" + name});
        q.workerHashes.clear();
        for (const QByteArray &w : q.workerKeys.mid(0, kMaxWorkersRead))
            q.workerHashes.append(ask({"HMGET", w, "last_heartbeat", "death"}));
    }
}

void RqReader::parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out)
{
    m_needsAnotherTick = false;
    for (auto &[name, q] : m_queues) {
        if (q.llen < 0) { // not read this tick: its last reading, said as such
            if (q.last)
                out.append(*q.last);
            continue;
        }
        JobQueueSnapshot row;
        row.framework = JobFramework::Rq;
        row.prefix = "rq";
        row.name = name;
        row.key = "rq:queue:" + name;
        // Job ids; each job the hash rq:job:<id>. Started jobs scored by their
        // heartbeat deadline, failed ones by when RQ lets them expire.
        row.parts = {JobPart::inList(JobPart::Role::Waiting, row.key, "rq:job:"),
                     JobPart::inSortedSet(JobPart::Role::Active, "rq:wip:" + name, JobPart::Score::Deadline, 1000.0, "rq:job:"),
                     JobPart::inSortedSet(JobPart::Role::Scheduled, "rq:scheduled:" + name, JobPart::Score::Due, 1000.0, "rq:job:"),
                     JobPart::inSortedSet(JobPart::Role::Failed, "rq:failed:" + name, JobPart::Score::Expiry, 1000.0, "rq:job:")};
        row.error = errorAmong({q.llen, q.head, q.wip, q.wipOverdue, q.failed, q.scheduled, q.due, q.workers, q.workersCard});
        row.readAtMs = nowMs;
        if (!row.error.isEmpty()) {
            q.last = row;
            out.append(row);
            continue;
        }
        row.waiting = replyCount(reply(q.llen));
        QList<QByteArray> inLine;
        for (const RedisReply &id : reply(q.head).elements().mid(0, kInLine))
            inLine.append(id.bytes().left(256));
        const QByteArray head = inLine.value(0);
        int timeSlot = head == q.oldestId ? q.headTime : -1;
        for (const auto &[id, slot] : std::as_const(q.inLineTimes))
            if (timeSlot < 0 && id == head)
                timeSlot = slot;
        if (!head.isEmpty() && timeSlot >= 0)
            if (const auto at = jobTimeMs(reply(timeSlot).bytes()))
                row.oldestWaitingMs = ageFrom(nowMs, *at);
        m_needsAnotherTick = m_needsAnotherTick || (!head.isEmpty() && timeSlot < 0);
        if (!head.isEmpty() && !q.oldestId.isEmpty() && head != q.oldestId)
            q.movedAtMs = nowMs;
        q.oldestId = head;
        q.inLine = inLine;
        row.notTakenForMs = q.taken.update(head, row.waiting, nowMs);
        row.active = replyCount(reply(q.wip));
        row.orphaned = replyCount(reply(q.wipOverdue));
        row.heldSampled = row.active.value_or(0);
        if (row.orphaned && *row.orphaned > 0)
            if (const auto deadline = firstScoreMs(reply(q.wipEarliest)))
                row.oldestOrphanedMs = std::max<qint64>(0, nowMs - *deadline);
        row.failed = replyCount(reply(q.failed));
        // The newest failure's error: read the tick after the newest failed job changed.
        if (q.failureInfo >= 0 && !reply(q.failureInfo).isError()) {
            // Its last line says what failed (a traceback's "RuntimeError: …").
            const QString text = rqFailureText(reply(q.failureInfo).bytes(), reply(q.failureResult).isError() ? RedisReply() : reply(q.failureResult));
            q.failure = displayText(text.trimmed().section(QLatin1Char('\n'), -1).trimmed().left(500));
            q.failureOf = q.newestFailedId;
        }
        const QByteArray newestFailed = reply(q.newestFailed).size() > 0 ? reply(q.newestFailed).at(0).bytes().left(256) : QByteArray();
        m_needsAnotherTick = m_needsAnotherTick || (!newestFailed.isEmpty() && newestFailed != q.failureOf);
        q.newestFailedId = newestFailed;
        if (!newestFailed.isEmpty() && newestFailed == q.failureOf)
            row.newestFailure = q.failure;
        row.scheduled = replyCount(reply(q.scheduled));
        row.overdue = replyCount(reply(q.due));
        if (row.overdue && *row.overdue > 0)
            if (const auto due = firstScoreMs(reply(q.earliestDue)))
                row.oldestOverdueMs = std::max<qint64>(0, nowMs - *due);

        // Workers: those listed whose hash is there without a death field.
        QList<QByteArray> listed;
        for (const RedisReply &w : reply(q.workers).at(1).elements())
            listed.append(w.bytes());
        std::sort(listed.begin(), listed.end());
        listed.erase(std::unique(listed.begin(), listed.end()), listed.end()); // SSCAN may return a member twice
        const std::optional<qint64> listedAll = replyCount(reply(q.workersCard));
        if (q.workerKeys == listed.mid(0, kMaxWorkersRead) && q.workerHashes.size() == std::min<qsizetype>(listed.size(), kMaxWorkersRead)) {
            qint64 alive = 0;
            // More listed than read: "none alive" is not known.
            bool known = listedAll && *listedAll <= std::min<qsizetype>(listed.size(), kMaxWorkersRead);
            for (qsizetype i = 0; i < q.workerHashes.size(); ++i) {
                const RedisReply &h = reply(q.workerHashes.at(i));
                if (h.isError()) {
                    known = false;
                    continue;
                }
                const bool gone = h.size() != 2 || h.at(0).isNil();
                if (!gone && h.at(1).isNil())
                    ++alive;
                else if (gone)
                    row.goneWorkers.append(displayBytes(listed.at(i).mid(10))); // without "rq:worker:"
            }
            if (alive > 0 || known)
                row.workers = alive;
        } else {
            m_needsAnotherTick = true;
        }
        q.workerKeys = listed.mid(0, kMaxWorkersRead);
        q.last = row;
        out.append(row);
    }
    // The queues for the next tick: rq:queues holds their keys (kept as they were when the read failed).
    if (!m_queueSet.take(reply(m_queuesScan), reply(m_queuesCard)))
        return;
    std::map<QByteArray, Queue> next;
    for (const QByteArray &k : m_queueSet.members()) {
        if (!k.startsWith("rq:queue:") || next.size() >= std::size_t(kMaxQueues))
            continue;
        const QByteArray name = k.mid(9);
        auto it = m_queues.find(name);
        if (it == m_queues.end())
            m_needsAnotherTick = true;
        next[name] = it == m_queues.end() ? Queue{} : std::move(it->second);
    }
    m_queues = std::move(next);
}

} // namespace pelscope
