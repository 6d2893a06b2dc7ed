// The health of the articles' other two queue patterns: a delayed queue whose
// scheduler falls behind, a reliable list whose worker crashed holding items
// or that no worker serves. Same verdicts and thresholds as the groups'.
#pragma once

#include "health_rules.h"

namespace pelscope {

HealthVerdict evaluateDelayedQueue(const DelayedQueueSnapshot &q, const HealthThresholds &t);
HealthVerdict evaluateListQueue(const ListQueueSnapshot &q, const HealthThresholds &t);

} // namespace pelscope
