#include "stream_probe.h"

#include "../actions/dlq_layout.h"
#include "../health/health_rules.h"
#include "../snapshot/format.h"
#include "../snapshot/stream_id.h"

#include <QRandomGenerator>

#include <algorithm>

namespace pelscope {

namespace {

std::optional<qint64> optInt(const RedisReply &r)
{
    return r.isNil() ? std::nullopt : r.toInt();
}

std::optional<QByteArray> optBytes(const RedisReply &r)
{
    if (!r.isString())
        return std::nullopt;
    return r.bytes();
}

// Redis cannot report lag: say why, and estimate from the IDs' timestamps.
QString lagNoteFor(const StreamSnapshot &s, GroupSnapshot &g, bool serverReportsLag)
{
    if (!serverReportsLag)
        return QStringLiteral("this Redis version (< 7.0) does not report lag");
    QString why;
    const auto delivered = StreamId::parse(g.lastDeliveredId);
    const auto maxDeleted = s.maxDeletedEntryId ? StreamId::parse(*s.maxDeletedEntryId) : std::nullopt;
    if (delivered && maxDeleted && *maxDeleted > *delivered)
        why = QStringLiteral("an entry newer than the group's position was deleted (XDEL), so Redis cannot count the unread entries");
    else if (!g.entriesRead)
        why = QStringLiteral("the group was created or moved with XGROUP CREATE/SETID mid-stream without ENTRIESREAD");
    else
        why = QStringLiteral("Redis cannot count the unread entries for this group");
    const auto newest = StreamId::parse(s.lastGeneratedId);
    const auto first = s.firstEntryId ? StreamId::parse(*s.firstEntryId) : std::nullopt;
    if (delivered && first && *delivered < *first && s.length) {
        // Every entry still in the stream lies after the group's position.
        why += QStringLiteral("; estimate: all %1 entries in the stream are unread").arg(formatCount(*s.length));
    } else if (delivered && newest) {
        const qint64 behind = qint64(newest->ms) - qint64(delivered->ms);
        g.lagTimeMs = std::max<qint64>(behind, 0);
        if (*newest == *delivered)
            why += QStringLiteral("; the group has read up to the newest entry");
        else
            why += QStringLiteral("; estimate: %1 behind the newest entry").arg(formatDuration(*g.lagTimeMs));
    }
    return why;
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

StreamProbe::StreamProbe(ProbeConfig config)
    : m_config(std::move(config))
{
    for (const QByteArray &k : std::as_const(m_config.streams))
        m_streams.insert(k);
    m_sweeping = m_config.streams.isEmpty();
}

bool StreamProbe::discoveryComplete() const
{
    return !m_config.streams.isEmpty() || m_sweptOnce;
}

QList<QByteArray> StreamProbe::knownStreams() const
{
    QList<QByteArray> keys(m_streams.cbegin(), m_streams.cend());
    std::sort(keys.begin(), keys.end());
    return keys;
}

RedisCommand StreamProbe::scanCommand() const
{
    return {"SCAN", m_scanCursor, "MATCH", m_config.match, "COUNT", QByteArray::number(m_config.scanCount), "TYPE", "stream"};
}

void StreamProbe::restartDiscovery()
{
    if (!m_config.streams.isEmpty())
        return;
    m_scanCursor = "0";
    m_found.clear();
    m_sweeping = true;
}

QString StreamProbe::onScanReply(const RedisReply &reply)
{
    if (reply.isError())
        return QString::fromUtf8(reply.bytes());
    if (!reply.isArray() || reply.size() != 2)
        return QStringLiteral("unexpected SCAN reply");
    m_scanCursor = reply.at(0).bytes();
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
        m_lastSweepEndMs = m_lastNowMs;
    }
    return {};
}

void StreamProbe::add(RedisBatch &batch, SlotKind kind, RedisCommand cmd, const QByteArray &stream,
                      const QByteArray &group, qint64 count)
{
    batch.append(std::move(cmd));
    m_layout.append(Slot{kind, stream, group, count});
}

RedisBatch StreamProbe::planTick()
{
    ++m_tick;
    m_layout.clear();
    RedisBatch batch;
    add(batch, SlotKind::Time, {"TIME"});

    if (m_config.streams.isEmpty() && !m_config.oneShot) {
        if (!m_sweeping && m_lastNowMs - m_lastSweepEndMs >= m_config.rescanIntervalMs) {
            m_sweeping = true;
            m_scanCursor = "0";
            m_found.clear();
        }
        if (m_sweeping)
            add(batch, SlotKind::Scan, scanCommand());
    }

    qint64 consumerBudget = m_config.consumerBudgetPerTick;
    for (const QByteArray &key : knownStreams()) {
        StreamState &ss = m_streamState[key];
        // A stream whose first/last entries are huge (XINFO STREAM returns
        // them whole) is read in full only every 10th tick; XLEN in between.
        const bool rationed = !m_config.oneShot && ss.lastInfoBytes > m_config.bigStreamReplyBytes
                              && m_tick - ss.lastInfoTick < 10;
        if (rationed)
            add(batch, SlotKind::Xlen, {"XLEN", key}, key);
        else
            add(batch, SlotKind::XinfoStream, {"XINFO", "STREAM", key}, key);
        add(batch, SlotKind::XinfoGroups, {"XINFO", "GROUPS", key}, key);
        // Categories of the newest dead letters: a bounded read, every 10th tick.
        if (sourceFromDlqName(key)) {
            const DlqState &ds = m_dlqState[key];
            if (m_config.oneShot || ds.sampledTick == 0 || m_tick - ds.sampledTick >= 10)
                add(batch, SlotKind::DlqSample, {"XREVRANGE", key, "+", "-", "COUNT", "50"}, key, "\x01dlq");
        }
        for (const QByteArray &group : std::as_const(ss.groups))
            planGroup(batch, key, group, consumerBudget);
    }
    return batch;
}

void StreamProbe::planGroup(RedisBatch &batch, const QByteArray &stream, const QByteArray &group, qint64 &consumerBudget)
{
    GroupState &st = m_groupState[GroupKey{stream, group}];
    const qint64 pending = st.pending;

    // Head sample, or the whole PEL when it is small (exact everything).
    qint64 head = m_config.headSample;
    if (m_config.oneShot)
        head = std::max<qint64>(head, std::min<qint64>(pending + 1, m_config.pelBudget));
    else if (pending < m_config.smallPel)
        head = std::max<qint64>(head, m_config.smallPel);
    add(batch, SlotKind::Head, {"XPENDING", stream, group, "-", "+", QByteArray::number(head)}, stream, group, head);

    const bool wholeInHead = pending < head;
    if (!wholeInHead && !m_config.oneShot && pending <= m_config.pelBudget) {
        const QByteArray start = st.walking ? "(" + st.walkCursor : QByteArray("-");
        add(batch, SlotKind::Walk, {"XPENDING", stream, group, start, "+", QByteArray::number(m_config.walkPage)},
            stream, group, m_config.walkPage);
    } else if (!wholeInHead && pending > m_config.pelBudget) {
        // Random probes between the head and the group's position.
        const auto lo = StreamId::parse(st.minId);
        const auto hi = StreamId::parse(st.lastDeliveredId);
        if (lo && hi && hi->ms >= lo->ms) {
            const int probes = m_config.oneShot ? 20 : m_config.samplesPerTick;
            for (int i = 0; i < probes; ++i) {
                const quint64 ms = lo->ms + QRandomGenerator::global()->bounded(quint64(hi->ms - lo->ms + 1));
                add(batch, SlotKind::Sample,
                    {"XPENDING", stream, group, QByteArray::number(ms), "+", QByteArray::number(m_config.sampleSize)},
                    stream, group, m_config.sampleSize);
            }
        }
    }

    // XINFO CONSUMERS and the XPENDING summary cost O(consumers): rationed.
    const qint64 every = qint64(m_config.consumersEveryTicks) * std::max<qint64>(1, st.consumerCount / 200);
    const bool due = m_config.oneShot || !st.consumersRead || m_tick - st.consumersTick >= quint64(every);
    if (due && (consumerBudget > 0 || !st.consumersRead || m_config.oneShot)) {
        consumerBudget -= std::max<qint64>(st.consumerCount, 1);
        add(batch, SlotKind::Consumers, {"XINFO", "CONSUMERS", stream, group}, stream, group);
        add(batch, SlotKind::Summary, {"XPENDING", stream, group}, stream, group);
    }
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
    QHash<QByteArray, const RedisReply *> dlqSamples;
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
                        s.error = QString::fromUtf8(r.bytes());
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
        if (vanished.contains(key))
            continue;
        if (!s.error.isEmpty() || !groupsReply || groupsReply->isError()) {
            if (s.error.isEmpty() && groupsReply)
                s.error = QString::fromUtf8(groupsReply->bytes());
            data.streams.append(s);
            continue;
        }

        QList<QByteArray> groupNames;
        for (const RedisReply &gr : groupsReply->elements()) {
            GroupSnapshot g;
            g.name = gr.field("name").bytes();
            groupNames.append(g.name);
            g.consumers = optInt(gr.field("consumers"));
            g.pending = optInt(gr.field("pending"));
            g.lastDeliveredId = gr.field("last-delivered-id").bytes();
            g.entriesRead = optInt(gr.field("entries-read"));
            const bool reportsLag = gr.hasField("lag");
            g.lag = optInt(gr.field("lag"));
            if (!g.lag)
                g.lagNote = lagNoteFor(s, g, reportsLag);

            const GroupKey gk{key, g.name};
            GroupState &st = m_groupState[gk];
            st.seenTick = m_tick;
            st.lastDeliveredId = g.lastDeliveredId;
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
            g.health = evaluateGroup(s, g, m_config.thresholds);
            s.groups.append(g);
        }
        std::sort(s.groups.begin(), s.groups.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
        std::sort(groupNames.begin(), groupNames.end());
        ss.groups = groupNames;
        data.streams.append(s);
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
    collectDeadLetters(data, dlqSamples);
    data.discoveryComplete = discoveryComplete();
    warnings += m_warnings;
    data.warning = warnings.join(QStringLiteral("; "));
    return data;
}

void StreamProbe::collectDeadLetters(SnapshotData &data, const QHash<QByteArray, const RedisReply *> &dlqSamples)
{
    constexpr qint64 kGrowthWindowMs = 5 * 60'000;
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
        if (s.length.value_or(0) > 0)
            if (const auto newest = StreamId::parse(s.lastGeneratedId))
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
                QByteArray category = "(none)";
                for (const auto &fv : fieldsOf(entry))
                    if (fv.first == "category")
                        category = fv.second;
                ds.categories[category] += 1;
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
                    g.health.reasons << QStringLiteral("dead-letter stream %1 grew by %2 in the last %3 (now %4)")
                                            .arg(displayBytes(d.key), formatCount(*d.growth), formatDuration(d.growthWindowMs),
                                                 formatCount(d.length.value_or(0)));
                }
            }
        }
    }
    for (auto it = m_dlqState.begin(); it != m_dlqState.end();)
        it = seen.contains(it->first) ? std::next(it) : m_dlqState.erase(it);
}

