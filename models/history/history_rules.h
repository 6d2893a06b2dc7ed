// Health rules that need the past, not just this poll: a group that stopped
// reading while entries wait, and a PEL that keeps growing.
#pragma once

#include "history_store.h"

#include <QHash>

namespace pelscope {

struct HistoryRuleThresholds
{
    // Critical: lag > 0 and neither entries-read nor last-delivered-id moved this long.
    qint64 stalledAfterMs = 60'000;
    // Warning: over this window the floor of pending (each 10 s bucket's
    // minimum) never fell, rose at least climbMinSteps separate times and by
    // at least climbMinRise in total, with climbMinBuckets buckets holding data.
    // Floors ignore the in-flight wobble of a healthy group; separate steps
    // tell a climb from one batch that got stuck once.
    qint64 climbWindowMs = 300'000;
    int climbMinBuckets = 24; // of the 30 in 5 min: survives a short reconnect
    int climbMinSteps = 3;
    qint64 climbMinRise = 1;
};

// base with the history rules' findings merged in: the worse status wins,
// reasons are appended. Returns base unchanged for a group the latest
// appended snapshot did not have.
HealthVerdict applyHistoryRules(const HistoryStore &store, const GroupKey &key, HealthVerdict base, const HistoryRuleThresholds &t, qint64 nowMs);

// The per-poll sequence: append the snapshot, merge the history rules into
// each group's verdict from the snapshot, record status changes. Returns the
// verdicts the history rules changed (most polls: none); a group not in it
// keeps the snapshot's own.
QHash<GroupKey, HealthVerdict> appendAndEvaluate(HistoryStore &store, const Snapshot &snapshot, const HistoryRuleThresholds &t);

} // namespace pelscope
