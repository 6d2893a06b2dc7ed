// `pelscope-cli record` (the headless recorder: the same poller, the same
// history database as the window, reconnecting forever) and `pelscope-cli
// history STREAM GROUP` (the stored series and events, as a table, JSON or CSV).
#include "cli_commands.h"
#include "stop_signals.h"
#include "cli_values.h"
#include "history_table.h"

#include "../common/terminal.h"
#include "actions/annotation_share.h"
#include "alerts/alert_command.h"
#include "write_support.h"
#include "history/history_database.h"
#include "history/history_file.h"
#include "history/history_recorder.h"
#include "polling/connection_poller.h"
#include "snapshot/format.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <cmath>

namespace pelscope {

namespace {

void err(const QString &text)
{
    writeErr(QStringLiteral("pelscope-cli: %1\n").arg(text));
}

QJsonValue number(float v)
{
    return std::isnan(v) ? QJsonValue(QJsonValue::Null) : QJsonValue(double(v));
}

QString cell(float v, int decimals = 0)
{
    return std::isnan(v) ? QStringLiteral("-") : QString::number(double(v), 'f', decimals);
}

// "1h", an ISO date-time ("2026-12-01T13:00:00Z") or milliseconds since the epoch.

// {"at_ms", "text", "source", "stream", "group"}: an annotation as history --json gives it.
QJsonObject annotationJson(const StoredEvent &e)
{
    return QJsonObject{{QLatin1String("at_ms"), double(e.atMs)},
                       {QLatin1String("text"), e.text},
                       {QLatin1String("source"), e.source},
                       {QLatin1String("stream"), e.group ? QJsonValue(displayBytes(e.group->stream)) : QJsonValue(QJsonValue::Null)},
                       {QLatin1String("group"), e.group ? QJsonValue(displayBytes(e.group->group)) : QJsonValue(QJsonValue::Null)}};
}

} // namespace

int runRecord(const CliSettings &settings, const QCommandLineParser &parser)
{
    const auto interval = parseDurationMs(parser.value(QStringLiteral("interval")));
    if (!interval || *interval < 100) {
        err(QStringLiteral("invalid --interval '%1' (at least 100ms)").arg(parser.value(QStringLiteral("interval"))));
        return 3;
    }
    HistorySettings h;
    h.path = historyPathFor(settings.connection, settings.history.dir);
    h.owner = historyLeaseOwner(QStringLiteral("pelscope-cli record"));
    h.connectionLabel = settings.connection.redactedUrl();
    h.retentionDays = settings.history.days;
    h.maxBytes = settings.history.maxBytes;
    h.staleAfterMs = std::max<qint64>(10'000, 5 * *interval);
    HistoryRecorder recorder(h);
    recorder.open();
    if (!recorder.state().open) {
        err(fillText(QStringLiteral("nothing recorded: %1"), recorder.state().problem));
        return 3;
    }
    spdlog::info("recording {} into {}", settings.connection.redactedUrl().toStdString(), h.path.toStdString());
    if (!recorder.state().writing)
        spdlog::warn("not writing: {} holds this history's lease; taking over when it stops", recorder.state().holder.toStdString());
    QObject::connect(&recorder, &HistoryRecorder::stateChanged, &recorder, [](const HistoryState &s) {
        if (!s.problem.isEmpty())
            spdlog::warn("{}", s.problem.toStdString());
        else if (!s.writing && s.open)
            spdlog::warn("not writing: {} holds this history's lease; taking over when it stops", s.holder.toStdString());
        else if (s.writing)
            spdlog::info("writing {}", s.path.toStdString());
    });

    QString alertError;
    const std::unique_ptr<AlertOutputs> onAlert = alertOutputsFor(settings, parser, &alertError);
    if (!alertError.isEmpty()) {
        err(alertError);
        return 3;
    }
    ConnectionPoller poller(settings.connection, settings.probe);
    poller.setIntervalMs(int(*interval));
    poller.setAutoReconnect(true); // forever: a recorder outlives restarts and failovers
    qint64 polls = 0;
    QObject::connect(&poller, &ConnectionPoller::snapshotReady, &poller, [&](const Snapshot &s) {
        recorder.record(s);
        if (onAlert)
            for (const Alert &a : onAlert->observe(s))
                spdlog::info("alert: {}", a.title().toStdString());
        if (++polls == 1)
            spdlog::info("first poll recorded: {} streams", s->streams.size());
    });
    QObject::connect(&poller, &ConnectionPoller::pollFailed, &poller,
                     [](const RedisError &e) { spdlog::warn("{}; reconnecting", e.message.toStdString()); });
    // SIGTERM and SIGINT: flush the open buckets, give the lease back, exit 0.
    const ExitOnStopSignal stopOnSignal;
    QTimer::singleShot(0, &poller, [&poller] { poller.start(); });
    const int rc = QCoreApplication::exec();
    poller.stop();
    recorder.stop();
    spdlog::info("stopped after {} polls", polls);
    return rc;
}

namespace {

// The window asked for (--since, default the last hour, or --from/--to);
// false when it was said wrong (and said so).
bool historyWindow(const QCommandLineParser &parser, qint64 *fromOut, qint64 *toOut)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 from = now - 3'600'000, to = now;
    if (parser.isSet(QStringLiteral("since"))) {
        const auto span = parseDurationMs(parser.value(QStringLiteral("since")));
        if (!span) {
            err(QStringLiteral("invalid --since '%1' (e.g. 30m, 1h, 2d)").arg(parser.value(QStringLiteral("since"))));
            return false;
        }
        from = now - *span;
    }
    if (parser.isSet(QStringLiteral("from")) || parser.isSet(QStringLiteral("to"))) {
        const auto f = parseTime(parser.value(QStringLiteral("from")));
        const auto t = parser.isSet(QStringLiteral("to")) ? parseTime(parser.value(QStringLiteral("to"))) : std::optional<qint64>(now);
        if (!f || !t || *f > *t) {
            err(QStringLiteral("--from and --to take ISO times (2026-12-01T13:00:00Z) or ms since the epoch, --from first"));
            return false;
        }
        from = *f;
        to = *t;
    }
    *fromOut = from;
    *toOut = to;
    return true;
}

QString historyFile(const CliSettings &settings, const QCommandLineParser &parser)
{
    return parser.isSet(QStringLiteral("history-file")) ? parser.value(QStringLiteral("history-file"))
                                                        : historyPathFor(settings.connection, settings.history.dir);
}

QString isoMs(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

// history --queue KEY / --activity: the series queue_history.h keeps.
int printQueueHistory(HistoryDatabase &db, const QString &path, qint64 from, qint64 to, const QCommandLineParser &parser)
{
    QString error;
    const bool activity = parser.isSet(QStringLiteral("activity"));
    const QByteArray key = activity ? QByteArray() : parser.value(QStringLiteral("queue")).toUtf8();
    // The series that may hold KEY: a delayed queue, a list, or a job
    // framework's queue (its id names the framework and the key's prefix:
    // none, or the key's first part, as "bull" in bull:mail:wait).
    QList<QueueSeriesKey> candidates;
    if (activity) {
        candidates.append({QStringLiteral("activity"), key});
    } else {
        candidates = {{QStringLiteral("delayed"), key}, {QStringLiteral("list"), key}};
        for (JobFramework f : {JobFramework::BullMQ, JobFramework::Sidekiq, JobFramework::Celery, JobFramework::Rq, JobFramework::Dramatiq, JobFramework::Arq})
            for (const QByteArray &prefix : {QByteArray(), key.left(std::max<qsizetype>(0, key.indexOf(':')))}) {
                JobQueueSnapshot q;
                q.framework = f;
                q.prefix = prefix;
                q.key = key;
                if (const QueueSeriesKey job{QStringLiteral("job"), jobQueueId(q)}; !candidates.contains(job))
                    candidates.append(job);
            }
    }
    QueueSeriesKey series = candidates.first();
    QList<QueuePoint> points;
    for (const QueueSeriesKey &candidate : std::as_const(candidates)) {
        series = candidate;
        points = db.queueSeries(series, from, to, &error);
        if (!points.isEmpty() || !error.isEmpty())
            break;
    }
    if (!error.isEmpty()) {
        err(error);
        return 3;
    }
    QStringList names;
    if (series.kind == QLatin1String("delayed"))
        names = {QStringLiteral("size"), QStringLiteral("due"), QStringLiteral("oldest_overdue_s")};
    else if (series.kind == QLatin1String("list"))
        names = {QStringLiteral("length"), QStringLiteral("processing"), QStringLiteral("oldest_processing_s")};
    else if (series.kind == QLatin1String("job"))
        names = {QStringLiteral("size"), QStringLiteral("held"), QStringLiteral("oldest_s")};
    else
        names = {QStringLiteral("claims_per_s"), QStringLiteral("xack_per_s"), QStringLiteral("acked_per_s")};
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray rows;
        for (const QueuePoint &p : std::as_const(points)) {
            QJsonObject o{{QLatin1String("time_ms"), p.atMs}, {QLatin1String("time"), isoMs(p.atMs)}};
            for (int i = 0; i < 3; ++i)
                o.insert(names.at(i), number(p.values[i]));
            rows.append(o);
        }
        QJsonObject doc{{QLatin1String("schema"), QStringLiteral("pelscope.queue_history/1")},
                        {QLatin1String("kind"), points.isEmpty() && !activity ? QJsonValue() : QJsonValue(series.kind)},
                        {QLatin1String("from_ms"), from},
                        {QLatin1String("to_ms"), to},
                        {QLatin1String("file"), path},
                        {QLatin1String("series"), rows}};
        if (!activity)
            doc.insert(QLatin1String("queue"), displayBytes(key));
        writeOut(QString::fromUtf8(QJsonDocument(doc).toJson(QJsonDocument::Indented)));
        return 0;
    }
    const bool csv = parser.isSet(QStringLiteral("csv"));
    const QString sep = csv ? QStringLiteral(",") : QStringLiteral("  ");
    writeOut((QStringList{QStringLiteral("time")} + names).join(sep) + QLatin1Char('\n'));
    for (const QueuePoint &p : std::as_const(points))
        writeOut(QStringList{isoMs(p.atMs), cell(p.values[0], activity ? 2 : 0), cell(p.values[1], activity ? 2 : 0), cell(p.values[2], activity ? 2 : 1)}
                     .join(sep)
                 + QLatin1Char('\n'));
    if (points.isEmpty() && !csv)
        err(QStringLiteral("no points for %1 between %2 and %3 in %4 (10 s buckets; 2 min after a day)")
                .arg(activity ? QStringLiteral("the claim activity") : QStringLiteral("the queue %1").arg(displayBytes(key)), isoMs(from), isoMs(to), path));
    return 0;
}

} // namespace

int runHistory(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args)
{
    const bool queue = parser.isSet(QStringLiteral("queue")) || parser.isSet(QStringLiteral("activity"));
    if (args.size() != (queue ? 0 : 2)) {
        err(QStringLiteral("usage: history STREAM GROUP | --queue KEY | --activity [--since 1h | --from T --to T] [--raw | --json | --csv]"));
        return 3;
    }
    qint64 from = 0, to = 0;
    if (!historyWindow(parser, &from, &to))
        return 3;
    const QString path = historyFile(settings, parser);
    HistoryDatabase db(path, true);
    QString error;
    if (!db.open(&error)) {
        err(error);
        return 3;
    }
    if (queue)
        return printQueueHistory(db, path, from, to, parser);
    const GroupKey key{args.at(0).toUtf8(), args.at(1).toUtf8()};
    const QList<StoredPoint> points = db.series(key, from, to, &error);
    QList<StoredEvent> events;
    for (const StoredEvent &e : db.events(from, to, &error))
        if (!e.group || *e.group == key)
            events.append(e);
    if (!error.isEmpty()) {
        err(error);
        return 3;
    }
    auto iso = [](qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs); };
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray series;
        for (const StoredPoint &p : points) {
            QJsonObject o;
            o.insert(QLatin1String("time_ms"), p.atMs);
            o.insert(QLatin1String("time"), iso(p.atMs));
            o.insert(QLatin1String("lag"), number(p.values[int(Metric::Lag)]));
            o.insert(QLatin1String("pending"), number(p.values[int(Metric::Pending)]));
            o.insert(QLatin1String("oldest_idle_lower_s"), number(p.values[int(Metric::OldestIdleSeconds)]));
            o.insert(QLatin1String("oldest_idle_upper_s"), number(p.idleUpperSeconds));
            o.insert(QLatin1String("in_rate"), number(p.values[int(Metric::InRate)]));
            o.insert(QLatin1String("out_rate"), number(p.values[int(Metric::OutRate)]));
            o.insert(QLatin1String("consumers_alive"), number(p.values[int(Metric::ConsumersAlive)]));
            o.insert(QLatin1String("consumers_total"), number(p.values[int(Metric::ConsumersTotal)]));
            o.insert(QLatin1String("max_deliveries"), number(p.maxDeliveries));
            o.insert(QLatin1String("status"), p.status ? QJsonValue(healthName(*p.status)) : QJsonValue(QJsonValue::Null));
            series.append(o);
        }
        QJsonArray ev, annotations;
        for (const StoredEvent &e : events) {
            if (e.kind == QLatin1String("annotation")) { // marks of their own, not events of the group
                annotations.append(annotationJson(e));
                continue;
            }
            QJsonObject o{{QLatin1String("time_ms"), e.atMs},
                          {QLatin1String("time"), iso(e.atMs)},
                          {QLatin1String("kind"), e.kind},
                          {QLatin1String("status"), e.status ? QJsonValue(healthName(*e.status)) : QJsonValue(QJsonValue::Null)},
                          {QLatin1String("text"), e.text}};
            if (e.status) // a status's reasons, as the snapshot's JSON gives them
                o.insert(QLatin1String("reasons"), reasonsJson(e.why()));
            ev.append(o);
        }
        QJsonObject doc{{QLatin1String("schema"), QStringLiteral("pelscope.history/1")},
                        {QLatin1String("stream"), displayBytes(key.stream)},
                        {QLatin1String("group"), displayBytes(key.group)},
                        {QLatin1String("from_ms"), from},
                        {QLatin1String("to_ms"), to},
                        {QLatin1String("file"), path},
                        {QLatin1String("series"), series},
                        {QLatin1String("events"), ev},
                        {QLatin1String("annotations"), annotations}};
        writeOut(QString::fromUtf8(QJsonDocument(doc).toJson(QJsonDocument::Indented)));
        return 0;
    }
    const bool csv = parser.isSet(QStringLiteral("csv"));
    if (csv) {
        // Every poll, for a spreadsheet or a script.
        writeOut(QStringLiteral("time,lag,pending,idle_lower_s,idle_upper_s,in_rate,out_rate,alive,total,max_dlv,status\n"));
        for (const StoredPoint &p : points)
            writeOut(QStringList{iso(p.atMs), cell(p.values[0]), cell(p.values[1]), cell(p.values[2], 1), cell(p.idleUpperSeconds, 1),
                                 cell(p.values[3], 2), cell(p.values[4], 2), cell(p.values[5]), cell(p.values[6]), cell(p.maxDeliveries),
                                 p.status ? healthName(*p.status) : QStringLiteral("-")}
                         .join(QLatin1Char(','))
                     + QLatin1Char('\n'));
    } else if (parser.isSet(QStringLiteral("raw"))) {
        QList<QStringList> rows{{QStringLiteral("time"), QStringLiteral("lag"), QStringLiteral("pending"), QStringLiteral("idle_lower_s"),
                                 QStringLiteral("idle_upper_s"), QStringLiteral("in_rate"), QStringLiteral("out_rate"), QStringLiteral("alive"),
                                 QStringLiteral("total"), QStringLiteral("max_dlv"), QStringLiteral("status")}};
        for (const StoredPoint &p : points)
            rows.append({iso(p.atMs), cell(p.values[0]), cell(p.values[1]), cell(p.values[2], 1), cell(p.idleUpperSeconds, 1), cell(p.values[3], 2),
                         cell(p.values[4], 2), cell(p.values[5]), cell(p.values[6]), cell(p.maxDeliveries),
                         p.status ? healthName(*p.status) : QStringLiteral("-")});
        writeOut(alignedTable(rows, 1));
    } else if (!points.isEmpty()) {
        // A readable table by default: the window in at most ~40 steps, each
        // the worst of its polls; where nothing was recorded, said once.
        const qint64 step = historyStepMs(to - from);
        const auto stamp = [](qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")); };
        writeOut(fillText(QStringLiteral("%1 / %2, every %3 from %4 to %5 UTC: the worst of each step's polls, rates their mean; "
                                         "--raw for every poll\n"),
                          displayBytes(key.stream), displayBytes(key.group), formatDuration(step), stamp(from), stamp(to)));
        QList<QStringList> rows{{QStringLiteral("time"), QStringLiteral("polls"), QStringLiteral("lag"), QStringLiteral("pending"),
                                 QStringLiteral("idle_lower_s"), QStringLiteral("idle_upper_s"), QStringLiteral("in_rate"), QStringLiteral("out_rate"),
                                 QStringLiteral("alive"), QStringLiteral("total"), QStringLiteral("max_dlv"), QStringLiteral("status")}};
        const QList<HistoryStep> steps = aggregateHistory(points, step);
        for (qsizetype i = 0; i < steps.size(); ++i) {
            const HistoryStep &s = steps.at(i);
            if (i > 0 && s.startMs - steps.at(i - 1).startMs > step)
                rows.append({QStringLiteral("…"), QString(), QString(), QString(), QString(), QString(), QString(), QString(), QString(),
                             QString(), QString(),
                             fillText(QStringLiteral("not recorded for %1"), formatDuration(s.startMs - steps.at(i - 1).startMs - step))});
            rows.append({stamp(s.startMs), QString::number(s.polls), cell(s.lag), cell(s.pending), cell(s.idleLower, 1), cell(s.idleUpper, 1),
                         cell(s.inRate, 2), cell(s.outRate, 2), cell(s.alive), cell(s.total), cell(s.maxDeliveries),
                         s.worst ? healthName(*s.worst) : QStringLiteral("-")});
        }
        writeOut(alignedTable(rows, 1));
    }
    if (!csv && !events.isEmpty()) {
        QList<QStringList> rows{{QStringLiteral("time"), QStringLiteral("event"), QStringLiteral("what")}};
        for (const StoredEvent &e : events)
            rows.append({iso(e.atMs), e.kind,
                         e.status ? healthName(*e.status) + (e.text.isEmpty() ? QString() : QStringLiteral(": ") + e.text) : e.text});
        writeOut(QStringLiteral("\n") + alignedTable(rows, 2));
    }
    if (points.isEmpty() && !csv)
        err(QStringLiteral("no points for %1/%2 between %3 and %4 in %5")
                .arg(displayBytes(key.stream), displayBytes(key.group), iso(from), iso(to), path));
    return 0;
}

