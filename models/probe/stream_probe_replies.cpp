// StreamProbe, the reading half: SCAN replies during discovery, and a tick's
// replies turned into the snapshot (what was asked is planned in
// stream_probe.cpp; each group's pending entries are read in
// stream_probe_pel.cpp). Every reply is checked for its shape first: a server that
// answers something else gives a note, never a crash.
#include "stream_probe.h"

#include "../snapshot/dlq_layout.h"
#include "../health/health_rules.h"
#include "../redis/redis_error.h"
#include "../snapshot/format.h"
#include "../snapshot/stream_id.h"
#include "../text/fill_text.h"
#include "poll_cost.h"
#include "reply_fields.h"
#include "../redis/stream_entry.h"

#include <algorithm>
#include <QCoreApplication>

namespace pelscope {

using namespace reply_fields;

namespace {

// Redis cannot report lag: say why, and estimate from the IDs' timestamps.
Reason lagNoteFor(const StreamSnapshot &s, GroupSnapshot &g, bool serverReportsLag)
{
    if (!serverReportsLag)
        return healthReason("lag_not_in_server", QT_TRANSLATE_NOOP("Health", "the server's XINFO GROUPS has no lag field (Redis before 7.0 does not report it)"));
    Reason neverRead, cause, estimate;
    if (g.lastDeliveredId == "0-0" && g.consumers.value_or(0) == 0)
        neverRead = healthReason("group_never_read",
                                 QT_TRANSLATE_NOOP("Health", "the group has no consumers and has never read anything (last-delivered-id 0-0); "));
    const auto delivered = StreamId::parse(g.lastDeliveredId);
    const auto maxDeleted = s.maxDeletedEntryId ? StreamId::parse(*s.maxDeletedEntryId) : std::nullopt;
    if (delivered && maxDeleted && *maxDeleted > *delivered) {
        neverRead = {}; // the deletion explains it on its own
        cause = healthReason("deleted_after_position",
                             QT_TRANSLATE_NOOP("Health", "an entry newer than the group's position was deleted (XDEL), so Redis cannot count the unread entries"));
    } else if (!g.entriesRead) {
        cause = healthReason("no_entries_read",
                             QT_TRANSLATE_NOOP("Health", "the group was created or moved with XGROUP CREATE/SETID mid-stream without ENTRIESREAD"));
    } else {
        cause = healthReason("lag_uncountable", QT_TRANSLATE_NOOP("Health", "Redis cannot count the unread entries for this group"));
    }
    const auto newest = StreamId::parse(s.lastGeneratedId);
    const auto first = s.firstEntryId ? StreamId::parse(*s.firstEntryId) : std::nullopt;
    if (delivered && first && *delivered < *first && s.length) {
        // Every entry still in the stream lies after the group's position.
        estimate = healthReason("estimate_all_unread", QT_TRANSLATE_NOOP("Health", "; estimate: all %1 entries in the stream are unread"),
                                {ReasonArg::count(*s.length)});
    } else if (delivered && newest) {
        const qint64 behind = qint64(newest->ms) - qint64(delivered->ms);
        g.lagTimeMs = std::max<qint64>(behind, 0);
        if (*newest == *delivered)
            estimate = healthReason("read_to_newest", QT_TRANSLATE_NOOP("Health", "; the group has read up to the newest entry"));
        else
            estimate = healthReason("estimate_behind", QT_TRANSLATE_NOOP("Health", "; estimate: %1 behind the newest entry"),
                                    {ReasonArg::duration(*g.lagTimeMs)});
    }
    return Reason::joined("lag_note", {neverRead, cause, estimate});
}

// "an integer", "a status reply": what came instead of the expected shape.
QString replyShape(const RedisReply &r)
{
    switch (r.type()) {
    case RedisReply::Type::Nil: return QStringLiteral("nil");
    case RedisReply::Type::String: return QStringLiteral("a string");
    case RedisReply::Type::Status: return QStringLiteral("a status reply");
    case RedisReply::Type::Error: return QStringLiteral("an error");
    case RedisReply::Type::Integer: return QStringLiteral("an integer");
    case RedisReply::Type::Array: return QStringLiteral("an array");
    }
    return {};
}

} // namespace

QString StreamProbe::onScanReply(const RedisReply &reply)
{
    if (reply.isError())
        return displayBytes(reply.bytes());
    if (!reply.isArray() || reply.size() != 2 || !reply.at(0).isString() || !reply.at(1).isArray())
        return QStringLiteral("unexpected reply to SCAN (%1 instead of a cursor and a list of keys)").arg(replyShape(reply));
    m_scanCursor = reply.at(0).bytes();
    ++m_sweepPages;
    ++m_pagesThisTick;
    m_sweepKeys += m_pace.count();
    for (const RedisReply &k : reply.at(1).elements()) {
        m_found.insert(k.bytes());
        m_streams.insert(k.bytes()); // new streams show up at once
    }
    if (m_scanCursor == "0") {
        // Sweep done: streams not seen in it are gone.
        m_streams = m_found;
        m_found.clear();
        m_sweeping = false;
        m_sweptOnce = true;
        m_sweepPages = 0;
        m_pace.measured(m_sweepKeys);
        m_sweepKeys = 0;
        m_discoveryGap.clear();
        m_lastSweepEndMs = m_lastNowMs;
    } else if (m_sweepPages >= m_config.scanMaxPages) {
        // A cursor that never returns to 0: stop, keep every stream seen
        // (none is known to be gone), sweep again at the next interval.
        m_discoveryGap =
            fillText(QStringLiteral("discovery incomplete: SCAN's cursor did not return to 0 within %1 pages; %2 streams found are polled"),
                     m_sweepPages, m_streams.size());
        m_found.clear();
        m_sweeping = false;
        m_sweptOnce = true;
        m_sweepPages = 0;
        m_lastSweepEndMs = m_lastNowMs;
    }
    return {};
}

void StreamProbe::add(RedisBatch &batch, SlotKind kind, RedisCommand cmd, const QByteArray &stream, const QByteArray &group, qint64 count)
{
    batch.append(std::move(cmd));
    m_layout.append(Slot{kind, stream, group, count});
}

SnapshotData StreamProbe::parseTick(const RedisReplies &replies)
{
    SnapshotData data;
    data.tick = m_tick;
    m_unprobed = false;
    m_warnings.clear();
    QStringList warnings;

    // Index replies by slot for lookups per stream and group.
    QHash<QByteArray, QList<int>> byStream;
    QHash<QByteArray, const RedisReply *> dlqSamples, dlqNewest;
    std::map<GroupKey, QList<int>> byGroup;
    for (int i = 0; i < m_layout.size() && i < replies.size(); ++i) {
        const Slot &slot = m_layout.at(i);
        if (slot.kind == SlotKind::Time) {
            const RedisReply &t = replies.at(i);
            if (t.isArray() && t.size() == 2)
                data.takenAtMs = t.at(0).toInt().value_or(0) * 1000 + t.at(1).toInt().value_or(0) / 1000;
        } else if (slot.kind == SlotKind::Scan) {
            const QString err = onScanReply(replies.at(i));
            if (!err.isEmpty())
                warnings << QStringLiteral("SCAN failed: %1").arg(err);
        } else if (slot.kind == SlotKind::DlqSample) {
            dlqSamples.insert(slot.stream, &replies.at(i));
        } else if (slot.kind == SlotKind::DlqNewest) {
            dlqNewest.insert(slot.stream, &replies.at(i));
        } else if (slot.group.isEmpty()) {
            byStream[slot.stream].append(i);
        } else {
            byGroup[GroupKey{slot.stream, slot.group}].append(i);
        }
    }
    m_lastNowMs = data.takenAtMs;
    if (m_sweeping == false && m_sweptOnce && m_lastSweepEndMs == 0)
        m_lastSweepEndMs = data.takenAtMs;

    QSet<QByteArray> vanished;
    for (auto it = byStream.cbegin(); it != byStream.cend(); ++it) {
        const QByteArray &key = it.key();
        StreamState &ss = m_streamState[key];
        StreamSnapshot s;
        s.key = key;
        const RedisReply *groupsReply = nullptr;
        for (int i : it.value()) {
            const Slot &slot = m_layout.at(i);
            const RedisReply &r = replies.at(i);
            if (slot.kind == SlotKind::XinfoStream) {
                if (r.isError()) {
                    if (r.bytes().contains("no such key")) {
                        vanished.insert(key);
                    } else if (r.errorCode() == "WRONGTYPE") {
                        s.error = QStringLiteral("not a stream");
                    } else {
                        s.error = displayBytes(r.bytes());
                    }
                    continue;
                }
                ss.lastInfoBytes = r.approximateSize();
                ss.lastInfoTick = m_tick;
                s.length = optInt(r.field("length"));
                s.lastGeneratedId = r.field("last-generated-id").bytes();
                s.entriesAdded = optInt(r.field("entries-added"));
                s.maxDeletedEntryId = optBytes(r.field("max-deleted-entry-id"));
                const RedisReply &first = r.field("first-entry");
                if (first.isArray() && first.size() > 0)
                    s.firstEntryId = first.at(0).bytes();
                ss.lastInfo = s;
            } else if (slot.kind == SlotKind::Xlen) {
                s = ss.lastInfo;
                s.key = key;
                s.length = optInt(r);
            } else if (slot.kind == SlotKind::XinfoGroups) {
                groupsReply = &r;
            }
        }
        s.readAtMs = data.takenAtMs;
        // XLEN answers 0 for a missing key; XINFO GROUPS tells it is gone.
        if (groupsReply && groupsReply->isError() && groupsReply->bytes().contains("no such key"))
            vanished.insert(key);
        if (vanished.contains(key))
            continue;
        if (groupsReply && !groupsReply->isError() && !groupsReply->isArray() && s.error.isEmpty())
            s.error = QStringLiteral("unexpected reply to XINFO GROUPS (%1 instead of a list)").arg(replyShape(*groupsReply));
        if (!s.error.isEmpty() || !groupsReply || groupsReply->isError()) {
            if (s.error.isEmpty() && groupsReply)
                s.error = displayBytes(groupsReply->bytes());
            ss.lastRead = s;
            data.streams.append(s);
            continue;
        }

        QList<QByteArray> groupNames;
        for (const RedisReply &gr : groupsReply->elements()) {
            GroupSnapshot g;
            if (!gr.field("name").isString()) {
                // No name, no group: a row named "" would be a group that
                // does not exist (issue 47, item 7).
                s.error = QStringLiteral("malformed reply to XINFO GROUPS: an entry without a name");
                continue;
            }
            g.name = gr.field("name").bytes();
            groupNames.append(g.name);
            g.consumers = optCount(gr.field("consumers"), "consumers", g);
            g.pending = optCount(gr.field("pending"), "pending", g);
            g.lastDeliveredId = gr.field("last-delivered-id").bytes();
            g.entriesRead = optCount(gr.field("entries-read"), "entries-read", g);
            const bool reportsLag = gr.hasField("lag");
            g.lag = optCount(gr.field("lag"), "lag", g);
            if (!g.lag)
                g.lagNote = lagNoteFor(s, g, reportsLag);

            const GroupKey gk{key, g.name};
            GroupState &st = m_groupState[gk];
            st.seenTick = m_tick;
            st.lastDeliveredId = g.lastDeliveredId;
            st.caughtUp = g.lag && *g.lag == 0;
            st.consumerCount = g.consumers.value_or(0);

            QHash<int, const RedisReply *> mine;
            QList<int> slots;
            const auto found = byGroup.find(gk);
            if (found != byGroup.end()) {
                slots = found->second;
                for (int i : slots)
                    mine.insert(i, &replies.at(i));
            } else {
                m_unprobed = true;
            }
            st.pending = g.pending.value_or(0);
            applyPel(g, st, mine, slots, data.takenAtMs);
            // Read this tick (for the position of the last one: a group that
            // reads all the time moves in between, and the entry found is then
            // the oldest unread one as of the previous poll), or still valid.
            if (!st.unreadId.isEmpty() && (st.unreadAfter == g.lastDeliveredId || st.unreadTick == m_tick))
                applyUnread(g, st.unreadId, data.takenAtMs);
            else if (st.unreadAfter == g.lastDeliveredId && st.unreadTick == m_tick)
                g.oldestUnreadNote = QCoreApplication::translate("Health", "nothing unread: the group has been delivered every entry in the stream");
            if (g.oldestUnreadAgeMs) {
                st.behindMs = g.oldestUnreadAgeMs;
                st.behindAtMs = data.takenAtMs;
            } else if (g.lag && *g.lag == 0) {
                st.behindMs.reset();
            } else if (st.behindMs && data.takenAtMs - st.behindAtMs <= kBehindCarryMs && g.oldestUnreadNote.isEmpty()) {
                // A batch read moved the group since the oldest unread entry
                // was read: the reading stands (it was true then, and the
                // entry now first is no older than it) until the next tick
                // reads the new one, instead of "unknown" for a poll, which
                // turned a CRIT into a WARN at every batch (issue 45).
                g.oldestUnreadAgeMs = st.behindMs;
                g.oldestUnreadReadAtMs = st.behindAtMs;
            }
            if (g.lag && *g.lag == 0)
                g.oldestUnreadNote = QCoreApplication::translate("Health", "nothing unread (lag 0)");
            else if (!g.oldestUnreadAgeMs && g.oldestUnreadNote.isEmpty())
                g.oldestUnreadNote = QCoreApplication::translate("Health", "not read yet this tick");
            g.taskiq = g.name == "taskiq" || m_config.queues.frameworks.taskiq.contains(qMakePair(s.key, g.name));
            g.health = evaluateGroup(s, g, m_config.thresholds);
            for (const QString &what : std::as_const(g.unjudged))
                g.health.reasons << healthReason("not_judged", QT_TRANSLATE_NOOP("Health", "not judged: %1"), {ReasonArg::text(what)});
            s.groups.append(g);
        }
        std::sort(s.groups.begin(), s.groups.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
        std::sort(groupNames.begin(), groupNames.end());
        ss.groups = groupNames;
        ss.lagUnknown = std::any_of(s.groups.cbegin(), s.groups.cend(), [](const GroupSnapshot &g) { return !g.lag; });
        ss.lastRead = s;
        data.streams.append(s);
    }
    // Streams whose turn it was not (groupsPerTick): their last values, said
    // as such by readAtMs; their groups' state is kept.
    qint64 groupsRead = 0; // streams without a group are not groups (their own slow turn)
    for (const StreamSnapshot &s : std::as_const(data.streams))
        groupsRead += s.groups.size();
    for (auto it = m_streamState.begin(); it != m_streamState.end(); ++it) {
        const StreamSnapshot &last = it->second.lastRead;
        if (byStream.contains(it->first) || last.readAtMs == 0 || !m_streams.contains(it->first))
            continue;
        for (const GroupSnapshot &g : last.groups)
            if (const auto st = m_groupState.find(GroupKey{it->first, g.name}); st != m_groupState.end())
                st->second.seenTick = m_tick;
        data.streams.append(last);
    }

    for (const QByteArray &key : std::as_const(vanished)) {
        m_streams.remove(key);
        m_streamState.erase(key);
    }
    // Forget state of groups that are gone.
    for (auto it = m_groupState.begin(); it != m_groupState.end();) {
        if (it->second.seenTick + 2 < m_tick || vanished.contains(it->first.stream))
            it = m_groupState.erase(it);
        else
            ++it;
    }
    for (auto it = m_streamState.begin(); it != m_streamState.end();) {
        if (!m_streams.contains(it->first))
            it = m_streamState.erase(it);
        else
            ++it;
    }

    std::sort(data.streams.begin(), data.streams.end(), [](const auto &a, const auto &b) { return a.key < b.key; });
    collectDeadLetters(data, dlqSamples, dlqNewest);
    data.discoveryComplete = discoveryComplete() && m_discoveryGap.isEmpty();
    if (!m_discoveryGap.isEmpty())
        warnings << m_discoveryGap;
    data.stats.estimatedUs = m_budget.estimatedUs;
    data.stats.budgetUs = m_config.oneShot ? 0 : m_config.pollBudgetUs;
    data.stats.deferredReads = m_budget.deferred;
    data.stats.budgetTooSmall = m_budget.tooSmall;
    data.stats.budgetNote = m_budget.note;
    data.stats.groupsRead = groupsRead;
    data.stats.groupsKnown = std::max(m_groupsKnown, groupsRead);
    data.stats.refreshTicks = m_config.groupsPerTick > 0 && groupsRead < data.stats.groupsKnown
                                  ? (data.stats.groupsKnown + m_config.groupsPerTick - 1) / m_config.groupsPerTick
                                  : 1;
    warnings += m_warnings;
    data.warning = warnings.join(QStringLiteral("; "));
    return data;
}

void StreamProbe::collectDeadLetters(SnapshotData &data, const QHash<QByteArray, const RedisReply *> &dlqSamples,
                                     const QHash<QByteArray, const RedisReply *> &dlqNewest)
{
    constexpr qint64 kGrowthWindowMs = 5LL * 60'000;
    QSet<QByteArray> seen;
    for (const StreamSnapshot &s : std::as_const(data.streams)) {
        const auto source = sourceFromDlqName(s.key);
        if (!source || !s.error.isEmpty())
            continue;
        seen.insert(s.key);
        DlqState &ds = m_dlqState[s.key];
        DeadLetterSnapshot d;
        d.key = s.key;
        d.source = *source;
        d.length = s.length;
        // The newest entry still there: a requeue or XDEL of the newest dead
        // letters leaves last-generated-id on a deleted entry (issue 45).
        bool readNow = false;
        for (const RedisReply *r : {dlqSamples.value(s.key), dlqNewest.value(s.key)})
            if (r && r->isArray()) {
                ds.newestId = r->size() > 0 ? r->at(0).at(0).bytes() : QByteArray();
                readNow = true;
            }
        if (s.length != ds.seenLength || s.lastGeneratedId != ds.seenLastGenerated) {
            ds.seenLength = s.length;
            ds.seenLastGenerated = s.lastGeneratedId;
            ds.newestWanted = true; // changed: read it again, unless this tick's reply already is the change's
        }
        if (readNow)
            ds.newestWanted = false;
        if (s.length.value_or(0) > 0 && ds.newestId)
            if (const auto newest = StreamId::parse(*ds.newestId))
                d.newestEntryMs = qint64(newest->ms);
        // entries-added only grows (trimming and requeues do not hide growth).
        const std::optional<qint64> count = s.entriesAdded ? s.entriesAdded : s.length;
        if (count && data.takenAtMs > 0) {
            ds.counts.emplace_back(data.takenAtMs, *count);
            while (ds.counts.size() > 1 && data.takenAtMs - ds.counts.front().first > kGrowthWindowMs)
                ds.counts.pop_front();
            if (ds.counts.size() > 1) {
                d.growth = std::max<qint64>(0, *count - ds.counts.front().second);
                d.growthWindowMs = data.takenAtMs - ds.counts.front().first;
            }
        }
        if (const RedisReply *r = dlqSamples.value(s.key); r && r->isArray()) {
            ds.categories.clear();
            ds.sampled = r->size();
            ds.sampledTick = m_tick;
            for (const RedisReply &entry : r->elements()) {
                const QByteArray cause = DlqLayout::causeOf(fieldsOf(entry));
                ds.categories[cause.isEmpty() ? QByteArray("(none)") : cause] += 1;
            }
        }
        d.categories = ds.categories;
        d.categoriesSampled = ds.sampled;
        data.deadLetters.append(d);

        // A growing dead-letter stream is trouble for every group of its source.
        if (d.growth.value_or(0) > 0) {
            for (StreamSnapshot &src : data.streams) {
                if (src.key != d.source)
                    continue;
                for (GroupSnapshot &g : src.groups) {
                    if (int(g.health.status) < int(Health::Warn))
                        g.health.status = Health::Warn;
                    g.health.reasons << deadLetterGrowth(d);
                }
            }
        }
    }
    for (auto it = m_dlqState.begin(); it != m_dlqState.end();)
        it = seen.contains(it->first) ? std::next(it) : m_dlqState.erase(it);
}

} // namespace pelscope
