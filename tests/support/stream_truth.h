// The snapshot's values for one stream against what the server holding it
// reports now: XINFO STREAM, XINFO GROUPS, the PEL's bounds and delivery
// counts. Shared by the cluster tests, which ask each owning node.
#pragma once

#include "redis_oracle.h"
#include "snapshot/snapshot.h"

#include <optional>

namespace pelscope::test {

// A reply's integer, or nothing when Redis said nil.
std::optional<qint64> optionalInt(const RedisReply &reply);

// Failures are recorded in the running test (QTest::currentTestFailed()).
// `pelScanComplete`: also require that the whole PEL was inspected.
void compareStreamWithTruth(const Snapshot &snap, const QByteArray &key, RedisOracle &db, bool pelScanComplete = true);

} // namespace pelscope::test
