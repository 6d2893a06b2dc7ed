#include "group_ranking.h"

#include <algorithm>

namespace pelscope {

bool worseThan(const StreamSnapshot &sa, const GroupSnapshot &a, const StreamSnapshot &sb, const GroupSnapshot &b)
{
    if (a.health.status != b.health.status)
        return int(a.health.status) > int(b.health.status);
    const qint64 ia = a.oldestIdleMs.value_or(-1), ib = b.oldestIdleMs.value_or(-1);
    if (ia != ib)
        return ia > ib;
    const qint64 la = a.lag.value_or(-1), lb = b.lag.value_or(-1);
    if (la != lb)
        return la > lb;
    if (sa.key != sb.key)
        return sa.key < sb.key;
    return a.name < b.name;
}

QList<GroupRef> rankGroups(const Snapshot &snapshot)
{
    QList<GroupRef> refs;
    for (const StreamSnapshot &s : snapshot.data().streams)
        for (const GroupSnapshot &g : s.groups)
            refs.append(GroupRef{&s, &g});
    std::stable_sort(refs.begin(), refs.end(),
                     [](const GroupRef &x, const GroupRef &y) { return worseThan(*x.stream, *x.group, *y.stream, *y.group); });
    return refs;
}

HealthCounts countQueueHealth(const Snapshot &snapshot)
{
    HealthCounts c;
    for (const DelayedQueueSnapshot &q : snapshot.data().delayedQueues)
        if (q.error.isEmpty())
            c.add(q.health.status);
    for (const ListQueueSnapshot &q : snapshot.data().listQueues)
        if (q.error.isEmpty())
            c.add(q.health.status);
    for (const JobQueueSnapshot &q : snapshot.data().jobQueues)
        if (q.error.isEmpty())
            c.add(q.health.status);
    return c;
}

HealthCounts countHealth(const Snapshot &snapshot)
{
    HealthCounts c;
    for (const StreamSnapshot &s : snapshot.data().streams)
        for (const GroupSnapshot &g : s.groups) {
            switch (g.health.status) {
            case Health::Ok: ++c.ok; break;
            case Health::Warn: ++c.warn; break;
            case Health::Crit: ++c.crit; break;
            }
        }
    return c;
}

} // namespace pelscope
