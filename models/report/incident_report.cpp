#include "incident_report.h"
#include "report_incidents.h"
#include "report_files.h"

#include "health/incident_tracker.h"
#include "history/history_database.h"
#include "redis/blocking_read.h"
#include "snapshot/dlq_layout.h"
#include "snapshot/format.h"
#include "snapshot/snapshot_json.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace pelscope {

namespace {

bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

// Markdown table cells: a '|' would end the cell.
QString cell(const QString &text)
{
    QString t = text;
    return t.replace(QLatin1Char('|'), QStringLiteral("\\|"));
}

QString utcTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

QString csvNumber(float v, int decimals)
{
    return std::isnan(v) ? QString() : QString::number(double(v), 'f', decimals);
}

// What the history file says: the status changes and each group's series.
struct RecordedPast
{
    bool present = false;
    QString note;
    QList<StoredEvent> events; // every status change recorded, oldest first
    // Each group's recorded polls in the report's window, run-length coded:
    // the poll that began each run of one status, oldest first (an hour of
    // 10,000 groups polled every second would be 36 M pairs otherwise). The
    // window's "since" comes from them as from the events.
    QHash<GroupKey, QList<std::pair<qint64, Health>>> statuses;
};

RecordedPast writeGroupSeries(const Snapshot &snapshot, const IncidentReportRequest &r, const GroupFileNames &names, const QDir &dir, int *written)
{
    RecordedPast past;
    HistoryDatabase history(r.historyPath, true);
    past.present = QFile::exists(r.historyPath) && history.open(&past.note);
    if (!past.present) {
        if (past.note.isEmpty())
            past.note = QStringLiteral("no recorded history for this connection (run the window or `pelscope-cli record`)");
        return past;
    }
    // From the file's start: "since when" may lie before the report's window.
    past.events = history.events(0, r.toMs, &past.note);
    QString error;
    for (const StreamSnapshot &st : snapshot->streams)
        for (const GroupSnapshot &g : st.groups) {
            const QList<StoredPoint> points = history.series(GroupKey{st.key, g.name}, r.fromMs, r.toMs, &error);
            QList<std::pair<qint64, Health>> &statuses = past.statuses[GroupKey{st.key, g.name}];
            for (const StoredPoint &p : points)
                if (p.status && (statuses.isEmpty() || statuses.last().second != *p.status))
                    statuses.append({p.atMs, *p.status});
            QByteArray csv = "time,lag,pending,oldest_idle_s,in_rate,out_rate,consumers_alive,consumers_total,status\n";
            for (const StoredPoint &p : points)
                csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                           .arg(utcTime(p.atMs), csvNumber(p.values[0], 0), csvNumber(p.values[1], 0), csvNumber(p.values[2], 1),
                                csvNumber(p.values[3], 2), csvNumber(p.values[4], 2), csvNumber(p.values[5], 0), csvNumber(p.values[6], 0),
                                p.status ? healthName(*p.status) : QString())
                           .toUtf8();
            if (writeFile(dir.filePath(QStringLiteral("groups/%1.csv").arg(names.stem(GroupKey{st.key, g.name}))), csv, &error))
                ++*written;
        }
    return past;
}

// The newest dead letters of each stream, metadata only unless asked; the
// categories counted for the summary (dlq -> category -> count).
QByteArray readDeadLetters(const Snapshot &snapshot, const IncidentReportRequest &r, QMap<QString, QMap<QString, qint64>> *categories)
{
    const DlqLayout layout;
    QByteArray out;
    for (const DeadLetterSnapshot &d : snapshot->deadLetters) {
        RedisError e;
        const RedisReplies replies =
            readBlocking(r.connection, {{"XREVRANGE", d.key, "+", "-", "COUNT", QByteArray::number(r.deadLettersPerStream)}}, &e);
        if (e.isError() || replies.value(0).isError())
            continue;
        const QList<RedisReply> entries = replies.value(0).elements();
        for (const RedisReply &entry : entries) {
            QJsonObject o{{QLatin1String("dlq"), displayBytes(d.key)}, {QLatin1String("id"), QString::fromLatin1(entry.at(0).bytes())}};
            QJsonObject fields;
            const QList<RedisReply> kv = entry.at(1).elements();
            qint64 omitted = 0;
            for (qsizetype i = 0; i + 1 < kv.size(); i += 2) {
                const QByteArray name = kv.at(i).bytes();
                if (name == "category")
                    ++(*categories)[displayBytes(d.key)][displayBytes(kv.at(i + 1).bytes())];
                if (!r.includePayloads && !layout.isMetadata(name)) {
                    omitted += kv.at(i + 1).bytes().size();
                    continue;
                }
                fields.insert(displayBytes(name), displayBytes(capped(kv.at(i + 1).bytes())));
            }
            o.insert(QLatin1String("fields"), fields);
            if (omitted)
                o.insert(QLatin1String("payload_bytes_left_out"), double(omitted));
            out += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
        }
    }
    return out;
}

// A stream entry's ID ("1700000000000-0"): what the audit log's ids are for
// stream writes. A queue write's ids are the items themselves (payloads).
bool isStreamId(const QString &id)
{
    const qsizetype dash = id.indexOf(QLatin1Char('-'));
    if (dash <= 0 || dash == id.size() - 1)
        return false;
    for (qsizetype i = 0; i < id.size(); ++i)
        if (i != dash && !id.at(i).isDigit())
            return false;
    return true;
}

// The names this connection's writes carry in the audit log: its URL, the
// primary's (read_from=replica writes there), and on a cluster each master's.
QSet<QString> auditNamesOf(const Snapshot &snapshot, const ConnectionOptions &connection)
{
    QSet<QString> names{connection.redactedUrl(), connection.forWrites().redactedUrl()};
    for (const ClusterNodeSnapshot &node : snapshot->nodes) {
        ConnectionOptions o = connection.forWrites();
        const qsizetype colon = node.address.lastIndexOf(QLatin1Char(':'));
        o.host = node.address.left(colon).remove(QLatin1Char('[')).remove(QLatin1Char(']'));
        o.port = quint16(node.address.mid(colon + 1).toUInt());
        names.insert(o.redactedUrl());
    }
    return names;
}

// The audit log's lines within the window that this connection's writes
// left (the log is shared by every connection), and each action's outcomes
// counted by the entries or items they name. Without includePayloads, ids
// that are not stream IDs (a queue write's items) are left out and counted.
QByteArray readAudit(const Snapshot &snapshot, const IncidentReportRequest &r, QList<ReportWrite> *writes)
{
    const QSet<QString> ours = auditNamesOf(snapshot, r.connection);
    QByteArray out;
    QFile log(r.auditPath);
    if (!log.open(QIODevice::ReadOnly))
        return out;
    while (!log.atEnd()) {
        const QByteArray line = log.readLine();
        QJsonObject o = QJsonDocument::fromJson(line).object();
        const qint64 at = QDateTime::fromString(o.value(QLatin1String("time")).toString(), Qt::ISODateWithMs).toMSecsSinceEpoch();
        if (o.isEmpty() || at < r.fromMs || !ours.contains(o.value(QLatin1String("connection")).toString()))
            continue;
        const QJsonArray ids = o.value(QLatin1String("ids")).toArray();
        const bool payloads = std::any_of(ids.cbegin(), ids.cend(), [](const QJsonValue &id) { return !isStreamId(id.toString()); });
        if (payloads && !r.includePayloads) {
            o.remove(QLatin1String("ids"));
            o.insert(QLatin1String("items_left_out"), double(ids.size()));
            out += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
        } else {
            out += line.endsWith('\n') ? line : line + '\n';
        }
        if (o.value(QLatin1String("outcome")).toString() == QLatin1String("attempt"))
            continue;
        // One line per action, outcome, stream, group and target: which group
        // a claim acted on, not "claim (claimed): 30".
        ReportWrite w{at, at, o.value(QLatin1String("action")).toString(),
                      o.value(QLatin1String("outcome")).toString().section(QLatin1Char(':'), 0, 0), o.value(QLatin1String("key")).toString(),
                      o.value(QLatin1String("group")).toString(), o.value(QLatin1String("target")).toString(), std::max<qint64>(1, ids.size())};
        const auto same = std::find_if(writes->begin(), writes->end(), [&](const ReportWrite &x) {
            return x.action == w.action && x.outcome == w.outcome && x.stream == w.stream && x.group == w.group && x.target == w.target;
        });
        if (same == writes->end()) {
            writes->append(w);
        } else {
            same->lastMs = std::max(same->lastMs, at);
            same->count += w.count;
        }
    }
    return out;
}

// Since when a sick group has been so: the recorded incident still open for
// it, or the poll's own incident (derived from the data, or seen) when that
// says earlier or nothing was recorded.
QString sinceWhen(const QList<ReportIncident> &incidents, const GroupKey &key, const HealthVerdict &verdict, qint64 nowMs)
{
    const auto open = std::find_if(incidents.cbegin(), incidents.cend(), [&](const ReportIncident &i) { return i.key == key && i.endMs == 0; });
    const bool polled = verdict.incident.sinceMs > 0;
    if (open != incidents.cend() && (!polled || open->startMs <= verdict.incident.sinceMs))
        return fillText(open->startAtLeast ? QStringLiteral("at least since %1") : QStringLiteral("%1"), utcTime(open->startMs));
    return polled ? incidentSinceText(verdict, nowMs) : QStringLiteral("not recorded");
}

// The report is written in English, whatever the window's language.
QString englishReasons(const QList<Reason> &reasons)
{
    return joinReasons(reasons, QStringLiteral("; "), ReasonLanguage::English);
}

// Why, and where to read what to do ([runbooks]).
QString withRunbook(const HealthVerdict &h)
{
    return h.runbook.isEmpty() ? englishReasons(h.reasons) : fillText(QStringLiteral("%1 (runbook: %2)"), englishReasons(h.reasons), h.runbook);
}

// The status changes in [fromMs, toMs], oldest first: those the recorder wrote
// as events, and those its polls show without one (a history written before
// events were, or the demo's simulated past).
QList<TimelineChange> timeline(const RecordedPast &past, qint64 fromMs, qint64 toMs)
{
    QList<TimelineChange> out;
    QHash<GroupKey, QSet<qint64>> written;
    for (const StoredEvent &e : past.events)
        if (e.group && e.status && e.atMs >= fromMs && e.atMs <= toMs
            && (e.kind == QLatin1String("status") || e.kind == QLatin1String("first_seen"))) {
            out.append({e.atMs, *e.group, *e.status, e.why(), e.kind == QLatin1String("first_seen")});
            written[*e.group].insert(e.atMs);
        }
    for (auto it = past.statuses.cbegin(); it != past.statuses.cend(); ++it) {
        const QList<std::pair<qint64, Health>> &runs = it.value();
        for (qsizetype i = 1; i < runs.size(); ++i) // each run after the first began with a change
            if (!written.value(it.key()).contains(runs.at(i).first))
                out.append({runs.at(i).first, it.key(), runs.at(i).second, {}, false});
    }
    std::stable_sort(out.begin(), out.end(), [](const TimelineChange &a, const TimelineChange &b) { return a.atMs < b.atMs; });
    return out;
}

QStringList whatIsSick(const Snapshot &snapshot, const QList<ReportIncident> &incidents)
{
    struct Row
    {
        Health status;
        QString line;
    };
    QList<Row> rows;
    for (const StreamSnapshot &st : snapshot->streams)
        for (const GroupSnapshot &g : st.groups)
            if (g.health.status != Health::Ok)
                rows.append({g.health.status, QStringLiteral("| %1 | %2 | %3 | %4 | %5 |")
                                                  .arg(healthName(g.health.status).toUpper(), cell(displayBytes(st.key)), cell(displayBytes(g.name)),
                                                       cell(sinceWhen(incidents, GroupKey{st.key, g.name}, g.health, snapshot->takenAtMs)),
                                                       cell(withRunbook(g.health)))});
    // Queues keep values, not status changes, in the history: "since" from the poll's incident.
    const qint64 now = snapshot->takenAtMs;
    for (const DelayedQueueSnapshot &q : snapshot->delayedQueues)
        if (q.health.status != Health::Ok)
            rows.append({q.health.status, fillText(QStringLiteral("| %1 | %2 | (delayed queue) | %3 | %4 |"), healthName(q.health.status).toUpper(),
                                                   cell(displayBytes(q.key)), cell(incidentSinceText(q.health, now)), cell(withRunbook(q.health)))});
    for (const ListQueueSnapshot &q : snapshot->listQueues)
        if (q.health.status != Health::Ok)
            rows.append({q.health.status, fillText(QStringLiteral("| %1 | %2 | (reliable list) | %3 | %4 |"), healthName(q.health.status).toUpper(),
                                                   cell(displayBytes(q.key)), cell(incidentSinceText(q.health, now)), cell(withRunbook(q.health)))});
    for (const JobQueueSnapshot &q : snapshot->jobQueues)
        if (q.health.status != Health::Ok)
            rows.append({q.health.status, fillText(QStringLiteral("| %1 | %2 | (%3) | %4 | %5 |"), healthName(q.health.status).toUpper(),
                                                   cell(jobQueueTitle(q)), frameworkName(q.framework), cell(incidentSinceText(q.health, now)),
                                                   cell(withRunbook(q.health)))});
    // Worst first; within a status, the order the server listed them.
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return int(a.status) > int(b.status); });
    QStringList out;
    for (const Row &row : std::as_const(rows))
        out << row.line;
    return out;
}

} // namespace

