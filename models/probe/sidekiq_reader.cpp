#include "sidekiq_reader.h"

#include "../snapshot/format.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace pelscope {

namespace {

std::optional<qint64> secondsField(const QJsonObject &o, const char *field)
{
    const QJsonValue v = o.value(QLatin1String(field));
    return v.isDouble() ? secondsToMs(v.toDouble()) : std::nullopt;
}

JobQueueSnapshot sidekiqRow(const QByteArray &name, const QByteArray &key)
{
    JobQueueSnapshot row;
    row.framework = JobFramework::Sidekiq;
    row.name = name;
    row.key = key;
    return row;
}

} // namespace

QString SidekiqReader::gap() const
{
    const qint64 listed = m_queueSet.size().value_or(0);
    if (listed > kMaxQueues)
        return fillText(QStringLiteral("%1 Sidekiq queues: %2 are read"), listed, kMaxQueues);
    const qint64 unread = std::count_if(m_queues.cbegin(), m_queues.cend(), [](const auto &q) { return !q.second.last; });
    return unread > 0 ? fillText(QStringLiteral("%1 Sidekiq queues: %2 not read yet"), listed, unread) : QString();
}

bool SidekiqReader::wantsAnotherTick() const
{
    // Also while a queue was never read: a one-shot check then reads the next window at once.
    return m_needsAnotherTick || std::any_of(m_queues.cbegin(), m_queues.cend(), [](const auto &q) { return !q.second.last; });
}

void SidekiqReader::planReads(qint64 nowMs)
{
    const QByteArray now = QByteArray::number(double(nowMs) / 1000.0, 'f', 3);
    m_queuesScan = ask(m_queueSet.scan("queues"));
    m_queuesCard = ask(SetPager::card("queues"));
    m_processesScan = ask(m_processSet.scan("processes"));
    m_processesCard = ask(SetPager::card("processes"));
    m_rotation.begin(qsizetype(m_queues.size()));
    qsizetype i = 0;
    for (auto &[name, q] : m_queues) {
        q.llen = q.head = -1;
        if (!m_rotation.reads(i++))
            continue;
        q.llen = ask({"LLEN", "queue:" + name});
        q.head = q.pacer.due(nowMs) ? ask({"LINDEX", "queue:" + name, "-1"}) : -1;
    }
    for (SetSlots *s : {&m_schedule, &m_retry}) {
        const QByteArray key = s == &m_schedule ? QByteArray("schedule") : QByteArray("retry");
        s->size = ask({"ZCARD", key});
        s->due = ask({"ZCOUNT", key, "-inf", now});
        s->earliest = ask({"ZRANGE", key, "0", "0", "WITHSCORES"});
    }
    m_deadSize = ask({"ZCARD", "dead"});
    m_deadNewest = ask({"ZREVRANGE", "dead", "0", "0"});
    for (auto &[id, p] : m_processes) {
        p.pttl = ask({"PTTL", id});
        p.fields = ask({"HMGET", id, "busy", "quiet", "info"});
        p.work6 = p.dead ? ask({"HGETALL", id + ":workers"}) : -1;
        p.work7 = p.dead ? ask({"HGETALL", id + ":work"}) : -1;
    }
}

