// What every write job reports, the same type for all of them (requeue,
// delete, cross-slot requeue, claim, acknowledge, move to the DLQ, delete a
// consumer): the window and pelscope-cli read one shape, with no converters.
#pragma once

#include "../redis/redis_error.h"
#include "pending_outcome.h"

#include <QList>
#include <QMap>
#include <QMetaType>
#include <QPair>
#include <QStringList>

namespace pelscope {

struct WriteCounts
{
    qint64 total = -1;     // what the job will look at; -1 unknown
    qint64 done = 0;       // requeued, deleted, claimed, acknowledged, moved: changed as asked
    qint64 duplicates = 0; // cross-slot requeue, of `done`: found in the ledger (an attempt whose reply was lost added them)
    qint64 trimmed = 0;    // move to the DLQ, of `done`: the entry was gone from the stream, metadata moved
    qint64 gone = 0;       // already gone: moved by an earlier attempt, or deleted
    qint64 empty = 0;      // dead letters with nothing but metadata: left in the DLQ
    qint64 skipped = 0;    // did not match the filter
    qint64 notClaimed = 0; // claim: idle below the guard, left with its owner
    qint64 notPending = 0;
    qint64 uncertain = 0; // of notPending: after a lost reply, settled by this run or by someone else
    qint64 refused = 0;   // kept: the target is missing or has no group, or a permission is missing (nothing written)
    qint64 failed = 0;
    qint64 retries = 0; // batches repeated after a lost connection or reply
    qint64 scriptReloads = 0;

    // Everything looked at and settled one way or another.
    qint64 settled() const { return done + gone + empty + skipped + notClaimed + notPending + refused + failed; }
};

struct WriteOutcome
{
    QString action; // the audit log's word: requeue, requeue_edited, delete, claim, ack, move_to_dlq, delete_consumer
    WriteCounts counts;
    bool cancelled = false;
    QString error;                                       // why it stopped early; empty when it ran to the end
    RedisError::Kind errorKind = RedisError::Kind::None; // Usage: refused before writing; NoPermission: the ACL said no
    QStringList plan;                                    // dry run: exactly what would be written where
    qint64 planLeftOut = 0;                              // dry run: entries past kMaxPlanLines, counted but not listed
    static constexpr qsizetype kMaxPlanLines = 2000;     // a dry run of a large DLQ stays a few hundred KB
    QMap<QByteArray, QString> refusedTargets;            // target -> why its entries were kept
    // DLQ ID -> the new ID in its target, for the first kMaxListedEntries
    // moved (the audit log has all of them).
    QList<QPair<QByteArray, QByteArray>> movedIds;
    static constexpr qsizetype kMaxListedEntries = 1000;
    QList<PendingOutcome> entries; // pending-entry actions: one per entry
    QString path;                  // requeue: atomic or cross-slot, in words
    QByteArray ledgerKey;          // cross-slot requeue
    QString sourceNode, dlqNode;   // cross-slot requeue: the masters written
    qint64 holdsPending = 0;       // delete consumer: refused, it holds this many entries

    bool ranToTheEnd() const { return error.isEmpty() && !cancelled; }
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::WriteCounts)
Q_DECLARE_METATYPE(pelscope::WriteOutcome)
