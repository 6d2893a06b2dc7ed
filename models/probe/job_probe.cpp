#include "job_probe.h"

#include "../health/job_rules.h"
#include "bullmq_reader.h"

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
    m_systems.merge(systems);
}

void JobProbe::plan(RedisBatch &batch, qint64 nowMs)
{
    m_planned = 0;
    for (const auto &r : m_readers) {
        r->plan(batch, nowMs);
        m_planned += r->planned();
    }
}

void JobProbe::parse(const RedisReplies &replies, qint64 nowMs, const HealthThresholds &t, SnapshotData &data)
{
    qsizetype at = 0;
    for (const auto &r : m_readers) {
        r->parse(replies.mid(at, r->planned()), nowMs, data.jobQueues);
        at += r->planned();
    }
    for (JobQueueSnapshot &q : data.jobQueues)
        q.health = evaluateJobQueue(q, t);
    std::stable_sort(data.jobQueues.begin(), data.jobQueues.end(), [](const JobQueueSnapshot &a, const JobQueueSnapshot &b) {
        return std::tie(a.framework, a.prefix, a.name) < std::tie(b.framework, b.prefix, b.name);
    });
}

bool JobProbe::wantsAnotherTick() const
{
    return std::any_of(m_readers.cbegin(), m_readers.cend(), [](const auto &r) { return r->wantsAnotherTick(); });
}

} // namespace pelscope
