// Many consumer groups at once, for the scale test and benchmark.
#pragma once

#include "redis_oracle.h"

namespace pelscope::test {

// Streams PREFIX1..PREFIXcount of one group each ("g"): two entries, one read
// and pending by "worker", one unread. Built by a script on the server in
// pages of 1,000 streams, so no single call blocks it long. Returns the
// server's error, empty on success.
QString addScaleGroups(RedisOracle &db, const QByteArray &prefix, int count);

// The incident the report tests read: "orders" with 30 entries, its group
// "ship" created at the start, 10 of them read and held by "worker-3" (lag 20,
// pending 10), and `deadLetters` (1 to 3) entries in "orders:dlq" whose
// payload field is "card=4…-secret" (the first "timeout", the others
// "validation" with the reason "negative amount").
void addShipIncident(RedisOracle &db, int deadLetters);

} // namespace pelscope::test
