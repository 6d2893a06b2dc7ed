// StreamProbe, the reading half for one group's pending entries: the head
// of the PEL (its oldest entries), the walk and the random probes of a PEL too
// big to read whole, the consumers, and the oldest unread entry, turned into
// the group's oldest-idle bracket, delivery counts and consumer list.
#include "stream_probe.h"

#include "../redis/redis_error.h"
#include "../snapshot/format.h"
#include "../snapshot/stream_id.h"
#include "reply_fields.h"
#include "../text/fill_text.h"

#include <QCoreApplication>

#include <algorithm>

namespace pelscope {

using namespace reply_fields;

namespace {

bool isCount(const RedisReply &r)
{
    const std::optional<qint64> v = r.isInteger() ? r.toInt() : std::nullopt;
    return v && *v >= 0;
}

// What makes a reply that is not an error still unusable: an XPENDING row
// without its four parts, an XINFO CONSUMERS entry without a name or a count.
// Taken as values they were a phantom consumer named "", "0ms" idle and
// "pending: -3" (issue 47, item 7); the read is then unknown, as an error is.
QString malformedIn(const RedisReply &r, bool consumers)
{
    if (!r.isArray())
        return QStringLiteral("not a list");
    for (const RedisReply &e : r.elements()) {
        if (consumers) {
            if (!e.field("name").isString() || !isCount(e.field("pending")) || (e.hasField("idle") && !isCount(e.field("idle"))))
                return QStringLiteral("a consumer without a name, or with a count that is not one");
        } else if (!e.isArray() || e.size() < 4 || !e.at(0).isString() || !e.at(1).isString() || !isCount(e.at(2)) || !isCount(e.at(3))) {
            return QStringLiteral("an entry without its ID, owner, idle time or delivery count");
        }
    }
    return {};
}

void fillConsumers(GroupSnapshot &g, const RedisReply &reply)
{
    QList<ConsumerSnapshot> list;
    for (const RedisReply &c : reply.elements()) {
        ConsumerSnapshot cs;
        cs.name = c.field("name").bytes();
        cs.pending = c.field("pending").toInt().value_or(0);
        cs.idleMs = optInt(c.field("idle"));
        if (c.hasField("inactive")) {
            const auto inactive = optInt(c.field("inactive"));
            // -1: never active. Keep it -1 so the UI can say "never".
            cs.inactiveMs = inactive;
        }
        list.append(cs);
    }
    std::sort(list.begin(), list.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
    g.consumerList = list;
}

} // namespace

QList<PendingEntry> parsePendingEntries(const RedisReply &reply)
{
    QList<PendingEntry> out;
    if (!reply.isArray())
        return out;
    out.reserve(reply.size());
    for (const RedisReply &e : reply.elements()) {
        if (!e.isArray() || e.size() < 4)
            continue;
        PendingEntry p;
        p.id = e.at(0).bytes();
        p.consumer = e.at(1).bytes();
        p.idleMs = e.at(2).toInt().value_or(0);
        p.deliveries = e.at(3).toInt().value_or(0);
        out.append(p);
    }
    return out;
}

// The oldest entry the group has not been delivered, and its age: stream IDs
// carry their time, so "behind by 4 m 12 s" is exact, not an estimate.
void StreamProbe::applyUnread(GroupSnapshot &g, const QByteArray &firstUnreadId, qint64 nowMs)
{
    const auto id = StreamId::parse(firstUnreadId);
    // IDs given explicitly (1-0, 2-0, ...) are not times: no age can be read from them.
    constexpr quint64 kYear2001Ms = 978'307'200'000;
    if (!id || id->ms < kYear2001Ms || nowMs <= 0) {
        g.oldestUnreadNote = QStringLiteral("the stream's IDs are not times (given explicitly), so no age can be read from them");
        return;
    }
    // An ID ahead of the server's clock is not an age: "behind 0" would call
    // a group that may be hours behind OK. (The server's own IDs run ahead
    // only after an entry was added with a future ID.)
    constexpr qint64 kClockSlackMs = 1000;
    if (qint64(id->ms) > nowMs + kClockSlackMs) {
        g.oldestUnreadAheadMs = qint64(id->ms) - nowMs;
        g.oldestUnreadNote = fillText(QCoreApplication::translate("Health", "the oldest unread entry's ID is %1 ahead of the server's clock, so no "
                                                                            "age can be read from it"),
                                      formatDuration(*g.oldestUnreadAheadMs));
        return;
    }
    g.oldestUnreadAgeMs = std::max<qint64>(0, nowMs - qint64(id->ms));
}

void StreamProbe::applyPel(GroupSnapshot &g, GroupState &st, const QHash<int, const RedisReply *> &replies, const QList<int> &slots, qint64 nowMs)
{
    QList<PendingEntry> head;
    qint64 headRequested = 0;
    bool haveHead = false;
    qint64 lowerBound = -1;
    qint64 maxDeliveries = -1;
    QStringList errors;

    QMap<QByteArray, qint64> heldIdle; // consumer -> the longest idle of its entries read this tick
    auto seen = [&](const QList<PendingEntry> &entries) {
        for (const PendingEntry &e : entries) {
            lowerBound = std::max(lowerBound, e.idleMs);
            maxDeliveries = std::max(maxDeliveries, e.deliveries);
            qint64 &held = heldIdle[e.consumer];
            held = std::max(held, e.idleMs);
        }
    };

    for (int i : slots) {
        const Slot &slot = m_layout.at(i);
        const RedisReply &r = *replies.value(i);
        const bool pelRows = slot.kind == SlotKind::Head || slot.kind == SlotKind::Walk || slot.kind == SlotKind::Sample;
        const QString malformed = r.isError() || !(pelRows || slot.kind == SlotKind::Consumers) ? QString() : malformedIn(r, slot.kind == SlotKind::Consumers);
        if (r.isError() || !malformed.isEmpty()) {
            errors << (r.isError() ? displayBytes(r.bytes()) : malformed);
            // What this read would have judged is now unknown: say so on the
            // group, not only in the tick's warning.
            const RedisCommand what = slot.kind == SlotKind::Consumers ? RedisCommand{"XINFO", "CONSUMERS"}
                                      : slot.kind == SlotKind::Unread  ? RedisCommand{"XRANGE"}
                                                                       : RedisCommand{"XPENDING"};
            RedisError e = describeReplyError(what, r);
            if (!malformed.isEmpty())
                e.message = fillText(QStringLiteral("malformed reply to %1: %2"), QString::fromLatin1(what.join(' ')), malformed);
            if (slot.kind == SlotKind::Head)
                g.unjudged << QStringLiteral("oldest pending idle and poison entries (%1)").arg(e.message);
            else if (slot.kind == SlotKind::Consumers)
                g.unjudged << QStringLiteral("dead consumers (%1)").arg(e.message);
            else if (slot.kind == SlotKind::Walk || slot.kind == SlotKind::Sample)
                g.unjudged << QStringLiteral("delivery counts (%1)").arg(e.message);
            else if (slot.kind == SlotKind::Unread)
                g.unjudged << QStringLiteral("how far behind (%1)").arg(e.message);
            continue;
        }
        switch (slot.kind) {
        case SlotKind::Head:
            head = parsePendingEntries(r);
            headRequested = slot.count;
            haveHead = true;
            seen(head);
            break;
        case SlotKind::Walk: {
            const QList<PendingEntry> page = parsePendingEntries(r);
            seen(page);
            if (!st.walking) {
                st.walkHist.clear();
                st.walkCount = 0;
            }
            for (const PendingEntry &e : page)
                st.walkHist[e.deliveries] += 1;
            st.walkCount += page.size();
            if (page.size() < slot.count) {
                st.completeHist = st.walkHist;
                st.completeCount = st.walkCount;
                st.haveComplete = true;
                st.walking = false;
            } else {
                st.walking = true;
                st.walkCursor = page.last().id;
            }
            break;
        }
        case SlotKind::Sample: {
            const QList<PendingEntry> page = parsePendingEntries(r);
            seen(page);
            for (const PendingEntry &e : page)
                st.samples.push_back(e.deliveries);
            while (qsizetype(st.samples.size()) > m_config.sampleWindow)
                st.samples.pop_front();
            break;
        }
        case SlotKind::Consumers:
            fillConsumers(g, r);
            st.consumers = g.consumerList;
            st.consumersRead = true;
            st.consumersWanted = false;
            st.consumersTick = m_tick;
            st.consumersAtMs = nowMs;
            break;
        case SlotKind::Summary:
            if (r.isArray() && r.size() >= 3)
                st.pendingMaxId = optBytes(r.at(2));
            break;
        case SlotKind::Unread: st.unreadId = r.isArray() && r.size() > 0 ? r.at(0).at(0).bytes() : QByteArray(); break;
        default: break;
        }
    }

    if (st.consumersRead) {
        g.consumerList = st.consumers;
        g.consumersAgeMs = std::max<qint64>(0, nowMs - st.consumersAtMs);
    }

    g.heldIdleMs = heldIdle;

    for (const QString &e : std::as_const(errors))
        m_warnings << QStringLiteral("group %1: %2").arg(displayBytes(g.name), e);
    const qint64 pending = g.pending.value_or(0);
    if (!haveHead) {
        // Not planned this tick (new group) or failed: nothing inspected.
        st.minId.clear();
        return;
    }

    if (pending == 0 && head.isEmpty()) {
        g.pelScanComplete = true;
        st.minId.clear();
        st.walking = false;
        st.haveComplete = false;
        return;
    }

    if (!head.isEmpty()) {
        g.pendingMinId = head.first().id;
        st.minId = head.first().id;
    }
    g.pendingMaxId = st.pendingMaxId;
    g.headEntries = head.mid(0, m_config.headSample);

    const bool whole = head.size() < headRequested;
    if (whole) {
        // The whole PEL came back in one reply: everything is exact.
        g.deliveryCounts.clear();
        for (const PendingEntry &e : head)
            g.deliveryCounts[e.deliveries] += 1;
        g.pelInspected = head.size();
        g.pelScanComplete = true;
        g.oldestIdleMs = head.isEmpty() ? std::nullopt : std::optional<qint64>(lowerBound);
        g.oldestIdleUpperMs = g.oldestIdleMs;
        if (!head.isEmpty())
            g.pendingMaxId = head.last().id;
        st.walking = false;
        st.haveComplete = false;
        st.samples.clear();
    } else {
        g.oldestIdleMs = lowerBound >= 0 ? std::optional<qint64>(lowerBound) : std::nullopt;
        if (const auto minId = StreamId::parse(st.minId); minId && nowMs > 0) {
            const qint64 upper = nowMs - qint64(minId->ms);
            // Only meaningful for time-based IDs. TIME is read at the start of
            // the batch and XPENDING a moment later, so an entry delivered the
            // moment it was added can show an idle time a few ms above this
            // bound: within that slack the bound is the idle time itself. An
            // ID far in the future (set by hand) gives no bound at all.
            constexpr qint64 kBatchSkewMs = 1000;
            if (minId->ms > 0 && upper + kBatchSkewMs >= lowerBound)
                g.oldestIdleUpperMs = std::max(upper, lowerBound);
        }
        if (pending > m_config.pelBudget) {
            g.pelSampled = true;
            for (qint64 d : st.samples)
                g.deliveryCounts[d] += 1;
            g.pelInspected = qint64(st.samples.size());
            if (g.pelInspected == 0) {
                for (const PendingEntry &e : head)
                    g.deliveryCounts[e.deliveries] += 1;
                g.pelInspected = head.size();
            }
        } else if (st.haveComplete) {
            g.deliveryCounts = st.completeHist;
            g.pelInspected = st.completeCount;
            g.pelScanComplete = true;
        } else {
            g.deliveryCounts = st.walkHist;
            g.pelInspected = st.walkCount;
        }
    }

    for (auto it = g.deliveryCounts.constBegin(); it != g.deliveryCounts.constEnd(); ++it)
        maxDeliveries = std::max(maxDeliveries, it.key());
    if (maxDeliveries >= 0)
        g.maxDeliveryCount = maxDeliveries;
}

} // namespace pelscope
