#include "cli_commands.h"

#include "alerts/alert_command.h"
#include "health/incident_tracker.h"
#include "polling/connection_poller.h"
#include "snapshot/format.h"
#include "snapshot/group_ranking.h"
#include "snapshot/snapshot_json.h"
#include "snapshot_table.h"
#include "text/text_columns.h"
#include "stop_signals.h"
#include "text/fill_text.h"

#include <QJsonObject>
#include <QJsonDocument>
#include <QJsonArray>
#include <QCoreApplication>
#include <QTimer>

#include "../common/terminal.h"

#include <cstdio>

namespace pelscope {

namespace {

constexpr int kExitUnknown = 3;

void printOut(const QString &text)
{
    writeOut(text);
}

void printErr(const QString &text)
{
    writeErr(QStringLiteral("pelscope-cli: %1\n").arg(text));
}

// What a monitor could not see: streams it could not read, groups it could
// not fully judge, a discovery that did not finish. A check that cannot
// see must not say OK.
QStringList blindSpots(const Snapshot &s)
{
    QStringList out;
    for (const StreamSnapshot &stream : s->streams) {
        if (!stream.error.isEmpty())
            out << QStringLiteral("stream %1 not read: %2").arg(displayBytes(stream.key), stream.error);
        for (const GroupSnapshot &g : stream.groups)
            for (const QString &what : g.unjudged)
                out << QStringLiteral("%1/%2 not judged: %3").arg(displayBytes(stream.key), displayBytes(g.name), what);
    }
    for (const DelayedQueueSnapshot &q : s->delayedQueues)
        if (!q.error.isEmpty())
            out << QStringLiteral("delayed queue not read: %1").arg(q.error);
    for (const ListQueueSnapshot &q : s->listQueues)
        if (!q.error.isEmpty())
            out << QStringLiteral("list queue not read: %1").arg(q.error);
    for (const JobQueueSnapshot &q : s->jobQueues)
        if (!q.error.isEmpty())
            out << fillText(QStringLiteral("%1 not read: %2"), jobQueueTitle(q), q.error);
    if (!s->discoveryComplete)
        out << QStringLiteral("discovery incomplete (%1)").arg(s->warning);
    // Watching nothing is not OK (issue 27): a Redis whose work sits in
    // lists or sets Pelscope does not recognise read "0 ok groups", exit 0.
    qsizetype groups = 0;
    for (const StreamSnapshot &stream : s->streams)
        groups += stream.groups.size();
    if (groups == 0 && s->delayedQueues.isEmpty() && s->listQueues.isEmpty() && s->jobQueues.isEmpty())
        out << fillText(QStringLiteral("nothing to watch: no stream with a consumer group and no queue was found (%1 streams without groups); "
                                       "name keys with --stream, --delayed-queue or --list-queue, or widen --match "
                                       "(job frameworks are found by their keys: BullMQ, Sidekiq, Celery, RQ)"),
                        s->streams.size());
    return out;
}

// " — since …; clears in about 14m…": when the incident began and what
// comes next, as the line's last words (the forecast only when it has a pace).
QString sinceClause(const HealthVerdict &h, qint64 nowMs)
{
    QString out;
    if (const QString since = incidentSinceText(h, nowMs); !since.isEmpty())
        out += QStringLiteral(" — ") + since;
    if (h.drain.state != DrainForecast::State::Unknown)
        out += (out.isEmpty() ? QStringLiteral(" — ") : QStringLiteral("; ")) + renderReason(h.drain.why, ReasonLanguage::English);
    if (!h.runbook.isEmpty())
        out += fillText(QStringLiteral(" (runbook: %1)"), h.runbook);
    return out;
}

} // namespace

// One complete poll; `onSnapshot` returns the exit code. Any error before the
// snapshot ends the program with exit code 3 and a one-line message.
int pollOnce(const CliSettings &settings, const std::function<int(const Snapshot &)> &onSnapshot,
             const std::function<void(const RedisError &)> &onError)
{
    ProbeConfig config = settings.probe;
    config.oneShot = true;
    // The whole command ends within its deadline: half of it for discovery,
    // the rest for the one tick (which has the full command deadline itself).
    config.discoveryBudgetMs = std::max(100, settings.connection.commandTimeoutMs / 2);
    ConnectionPoller poller(settings.connection, config);
    poller.setSingleShot(true);
    poller.setAutoReconnect(false);
    QObject::connect(&poller, &ConnectionPoller::snapshotReady, &poller, [&](const Snapshot &s) { QCoreApplication::exit(onSnapshot(s)); });
    QObject::connect(&poller, &ConnectionPoller::pollFailed, &poller, [&](const RedisError &e) {
        onError(e);
        QCoreApplication::exit(kExitUnknown);
    });
    // Started from the event loop: an error found at once (a socket path that
    // does not exist) calls exit() then, not before exec() would ignore it.
    QTimer::singleShot(0, &poller, [&poller] { poller.start(); });
    return QCoreApplication::exec();
}

TableStyle tableStyleFrom(const QCommandLineParser &parser, QString *error)
{
    TableStyle style;
    style.wide = parser.isSet(QStringLiteral("wide"));
    if (parser.isSet(QStringLiteral("color"))) {
        style.color = parser.value(QStringLiteral("color"));
        if (style.color != QLatin1String("auto") && style.color != QLatin1String("always") && style.color != QLatin1String("never"))
            *error = QStringLiteral("invalid --color '%1' (auto, always or never)").arg(style.color);
    }
    if (parser.isSet(QStringLiteral("no-color")))
        style.color = QStringLiteral("never");
    return style;
}

namespace {

TableLayout layoutFor(const TableStyle &style)
{
    return {terminalColumns(stdout), style.wide};
}

} // namespace

int runSnapshot(const CliSettings &settings, bool json, const TableStyle &style)
{
    return pollOnce(
        settings,
        [&](const Snapshot &s) {
            if (json)
                printOut(QString::fromUtf8(snapshotToJsonBytes(s, true)));
            else
                printSnapshotTable(renderSnapshotTable(s, layoutFor(style)), colorWanted(stdout, style.color));
            return 0;
        },
        [](const RedisError &e) { printErr(e.message); });
}

int runCheck(const CliSettings &settings, bool json)
{
    return pollOnce(
        settings,
        [&](const Snapshot &s) {
            const HealthCounts counts = countHealth(s);
            // Queues (delayed, reliable lists) are judged like groups.
            HealthCounts queues;
            // What is not OK, worst first below: its line, and the same as data
            // (check --json's findings: the subject and its reasons' codes and values).
            struct Problem
            {
                Health status;
                QString text;
                QJsonObject finding;
            };
            QList<Problem> ranked;
            const auto finding = [](const char *kind, const HealthVerdict &h, QJsonObject names) {
                names.insert(QStringLiteral("kind"), QLatin1String(kind));
                names.insert(QStringLiteral("status"), healthName(h.status).toUpper());
                names.insert(QStringLiteral("reasons"), reasonsJson(h.reasons));
                names.insert(QStringLiteral("since_ms"), h.incident.sinceMs > 0 ? QJsonValue(double(h.incident.sinceMs)) : QJsonValue(QJsonValue::Null));
                names.insert(QStringLiteral("runbook"), h.runbook.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(h.runbook));
                return names;
            };
            const auto countQueue = [&](const QString &kind, const char *kindCode, const QByteArray &key, const HealthVerdict &h) {
                (h.status == Health::Crit ? queues.crit : h.status == Health::Warn ? queues.warn : queues.ok)++;
                if (h.status != Health::Ok)
                    ranked.append({h.status,
                                   fillText(QStringLiteral("%1 %2 %3: %4%5"), healthName(h.status).toUpper(), kind, displayBytes(key),
                                            joinReasons(h.reasons, QStringLiteral("; "), ReasonLanguage::English), sinceClause(h, s->takenAtMs)),
                                   finding(kindCode, h, {{QStringLiteral("queue"), displayBytes(key)}})});
            };
            for (const DelayedQueueSnapshot &q : s->delayedQueues)
                if (q.error.isEmpty())
                    countQueue(QStringLiteral("delayed queue"), "delayed_queue", q.key, q.health);
            for (const ListQueueSnapshot &q : s->listQueues)
                if (q.error.isEmpty())
                    countQueue(QStringLiteral("list queue"), "list_queue", q.key, q.health);
            for (const JobQueueSnapshot &q : s->jobQueues)
                if (q.error.isEmpty()) {
                    (q.health.status == Health::Crit ? queues.crit : q.health.status == Health::Warn ? queues.warn : queues.ok)++;
                    if (q.health.status != Health::Ok)
                        ranked.append({q.health.status,
                                       fillText(QStringLiteral("%1 %2: %3%4"), healthName(q.health.status).toUpper(), jobQueueTitle(q),
                                                joinReasons(q.health.reasons, QStringLiteral("; "), ReasonLanguage::English), sinceClause(q.health, s->takenAtMs)),
                                       finding("job_queue", q.health,
                                               {{QStringLiteral("queue"), displayBytes(q.key)}, {QStringLiteral("title"), jobQueueTitle(q)}})});
                }
            const Health worst = std::max(counts.worst(), queues.worst());
            const QStringList blind = blindSpots(s);
            // Blind and not already critical: UNKNOWN, naming what it could not see.
            const bool unknown = !blind.isEmpty() && worst != Health::Crit;
            static const char *words[] = {"OK", "WARNING", "CRITICAL"};
            const qint64 queueCount = queues.crit + queues.warn + queues.ok;
            QString summary = fillText(
                QStringLiteral("PELSCOPE %1 - %2%3 critical, %4 warning, %5 ok groups%6"),
                unknown ? QStringLiteral("UNKNOWN") : QString::fromLatin1(words[int(worst)]),
                blind.isEmpty() ? QString() : QStringLiteral("cannot see everything: %1; ").arg(blind.first()), counts.crit, counts.warn, counts.ok,
                queueCount == 0 ? QString()
                                : fillText(QStringLiteral("; %1 critical, %2 warning, %3 ok queues"), queues.crit, queues.warn, queues.ok));
            qint64 lag = 0, pending = 0;
            for (const GroupRef &ref : rankGroups(s)) {
                lag += ref.group->lag.value_or(0);
                pending += ref.group->pending.value_or(0);
                if (ref.group->health.status != Health::Ok)
                    ranked.append({ref.group->health.status,
                                   fillText(QStringLiteral("%1 %2/%3: %4%5"), healthName(ref.group->health.status).toUpper(), displayBytes(ref.stream->key),
                                            displayBytes(ref.group->name), joinReasons(ref.group->health.reasons, QStringLiteral("; "), ReasonLanguage::English),
                                            sinceClause(ref.group->health, s->takenAtMs)),
                                   finding("group", ref.group->health,
                                           {{QStringLiteral("stream"), displayBytes(ref.stream->key)}, {QStringLiteral("group"), displayBytes(ref.group->name)}})});
            }
            // Worst first, whichever kind it is (groups keep their ranking within a status).
            std::stable_sort(ranked.begin(), ranked.end(), [](const Problem &a, const Problem &b) { return int(a.status) > int(b.status); });
            QStringList details;
            QJsonArray findings;
            for (const Problem &p : std::as_const(ranked)) {
                details << p.text;
                findings.append(p.finding);
            }
            if (!details.isEmpty())
                summary += QStringLiteral(": ") + details.first();
            summary +=
                fillText(QStringLiteral(" | groups_crit=%1 groups_warn=%2 total_lag=%3 total_pending=%4"), counts.crit, counts.warn, lag, pending);
            if (queueCount > 0)
                summary += fillText(QStringLiteral(" queues_crit=%1 queues_warn=%2"), queues.crit, queues.warn);
            summary += QLatin1Char('\n');
            for (qsizetype i = 1; i < details.size(); ++i)
                summary += details[i] + QLatin1Char('\n');
            for (qsizetype i = 1; i < blind.size(); ++i)
                summary += QStringLiteral("UNKNOWN ") + blind[i] + QLatin1Char('\n');
            const int exitCode = unknown ? kExitUnknown : int(worst);
            if (json) {
                // The same verdict for a program to read: only the JSON on stdout.
                const auto counts3 = [](const HealthCounts &h) {
                    return QJsonObject{{QStringLiteral("crit"), double(h.crit)}, {QStringLiteral("warn"), double(h.warn)}, {QStringLiteral("ok"), double(h.ok)}};
                };
                const QJsonObject o{{QStringLiteral("schema"), QStringLiteral("pelscope.check/1")},
                                    {QStringLiteral("status"), unknown ? QStringLiteral("UNKNOWN") : QString::fromLatin1(words[int(worst)])},
                                    {QStringLiteral("exit_code"), exitCode},
                                    {QStringLiteral("groups"), counts3(counts)},
                                    {QStringLiteral("queues"), counts3(queues)},
                                    {QStringLiteral("total_lag"), double(lag)},
                                    {QStringLiteral("total_pending"), double(pending)},
                                    {QStringLiteral("problems"), QJsonArray::fromStringList(details)},
                                    {QStringLiteral("findings"), findings},
                                    {QStringLiteral("cannot_see"), QJsonArray::fromStringList(blind)}};
                printOut(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
                return exitCode;
            }
            printOut(summary);
            return exitCode;
        },
        [json](const RedisError &e) {
            if (json)
                printOut(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("pelscope.check/1")},
                                                                     {QStringLiteral("status"), QStringLiteral("UNKNOWN")},
                                                                     {QStringLiteral("exit_code"), kExitUnknown},
                                                                     {QStringLiteral("error"), e.message}})
                                               .toJson(QJsonDocument::Indented)));
            else
                printOut(QStringLiteral("PELSCOPE UNKNOWN - %1\n").arg(e.message));
        });
}

