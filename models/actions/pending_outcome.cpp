#include "pending_outcome.h"

#include "../snapshot/format.h"
#include "../snapshot/dlq_layout.h"
#include "../redis/stream_entry.h"

#include <QHash>
#include <QSet>

namespace pelscope {

namespace {

PendingOutcome outcome(const QByteArray &id, PendingOutcome::Kind kind, const QString &note = {})
{
    PendingOutcome o;
    o.id = id;
    o.kind = kind;
    o.note = note;
    return o;
}

// An XPENDING id id 1 reply: [[id, owner, idle, deliveries]].
QString idleNote(const RedisReply &pel, qint64 minIdleMs)
{
    const RedisReply &e = pel.at(0);
    return QStringLiteral("owner %1, idle %2 (below the min-idle %3)")
        .arg(displayBytes(e.at(1).bytes()), formatDuration(e.at(2).integer()), formatDuration(minIdleMs));
}

} // namespace

QString PendingOutcome::outcomeName() const
{
    switch (kind) {
    case Kind::Claimed: return QStringLiteral("claimed");
    case Kind::NotClaimed: return QStringLiteral("not_claimed");
    case Kind::NotPending: return QStringLiteral("not_pending");
    case Kind::Acked: return QStringLiteral("acked");
    case Kind::Moved: return QStringLiteral("moved");
    case Kind::MovedTrimmed: return QStringLiteral("moved_trimmed");
    case Kind::Failed: return QStringLiteral("failed");
    }
    return {};
}

QList<PendingOutcome> claimOutcomes(const QList<QByteArray> &ids, const RedisReplies &replies, qint64 minIdleMs)
{
    using K = PendingOutcome::Kind;
    QSet<QByteArray> claimed;
    const RedisReply claim = replies.value(0);
    for (const RedisReply &id : claim.elements())
        claimed.insert(id.bytes());
    QList<PendingOutcome> out;
    for (int i = 0; i < ids.size(); ++i) {
        const RedisReply pel = replies.value(1 + i);
        if (claimed.contains(ids[i]))
            out.append(outcome(ids[i], K::Claimed));
        else if (pel.isArray() && pel.size() > 0)
            out.append(outcome(ids[i], K::NotClaimed, idleNote(pel, minIdleMs)));
        else
            out.append(outcome(ids[i], K::NotPending, QStringLiteral("not in the PEL: acknowledged, or deleted from the stream")));
    }
    return out;
}

QList<PendingOutcome> verifiedClaimOutcomes(const QList<QByteArray> &ids, const RedisReplies &replies, const QByteArray &toConsumer, qint64 minIdleMs,
                                            QList<QByteArray> *again)
{
    using K = PendingOutcome::Kind;
    QList<PendingOutcome> out;
    for (int i = 0; i < ids.size(); ++i) {
        const RedisReply pel = replies.value(i);
        PendingOutcome o;
        if (pel.size() == 0) {
            o = outcome(ids[i], K::NotPending, QStringLiteral("not in the PEL after a lost reply: acknowledged, or deleted from the stream"));
        } else if (pel.at(0).at(1).bytes() == toConsumer) {
            o = outcome(ids[i], K::Claimed, QStringLiteral("confirmed by re-reading the PEL after a lost reply"));
        } else if (pel.at(0).at(2).integer() >= minIdleMs) {
            again->append(ids[i]);
            continue;
        } else {
            o = outcome(ids[i], K::NotClaimed, idleNote(pel, minIdleMs));
        }
        o.afterLostReply = true;
        out.append(o);
    }
    return out;
}

QList<PendingOutcome> ackOutcomes(const QList<QByteArray> &ids, const RedisReplies &replies, bool resent)
{
    using K = PendingOutcome::Kind;
    QList<PendingOutcome> out;
    for (int i = 0; i < ids.size(); ++i) {
        const RedisReply r = replies.value(i);
        if (r.isError()) {
            out.append(outcome(ids[i], K::Failed, displayBytes(r.bytes())));
        } else if (r.integer() == 1) {
            out.append(outcome(ids[i], K::Acked));
        } else {
            PendingOutcome o = outcome(ids[i], K::NotPending,
                                       resent ? QStringLiteral("not pending after a lost reply: acknowledged by this run or by someone else")
                                              : QStringLiteral("not in the PEL: acknowledged already, or never delivered"));
            o.afterLostReply = resent;
            out.append(o);
        }
    }
    return out;
}

QList<PendingOutcome> moveOutcomes(const RedisReply &reply, bool resent, QList<QByteArray> *unsure)
{
    using K = PendingOutcome::Kind;
    QList<PendingOutcome> out;
    for (const RedisReply &item : reply.elements()) {
        const QByteArray id = item.at(0).bytes();
        const QByteArray result = item.at(1).bytes();
        if (result == "moved" || result == "moved_trimmed") {
            PendingOutcome o = result == "moved" ? outcome(id, K::Moved)
                                                 : outcome(id, K::MovedTrimmed,
                                                           QStringLiteral("the entry was gone from the stream: the DLQ holds its metadata only"));
            o.newId = item.at(2).bytes();
            out.append(o);
        } else if (resent) {
            unsure->append(id);
        } else {
            out.append(outcome(id, K::NotPending, QStringLiteral("not in the PEL: acknowledged meanwhile; nothing written to the DLQ")));
        }
    }
    return out;
}

QList<PendingOutcome> recoveredMoveOutcomes(const QList<QByteArray> &unsure, const RedisReply &newest, const QByteArray &stream,
                                            const QByteArray &group)
{
    using K = PendingOutcome::Kind;
    QHash<QByteArray, QPair<QByteArray, bool>> found; // source id -> DLQ id, metadata only
    for (const RedisReply &entry : newest.elements()) {
        const StreamFields fields = fieldsOf(entry);
        QByteArray source, entryGroup, sourceId;
        qsizetype ours = 0;
        for (const auto &fv : fields) {
            if (!fv.first.startsWith(kPelscopeFieldPrefix))
                continue;
            ++ours;
            if (fv.first == "pelscope:source_stream")
                source = fv.second;
            else if (fv.first == "pelscope:group")
                entryGroup = fv.second;
            else if (fv.first == "pelscope:source_id")
                sourceId = fv.second;
        }
        // Newest first: the first match is the latest copy. The script writes
        // its own fields after the original ones: those alone mean trimmed.
        if (source == stream && entryGroup == group && !found.contains(sourceId))
            found.insert(sourceId, {entry.at(0).bytes(), ours == fields.size()});
    }
    QList<PendingOutcome> out;
    for (const QByteArray &id : unsure) {
        PendingOutcome o;
        if (const auto it = found.constFind(id); it != found.constEnd()) {
            o = outcome(id, it->second ? K::MovedTrimmed : K::Moved, QStringLiteral("moved by the attempt whose reply was lost (found in the DLQ)"));
            o.newId = it->first;
        } else {
            o = outcome(id, K::NotPending,
                        QStringLiteral("not pending after a lost reply, and not among the DLQ's newest entries: acknowledged by someone else"));
        }
        o.afterLostReply = true;
        out.append(o);
    }
    return out;
}

} // namespace pelscope
