// One write as the operator reads it afterwards, in the window's results
// panel: what ran where, the counts in plain words (zero counts left out),
// each entry's fate (a requeued entry's new ID, a failure with its reason)
// and where the audit record is. Built from any job's result.
#pragma once

#include "consumer_delete_job.h"
#include "cross_slot_requeue_job.h"
#include "pending_action_job.h"
#include "queue_write_job.h"
#include "requeue_job.h"

#include <QDateTime>
#include <QMetaType>
#include <QStringList>

namespace pelscope {

struct WriteRecord
{
    QDateTime at;
    QString title;       // Requeue, Delete, Claim, Acknowledge, Move to DLQ, Delete consumer
    QString where;       // the keys, e.g. "orders:dlq → orders"
    QString headline;    // the main count in words: "requeued 30 entries to orders"
    QStringList counts;  // every other non-zero count, in words
    QStringList entries; // per entry: "1700000000000-0 → 1700000005000-0", "… failed: …"
    qsizetype entriesNotListed = 0;
    QString error; // why it stopped early
    QString auditPath;
    bool failed = false; // something failed or it stopped early
};

// The outcome is the same type for every job; the request says what was asked.
WriteRecord writeRecordFor(const RequeueRequest &request, const WriteOutcome &outcome, const QString &auditPath);
WriteRecord writeRecordFor(const CrossSlotRequeueRequest &request, const WriteOutcome &outcome, const QString &auditPath);
// `afterwards`: where the entries are now, read after the job ("rescuer now holds 41").
WriteRecord writeRecordFor(const PendingActionRequest &request, const WriteOutcome &outcome, const QString &auditPath,
                           const QString &afterwards = {});
WriteRecord writeRecordFor(const ConsumerDeleteRequest &request, const WriteOutcome &outcome, const QString &auditPath);
WriteRecord writeRecordFor(const QueueWriteRequest &request, const WriteOutcome &outcome, const QString &auditPath);

// After a claim: "rescuer now holds 41 pending entries; worker-3 keeps 2", from
// one XPENDING summary read on `node`; empty when it cannot be read.
QString ownersAfterClaim(const ConnectionOptions &node, const PendingActionRequest &request);

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::WriteRecord)
