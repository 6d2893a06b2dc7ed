// pelscope-cli: the console twin of the dashboard (snapshot, check, watch,
// workload, and the dead-letter and pending-entry actions).
#include "../common/connection_cli.h"
#include "../common/logging.h"
#include "../common/terminal.h"
#include "cli_commands.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

using namespace pelscope;

namespace {

const char *kUsage =
    "Usage: pelscope-cli [options] <command>\n"
    "\n"
    "Commands:\n"
    "  snapshot [--json]          one poll, then exit 0\n"
    "  check                      one poll, Nagios conventions (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN)\n"
    "  watch [--interval 1s] [--ticks N] [--json-lines]\n"
    "                             keep polling: a refreshing table, or one JSON document per line\n"
    "  workload [--duration 10m]  generate the demo's incident traffic against --url (writes!)\n"
    "  dlq list [--json] [--dlq-map DLQ=SOURCE] [--count N]\n"
    "                             dead-letter streams: source, length, categories of the newest N entries\n"
    "  dlq show DLQ [--count N] [--json]\n"
    "                             the newest entries, newest first\n"
    "  dlq requeue DLQ (--all | --id ID ... | --match FIELD=VALUE) [--to STREAM] [--dry-run] [--rate N] [--yes]\n"
    "                             back to the source stream, exactly once (writes!)\n"
    "  pending claim STREAM GROUP --to CONSUMER --min-idle 5m (--id ID ... | --consumer NAME [--count N])\n"
    "  pending ack STREAM GROUP --id ID ...\n"
    "  pending to-dlq STREAM GROUP --id ID ... [--dlq KEY] [--category C] [--reason R]\n"
    "                             actions on pending entries (writes!)\n"
    "\n"
    "Writes show their plan and ask for \"yes\" on a terminal; without one they need --yes, else they\n"
    "exit 3 having changed nothing. Every outcome goes to the audit log ($PELSCOPE_AUDIT_LOG, else the\n"
    "app data directory). Exit 0: nothing failed; 1: something failed; 3: refused, nothing changed.\n";

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("pelscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PELSCOPE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(kUsage));
    parser.addHelpOption();
    // Not addVersionOption(): it takes -v, which redis-cli users expect to mean verbose.
    parser.addOption({QStringLiteral("version"), QStringLiteral("Displays version information.")});
    addConnectionOptions(parser);
    addProbeOptions(parser);
    parser.addOptions({
        {QStringLiteral("json"), QStringLiteral("snapshot: print the pelscope.snapshot/1 JSON document.")},
        {QStringLiteral("json-lines"), QStringLiteral("watch: one JSON document per line instead of a table.")},
        {QStringLiteral("interval"), QStringLiteral("watch: time between polls (default 1s)."), QStringLiteral("duration"), QStringLiteral("1s")},
        {QStringLiteral("ticks"), QStringLiteral("watch: stop after N polls."), QStringLiteral("n")},
        {QStringLiteral("duration"), QStringLiteral("workload: stop after this long (default: until interrupted)."), QStringLiteral("duration")},
        {QStringLiteral("prefix"), QStringLiteral("workload: prefix for the demo's stream keys."), QStringLiteral("text")},
        {{QStringLiteral("v"), QStringLiteral("verbose")}, QStringLiteral("Log to stderr (-vv: debug).")},
    });
    parser.addOptions({
        {QStringLiteral("count"), QStringLiteral("dlq list: newest entries read for the categories (default 100); dlq show: entries shown (default 10); pending claim --consumer: at most this many."), QStringLiteral("n")},
        {QStringLiteral("dlq-map"), QStringLiteral("dlq: this key is the DLQ of that source stream (repeatable)."), QStringLiteral("dlq=source")},
        {QStringLiteral("all"), QStringLiteral("dlq requeue: every entry.")},
        {QStringLiteral("id"), QStringLiteral("dlq requeue, pending: this entry (repeatable, or several after one --id)."), QStringLiteral("id")},
        {QStringLiteral("to"), QStringLiteral("dlq requeue: the target stream (default: the entry's source); pending claim: the new owner."), QStringLiteral("name")},
        {QStringLiteral("dry-run"), QStringLiteral("dlq requeue: print exactly what would be written where; write nothing.")},
        {QStringLiteral("rate"), QStringLiteral("dlq requeue: at most this many entries per second."), QStringLiteral("n")},
        {QStringLiteral("yes"), QStringLiteral("Write without asking (needed without a terminal).")},
        {QStringLiteral("min-idle"), QStringLiteral("pending claim: leave entries idle less than this with their owner (required)."), QStringLiteral("duration")},
        {QStringLiteral("consumer"), QStringLiteral("pending claim: take this consumer's pending entries."), QStringLiteral("name")},
        {QStringLiteral("dlq"), QStringLiteral("pending to-dlq: the dead-letter stream (default STREAM:dlq)."), QStringLiteral("key")},
        {QStringLiteral("category"), QStringLiteral("pending to-dlq: the category field (default manual)."), QStringLiteral("text")},
        {QStringLiteral("reason"), QStringLiteral("pending to-dlq: the reason field."), QStringLiteral("text")},
    });
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("snapshot, check, watch, workload, dlq or pending"));

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
    const bool withArguments = positional.value(0) == QLatin1String("dlq") || positional.value(0) == QLatin1String("pending");
    if (positional.size() != 1 && !withArguments) {
        std::fprintf(stderr, "pelscope-cli: expected one command (snapshot, check, watch, workload, dlq, pending); see --help\n");
        return 3;
    }
    CliSettings settings;
    const QString error = settingsFromParser(parser, settings);
    if (!error.isEmpty()) {
        writeErr(QStringLiteral("pelscope-cli: %1\n").arg(error));
        return 3;
    }

    const QString command = positional.first();
    if (command == QLatin1String("snapshot"))
        return runSnapshot(settings, parser.isSet(QStringLiteral("json")));
    if (command == QLatin1String("check"))
        return runCheck(settings);
    if (command == QLatin1String("watch"))
        return runWatch(settings, parser);
    if (command == QLatin1String("workload"))
        return runWorkload(settings, parser);
    if (command == QLatin1String("dlq"))
        return runDlq(settings, parser, positional.mid(1));
    if (command == QLatin1String("pending"))
        return runPending(settings, parser, positional.mid(1));
    writeErr(QStringLiteral("pelscope-cli: unknown command '%1' (snapshot, check, watch, workload, dlq, pending)\n").arg(command));
    return 3;
}
