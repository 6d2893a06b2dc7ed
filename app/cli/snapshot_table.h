// The aligned text table of `pelscope-cli snapshot` and `watch`, worst first.
#pragma once

#include "snapshot/snapshot.h"

#include <QString>

namespace pelscope {

QString renderSnapshotTable(const Snapshot &snapshot, bool color);

} // namespace pelscope