QList<Alert> AlertOutputs::observe(const Snapshot &snapshot)
{
    const QList<Alert> alerts = policy.onSnapshot(snapshot);
    if (command)
        for (const Alert &a : alerts)
            command->run(a);
    if (log)
        if (const QString failed = log->write(alerts); !failed.isEmpty())
            printErr(failed + QLatin1Char('\n'));
    return alerts;
}

std::unique_ptr<AlertOutputs> alertOutputsFor(const CliSettings &settings, const QCommandLineParser &parser, QString *error)
{
    const bool hook = parser.isSet(QStringLiteral("on-alert"));
    const bool file = parser.isSet(QStringLiteral("alert-log"));
    if (!hook && !file)
        return nullptr;
    auto out = std::make_unique<AlertOutputs>();
    if (file) {
        out->log.emplace(parser.value(QStringLiteral("alert-log")), settings.connection.redactedUrl());
        if (const QString failed = out->log->check(); !failed.isEmpty()) {
            *error = failed;
            return nullptr;
        }
    }
    if (!hook)
        return out;
    qint64 timeoutMs = 10'000;
    if (parser.isSet(QStringLiteral("on-alert-timeout"))) {
        const auto t = parseDurationMs(parser.value(QStringLiteral("on-alert-timeout")));
        if (!t || *t < 100) {
            *error = QStringLiteral("invalid --on-alert-timeout '%1' (at least 100ms)").arg(parser.value(QStringLiteral("on-alert-timeout")));
            return nullptr;
        }
        timeoutMs = *t;
    }
    auto command = std::make_unique<AlertCommand>(parser.value(QStringLiteral("on-alert")), settings.connection.redactedUrl(), int(timeoutMs));
    if (!command->isValid()) {
        *error = command->error();
        return nullptr;
    }
    if (!command->warning().isEmpty())
        printErr(command->warning());
    QList<QByteArray> secrets;
    if (settings.connection.password)
        secrets << *settings.connection.password;
    if (settings.connection.sentinel && settings.connection.sentinel->password)
        secrets << *settings.connection.sentinel->password;
    command->setSecrets(secrets);
    // Said on stderr (escaped), whatever the log level: the operator must
    // know the webhook is not being called.
    QObject::connect(command.get(), &AlertCommand::finished, command.get(), [](bool ok, const QString &why) {
        if (!ok)
            printErr(QStringLiteral("--on-alert: %1").arg(why));
    });
    out->command = std::move(command);
    return out;
}

