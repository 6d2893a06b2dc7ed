#include "bullmq_reader.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <QCoreApplication>

#include <cmath>

namespace pelscope {

namespace {

// BullMQ's keys for one queue (its Lua scripts): ids in lists and sorted sets,
// each job the hash <base><id>. The delayed set scores due ms × 4096 + a
// counter; failed scores the finishing ms; prioritized scores no time.
QList<JobPart> bullMqParts(const QByteArray &base)
{
    using R = JobPart::Role;
    using S = JobPart::Score;
    return {JobPart::inList(R::Waiting, base + "wait", base),
            JobPart::inList(R::Paused, base + "paused", base),
            JobPart::inSortedSet(R::Prioritized, base + "prioritized", S::None, 1.0, base),
            JobPart::inList(R::Active, base + "active", base),
            JobPart::inSortedSet(R::Scheduled, base + "delayed", S::Due, 1.0 / 4096.0, base),
            JobPart::inSortedSet(R::Failed, base + "failed", S::Since, 1.0, base)};
}

} // namespace

namespace {

// BullMQ 5 scores a delayed job by its due time in ms × 4096 plus a 12-bit
// counter (bullmq's addDelayedJob: timestamp * 0x1000 + (counter & 0xfff)).
constexpr double kDelayFactor = 4096.0;

} // namespace

BullMqReader::BullMqReader(QList<QPair<QByteArray, QByteArray>> queues)
{
    for (const auto &[prefix, name] : queues)
        addQueue(prefix, name);
}

void BullMqReader::addQueue(const QByteArray &prefix, const QByteArray &name)
{
    const QPair<QByteArray, QByteArray> key{prefix, name};
    if (m_known.contains(key))
        return;
    if (m_queues.size() >= kMaxQueues) {
        m_gap = fillText(QStringLiteral("more than %1 BullMQ queues: the first %1 are read"), kMaxQueues);
        return;
    }
    m_known.insert(key);
    Queue q;
    q.prefix = prefix;
    q.name = name;
    m_queues.append(q);
}

bool BullMqReader::wantsAnotherTick() const
{
    for (const Queue &q : m_queues)
        if ((q.layout == Queue::Layout::BullMQ && (q.needsIds || !q.last)) || !q.confirmed())
            return true;
    return false;
}

QString BullMqReader::gap() const
{
    if (!m_gap.isEmpty())
        return m_gap;
    const qsizetype unread = std::count_if(m_queues.cbegin(), m_queues.cend(), [](const Queue &q) { return q.layout == Queue::Layout::BullMQ && !q.last; });
    return unread > 0 ? fillText(QStringLiteral("%1 BullMQ queues: %2 not read yet"), m_queues.size(), unread) : QString();
}

bool BullMqReader::owns(const QByteArray &key) const
{
    for (const Queue &q : m_queues)
        if (q.confirmed() && key.size() > q.prefix.size() + q.name.size() + 2 && key.startsWith(q.prefix + ':' + q.name + ':'))
            return true;
    return false;
}

void BullMqReader::planReads(qint64 nowMs)
{
    m_rotation.begin(std::count_if(m_queues.cbegin(), m_queues.cend(), [](const Queue &q) { return q.layout == Queue::Layout::BullMQ; }));
    qsizetype read = 0;
    for (Queue &q : m_queues) {
        const QByteArray base = q.prefix + ':' + q.name + ':';
        Slots &s = q.slots;
        s = Slots{};
        if (q.layout == Queue::Layout::BullMQ && !m_rotation.reads(read++))
            continue; // its last row stands this tick (s.meta stays -1)
        if (!q.confirmed()) {
            s.confirm = ask({"HMGET", base + "meta", "version", "opts.maxLenEvents"});
            s.idType = ask({"TYPE", base + "id"});
            s.jobsType = ask({"TYPE", base + "jobs"});
            continue;
        }
        if (q.layout != Queue::Layout::BullMQ) { // not read: only whether it is still there
            s.exists = ask({"EXISTS", base + "id"});
            continue;
        }
        // Held jobs first, then the list they must still be in: a job that
        // finished between the two reads is gone from both, never "stalled".
        for (const QByteArray &id : std::as_const(q.activeSample))
            s.locks.append({id, ask({"EXISTS", base + id + ":lock"})});
        if (!q.oldestId.isEmpty())
            s.oldestTime = ask({"HMGET", base + q.oldestId, "timestamp", "opts"});
        if (q.movedAtMs >= 0 && nowMs - q.movedAtMs < 60'000)
            for (const QByteArray &id : q.inLine.mid(1))
                s.inLineTimes.append({id, ask({"HMGET", base + id, "timestamp", "opts"})});
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
        s.head = ask({"LRANGE", base + "wait", QByteArray::number(-kInLine), "-1"}); // the next jobs in line, the first last
        // With wait empty a worker takes the lowest-scored prioritized job
        // next (moveToActive: RPOPLPUSH wait, else ZPOPMIN prioritized).
        s.prioritizedHead = ask({"ZRANGE", base + "prioritized", "0", QByteArray::number(kInLine - 1)});
        // A worker with a rate limit INCRs this key as it takes a job and
        // expires it after the limit's duration (prepareJobForProcessing).
        s.limiter = ask({"PTTL", base + "limiter"});
        s.exists = ask({"EXISTS", base + "meta", base + "id", base + "events"});
        s.waitingChildren = ask({"ZCARD", base + "waiting-children"});
        s.parentsSample = ask({"ZRANGE", base + "waiting-children", "0", QByteArray::number(kParentsSample - 1)});
        for (const QByteArray &parent : std::as_const(q.parentsSample))
            s.dependencies.append({parent, ask({"SSCAN", base + parent + ":dependencies", "0", "COUNT", QByteArray::number(kChildrenSample)})});
        for (const auto &[parent, child] : std::as_const(q.childrenSample))
            s.children.append({parent, ask({"HMGET", child, "finishedOn", "failedReason"})});
    }
}

// Flow parents waiting on a child that failed for good (its hash has
// finishedOn and failedReason, yet it is still among the parent's
// unprocessed dependencies): BullMQ moves such a parent only when the flow
// said failParentOnFailure, ignore- or removeDependencyOnFailure, or
// continueParentOnFailure; otherwise it waits for ever.
void BullMqReader::readFlows(Queue &q, JobQueueSnapshot &row)
{
    const Slots &s = q.slots;
    row.waitingChildren = replyCount(reply(s.waitingChildren));
    QList<QByteArray> parentsNow;
    for (const RedisReply &id : reply(s.parentsSample).elements())
        parentsNow.append(id.bytes().left(256));
    QSet<QByteArray> stuck;
    for (const auto &[parent, slot] : s.children) {
        const RedisReply &child = reply(slot);
        if (!parentsNow.contains(parent) || child.size() != 2 || child.at(0).isNil() || child.at(1).isNil() || stuck.contains(parent))
            continue;
        stuck.insert(parent);
        QByteArray childKey;
        for (const auto &[p, c] : std::as_const(q.childrenSample))
            if (p == parent && childKey.isEmpty())
                childKey = c;
        row.stuckParents.append(fillText(QStringLiteral("%1 waits on %2, which failed: %3"), displayBytes(parent), displayBytes(childKey),
                                         displayBytes(child.at(1).bytes().left(300))));
    }
    // The children to look at next tick: those still unprocessed now.
    const QList<QPair<QByteArray, QByteArray>> asked = std::exchange(q.childrenSample, {});
    for (const auto &[parent, slot] : s.dependencies) {
        const RedisReply &page = reply(slot);
        if (!parentsNow.contains(parent) || page.size() != 2)
            continue;
        for (const RedisReply &child : page.at(1).elements().mid(0, kChildrenSample))
            q.childrenSample.append({parent, child.bytes().left(1024)});
    }
    q.needsIds = q.needsIds || (q.parentsSample != parentsNow && !parentsNow.isEmpty()) || q.childrenSample != asked;
    q.parentsSample = parentsNow;
}

JobQueueSnapshot BullMqReader::unreadRow(const Queue &q)
{
    JobQueueSnapshot row;
    row.framework = q.layout == Queue::Layout::Bull ? JobFramework::Bull : JobFramework::BeeQueue;
    row.prefix = q.prefix;
    row.name = q.name;
    row.key = q.prefix + ':' + q.name + (q.layout == Queue::Layout::BeeQueue ? ":waiting" : ":wait");
    row.error = fillText(QStringLiteral("%1 keeps this queue in keys Pelscope does not read: its health is unknown"), frameworkName(row.framework));
    return row;
}

void BullMqReader::parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out)
{
    for (Queue &q : m_queues) {
        const Slots &s = q.slots;
        if (!q.confirmed()) {
            const RedisReply &meta = reply(s.confirm);
            if (meta.size() == 2 && (!meta.at(0).isNil() || !meta.at(1).isNil()))
                q.layout = Queue::Layout::BullMQ; // read in full from the next tick
            else if (meta.isError() || reply(s.idType).isError() || reply(s.jobsType).isError())
                ; // asked again next tick
            else if (reply(s.jobsType).bytes() == "hash" && reply(s.idType).bytes() == "string")
                q.layout = Queue::Layout::BeeQueue;
            else if (reply(s.idType).bytes() == "string")
                q.layout = Queue::Layout::Bull;
            else
                m_rejected.insert({q.prefix, q.name});
            if (q.layout == Queue::Layout::Bull || q.layout == Queue::Layout::BeeQueue)
                out.append(unreadRow(q)); // said from this tick: nothing more is read
            continue;
        }
        if (q.layout != Queue::Layout::BullMQ) {
            if (reply(s.exists).toInt().value_or(1) == 0) {
                m_rejected.insert({q.prefix, q.name}); // gone; found again by discovery should it come back
                m_known.remove({q.prefix, q.name});
            } else {
                out.append(unreadRow(q));
            }
            continue;
        }
        if (s.meta < 0) { // not read this tick
            if (q.last)
                out.append(*q.last);
            continue;
        }
        JobQueueSnapshot row;
        row.framework = JobFramework::BullMQ;
        row.prefix = q.prefix;
        row.name = q.name;
        row.key = q.prefix + ':' + q.name + ":wait";
        row.readAtMs = nowMs;
        row.parts = bullMqParts(q.prefix + ':' + q.name + ':');
        if (reply(s.exists).toInt().value_or(0) == 0 && !reply(s.exists).isError()) {
            // Deleted whole (obliterated): no row, and nothing carried over
            // should it come back (ids start again at 1).
            const QByteArray prefix = q.prefix, name = q.name;
            q = Queue{};
            q.prefix = prefix;
            q.name = name;
            q.needsIds = false;
            continue;
        }
        row.error = errorAmong({s.meta, s.wait, s.paused, s.prioritized, s.active, s.activeIds, s.delayed, s.due, s.earliest, s.failed, s.head});
        if (!row.error.isEmpty()) {
            q.last = row;
            out.append(row);
            continue;
        }
        const RedisReply &meta = reply(s.meta);
        row.paused = meta.size() >= 1 && meta.at(0).bytes() == "1";
        if (meta.size() >= 2 && !meta.at(1).isNil())
            row.version = displayBytes(meta.at(1).bytes().left(64));
        const auto wait = replyCount(reply(s.wait)), paused = replyCount(reply(s.paused)), prioritized = replyCount(reply(s.prioritized));
        if (wait && paused && prioritized)
            row.waiting = *wait + *paused + *prioritized;
        row.active = replyCount(reply(s.active));
        row.scheduled = replyCount(reply(s.delayed));
        row.overdue = replyCount(reply(s.due));
        const RedisReply &earliest = reply(s.earliest);
        if (row.overdue && *row.overdue > 0 && earliest.size() == 2) {
            bool ok = false;
            const double score = earliest.at(1).bytes().toDouble(&ok);
            if (ok)
                if (const auto due = secondsToMs(std::floor(score / kDelayFactor) / 1000.0))
                    row.oldestOverdueMs = std::max<qint64>(0, nowMs - *due);
        }
        row.failed = replyCount(reply(s.failed));

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

        // The next job a worker takes (the right end of wait, else the first
        // prioritized one): its own time. For prioritized jobs that is the
        // next in line, not always the oldest: the oldest is at least as old.
        QList<QByteArray> inLine; // the next jobs a worker takes, in order
        const QList<RedisReply> &waitEnd = reply(s.head).elements();
        for (qsizetype i = waitEnd.size() - 1; i >= 0; --i)
            inLine.append(waitEnd.at(i).bytes());
        for (const RedisReply &id : reply(s.prioritizedHead).elements())
            inLine.append(id.bytes());
        inLine = inLine.mid(0, kInLine);
        const QByteArray head = inLine.value(0);
        // Taken within the limiter's duration by a worker that has a limit.
        if (const std::optional<qint64> limited = reply(s.limiter).toInt(); limited && *limited > 0)
            row.rateLimitMs = limited;
        int timesSlot = head == q.oldestId ? s.oldestTime : -1;
        for (const auto &[id, slot] : std::as_const(s.inLineTimes))
            if (timesSlot < 0 && id == head)
                timesSlot = slot;
        const RedisReply &times = reply(timesSlot);
        if (!head.isEmpty() && timesSlot >= 0 && times.size() == 2) {
            // Waiting since it was added, or since it fell due: a promoted
            // delayed job's hash says delay 0, its opts keep the delay.
            const std::optional<qint64> created = jobTimeMs(times.at(0).bytes());
            const double delay = times.at(1).bytes().size() <= 4096
                                     ? QJsonDocument::fromJson(times.at(1).bytes()).object().value(QLatin1String("delay")).toDouble()
                                     : 0.0;
            if (created && std::isfinite(delay) && delay >= 0 && delay < 1e13)
                row.oldestWaitingMs = ageFrom(nowMs, *created + qint64(delay));
        }
        q.needsIds = q.needsIds || (!head.isEmpty() && timesSlot < 0);
        if (!head.isEmpty() && !q.oldestId.isEmpty() && head != q.oldestId)
            q.movedAtMs = nowMs;
        q.oldestId = head;
        q.inLine = inLine;
        row.notTakenForMs = q.taken.update(head, wait && prioritized ? std::optional<qint64>(*wait + *prioritized) : std::nullopt, nowMs);

        const QByteArray newest = reply(s.newestFailed).size() > 0 ? reply(s.newestFailed).at(0).bytes() : QByteArray();
        if (s.failedReason >= 0 && !reply(s.failedReason).isError()) {
            q.failedReason = displayBytes(reply(s.failedReason).bytes().left(2000)).left(500);
            q.failedReasonOf = q.newestFailedId;
        }
        q.needsIds = q.needsIds || (!newest.isEmpty() && newest != q.failedReasonOf);
        q.newestFailedId = newest;
        if (!newest.isEmpty() && newest == q.failedReasonOf)
            row.newestFailure = q.failedReason;
        readFlows(q, row);
        q.last = row;
        out.append(row);
    }
    m_queues.removeIf([this](const Queue &q) { return m_rejected.contains({q.prefix, q.name}); });
    // A gone legacy queue may be found again: forget that it was rejected.
    for (auto it = m_rejected.begin(); it != m_rejected.end();)
        it = m_known.contains(*it) ? std::next(it) : m_rejected.erase(it);
}

} // namespace pelscope
