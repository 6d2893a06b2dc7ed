// pelscope-cli report --since 1h --out DIR: one folder to hand over after an
// incident, written from one poll, the connection's recorded history, the
// dead-letter streams and the audit log:
//   summary.md         what is sick, why, since when; dead consumers; poison
//                      candidates; dead-letter categories; queues; actions taken
//   snapshot.json      the poll (pelscope.snapshot/1)
//   groups/*.csv       each group's recorded series over the window
//   dead-letters.jsonl the newest entries of each dead-letter stream (metadata
//                      only, unless --include-payloads)
//   audit.jsonl        the audit log's lines within the window
// No password anywhere: connections are named by their redacted URL.
#include "cli_commands.h"
#include "cli_values.h"
#include "write_support.h"

#include "actions/audit_log.h"
#include "history/history_database.h"
#include "snapshot/dlq_layout.h"
#include "snapshot/format.h"
#include "snapshot/snapshot_json.h"
#include "text/display_text.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

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

// A file name for a key: printable ASCII kept, the rest as %XX.
QString fileSafe(const QByteArray &bytes)
{
    QString out;
    for (const char c : bytes) {
        const uchar u = uchar(c);
        if ((u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '-' || u == '_' || u == '.')
            out += QLatin1Char(c);
        else
            out += QStringLiteral("%%1").arg(u, 2, 16, QLatin1Char('0'));
    }
    return out.left(120);
}

// Markdown table cells: escaped for the terminal and for the table.
QString cell(const QString &text)
{
    QString t = text;
    return t.replace(QLatin1Char('|'), QStringLiteral("\\|"));
}

QString localTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

QString csvNumber(float v, int decimals)
{
    return std::isnan(v) ? QString() : QString::number(double(v), 'f', decimals);
}

} // namespace