int runWatch(const CliSettings &settings, const QCommandLineParser &parser, const TableStyle &style)
{
    const auto interval = parseDurationMs(parser.value(QStringLiteral("interval")));
    if (!interval || *interval < 100) {
        printErr(QStringLiteral("invalid --interval '%1' (at least 100ms)").arg(parser.value(QStringLiteral("interval"))));
        return kExitUnknown;
    }
    qint64 maxTicks = -1;
    if (parser.isSet(QStringLiteral("ticks"))) {
        bool ok = false;
        maxTicks = parser.value(QStringLiteral("ticks")).toLongLong(&ok);
        if (!ok || maxTicks < 1) {
            printErr(QStringLiteral("invalid --ticks"));
            return kExitUnknown;
        }
    }
    const bool jsonLines = parser.isSet(QStringLiteral("json-lines"));
    const bool tty = isTerminal(stdout);
    QString alertError;
    const std::unique_ptr<AlertOutputs> onAlert = alertOutputsFor(settings, parser, &alertError);
    if (!alertError.isEmpty()) {
        printErr(alertError);
        return kExitUnknown;
    }

    ConnectionPoller poller(settings.connection, settings.probe);
    poller.setIntervalMs(int(*interval));
    qint64 ticks = 0;
    bool everConnected = false;
    bool lost = false;
    int announcedAttempt = 0; // the status repeats itself (state, then the schedule): one line per attempt
    QObject::connect(&poller, &ConnectionPoller::snapshotReady, &poller, [&](const Snapshot &s) {
        ++ticks;
        if (jsonLines) {
            printOut(QString::fromUtf8(snapshotToJsonBytes(s, false)) + QLatin1Char('\n'));
        } else {
            // Its parts, wrapped at the terminal's width (80 columns: two lines), whole with --wide.
            const QStringList parts{QStringLiteral("pelscope watch"), s->server.address,
                                    fillText(QStringLiteral("%1 %2"), productName(s->server.product), s->server.version),
                                    fillText(QStringLiteral("tick %1"), s->tick),
                                    fillText(QStringLiteral("poll %1 ms, %2 round trip(s), %3 commands"), s->stats.durationMs, s->stats.roundTrips,
                                             s->stats.commands)};
            const TableLayout layout = layoutFor(style);
            QString header, line;
            for (const QString &part : parts) {
                if (!line.isEmpty() && layout.width > 0 && !layout.wide && columnsOf(line) + 2 + columnsOf(part) > layout.width) {
                    header += line + QLatin1Char('\n');
                    line.clear();
                }
                line += (line.isEmpty() ? QString() : QStringLiteral("  ")) + part;
            }
            header += line + QStringLiteral("\n\n");
            if (tty) { // our own control sequence: home and clear, outside the escaping of writeOut
                std::fputs("\x1b[H\x1b[2J", stdout);
            }
            printOut(header);
            printSnapshotTable(renderSnapshotTable(s, layoutFor(style)), colorWanted(stdout, style.color));
            if (!tty)
                printOut(QStringLiteral("\n"));
        }
        if (onAlert)
            for (const Alert &a : onAlert->observe(s))
                printErr(QStringLiteral("alert: %1").arg(a.title()));
        if (maxTicks > 0 && ticks >= maxTicks)
            QCoreApplication::exit(0);
    });
    QObject::connect(&poller, &ConnectionPoller::statusChanged, &poller, [&](const ConnectionStatus &st) {
        if (st.state == RedisConnection::State::Ready) {
            if (lost)
                printErr(QStringLiteral("reconnected to %1").arg(st.address));
            everConnected = true;
            lost = false;
            announcedAttempt = 0;
        } else if (st.state == RedisConnection::State::Backoff && everConnected && st.attempt != announcedAttempt) {
            lost = true;
            announcedAttempt = st.attempt;
            printErr(fillText(QStringLiteral("%1; reconnecting (attempt %2, next in %3s)"), st.error.message, st.attempt,
                              QString::number(st.nextRetryMs / 1000.0, 'f', 1)));
        }
    });
    QObject::connect(&poller, &ConnectionPoller::pollFailed, &poller, [&](const RedisError &e) {
        if (!everConnected) { // a configuration that never worked will not start working
            printErr(e.message);
            QCoreApplication::exit(kExitUnknown);
        }
    });
    // Ctrl+C, SIGTERM, or nobody left to read (`watch | head -5`): stop.
    const ExitOnStopSignal stopOnSignal;
    QTimer::singleShot(0, &poller, [&poller] { poller.start(); });
    return QCoreApplication::exec();
}

} // namespace pelscope
