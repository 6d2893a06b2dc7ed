// The incident report's timeline as incidents, not status changes: each
// group's recorded changes folded into incidents (one begins when the group
// leaves OK and ends when OK has held incident_end_after; a relapse before is
// the same incident), with their start, worst moment, reasons over time and
// the writes made on that group meanwhile. A night of a flapping group is one
// incident with its flaps counted, and the dead consumer, the claim and the
// recovery are named in it.
#pragma once

#include "history/group_key.h"
#include "snapshot/snapshot.h"

#include <QStringList>

namespace pelscope {

// One recorded status change of a group.
struct TimelineChange
{
    qint64 atMs = 0;
    GroupKey key;
    Health status = Health::Ok;
    QList<Reason> reasons;
    bool recordingBegan = false; // the first verdict the recorder wrote, not a change it saw
};

// Writes from the audit log, one line per action, outcome, stream, group and
// target, with when they ran and how many entries or items they named.
struct ReportWrite
{
    qint64 firstMs = 0;
    qint64 lastMs = 0;
    QString action, outcome, stream, group, target;
    qint64 count = 0;
};

// An annotation ("deploy 1.4.2") recorded in the window.
struct ReportNote
{
    qint64 atMs = 0;
    QString text, source;
    std::optional<GroupKey> group; // none: the whole connection
};

struct ReportIncident
{
    GroupKey key;
    qint64 startMs = 0;
    bool startAtLeast = false; // it already was when recording began
    qint64 endMs = 0;          // 0: still open at the report's end
    Health worst = Health::Ok;
    qint64 worstAtMs = 0;
    QList<Reason> worstReasons;
    qint64 changes = 0; // status changes folded into it
    // Each reason seen during it, once (by code and the name it names), with
    // when it was first seen: the dead consumer, "recovering", "held".
    QList<std::pair<qint64, Reason>> reasonsSeen;
};

QList<ReportIncident> foldIncidents(QList<TimelineChange> changes, qint64 endAfterMs);
// The incident's lines for summary.md, in English: its span, its worst
// moment, its reasons as they came, and the writes and annotations on its
// stream and group (or the whole connection's) from its start to its end.
QStringList incidentLines(const ReportIncident &incident, const QList<ReportWrite> &writes, const QList<ReportNote> &notes, qint64 reportEndMs);

} // namespace pelscope
