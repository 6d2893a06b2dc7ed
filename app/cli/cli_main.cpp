// pelscope-cli: the console twin of the dashboard (snapshot, check, watch, workload).
#include "../common/connection_cli.h"
#include "../common/logging.h"
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
    "  workload [--duration 10m]  generate the demo's incident traffic against --url (writes!)\n";

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
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("snapshot, check, watch or workload"));

    if (!parser.parse(QCoreApplication::arguments())) {
        std::fprintf(stderr, "pelscope-cli: %s (see --help)\n", qPrintable(parser.errorText()));
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
    if (positional.size() != 1) {
        std::fprintf(stderr, "pelscope-cli: expected one command (snapshot, check, watch, workload); see --help\n");
        return 3;
    }
    CliSettings settings;
    const QString error = settingsFromParser(parser, settings);
    if (!error.isEmpty()) {
        std::fprintf(stderr, "pelscope-cli: %s\n", qPrintable(error));
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
    std::fprintf(stderr, "pelscope-cli: unknown command '%s' (snapshot, check, watch, workload)\n", qPrintable(command));
    return 3;
}
