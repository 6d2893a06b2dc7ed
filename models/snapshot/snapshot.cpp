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
    }
    return {};
}

QString frameworkId(JobFramework f)
{
    return frameworkName(f).toLower();
}

} // namespace pelscope
