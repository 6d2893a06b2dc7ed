// "Worst first": the order in which the overview and the CLI list groups.
#pragma once

#include "snapshot.h"

#include <QList>

namespace pelscope {

struct GroupRef
{
    const StreamSnapshot *stream = nullptr;
    const GroupSnapshot *group = nullptr;
};

// Status first (crit, warn, ok), then oldest pending idle, then lag, then name.
QList<GroupRef> rankGroups(const Snapshot &snapshot);
bool worseThan(const StreamSnapshot &sa, const GroupSnapshot &a, const StreamSnapshot &sb, const GroupSnapshot &b);

struct HealthCounts
{
    int ok = 0, warn = 0, crit = 0;
    Health worst() const { return crit ? Health::Crit : warn ? Health::Warn : Health::Ok; }
    void add(Health h) { ++(h == Health::Crit ? crit : h == Health::Warn ? warn : ok); }
    HealthCounts operator+(const HealthCounts &o) const { return {ok + o.ok, warn + o.warn, crit + o.crit}; }
};
// The consumer groups' statuses.
HealthCounts countHealth(const Snapshot &snapshot);
// The delayed queues' and reliable lists' (one that could not be read is not
// counted: it shows as an error). Groups and queues together are what an
// alert counts: "2 CRIT" in a notification is countHealth + countQueueHealth.
HealthCounts countQueueHealth(const Snapshot &snapshot);

} // namespace pelscope