// annotate [STREAM GROUP] --text TEXT [--at T]: a mark in the connection's
// history ("deploy 1.4.2"), drawn on every chart that spans it and listed in
// the report and history --json. Local: nothing is sent to Redis.
int runAnnotate(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args)
{
    const QString text = parser.value(QStringLiteral("text")).trimmed();
    if (text.isEmpty() || (args.size() != 0 && args.size() != 2)) {
        err(QStringLiteral("usage: annotate [STREAM GROUP] --text TEXT [--at TIME]"));
        return 3;
    }
    constexpr qsizetype kMaxText = 1'000; // a mark, not a document
    if (text.size() > kMaxText) {
        err(fillText(QStringLiteral("--text is %1 characters; an annotation holds at most %2"), text.size(), kMaxText));
        return 3;
    }
    StoredEvent e;
    e.atMs = QDateTime::currentMSecsSinceEpoch();
    if (parser.isSet(QStringLiteral("at"))) {
        const auto at = parseTime(parser.value(QStringLiteral("at")));
        if (!at) {
            err(QStringLiteral("invalid --at '%1' (ISO 8601 or ms since the epoch)").arg(parser.value(QStringLiteral("at"))));
            return 3;
        }
        e.atMs = *at;
    }
    e.kind = QStringLiteral("annotation");
    e.text = text;
    e.source = QStringLiteral("pelscope-cli");
    if (args.size() == 2)
        e.group = GroupKey{args.at(0).toUtf8(), args.at(1).toUtf8()};
    if (parser.isSet(QStringLiteral("share"))) {
        // The team's stream first, through the one write flow; then the
        // local history, as the stream's readers will record it (kept once).
        if (settings.probe.annotationsStream.isEmpty()) {
            err(QStringLiteral("annotate --share: name the team's stream with --annotations-stream KEY"));
            return 3;
        }
        const AnnotationShareRequest request = AnnotationShareRequest::make(settings.probe.annotationsStream, text, e.atMs,
                                                                            e.group ? e.group->stream : QByteArray(), e.group ? e.group->group : QByteArray());
        const bool dryRun = parser.isSet(QStringLiteral("dry-run"));
        const int code = runWriteFlow(writeSettings(settings).connection, std::make_shared<AnnotationShareKind>(request),
                                      parser.isSet(QStringLiteral("yes")), dryRun);
        if (code != kExitDone || dryRun)
            return code;
        e = annotationEvent(request.published());
    }
    const QString path = historyFile(settings, parser);
    HistoryDatabase db(path);
    QString error;
    if (!db.open(&error) || !db.writeEventOnce(e, &error)) {
        err(error.isEmpty() ? fillText(QStringLiteral("cannot write %1"), path) : error);
        return 3;
    }
    writeOut(fillText(QStringLiteral("annotated %1%2: %3 (in %4)\n"), isoMs(e.atMs),
                      e.group ? fillText(QStringLiteral(" on %1 / %2"), displayBytes(e.group->stream), displayBytes(e.group->group)) : QString(), displayText(text), path));
    return 0;
}

} // namespace pelscope
