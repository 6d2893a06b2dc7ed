// One pending entry's outcome, and how the replies of claim, ack and
// move-to-DLQ turn into outcomes (pure functions; the job does the I/O).
#pragma once

#include "../redis/redis_reply.h"

#include <QString>

namespace pelscope {

struct PendingOutcome
{
    enum class Kind { Claimed, NotClaimed, NotPending, Acked, Moved, MovedTrimmed, Failed };

    QByteArray id;
    Kind kind = Kind::Failed;
    QString note;     // not claimed: owner and idle; after a lost reply: how we know
    QByteArray newId; // moved: the DLQ entry's ID
    bool afterLostReply = false;

    QString outcomeName() const; // claimed, not_claimed, not_pending, acked, moved, moved_trimmed, failed
};

// Replies to XCLAIM ... JUSTID followed by one "XPENDING key group id id 1" per ID.
QList<PendingOutcome> claimOutcomes(const QList<QByteArray> &ids, const RedisReplies &replies, qint64 minIdleMs);

// After a lost XCLAIM reply, one XPENDING per ID says what happened: with the
// target means claimed; gone means not pending; still idle past the guard
// means the lost attempt did not touch it, so it goes to `again` (no outcome yet).
QList<PendingOutcome> verifiedClaimOutcomes(const QList<QByteArray> &ids, const RedisReplies &replies, const QByteArray &toConsumer, qint64 minIdleMs,
                                            QList<QByteArray> *again);

// One XACK per ID; `resent`: an earlier attempt's reply was lost, so a 0
// cannot say who acknowledged the entry.
QList<PendingOutcome> ackOutcomes(const QList<QByteArray> &ids, const RedisReplies &replies, bool resent);

// move_to_dlq.lua's reply. When `resent`, entries reported not pending may
// have been moved by the lost attempt: they go to `unsure` instead.
QList<PendingOutcome> moveOutcomes(const RedisReply &reply, bool resent, QList<QByteArray> *unsure);

// The unsure entries looked up among the DLQ's newest entries (an XREVRANGE
// reply) by the source_stream, group and source_id fields the script writes.
QList<PendingOutcome> recoveredMoveOutcomes(const QList<QByteArray> &unsure, const RedisReply &newest, const QByteArray &stream,
                                            const QByteArray &group);

} // namespace pelscope
