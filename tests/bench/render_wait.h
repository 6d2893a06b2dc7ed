// A snapshot given to a connection tab is judged on the history's thread
// and rendered when it comes back: the benches that feed snapshots by hand
// wait for that, as a poll would.
#pragma once

#include "snapshot/snapshot.h"

namespace pelscope {
class ConnectionView;
}

namespace pelscope::bench {

struct RenderTiming
{
    bool rendered = false;
    double totalMs = 0;  // applySnapshot → the tab rendered it (the history's thread included)
    double windowMs = 0; // of which on the window's thread: the judged snapshot's arrival → rendered
};

// view.applySnapshot(s), then the GUI's event loop until the tab has
// rendered it (or timeoutMs passed: rendered false).
RenderTiming applyAndRender(ConnectionView &view, const Snapshot &s, int timeoutMs = 10'000);

} // namespace pelscope::bench
