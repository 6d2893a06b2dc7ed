#include "job_probe.h"

#include "../health/job_rules.h"
#include "bullmq_reader.h"
#include "arq_reader.h"
#include "celery_reader.h"
#include "dramatiq_reader.h"
#include "rq_reader.h"
#include "sidekiq_reader.h"

#include <algorithm>

namespace pelscope {

JobProbe::JobProbe() = default;
JobProbe::~JobProbe() = default;

void JobProbe::found(const FoundJobSystems &systems)
{
    for (const auto &[prefix, name] : systems.bullmq) {
        if (!m_bullmq) {
            auto reader = std::make_unique<BullMqReader>(QList<QPair<QByteArray, QByteArray>>{});
            m_bullmq = reader.get();
            m_readers.push_back(std::move(reader));
        }
        m_bullmq->addQueue(prefix, name);
    }
    if (systems.sidekiq && !m_sidekiq) {
        m_sidekiq = true;
        m_readers.push_back(std::make_unique<SidekiqReader>());
    }
    if (systems.rq && !m_rq) {
        m_rq = true;
        m_readers.push_back(std::make_unique<RqReader>());
    }
    for (const auto &[ns, queue] : systems.dramatiq) {
        if (!m_dramatiq) {
            auto reader = std::make_unique<DramatiqReader>();
            m_dramatiq = reader.get();
            m_readers.push_back(std::move(reader));
        }
        m_dramatiq->addQueue(ns, queue);
    }
    for (const QByteArray &key : systems.arq) {
        if (!m_arq) {
            auto reader = std::make_unique<ArqReader>();
            m_arq = reader.get();
            m_readers.push_back(std::move(reader));
        }
        m_arq->addQueue(key);
    }
    m_systems.merge(systems);
    if (!m_systems.celeryBindings.isEmpty()) {
        if (!m_celery) {
            auto reader = std::make_unique<CeleryReader>(m_systems.celeryBindings);
            m_celery = reader.get();
            m_readers.push_back(std::move(reader));
        }
        m_celery->setBindings(m_systems.celeryBindings);
    }
}

void JobProbe::plan(RedisBatch &batch, qint64 nowMs)
{
    m_planned = 0;
    m_typeProbe = -1;
    if (m_discovering && (!m_sidekiq || !m_rq || !m_celery || !m_arq)) {
        m_typeProbe = int(batch.size());
        batch.append(RedisCommand{"TYPE", "queues"});
        batch.append(RedisCommand{"TYPE", "rq:queues"});
        batch.append(RedisCommand{"TYPE", "_kombu.binding.celery"});
        batch.append(RedisCommand{"TYPE", "arq:queue"});
        m_planned = 4;
    }
    m_clientList = -1;
    if ((m_bullmq || m_celery) && m_clients.due(nowMs)) {
        m_clientList = m_planned;
        batch.append(ClientRoster::command());
        ++m_planned;
    }
    if (m_celery)
        m_celery->setVisibilityTimeoutMs(m_visibilityTimeoutMs);
    if (m_dramatiq)
        m_dramatiq->setHeartbeatTimeoutMs(m_heartbeatTimeoutMs);
    for (const auto &r : m_readers) {
        r->plan(batch, nowMs);
        m_planned += r->planned();
    }
}

void JobProbe::parse(const RedisReplies &replies, qint64 nowMs, const HealthThresholds &t, SnapshotData &data)
{
    m_visibilityTimeoutMs = t.celeryVisibilityTimeoutMs;
    m_heartbeatTimeoutMs = t.dramatiqHeartbeatTimeoutMs;
    qsizetype at = 0;
    FoundJobSystems fixed;
    if (m_typeProbe >= 0) {
        fixed.sidekiq = replies.value(0).bytes() == "set";
        fixed.rq = replies.value(1).bytes() == "set";
        if (replies.value(2).bytes() == "set")
            fixed.celeryBindings = {"_kombu.binding.celery"};
        if (replies.value(3).bytes() == "zset")
            fixed.arq = {"arq:queue"};
        at = 4;
    }
    if (m_clientList >= 0)
        m_clients.take(replies.value(at++), nowMs);
    for (const auto &r : m_readers) {
        const qsizetype before = data.jobQueues.size();
        r->parse(replies.mid(at, r->planned()), nowMs, data.jobQueues);
        at += r->planned();
        for (qsizetype i = before; i < data.jobQueues.size(); ++i)
            if (data.jobQueues[i].readAtMs == 0) // read now; a carried row keeps its own
                data.jobQueues[i].readAtMs = nowMs;
    }
    if (fixed.any())
        found(fixed); // read from the next tick (a reader made now planned nothing this one)
    countConnectedWorkers(data.jobQueues);
    for (JobQueueSnapshot &q : data.jobQueues)
        q.health = evaluateJobQueue(q, t);
    // Queues a cap left unread are not "OK": the poll says which, and that
    // its picture of the server is incomplete (check: UNKNOWN, not OK with
    // "200 ok queues" while a 250th burned; issue 46).
    for (const auto &r : m_readers)
        if (const QString gap = r->gap(); !gap.isEmpty()) {
            data.warning = data.warning.isEmpty() ? gap : data.warning + QStringLiteral("; ") + gap;
            data.discoveryComplete = false;
        }
    std::stable_sort(data.jobQueues.begin(), data.jobQueues.end(), [](const JobQueueSnapshot &a, const JobQueueSnapshot &b) {
        return std::tie(a.framework, a.prefix, a.name) < std::tie(b.framework, b.prefix, b.name);
    });
}

void JobProbe::countConnectedWorkers(QList<JobQueueSnapshot> &rows) const
{
    if (!m_clients.known())
        return;
    // Connections say nothing of a queue's workers but that they are there.
    const qint64 celeryListeners = m_clients.patternSubscribers();
    const bool someoneWaitsOnLists = m_clients.blockedIn("brpop") > 0;
    for (JobQueueSnapshot &q : rows) {
        if (q.framework == JobFramework::BullMQ && !q.workers) {
            // Queue.getWorkers(): the blocking connections named for the queue.
            const QByteArray name = q.prefix + ':' + q.name.toBase64();
            q.workers = m_clients.named(name, name + ":w:");
        } else if (q.framework == JobFramework::Celery && q.key != "unacked_index") {
            // A worker listens on its pidbox (a pattern subscription) for as
            // long as it runs, busy or not; with remote control off, only its
            // BRPOP while idle shows. Nothing of the kind: nobody is there.
            if (celeryListeners > 0)
                q.workers = celeryListeners;
            else if (!someoneWaitsOnLists)
                q.workers = 0;
        }
    }
}

bool JobProbe::owns(const QByteArray &key) const
{
    return std::any_of(m_readers.cbegin(), m_readers.cend(), [&](const auto &r) { return r->owns(key); });
}

bool JobProbe::wantsAnotherTick() const
{
    return std::any_of(m_readers.cbegin(), m_readers.cend(), [](const auto &r) { return r->wantsAnotherTick(); });
}

} // namespace pelscope
