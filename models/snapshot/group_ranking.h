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
};
HealthCounts countHealth(const Snapshot &snapshot);

} // namespace pelscope