void StreamProbe::applyPel(GroupSnapshot &g, GroupState &st, const QHash<int, const RedisReply *> &replies,
                           const QList<int> &slots, qint64 nowMs)
{
    QList<PendingEntry> head;
    qint64 headRequested = 0;
    bool haveHead = false;
    qint64 lowerBound = -1;
    qint64 maxDeliveries = -1;
    QStringList errors;

    auto seen = [&](const QList<PendingEntry> &entries) {
        for (const PendingEntry &e : entries) {
            lowerBound = std::max(lowerBound, e.idleMs);
            maxDeliveries = std::max(maxDeliveries, e.deliveries);
        }
    };

    for (int i : slots) {
        const Slot &slot = m_layout.at(i);
        const RedisReply &r = *replies.value(i);
        if (r.isError()) {
            errors << QString::fromUtf8(r.bytes());
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
            st.consumersTick = m_tick;
            st.consumersAtMs = nowMs;
            break;
        case SlotKind::Summary:
            if (r.isArray() && r.size() >= 3)
                st.pendingMaxId = optBytes(r.at(2));
            break;
        default:
            break;
        }
    }

    if (st.consumersRead) {
        g.consumerList = st.consumers;
        g.consumersAgeMs = std::max<qint64>(0, nowMs - st.consumersAtMs);
    }

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
            // Only meaningful for time-based IDs: it must not undercut the
            // lower bound we observed.
            if (upper >= lowerBound && minId->ms > 0)
                g.oldestIdleUpperMs = upper;
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
