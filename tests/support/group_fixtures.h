// Many consumer groups at once, for the scale test and benchmark.
#pragma once

#include "redis_oracle.h"

namespace pelscope::test {

// Streams PREFIX1..PREFIXcount of one group each ("g"): two entries, one read
// and pending by "worker", one unread. Built by a script on the server in
// pages of 1,000 streams, so no single call blocks it long. Returns the
// server's error, empty on success.
QString addScaleGroups(RedisOracle &db, const QByteArray &prefix, int count);

} // namespace pelscope::test
