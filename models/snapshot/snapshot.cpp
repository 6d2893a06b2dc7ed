#include "snapshot.h"

namespace pelscope {

const SnapshotData &Snapshot::data() const
{
    static const SnapshotData kEmpty;
    return m_data ? *m_data : kEmpty;
}

const StreamSnapshot *Snapshot::stream(const QByteArray &key) const
{
    for (const auto &s : data().streams)
        if (s.key == key)
            return &s;
    return nullptr;
}

const GroupSnapshot *Snapshot::group(const QByteArray &streamKey, const QByteArray &name) const
{
    if (const StreamSnapshot *s = stream(streamKey))
        for (const auto &g : s->groups)
            if (g.name == name)
                return &g;
    return nullptr;
}

QString healthName(Health h)
{
    switch (h) {
    case Health::Ok: return QStringLiteral("ok");
    case Health::Warn: return QStringLiteral("warn");
    case Health::Crit: return QStringLiteral("crit");
    }
    return {};
}

QString frameworkName(JobFramework f)
{
    switch (f) {
    case JobFramework::BullMQ: return QStringLiteral("BullMQ");
    case JobFramework::Sidekiq: return QStringLiteral("Sidekiq");
    case JobFramework::Celery: return QStringLiteral("Celery");
    case JobFramework::Rq: return QStringLiteral("RQ");
    case JobFramework::Dramatiq: return QStringLiteral("dramatiq");
    case JobFramework::Arq: return QStringLiteral("arq");
    case JobFramework::Bull: return QStringLiteral("Bull");
    case JobFramework::BeeQueue: return QStringLiteral("bee-queue");
    }
    return {};
}

QString frameworkId(JobFramework f)
{
    return frameworkName(f).toLower();
}

QString jobPartRoleId(JobPart::Role role)
{
    switch (role) {
    case JobPart::Role::Waiting: return QStringLiteral("waiting");
    case JobPart::Role::Paused: return QStringLiteral("paused");
    case JobPart::Role::Prioritized: return QStringLiteral("prioritized");
    case JobPart::Role::Active: return QStringLiteral("active");
    case JobPart::Role::Reserved: return QStringLiteral("reserved");
    case JobPart::Role::Scheduled: return QStringLiteral("scheduled");
    case JobPart::Role::Retries: return QStringLiteral("retries");
    case JobPart::Role::Failed: return QStringLiteral("failed");
    case JobPart::Role::Dead: return QStringLiteral("dead");
    }
    return {};
}

QString jobPartScoreId(JobPart::Score score)
{
    switch (score) {
    case JobPart::Score::None: return QStringLiteral("none");
    case JobPart::Score::Due: return QStringLiteral("due");
    case JobPart::Score::Since: return QStringLiteral("since");
    case JobPart::Score::Deadline: return QStringLiteral("deadline");
    case JobPart::Score::Expiry: return QStringLiteral("expiry");
    }
    return {};
}

std::optional<FrameworkStream> frameworkStream(const SnapshotData &snapshot, const QByteArray &key)
{
    if (key.startsWith("rq:results:"))
        for (const JobQueueSnapshot &q : snapshot.jobQueues)
            if (q.framework == JobFramework::Rq)
                return FrameworkStream{JobFramework::Rq, QStringLiteral("results")};
    if (key.endsWith(":events"))
        for (const JobQueueSnapshot &q : snapshot.jobQueues)
            if (q.framework == JobFramework::BullMQ && key == q.prefix + ':' + q.name + ":events")
                return FrameworkStream{JobFramework::BullMQ, QStringLiteral("events")};
    return std::nullopt;
}

QByteArray jobQueueId(const JobQueueSnapshot &q)
{
    return frameworkId(q.framework).toLatin1() + '\0' + q.prefix + '\0' + q.key;
}

JobFigures jobFigures(const JobQueueSnapshot &q)
{
    using H = JobFigures::Holds;
    if (q.waiting)
        return {H::Waiting, q.waiting, q.active, q.oldestWaitingMs ? q.oldestWaitingMs : q.notTakenForMs};
    if (q.scheduled)
        return {H::Scheduled, q.scheduled, q.overdue, q.oldestOverdueMs};
    if (q.failed)
        return {H::Failed, q.failed, std::nullopt, std::nullopt};
    if (q.active)
        return {H::Reserved, q.active, q.active, q.oldestOrphanedMs};
    if (q.workers)
        return {H::Workers, q.workers, std::nullopt, std::nullopt};
    return {};
}

} // namespace pelscope
