// pelscope-cli: the console twin of the dashboard (snapshot, check, watch,
// workload, and the dead-letter and pending-entry actions).
#include "../common/connection_cli.h"
#include "../common/logging.h"
#include "../common/terminal.h"
#include "cli_commands.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <cstring>

using namespace pelscope;

namespace {

const char *kUsage = "Usage: pelscope-cli [options] <command>\n"
                     "\n"
                     "Commands:\n"
                     "  snapshot [--json]          one poll, then exit 0\n"
                     "  check                      one poll, Nagios conventions (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN)\n"
                     "  watch [--interval 1s] [--ticks N] [--json-lines]\n"
                     "                             keep polling: a refreshing table, or one JSON document per line\n"
                     "  record [--interval 1s]     the headless recorder: every poll into the connection's history database\n"
                     "                             (as the window keeps it), reconnecting forever; SIGTERM/SIGINT flush and exit 0\n"
                     "  history STREAM GROUP [--since 1h | --from T --to T] [--raw | --json | --csv]\n"
                     "                             the stored series and events of one group\n"
                     "  annotate [STREAM GROUP] --text TEXT [--at TIME] [--share]\n"
                     "                             mark a moment (\"deploy 1.4.2\") in the connection's history: drawn on the charts,\n"
                     "                             listed in the report and history --json (local: nothing is sent to Redis)\n"
                     "  exporter [--listen 127.0.0.1:9187] [--interval D] [--record] [--delivery-histogram] [--consumer-series]\n"
                     "                             Prometheus /metrics and /healthz from the latest poll (a scrape sends Redis nothing);\n"
                     "                             it polls as often as it is scraped unless --interval or --record says otherwise\n"
                     "  report --since 1h --out DIR [--include-payloads]\n"
                     "                             the incident report: summary.md, the sick groups' series, dead letters, writes\n"
                     "  workload [--duration 10m]  generate the demo's incident traffic against --url (writes!)\n"
                     "  dlq list [--json] [--dlq-map DLQ=SOURCE] [--count N]\n"
                     "                             dead-letter streams: source, length, categories of the newest N entries\n"
                     "  dlq show DLQ [--count N] [--json]\n"
                     "                             the newest entries, newest first\n"
                     "  dlq requeue DLQ (--all | --id ID ... | --match FIELD=VALUE) [--to STREAM] [--dry-run] [--rate N] [--yes]\n"
                     "                             back to the source stream, exactly once (writes!)\n"
                     "  queue list [--json]        delayed queues and reliable lists (named, or found by name): size, due or in\n"
                     "                             processing, the oldest, why\n"
                     "  queue show KEY [--count N] [--json]\n"
                     "                             a delayed queue's earliest due items or a list's oldest items, with their times\n"
                     "  queue requeue LIST (--older-than 5m [--include-undated] | --item VALUE ...) [--limit N] [--dry-run] [--yes]\n"
                     "                             a reliable list's stuck processing items back to its main list (writes!)\n"
                     "  queue delete LIST (--older-than 5m | --item VALUE ...) | queue delete ZSET --item MEMBER ...\n"
                     "                             from a processing list, or from a delayed queue (writes!)\n"
                     "  queue run-now ZSET --item MEMBER ... | queue reschedule ZSET --item MEMBER ... (--at TIME | --in 10m)\n"
                     "                             re-score delayed tasks; a member a worker took is never added back (writes!)\n"
                     "  job retry QUEUE [--id ID ... | --error TEXT] [--limit N] [--dry-run] [--yes]\n"
                     "                             a framework's own repair, as its own UI does it (writes!): BullMQ's failed jobs\n"
                     "                             retried, Sidekiq's retry or dead set retried, RQ's failed registry requeued,\n"
                     "                             Celery's reservations past the visibility timeout restored. QUEUE as `snapshot`\n"
                     "                             names the row: \"BullMQ mail\", \"Sidekiq dead\", \"RQ default\", \"Celery unacked\"\n"
                     "  pending claim STREAM GROUP --to CONSUMER --min-idle 5m (--id ID ... | --consumer NAME [--count N])\n"
                     "  pending ack STREAM GROUP --id ID ...\n"
                     "  pending to-dlq STREAM GROUP --id ID ... [--dlq KEY] [--category C] [--reason R]\n"
                     "                             actions on pending entries (writes!); --dry-run prints the plan only\n"
                     "\n"
                     "Writes show their plan and ask for \"yes\" on a terminal; without one they need --yes, else they\n"
                     "exit 3 having changed nothing. Every outcome goes to the audit log ($PELSCOPE_AUDIT_LOG, else the\n"
                     "app data directory). Exit 0: nothing failed; 1: something failed; 3: refused, nothing changed.\n";

} // namespace