int runReport(const CliSettings &settings, const QCommandLineParser &parser)
{
    const QString outDir = parser.value(QStringLiteral("out"));
    if (outDir.isEmpty()) {
        printErrLine(QStringLiteral("report needs --out DIR (a new or empty folder)"));
        return kExitRefused;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 span = 3'600'000;
    if (parser.isSet(QStringLiteral("since"))) {
        const auto s = parseDurationMs(parser.value(QStringLiteral("since")));
        if (!s || *s <= 0) {
            printErrLine(QStringLiteral("invalid --since '%1' (e.g. 30m, 1h, 2d)").arg(parser.value(QStringLiteral("since"))));
            return kExitRefused;
        }
        span = *s;
    }
    const qint64 from = now - span;
    int perDlq = 100;
    if (parser.isSet(QStringLiteral("count"))) {
        bool ok = false;
        perDlq = parser.value(QStringLiteral("count")).toInt(&ok);
        if (!ok || perDlq < 1 || perDlq > 10'000) {
            printErrLine(QStringLiteral("invalid --count '%1' (1 to 10000 dead letters per stream)").arg(parser.value(QStringLiteral("count"))));
            return kExitRefused;
        }
    }
    const bool payloads = parser.isSet(QStringLiteral("include-payloads"));
    QDir dir(outDir);
    if (dir.exists() && !dir.isEmpty()) {
        printErrLine(QStringLiteral("%1 is not empty: give a new or empty folder (nothing was written)").arg(outDir));
        return kExitRefused;
    }
    if (!QDir().mkpath(outDir) || !dir.mkpath(QStringLiteral("groups"))) {
        printErrLine(QStringLiteral("cannot create %1").arg(outDir));
        return kExitRefused;
    }
    const QString connection = settings.connection.redactedUrl();

    return pollOnce(
        settings,
        [&](const Snapshot &s) {
            QString error;
            if (!writeFile(dir.filePath(QStringLiteral("snapshot.json")), snapshotToJsonBytes(s, true), &error)) {
                printErrLine(error);
                return kExitFailed;
            }
            // The recorded past: each group's series and the status changes.
            const QString historyPath = parser.isSet(QStringLiteral("history-file")) ? parser.value(QStringLiteral("history-file"))
                                                                                     : historyPathFor(settings.connection, settings.history.dir);
            HistoryDatabase history(historyPath, true);
            QString historyNote;
            QList<StoredEvent> events;
            const bool haveHistory = QFile::exists(historyPath) && history.open(&historyNote);
            if (haveHistory)
                events = history.events(from, now, &historyNote);
            else if (historyNote.isEmpty())
                historyNote = QStringLiteral("no recorded history for this connection (run the window or `pelscope-cli record`)");
            int csvFiles = 0;
            for (const StreamSnapshot &st : s->streams)
                for (const GroupSnapshot &g : st.groups) {
                    if (!haveHistory)
                        break;
                    const QList<StoredPoint> points = history.series(GroupKey{st.key, g.name}, from, now, &error);
                    QByteArray csv = "time,lag,pending,oldest_idle_s,in_rate,out_rate,consumers_alive,consumers_total,status\n";
                    for (const StoredPoint &p : points)
                        csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                                   .arg(localTime(p.atMs), csvNumber(p.values[0], 0), csvNumber(p.values[1], 0), csvNumber(p.values[2], 1),
                                        csvNumber(p.values[3], 2), csvNumber(p.values[4], 2), csvNumber(p.values[5], 0), csvNumber(p.values[6], 0),
                                        p.status ? healthName(*p.status) : QString())
                                   .toUtf8();
                    if (writeFile(dir.filePath(QStringLiteral("groups/%1__%2.csv").arg(fileSafe(st.key), fileSafe(g.name))), csv, &error))
                        ++csvFiles;
                }

            // The newest dead letters, metadata only unless asked.
            const DlqLayout layout;
            QByteArray deadLetters;
            QMap<QString, QMap<QString, qint64>> categories; // dlq -> category -> count
            for (const DeadLetterSnapshot &d : s->deadLetters) {
                RedisError e;
                const RedisReplies r = readOnce(settings.connection, {{"XREVRANGE", d.key, "+", "-", "COUNT", QByteArray::number(perDlq)}}, &e);
                if (e.isError() || r.value(0).isError())
                    continue;
                const QList<RedisReply> entries = r.value(0).elements();
                for (const RedisReply &entry : entries) {
                    QJsonObject o{{QLatin1String("dlq"), displayBytes(d.key)}, {QLatin1String("id"), QString::fromLatin1(entry.at(0).bytes())}};
                    QJsonObject fields;
                    const QList<RedisReply> kv = entry.at(1).elements();
                    qint64 omitted = 0;
                    for (qsizetype i = 0; i + 1 < kv.size(); i += 2) {
                        const QByteArray name = kv.at(i).bytes();
                        if (name == "category")
                            ++categories[displayBytes(d.key)][displayBytes(kv.at(i + 1).bytes())];
                        if (!payloads && !layout.isMetadata(name)) {
                            omitted += kv.at(i + 1).bytes().size();
                            continue;
                        }
                        fields.insert(displayBytes(name), displayBytes(capped(kv.at(i + 1).bytes())));
                    }
                    o.insert(QLatin1String("fields"), fields);
                    if (omitted)
                        o.insert(QLatin1String("payload_bytes_left_out"), double(omitted));
                    deadLetters += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
                }
            }
            if (!writeFile(dir.filePath(QStringLiteral("dead-letters.jsonl")), deadLetters, &error)) {
                printErrLine(error);
                return kExitFailed;
            }

            // The audit log within the window: what was done about it.
            QByteArray audit;
            QMap<QString, qint64> actions;
            QFile log(AuditLog().path());
            if (log.open(QIODevice::ReadOnly))
                while (!log.atEnd()) {
                    const QByteArray line = log.readLine();
                    const QJsonObject o = QJsonDocument::fromJson(line).object();
                    const qint64 at = QDateTime::fromString(o.value(QLatin1String("time")).toString(), Qt::ISODateWithMs).toMSecsSinceEpoch();
                    if (o.isEmpty() || at < from)
                        continue;
                    audit += line.endsWith('\n') ? line : line + '\n';
                    if (o.value(QLatin1String("outcome")).toString() != QLatin1String("attempt"))
                        ++actions[QStringLiteral("%1 (%2)").arg(o.value(QLatin1String("action")).toString(),
                                                                o.value(QLatin1String("outcome")).toString().section(QLatin1Char(':'), 0, 0))];
                }
            if (!writeFile(dir.filePath(QStringLiteral("audit.jsonl")), audit, &error)) {
                printErrLine(error);
                return kExitFailed;
            }

            // summary.md
            QStringList md;
            md << QStringLiteral("# Incident report: %1").arg(connection) << QString()
               << QStringLiteral("- Window: %1 to %2 (UTC)").arg(localTime(from), localTime(now))
               << QStringLiteral("- Server: %1 %2 (%3), polled at %4").arg(s->server.product, s->server.version, s->server.mode, localTime(s->takenAtMs))
               << QStringLiteral("- History: %1").arg(haveHistory ? QStringLiteral("%1 group series in groups/").arg(csvFiles) : historyNote)
               << QString();
            // Since when: the last status change into the current status, from the recorded events.
            const auto since = [&](const QByteArray &stream, const QByteArray &group, Health status) -> QString {
                for (qsizetype i = events.size() - 1; i >= 0; --i) {
                    const StoredEvent &e = events.at(i);
                    if (e.group && e.group->stream == stream && e.group->group == group && e.status)
                        return *e.status == status ? localTime(e.atMs) : QString();
                }
                return QStringLiteral("before %1").arg(localTime(from));
            };
            md << QStringLiteral("## What is sick") << QString();
            QStringList sick;
            for (const StreamSnapshot &st : s->streams)
                for (const GroupSnapshot &g : st.groups)
                    if (g.health.status != Health::Ok)
                        sick << QStringLiteral("| %1 | %2 | %3 | %4 | %5 |")
                                    .arg(healthName(g.health.status).toUpper(), cell(displayBytes(st.key)), cell(displayBytes(g.name)),
                                         cell(since(st.key, g.name, g.health.status)), cell(g.health.reasons.join(QStringLiteral("; "))));
            for (const DelayedQueueSnapshot &q : s->delayedQueues)
                if (q.health.status != Health::Ok)
                    sick << QStringLiteral("| %1 | %2 | (delayed queue) | | %3 |")
                                .arg(healthName(q.health.status).toUpper(), cell(displayBytes(q.key)), cell(q.health.reasons.join(QStringLiteral("; "))));
            for (const ListQueueSnapshot &q : s->listQueues)
                if (q.health.status != Health::Ok)
                    sick << QStringLiteral("| %1 | %2 | (reliable list) | | %3 |")
                                .arg(healthName(q.health.status).toUpper(), cell(displayBytes(q.key)), cell(q.health.reasons.join(QStringLiteral("; "))));
            if (sick.isEmpty())
                md << QStringLiteral("Nothing: every group and queue is OK.");
            else
                md << QStringLiteral("| Status | Stream / queue | Group | Since | Why |") << QStringLiteral("| --- | --- | --- | --- | --- |") << sick;
            md << QString() << QStringLiteral("## Dead consumers (holding entries, idle %1 or more)").arg(formatDuration(settings.probe.thresholds.consumerIdleWarnMs))
               << QString();
            QStringList dead;
            for (const StreamSnapshot &st : s->streams)
                for (const GroupSnapshot &g : st.groups)
                    for (const ConsumerSnapshot &c : g.consumerList)
                        if (c.pending > 0 && c.idleMs && *c.idleMs >= settings.probe.thresholds.consumerIdleWarnMs)
                            dead << QStringLiteral("- %1 / %2: **%3** holds %4, idle %5")
                                        .arg(displayBytes(st.key), displayBytes(g.name), displayBytes(c.name), formatCount(c.pending),
                                             formatDuration(*c.idleMs));
            md << (dead.isEmpty() ? QStringList{QStringLiteral("None.")} : dead);
            md << QString() << QStringLiteral("## Poison candidates (delivered %1 times or more)").arg(settings.probe.thresholds.deliveryCountWarn) << QString();
            QStringList poison;
            for (const StreamSnapshot &st : s->streams)
                for (const GroupSnapshot &g : st.groups)
                    if (g.maxDeliveryCount && *g.maxDeliveryCount >= settings.probe.thresholds.deliveryCountWarn)
                        poison << QStringLiteral("- %1 / %2: an entry delivered %3 times (`pelscope-cli pending list %1 %2`)")
                                      .arg(displayBytes(st.key), displayBytes(g.name))
                                      .arg(*g.maxDeliveryCount);
            md << (poison.isEmpty() ? QStringList{QStringLiteral("None.")} : poison);
            md << QString() << QStringLiteral("## Dead letters (the newest %1 of each stream, by category)").arg(perDlq) << QString();
            if (s->deadLetters.isEmpty())
                md << QStringLiteral("No dead-letter stream.");
            for (const DeadLetterSnapshot &d : s->deadLetters) {
                QStringList parts;
                const auto &c = categories.value(displayBytes(d.key));
                for (auto it = c.cbegin(); it != c.cend(); ++it)
                    parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
                md << QStringLiteral("- %1 (source %2): %3 entries; %4")
                          .arg(displayBytes(d.key), displayBytes(d.source), d.length ? formatCount(*d.length) : QStringLiteral("?"),
                               parts.isEmpty() ? QStringLiteral("no category field") : parts.join(QStringLiteral(", ")));
            }
            md << QString() << QStringLiteral("## Actions taken (audit log, %1)").arg(AuditLog().path()) << QString();
            if (actions.isEmpty())
                md << QStringLiteral("None in the window.");
            for (auto it = actions.cbegin(); it != actions.cend(); ++it)
                md << QStringLiteral("- %1: %2").arg(it.key()).arg(it.value());
            md << QString()
               << QStringLiteral("Files: snapshot.json (the poll), groups/*.csv (recorded series), dead-letters.jsonl (%1), audit.jsonl.")
                      .arg(payloads ? QStringLiteral("with payloads") : QStringLiteral("metadata only; --include-payloads for the rest"));
            if (!writeFile(dir.filePath(QStringLiteral("summary.md")), md.join(QLatin1Char('\n')).toUtf8() + '\n', &error)) {
                printErrLine(error);
                return kExitFailed;
            }
            printOutLine(QStringLiteral("report written to %1: summary.md, snapshot.json, %2 group series, %3 dead letters, %4 audit lines")
                             .arg(outDir)
                             .arg(csvFiles)
                             .arg(deadLetters.count('\n'))
                             .arg(audit.count('\n')));
            return kExitDone;
        },
        [](const RedisError &e) { printErrLine(e.message); });
}

} // namespace pelscope
