// Runs Pelscope's real poller against a server until it publishes snapshots.
#pragma once

#include "probe/probe_config.h"
#include "values/connection_options.h"
#include "snapshot/snapshot.h"

namespace pelscope::test {

ConnectionOptions optionsFor(const QString &url);

// One complete single-shot snapshot (as `pelscope-cli snapshot` takes it).
Snapshot pollOnce(const QString &url, ProbeConfig config = {}, QString *error = nullptr);

// `ticks` continuous-mode snapshots at `intervalMs`.
QList<Snapshot> pollTicks(const QString &url, int ticks, int intervalMs, ProbeConfig config = {}, QString *error = nullptr);

} // namespace pelscope::test
