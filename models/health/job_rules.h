// The health of a job framework's queue (BullMQ, Sidekiq, Celery, RQ), with
// the groups' thresholds where the meaning is the same (behind_*: the oldest
// waiting job; delayed_overdue_*: scheduled jobs due and not moved;
// unserved_warn: nothing taken) and the framework's own liveness proof for
// held jobs (docs/FRAMEWORKS.md).
#pragma once

#include "health_rules.h"

namespace pelscope {

HealthVerdict evaluateJobQueue(const JobQueueSnapshot &q, const HealthThresholds &t);

} // namespace pelscope
