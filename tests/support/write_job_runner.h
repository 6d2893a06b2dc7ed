// Runs a write job (any WriteJob) to its end on this thread, as the tests of
// the write paths need it: options that give up on a dead connection in
// seconds, a deadline, PELSCOPE_TEST_TRACE printing retries and progress.
#pragma once

#include "actions/write_job.h"

#include <functional>

namespace pelscope::test {

// The test's URL with short timeouts, so a killed connection is noticed and
// reopened within a second or two.
ConnectionOptions jobOptionsFor(const QString &url, int reconnectMaxMs = 1000);

// Starts `job`, calls `whileRunning` (a chaos timer, say), and waits up to
// `timeoutMs` for its outcome; an outcome saying "job did not finish" when
// it did not.
WriteOutcome runToEnd(WriteJob &job, const std::function<void()> &whileRunning = {}, int timeoutMs = 120'000);

} // namespace pelscope::test
