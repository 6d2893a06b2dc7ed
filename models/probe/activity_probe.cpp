#include "activity_probe.h"

#include "../text/display_text.h"

namespace pelscope {

namespace {

constexpr qint64 kRetryRefusedMs = 600'000; // INFO refused (ACL): ask again every 10 minutes

} // namespace

QHash<QByteArray, ActivityProbe::Stat> ActivityProbe::parseCommandStats(const QByteArray &info)
{
    QHash<QByteArray, Stat> out;
    for (const QByteArray &raw : info.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (!line.startsWith("cmdstat_"))
            continue;
        const qsizetype colon = line.indexOf(':');
        if (colon < 0)
            continue;
        Stat s;
        for (const QByteArray &kv : line.mid(colon + 1).split(',')) {
            const qsizetype eq = kv.indexOf('=');
            if (eq < 0)
                continue;
            const QByteArray key = kv.left(eq);
            bool ok = false;
            const qint64 v = kv.mid(eq + 1).toLongLong(&ok);
            if (!ok || v < 0)
                continue;
            if (key == "calls")
                s.calls = v;
            else if (key == "usec")
                s.usec = v;
            else if (key == "failed_calls")
                s.failed = v;
            else if (key == "rejected_calls")
                s.rejected = v;
        }
        out.insert(line.mid(8, colon - 8).toLower(), s);
    }
    return out;
}

bool ActivityProbe::plan(RedisBatch &batch)
{
    if (m_refusedAtMs >= 0 && m_lastNowMs - m_refusedAtMs < kRetryRefusedMs)
        return false;
    if (m_readAtMs > 0 && m_lastNowMs - m_readAtMs < m_everyMs)
        return false;
    batch.append(RedisCommand{"INFO", "commandstats"});
    return true;
}

void ActivityProbe::followGroups(const SnapshotData &data)
{
    for (const StreamSnapshot &s : data.streams) {
        if (s.carriedAt(data.takenAtMs) || s.stale)
            continue; // not read this tick: nothing moved as far as we know
        for (const GroupSnapshot &g : s.groups) {
            const QByteArray key = s.key + '\0' + g.name;
            // A group that has read nothing yet reports entries-read as nil: it is 0.
            const std::optional<qint64> entriesRead = g.entriesRead ? g.entriesRead
                                                      : g.lastDeliveredId == "0-0" ? std::optional<qint64>(0)
                                                                                   : std::nullopt;
            if (!entriesRead || !g.pending) {
                m_groups.remove(key);
                ++m_groupsUnknown;
                continue;
            }
            const auto it = m_groups.find(key);
            if (it != m_groups.end()) {
                const qint64 delivered = *entriesRead - it->entriesRead;
                const qint64 acked = delivered - (*g.pending - it->pending);
                if (delivered < 0 || acked < 0)
                    m_ackedUncertain = true; // SETID, or entries dropped from the PEL without an ack (XAUTOCLAIM of deleted entries)
                else
                    m_acked += acked;
                ++m_groupsFollowed;
            }
            m_groups[key] = Seen{*entriesRead, *g.pending};
        }
    }
}

void ActivityProbe::parse(const RedisReply *commandstats, SnapshotData &data)
{
    m_lastNowMs = data.takenAtMs;
    followGroups(data);
    if (commandstats) {
        if (commandstats->isError()) {
            m_refusedAtMs = data.takenAtMs;
            m_note = QStringLiteral("claim and XACK activity unknown: INFO commandstats refused (%1)").arg(displayBytes(commandstats->bytes()));
            m_latest.reset();
        } else {
            m_refusedAtMs = -1;
            const QHash<QByteArray, Stat> now = parseCommandStats(commandstats->bytes());
            if (m_readAtMs > 0 && !now.isEmpty()) {
                const auto delta = [&](const char *name) {
                    const Stat a = m_last.value(name), b = now.value(name);
                    // A CONFIG RESETSTAT or a restart starts the counters over.
                    if (b.calls < a.calls || b.usec < a.usec)
                        return b;
                    return Stat{b.calls - a.calls, b.usec - a.usec, b.failed - a.failed, b.rejected - a.rejected};
                };
                const Stat xclaim = delta("xclaim"), xautoclaim = delta("xautoclaim"), xack = delta("xack");
                CommandActivity a;
                a.windowMs = data.takenAtMs - m_readAtMs;
                a.readAtMs = data.takenAtMs;
                a.xclaimCalls = xclaim.calls;
                a.xautoclaimCalls = xautoclaim.calls;
                a.claimFailed = xclaim.failed + xautoclaim.failed;
                a.claimRejected = xclaim.rejected + xautoclaim.rejected;
                if (xclaim.calls + xautoclaim.calls > 0)
                    a.usPerClaimCall = double(xclaim.usec + xautoclaim.usec) / double(xclaim.calls + xautoclaim.calls);
                a.xackCalls = xack.calls;
                a.groupsUnknown = m_groupsUnknown;
                if (m_groupsFollowed > 0 && !m_ackedUncertain)
                    a.entriesAcked = m_acked;
                if (!a.entriesAcked)
                    a.note = m_ackedUncertain ? QStringLiteral("entries acknowledged unknown: a group's position moved back (SETID) or its PEL "
                                                              "shrank without acknowledgements in this window")
                                              : QStringLiteral("entries acknowledged unknown: no group's entries-read and pending could be followed");
                else if (m_groupsUnknown > 0)
                    a.note = QStringLiteral("%1 group reading(s) had no entries-read (lag unknown): their acknowledgements are not counted")
                                 .arg(m_groupsUnknown);
                // Clearly more: a margin for XACKs of several IDs being rarer than one each.
                a.duplicateAcks = a.entriesAcked && a.xackCalls > *a.entriesAcked + std::max<qint64>(5, *a.entriesAcked / 10);
                m_latest = a;
            }
            m_last = now;
            m_readAtMs = data.takenAtMs;
            m_acked = m_groupsFollowed = m_groupsUnknown = 0;
            m_ackedUncertain = false;
            m_note.clear();
        }
    }
    data.activity = m_latest;
    if (!m_note.isEmpty())
        data.warning = data.warning.isEmpty() ? m_note : data.warning + QStringLiteral("; ") + m_note;
}

} // namespace pelscope