IncidentReportResult writeIncidentReport(const Snapshot &snapshot, const IncidentReportRequest &r)
{
    IncidentReportResult result;
    const QDir dir(r.dir);
    const auto failed = [&](const QString &error) {
        result.error = error;
        return result;
    };
    QString error;
    if (!writeFile(dir.filePath(QStringLiteral("snapshot.json")), snapshotToJsonBytes(snapshot, true), &error))
        return failed(error);
    const GroupFileNames names(snapshot);
    if (!dir.mkpath(QStringLiteral("groups")) || !writeFile(dir.filePath(QStringLiteral("groups/index.csv")), names.indexCsv(QStringLiteral(".csv")), &error))
        return failed(error.isEmpty() ? fillText(QStringLiteral("cannot create %1"), dir.filePath(QStringLiteral("groups"))) : error);
    const RecordedPast past = writeGroupSeries(snapshot, r, names, dir, &result.groupSeries);

    QMap<QString, QMap<QString, qint64>> categories;
    const QByteArray deadLetters = readDeadLetters(snapshot, r, &categories);
    result.deadLetters = deadLetters.count('\n');
    if (!writeFile(dir.filePath(QStringLiteral("dead-letters.jsonl")), deadLetters, &error))
        return failed(error);

    QList<ReportWrite> writes;
    const QByteArray audit = readAudit(snapshot, r, &writes);
    result.auditLines = audit.count('\n');
    if (!writeFile(dir.filePath(QStringLiteral("audit.jsonl")), audit, &error))
        return failed(error);

    QStringList md;
    md << QStringLiteral("# Incident report: %1").arg(r.connection.redactedUrl()) << QString()
       << QStringLiteral("- Window: %1 to %2 (UTC)").arg(utcTime(r.fromMs), utcTime(r.toMs))
       << QStringLiteral("- Server: %1 %2 (%3), polled at %4")
              .arg(productName(snapshot->server.product), snapshot->server.version, snapshot->server.mode, utcTime(snapshot->takenAtMs))
       << QStringLiteral("- History: %1").arg(past.present ? QStringLiteral("%1 group series in groups/").arg(result.groupSeries) : past.note)
       << QString();
    const QList<TimelineChange> changes = timeline(past, r.fromMs, r.toMs);
    const QList<ReportIncident> incidents = foldIncidents(changes, r.thresholds.incidentEndAfterMs);
    md << QStringLiteral("## What is sick") << QString();
    const QStringList sick = whatIsSick(snapshot, incidents);
    if (sick.isEmpty())
        md << QStringLiteral("Nothing: every group and queue is OK.");
    else
        md << QStringLiteral("| Status | Stream / queue | Group | Since | Why |") << QStringLiteral("| --- | --- | --- | --- | --- |") << sick;

    md << QString()
       << QStringLiteral("## Stalled consumers (holding entries idle %1 or more: dead, or busy and not reading)")
              .arg(formatDuration(r.thresholds.consumerIdleWarnMs))
       << QString();
    QStringList dead;
    for (const StreamSnapshot &st : snapshot->streams)
        for (const GroupSnapshot &g : st.groups)
            for (const StalledConsumer &c : g.health.stalled)
                dead << fillText(QStringLiteral("- %1 / %2: **%3** holds %4 entries idle %5"), displayBytes(st.key), displayBytes(g.name),
                                 displayBytes(c.name), formatCount(c.pending), formatDuration(c.idleMs));
    md << (dead.isEmpty() ? QStringList{QStringLiteral("None.")} : dead);

    // What happened, as incidents: each group's recorded changes folded
    // into the incidents they belong to, worst first (a postmortem's timeline).
    md << QString() << QStringLiteral("## Incidents in the window (recorded)") << QString();
    if (incidents.isEmpty())
        md << (past.present ? QStringLiteral("None recorded in the window.") : past.note);
    else
        md << fillText(QStringLiteral("%1 incident(s) from %2 recorded status changes; one ends once OK has held %3."), incidents.size(), changes.size(),
                       formatDuration(r.thresholds.incidentEndAfterMs))
           << QString();
    QList<ReportNote> notes;
    for (const StoredEvent &e : past.events)
        if (e.kind == QLatin1String("annotation") && e.atMs >= r.fromMs && e.atMs <= r.toMs)
            notes.append({e.atMs, e.text, e.source, e.group});
    constexpr qsizetype kMaxIncidents = 50;
    for (const ReportIncident &i : incidents.mid(0, kMaxIncidents))
        md << incidentLines(i, writes, notes, r.toMs);
    if (incidents.size() > kMaxIncidents)
        md << fillText(QStringLiteral("(%1 more incidents left out; `pelscope-cli history` lists every change)"), incidents.size() - kMaxIncidents);

    // Every mark in the window, the team's own words for what happened.
    md << QString() << QStringLiteral("## Annotations in the window") << QString();
    if (notes.isEmpty())
        md << QStringLiteral("None (`pelscope-cli annotate --text TEXT`, or Ctrl+M in the window, marks a moment).");
    for (const ReportNote &n : std::as_const(notes))
        md << fillText(QStringLiteral("- %1 %2%3: %4"), utcTime(n.atMs), displayText(n.source),
                       n.group ? fillText(QStringLiteral(" on %1 / %2"), displayBytes(n.group->stream), displayBytes(n.group->group)) : QString(),
                       displayText(n.text));

    if (!r.charts.isEmpty()) {
        md << QString() << QStringLiteral("## Charts (the sick groups, worst first, as their pages draw them)") << QString();
        for (const auto &[key, file] : r.charts)
            md << fillText(QStringLiteral("### %1 / %2"), displayBytes(key.stream), displayBytes(key.group)) << QString()
               << fillText(QStringLiteral("![charts](%1)"), file) << QString(); // names stay out of the link's syntax
    }

    md << QString() << QStringLiteral("## Poison candidates (delivered %1 times or more)").arg(r.thresholds.deliveryCountWarn) << QString();
    QStringList poison;
    for (const StreamSnapshot &st : snapshot->streams)
        for (const GroupSnapshot &g : st.groups)
            if (g.maxDeliveryCount && *g.maxDeliveryCount >= r.thresholds.deliveryCountWarn)
                poison << fillText(QStringLiteral("- %1 / %2: an entry delivered %3 times (`pelscope-cli pending list %1 %2`)"), displayBytes(st.key),
                                   displayBytes(g.name), *g.maxDeliveryCount);
    md << (poison.isEmpty() ? QStringList{QStringLiteral("None.")} : poison);

    md << QString() << QStringLiteral("## Dead letters (the newest %1 of each stream, by category)").arg(r.deadLettersPerStream) << QString();
    if (snapshot->deadLetters.isEmpty())
        md << QStringLiteral("No dead-letter stream.");
    for (const DeadLetterSnapshot &d : snapshot->deadLetters) {
        QStringList parts;
        const auto &c = categories.value(displayBytes(d.key));
        for (auto it = c.cbegin(); it != c.cend(); ++it)
            parts << fillText(QStringLiteral("%1 %2"), it.key(), it.value());
        md << QStringLiteral("- %1 (source %2): %3 entries; %4")
                  .arg(displayBytes(d.key), displayBytes(d.source), d.length ? formatCount(*d.length) : QStringLiteral("?"),
                       parts.isEmpty() ? QStringLiteral("no category field") : parts.join(QStringLiteral(", ")));
    }

    md << QString() << QStringLiteral("## Actions taken on this connection (audit log, %1; entries or items each)").arg(r.auditPath) << QString();
    if (writes.isEmpty())
        md << QStringLiteral("None in the window.");
    for (const ReportWrite &w : std::as_const(writes))
        md << fillText(QStringLiteral("- %1 to %2: %3 (%4) on %5%6: %7%8"), utcTime(w.firstMs), utcTime(w.lastMs), w.action, w.outcome, w.stream,
                       w.group.isEmpty() ? QString() : QStringLiteral(" / ") + w.group, w.count,
                       w.target.isEmpty() ? QString() : QStringLiteral(" → ") + w.target);
    md << QString()
       << QStringLiteral("Files: snapshot.json (the poll), groups/*.csv (recorded series; groups/index.csv names each file's stream and group), "
                             "dead-letters.jsonl (%1), audit.jsonl%2.")
              .arg(r.includePayloads ? QStringLiteral("with payloads") : QStringLiteral("metadata only, queue items left out; --include-payloads for the rest"),
                   r.extraFilesNote.isEmpty() ? QString() : QStringLiteral(", ") + r.extraFilesNote);
    if (!writeFile(dir.filePath(QStringLiteral("summary.md")), md.join(QLatin1Char('\n')).toUtf8() + '\n', &error))
        return failed(error);
    return result;
}

} // namespace pelscope
