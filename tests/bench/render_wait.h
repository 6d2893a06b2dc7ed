// A snapshot given to a connection tab is judged on the history's thread
// and rendered when it comes back: the benches that feed snapshots by hand
// wait for that, as a poll would.
#pragma once

#include "snapshot/snapshot.h"

namespace pelscope {
class ConnectionView;
}

namespace pelscope::bench {

// view.applySnapshot(s), then the GUI's event loop until the tab has
// rendered it (or timeoutMs passed: false).
bool applyAndRender(ConnectionView &view, const Snapshot &s, int timeoutMs = 10'000);

} // namespace pelscope::bench