void SidekiqReader::parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out)
{
    m_needsAnotherTick = false;
    // The processes first: which serve which queue, which died holding what.
    struct Seen
    {
        bool alive = false;
        bool quiet = false;
        bool heldRead = false; // its running jobs were read this tick (judged dead the tick before)
        QList<QByteArray> queues; // from its info JSON
        qint64 silentMs = 0;
        QMap<QByteArray, qint64> held; // queue -> running jobs (dead ones, read this tick)
    };
    std::map<QByteArray, Seen> seen;
    QStringList gone;
    std::map<QByteArray, QStringList> goneFrom; // queue -> gone processes that served it
    qint64 alive = 0;
    // Liveness not fully read (an error, more processes than read): no
    // queue is then said to have no worker.
    const bool processesRead = m_processSet.take(reply(m_processesScan), reply(m_processesCard));
    const bool queuesRead = m_queueSet.take(reply(m_queuesScan), reply(m_queuesCard));
    bool livenessKnown = processesRead && m_processSet.complete() && m_processSet.size().value_or(kMaxProcesses) < kMaxProcesses;
    for (auto &[id, p] : m_processes) {
        // PTTL's -2 ("no such key") and -1 are answers, not failures: replyCount() would call them unknown,
        // and with every process killed the queues' workers were then null for good (issue 46).
        const std::optional<qint64> pttl = reply(p.pttl).isError() ? std::nullopt : reply(p.pttl).toInt();
        if (!pttl || reply(p.fields).isError()) {
            livenessKnown = false;
            continue;
        }
        if (*pttl == -2) { // the hash expired: dead 60 s or more, nothing left to read
            // Basic fetch kept no copy of what it was running: say how many went with it.
            gone.append(p.lost > 0 ? fillText(QStringLiteral("%1 (its %2 running job(s) lost)"), displayBytes(id), formatCount(p.lost)) : displayBytes(id));
            for (const QByteArray &q : std::as_const(p.queues))
                goneFrom[q].append(gone.last());
            p.dead = false;
            continue;
        }
        Seen s;
        s.silentMs = *pttl >= 0 ? std::max<qint64>(0, 60'000 - *pttl) : 0;
        const RedisReply &f = reply(p.fields);
        // Quieted (TSTP): alive, but fetching no new work.
        const bool quiet = f.size() == 3 && f.at(1).bytes() == "true";
        s.alive = *pttl < 0 || s.silentMs < kDeadAfterMs;
        s.quiet = quiet;
        const QJsonObject info = f.size() == 3 ? jobJson(f.at(2).bytes()) : QJsonObject();
        for (const QJsonValue &q : info.value(QLatin1String("queues")).toArray())
            s.queues.append(q.toString().toUtf8());
        p.queues = s.queues;
        if (!s.alive) {
            s.heldRead = p.dead;
            qint64 running = 0;
            for (const int slot : {p.work6, p.work7}) {
                const QList<RedisReply> &kv = reply(slot).elements();
                for (qsizetype i = 1; i < kv.size(); i += 2) {
                    s.held[jobJson(kv.at(i).bytes()).value(QLatin1String("queue")).toString().toUtf8()]++;
                    ++running;
                }
            }
            if (s.heldRead && running > 0)
                p.lost = running;
            if (!p.dead)
                m_needsAnotherTick = true; // its running jobs are read next tick
        }
        p.dead = !s.alive;
        alive += s.alive;
        seen[id] = s;
    }

    for (auto &[name, q] : m_queues) {
        if (q.llen < 0) { // not read this tick: its last reading, said as such
            if (q.last)
                out.append(*q.last);
            continue;
        }
        JobQueueSnapshot row = sidekiqRow(name, "queue:" + name);
        row.parts = {JobPart::inList(JobPart::Role::Waiting, "queue:" + name)};
        row.error = q.head >= 0 ? errorAmong({q.llen, q.head}) : errorAmong({q.llen});
        if (row.error.isEmpty()) {
            row.waiting = replyCount(reply(q.llen));
            q.pacer.length(row.waiting);
            if (q.head >= 0) {
                const QByteArray head = reply(q.head).bytes();
                q.pacer.read(head.size(), nowMs);
                if (const auto at = secondsField(jobJson(head), "enqueued_at"))
                    row.oldestWaitingMs = ageFrom(nowMs, *at);
                row.notTakenForMs = q.taken.update(head, row.waiting, nowMs);
            } else {
                row.notTakenForMs = q.taken.keep(row.waiting, nowMs);
            }
            qint64 serving = 0, orphaned = 0;
            bool heldUnknown = false;
            for (const auto &[id, s] : seen) {
                const bool serves = s.queues.contains(name);
                serving += s.alive && serves && !s.quiet;
                if (!s.alive && (serves || s.held.contains(name))) {
                    const qint64 held = s.held.value(name);
                    orphaned += held;
                    heldUnknown = heldUnknown || !s.heldRead;
                    row.oldestOrphanedMs = std::max(row.oldestOrphanedMs.value_or(0), s.silentMs);
                    row.deadWorkers.append(fillText(QStringLiteral("%1 (no heartbeat for %2, holding %3)"), displayBytes(id), formatDuration(s.silentMs),
                                                    s.heldRead ? formatCount(held) : QStringLiteral("?")));
                }
            }
            if (serving > 0 || livenessKnown)
                row.workers = serving;
            if (orphaned > 0 || !heldUnknown)
                row.orphaned = orphaned;
            if (const auto it = goneFrom.find(name); it != goneFrom.end())
                row.goneWorkers = it->second;
        }
        row.readAtMs = nowMs;
        q.last = row;
        out.append(row);
    }

    for (const SetSlots *s : {&m_schedule, &m_retry}) {
        const bool schedule = s == &m_schedule;
        JobQueueSnapshot row = sidekiqRow(schedule ? "schedule" : "retry", schedule ? "schedule" : "retry");
        row.parts = {JobPart::inSortedSet(schedule ? JobPart::Role::Scheduled : JobPart::Role::Retries, row.key, JobPart::Score::Due, 1000.0)};
        row.error = errorAmong({s->size, s->due, s->earliest});
        if (row.error.isEmpty()) {
            row.scheduled = replyCount(reply(s->size));
            row.overdue = replyCount(reply(s->due));
            const RedisReply &e = reply(s->earliest);
            bool ok = false;
            const double due = e.size() == 2 ? e.at(1).bytes().toDouble(&ok) : 0;
            if (ok && row.overdue && *row.overdue > 0)
                if (const auto dueMs = secondsToMs(due))
                    row.oldestOverdueMs = std::max<qint64>(0, nowMs - *dueMs);
        }
        out.append(row);
    }
    JobQueueSnapshot dead = sidekiqRow("dead", "dead");
    dead.parts = {JobPart::inSortedSet(JobPart::Role::Dead, "dead", JobPart::Score::Since, 1000.0)};
    dead.error = errorAmong({m_deadSize, m_deadNewest});
    if (dead.error.isEmpty()) {
        dead.failed = replyCount(reply(m_deadSize));
        if (reply(m_deadNewest).size() > 0) {
            const QJsonObject job = jobJson(reply(m_deadNewest).at(0).bytes());
            dead.newestFailure = displayText(fillText(QStringLiteral("%1: %2"), job.value(QLatin1String("error_class")).toString().left(200),
                                                      job.value(QLatin1String("error_message")).toString().left(500)));
        }
    }
    out.append(dead);
    JobQueueSnapshot processes = sidekiqRow("processes", "processes");
    processes.error = errorAmong({m_processesScan, m_processesCard});
    if (processes.error.isEmpty() && livenessKnown)
        processes.workers = alive;
    processes.goneWorkers = gone;
    out.append(processes);

    // The registries for the next tick (kept as they were when a read failed).
    if (!queuesRead || !processesRead)
        return;
    std::map<QByteArray, Queue> queues;
    for (const QByteArray &k : m_queueSet.members()) {
        auto it = m_queues.find(k);
        m_needsAnotherTick = m_needsAnotherTick || it == m_queues.end();
        queues[k] = it == m_queues.end() ? Queue{} : std::move(it->second);
    }
    m_queues = std::move(queues);
    std::map<QByteArray, Process> processesNext;
    for (const QByteArray &k : m_processSet.members()) {
        auto it = m_processes.find(k);
        m_needsAnotherTick = m_needsAnotherTick || it == m_processes.end();
        processesNext[k] = it == m_processes.end() ? Process{} : it->second;
    }
    m_processes = std::move(processesNext);
}

} // namespace pelscope
