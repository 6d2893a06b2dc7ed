#include "report_incidents.h"

#include "snapshot/format.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QDateTime>
#include <QHash>

#include <algorithm>

namespace pelscope {

namespace {

QString utc(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

QString english(const QList<Reason> &reasons)
{
    return joinReasons(reasons, QStringLiteral("; "), ReasonLanguage::English);
}

// A reason's identity within an incident: its code and the first name it
// names (one line per stalled consumer, not one per poll).
QByteArray identity(const Reason &r)
{
    for (const ReasonArg &a : r.args)
        if (a.kind == ReasonArg::Kind::Name)
            return r.code + '\0' + a.value.toByteArray();
    return r.code;
}

} // namespace

QList<ReportIncident> foldIncidents(QList<TimelineChange> changes, qint64 endAfterMs)
{
    std::stable_sort(changes.begin(), changes.end(), [](const TimelineChange &a, const TimelineChange &b) { return a.atMs < b.atMs; });
    QList<ReportIncident> done;
    struct Open
    {
        ReportIncident incident;
        qint64 okSinceMs = 0; // OK again since, not yet long enough to end it
        QHash<QByteArray, bool> seen;
    };
    QHash<GroupKey, Open> open;
    const auto close = [&](Open &o) {
        o.incident.endMs = o.okSinceMs;
        done.append(o.incident);
    };
    for (const TimelineChange &c : std::as_const(changes)) {
        auto it = open.find(c.key);
        if (c.status == Health::Ok) {
            if (it != open.end() && it->okSinceMs == 0) {
                it->okSinceMs = c.atMs;
                ++it->incident.changes;
            }
            continue;
        }
        if (it != open.end() && it->okSinceMs > 0 && c.atMs - it->okSinceMs >= endAfterMs) {
            close(*it);
            open.erase(it);
            it = open.end();
        }
        if (it == open.end()) {
            Open o;
            o.incident.key = c.key;
            o.incident.startMs = c.atMs;
            o.incident.startAtLeast = c.recordingBegan;
            it = open.insert(c.key, o);
        } else {
            ++it->incident.changes;
            it->okSinceMs = 0;
        }
        ReportIncident &i = it->incident;
        if (int(c.status) > int(i.worst)) {
            i.worst = c.status;
            i.worstAtMs = c.atMs;
            i.worstReasons = c.reasons;
        }
        for (const Reason &r : c.reasons) {
            const QByteArray id = identity(r);
            if (!it->seen.contains(id) && r.code != "held") {
                it->seen.insert(id, true);
                i.reasonsSeen.append({c.atMs, r});
            }
        }
    }
    for (auto it = open.begin(); it != open.end(); ++it) {
        if (it->okSinceMs > 0)
            close(*it); // OK at the end: over, as far as the record goes
        else
            done.append(it->incident);
    }
    std::stable_sort(done.begin(), done.end(), [](const ReportIncident &a, const ReportIncident &b) {
        return a.worst != b.worst ? int(a.worst) > int(b.worst) : a.startMs < b.startMs;
    });
    return done;
}

QStringList incidentLines(const ReportIncident &i, const QList<ReportWrite> &writes, const QList<ReportNote> &notes, qint64 reportEndMs)
{
    QStringList md;
    const qint64 end = i.endMs > 0 ? i.endMs : reportEndMs;
    md << fillText(QStringLiteral("### %1 / %2: %3 at its worst, %4"), displayBytes(i.key.stream), displayBytes(i.key.group), healthName(i.worst).toUpper(),
                   i.endMs > 0 ? fillText(QStringLiteral("over after %1"), formatDuration(end - i.startMs))
                               : fillText(QStringLiteral("still open after %1"), formatDuration(end - i.startMs)))
       << QString();
    md << fillText(QStringLiteral("- Began %1%2"), i.startAtLeast ? QStringLiteral("at least by ") : QString(), utc(i.startMs));
    md << fillText(QStringLiteral("- Worst (%1) from %2: %3"), healthName(i.worst).toUpper(), utc(i.worstAtMs), english(i.worstReasons));
    for (const auto &[atMs, reason] : i.reasonsSeen)
        if (atMs != i.worstAtMs || !i.worstReasons.contains(reason)) // said on the worst line already
            md << fillText(QStringLiteral("- %1 %2"), utc(atMs), renderReason(reason, ReasonLanguage::English));
    const QString stream = displayBytes(i.key.stream), group = displayBytes(i.key.group);
    for (const ReportWrite &w : writes) {
        // Begun "at least by" its start: a write before it may be part of it.
        if (w.stream != stream || (!w.group.isEmpty() && w.group != group) || (!i.startAtLeast && w.lastMs < i.startMs) || w.firstMs > end)
            continue;
        md << fillText(QStringLiteral("- %1 write: %2 (%3) on %4 / %5: %6 entries%7"), utc(w.firstMs), w.action, w.outcome, w.stream,
                       w.group.isEmpty() ? QStringLiteral("(any group)") : w.group, w.count,
                       w.target.isEmpty() ? QString() : QStringLiteral(" → ") + w.target);
    }
    for (const ReportNote &n : notes)
        if ((!n.group || *n.group == i.key) && n.atMs >= i.startMs && n.atMs <= end)
            md << fillText(QStringLiteral("- %1 annotation (%2): %3"), utc(n.atMs), displayText(n.source), displayText(n.text));
    md << (i.endMs > 0 ? fillText(QStringLiteral("- OK from %1"), utc(i.endMs)) : QStringLiteral("- Still open when the report was written"));
    if (i.changes > 0)
        md << fillText(QStringLiteral("- %1 status changes folded into this incident (`pelscope-cli history %2 %3` lists them)"), i.changes, stream, group);
    md << QString();
    return md;
}

} // namespace pelscope