int main(int argc, char *argv[])
{
    // --help's "Usage:" line names the program as typed, by its name alone: run
    // from an AppImage it was the path of a temporary mount or extraction
    // ("/tmp/.mount_…/usr/bin/pelscope-cli"), which nobody can type again.
    if (argc > 0 && argv[0])
        if (const char *slash = std::strrchr(argv[0], '/'))
            argv[0] = const_cast<char *>(slash + 1);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("pelscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PELSCOPE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(kUsage));
    parser.addHelpOption();
    // Not addVersionOption(): it takes -v, which redis-cli users expect to mean verbose.
    parser.addOption({QStringLiteral("version"), QStringLiteral("Displays version information.")});
    addConnectionOptions(parser);
    addProfileOption(parser);
    addProbeOptions(parser);
    addHistoryOptions(parser);
    parser.addOptions({
        {QStringLiteral("json"), QStringLiteral("snapshot: print the pelscope.snapshot/1 JSON document; check: only the verdict, as pelscope.check/1 JSON.")},
        {QStringLiteral("json-lines"), QStringLiteral("watch: one JSON document per line instead of a table.")},
        {QStringLiteral("interval"), QStringLiteral("watch, record, exporter: time between polls (default 1s; the exporter follows its scrapes)."), QStringLiteral("duration"), QStringLiteral("1s")},
        {QStringLiteral("ticks"), QStringLiteral("watch: stop after N polls."), QStringLiteral("n")},
        {QStringLiteral("duration"), QStringLiteral("workload: stop after this long (default: until interrupted)."), QStringLiteral("duration")},
        {QStringLiteral("prefix"), QStringLiteral("workload: prefix for the demo's stream keys."), QStringLiteral("text")},
        {{QStringLiteral("v"), QStringLiteral("verbose")}, QStringLiteral("Log to stderr (-vv: debug).")},
        {QStringLiteral("wide"), QStringLiteral("snapshot, watch: every column, nothing cut, whatever the terminal's width.")},
        {QStringLiteral("color"),
         QStringLiteral("snapshot, watch: colour WARN and CRIT rows: auto (a terminal, unless $NO_COLOR is set), always or never."),
         QStringLiteral("when")},
        {QStringLiteral("no-color"), QStringLiteral("Same as --color=never.")},
        {QStringLiteral("since"), QStringLiteral("history: this far back (default 1h)."), QStringLiteral("duration")},
        {QStringLiteral("from"), QStringLiteral("history: from this time (ISO 8601 or ms since the epoch)."), QStringLiteral("time")},
        {QStringLiteral("csv"), QStringLiteral("history: comma-separated values, every poll.")},
        {QStringLiteral("raw"), QStringLiteral("history: every poll in the table, not the worst of each step.")},
        {QStringLiteral("listen"), QStringLiteral("exporter: the address and port to serve /metrics on (default 127.0.0.1:9187)."),
         QStringLiteral("address:port"), QStringLiteral("127.0.0.1:9187")},
        {QStringLiteral("record"), QStringLiteral("exporter: also write the connection's history database.")},
        {QStringLiteral("delivery-histogram"),
         QStringLiteral("exporter: also export each group's delivery-count histogram of pending entries (11 series a group).")},
        {QStringLiteral("consumer-series"),
         QStringLiteral("exporter: also export each consumer's pending and idle time (up to 1,000 consumers a connection).")},
        {QStringLiteral("history-file"), QStringLiteral("history: read this database file (a copy) instead of the connection's."),
         QStringLiteral("file")},
        {QStringLiteral("queue"), QStringLiteral("history: this delayed queue's or reliable list's series instead of a group's."), QStringLiteral("key")},
        {QStringLiteral("activity"), QStringLiteral("history: the claim and XACK activity's series instead of a group's.")},
        {QStringLiteral("on-alert"),
         QStringLiteral("watch, record: run this command for every alert (a status held 3 polls; at most every 10 min while bad; a burst "
                        "in one), with one JSON document on stdin; no shell unless you write sh -c."),
         QStringLiteral("command")},
        {QStringLiteral("out"), QStringLiteral("report: the folder to write (new or empty)."), QStringLiteral("dir")},
        {QStringLiteral("include-payloads"), QStringLiteral("report: the dead letters' payload fields too (left out by default).")},
        {QStringLiteral("on-alert-timeout"), QStringLiteral("watch, record: kill the --on-alert command after this long (default 10s)."),
         QStringLiteral("duration")},
        {QStringLiteral("alert-log"),
         QStringLiteral("watch, record: append every alert to this file as one JSON line (what --on-alert 'cat >> file' cannot do: "
                        "no shell runs a hook); created 0600."),
         QStringLiteral("file")},
    });
    parser.addOptions({
        {QStringLiteral("count"),
         QStringLiteral("dlq list: newest entries read for the categories (default 100); dlq show: entries shown (default 10); pending claim "
                        "--consumer: at most this many."),
         QStringLiteral("n")},
        {QStringLiteral("dlq-map"), QStringLiteral("dlq: this key is the DLQ of that source stream (repeatable)."), QStringLiteral("dlq=source")},
        {QStringLiteral("all"), QStringLiteral("dlq requeue: every entry.")},
        {QStringLiteral("id"), QStringLiteral("dlq requeue, pending: this entry; job retry: this job (BullMQ and RQ job id, Sidekiq jid, Celery delivery tag). Repeatable."), QStringLiteral("id")},
        {QStringLiteral("to"),
         QStringLiteral("dlq requeue: the target stream (default: the entry's source); pending claim: the new owner; "
                        "history: to this time (default now)."),
         QStringLiteral("name")},
        {QStringLiteral("dry-run"), QStringLiteral("dlq requeue, queue and pending writes, annotate --share: print exactly what would be written where (the confirmation's plan); write nothing.")},
        {QStringLiteral("rate"), QStringLiteral("dlq requeue: at most this many entries per second."), QStringLiteral("n")},
        {QStringLiteral("yes"), QStringLiteral("Write without asking (needed without a terminal).")},
        {QStringLiteral("min-idle"), QStringLiteral("pending claim: leave entries idle less than this with their owner (required)."),
         QStringLiteral("duration")},
        {QStringLiteral("consumer"), QStringLiteral("pending claim: take this consumer's pending entries."), QStringLiteral("name")},
        {QStringLiteral("dlq"), QStringLiteral("pending to-dlq: the dead-letter stream (default STREAM:dlq)."), QStringLiteral("key")},
        {QStringLiteral("category"), QStringLiteral("pending to-dlq: the category field (default manual)."), QStringLiteral("text")},
        {QStringLiteral("reason"), QStringLiteral("pending to-dlq: the reason field."), QStringLiteral("text")},
        {QStringLiteral("item"), QStringLiteral("queue requeue|delete|run-now|reschedule: this list item or sorted-set member, byte for byte (repeatable)."),
         QStringLiteral("value")},
        {QStringLiteral("older-than"), QStringLiteral("queue requeue|delete: the processing list's items whose timestamp is at least this old."),
         QStringLiteral("duration")},
        {QStringLiteral("error"), QStringLiteral("job retry: only the jobs whose stored error contains this text (case-insensitive)."), QStringLiteral("text")},
        {QStringLiteral("include-undated"), QStringLiteral("queue requeue|delete --older-than: also the items without a timestamp.")},
        {QStringLiteral("limit"), QStringLiteral("queue requeue|delete, job retry: at most this many items."), QStringLiteral("n")},
        {QStringLiteral("at"), QStringLiteral("queue reschedule: the new due time; annotate: the moment marked (ISO 8601 or ms since the epoch)."),
         QStringLiteral("time")},
        {QStringLiteral("text"), QStringLiteral("annotate: what happened (\"deploy 1.4.2\")."), QStringLiteral("text")},
        {QStringLiteral("share"),
         QStringLiteral("annotate: also add the mark to --annotations-stream (a write: shown, confirmed or --yes, audited), where every "
                        "Pelscope reading that stream draws it.")},
        {QStringLiteral("in"), QStringLiteral("queue reschedule: due this long from now (the server's time)."), QStringLiteral("duration")},
    });
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("snapshot, check, watch, record, history, annotate, report, exporter, workload, dlq, queue or pending"));

    if (!parser.parse(QCoreApplication::arguments())) {
        writeErr(QStringLiteral("pelscope-cli: %1 (see --help)\n").arg(parser.errorText()));
        return 3;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("pelscope-cli %s\n", PELSCOPE_VERSION);
        return 0;
    }
    const int verbosity = int(std::count(argv + 1, argv + argc, std::string_view("-v")))
                          + int(std::count(argv + 1, argv + argc, std::string_view("--verbose")))
                          + 2 * int(std::count(argv + 1, argv + argc, std::string_view("-vv")));
    setupConsoleLogging(verbosity);

    const QStringList positional = parser.positionalArguments();
    const bool withArguments = positional.value(0) == QLatin1String("dlq") || positional.value(0) == QLatin1String("pending")
                               || positional.value(0) == QLatin1String("history") || positional.value(0) == QLatin1String("queue")
                               || positional.value(0) == QLatin1String("annotate") || positional.value(0) == QLatin1String("job");
    if (positional.size() != 1 && !withArguments) {
        std::fprintf(stderr,
                     "pelscope-cli: expected one command (snapshot, check, watch, record, history, report, exporter, workload, dlq, queue, job, pending); see --help\n");
        return 3;
    }
    CliSettings settings;
    const QString error = settingsFromParser(parser, settings);
    if (!error.isEmpty()) {
        writeErr(QStringLiteral("pelscope-cli: %1\n").arg(error));
        return 3;
    }

    QString styleError;
    const TableStyle style = tableStyleFrom(parser, &styleError);
    if (!styleError.isEmpty()) {
        writeErr(QStringLiteral("pelscope-cli: %1\n").arg(styleError));
        return 3;
    }
    const QString &command = positional.first();
    if (command == QLatin1String("snapshot"))
        return runSnapshot(settings, parser.isSet(QStringLiteral("json")), style);
    if (command == QLatin1String("check"))
        return runCheck(settings, parser.isSet(QStringLiteral("json")));
    if (command == QLatin1String("watch"))
        return runWatch(settings, parser, style);
    if (command == QLatin1String("report"))
        return runReport(settings, parser);
    if (command == QLatin1String("record")) {
        setupConsoleLogging(std::max(verbosity, 1)); // a recorder logs to stderr: it runs unattended
        return runRecord(settings, parser);
    }
    if (command == QLatin1String("history"))
        return runHistory(settings, parser, positional.mid(1));
    if (command == QLatin1String("annotate"))
        return runAnnotate(settings, parser, positional.mid(1));
    if (command == QLatin1String("exporter")) {
        setupConsoleLogging(std::max(verbosity, 1));
        return runExporter(settings, parser);
    }
    if (command == QLatin1String("workload"))
        return runWorkload(settings, parser);
    if (command == QLatin1String("dlq"))
        return runDlq(settings, parser, positional.mid(1));
    if (command == QLatin1String("pending"))
        return runPending(settings, parser, positional.mid(1));
    if (command == QLatin1String("queue"))
        return runQueue(settings, parser, positional.mid(1));
    if (command == QLatin1String("job"))
        return runJob(settings, parser, positional.mid(1));
    writeErr(QStringLiteral("pelscope-cli: unknown command '%1' (snapshot, check, watch, record, history, exporter, workload, dlq, queue, job, pending)\n")
                 .arg(command));
    return 3;
}
