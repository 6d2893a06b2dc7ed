// `pelscope-cli workload`: the demo's incident traffic against any server.
#include "cli_commands.h"
#include "stop_signals.h"

#include "demo/demo_workload.h"
#include "snapshot/format.h"

#include <QCoreApplication>
#include <QTimer>

#include <cstdio>

namespace pelscope {

int runWorkload(const CliSettings &settings, const QCommandLineParser &parser)
{
    qint64 durationMs = -1;
    if (parser.isSet(QStringLiteral("duration"))) {
        const auto d = parseDurationMs(parser.value(QStringLiteral("duration")));
        if (!d) {
            std::fprintf(stderr, "pelscope-cli: invalid --duration\n");
            return 3;
        }
        durationMs = *d;
    }
    DemoWorkloadConfig config;
    config.keyPrefix = parser.value(QStringLiteral("prefix")).toUtf8();
    DemoWorkload workload(settings.connection.forWrites(), config); // it writes: always the primary
    int exitCode = 0;
    QObject::connect(&workload, &DemoWorkload::failed, &workload, [&](const QString &message) {
        std::fprintf(stderr, "pelscope-cli: workload: %s\n", qPrintable(message));
        exitCode = 3;
        QCoreApplication::exit(3);
    });
    QObject::connect(&workload, &DemoWorkload::started, &workload, [&] {
        std::fprintf(stderr, "pelscope-cli: workload running against %s%s\n", qPrintable(settings.connection.redactedUrl()),
                     durationMs > 0 ? qPrintable(QStringLiteral(" for %1").arg(formatDuration(durationMs))) : " (Ctrl+C stops it)");
    });
    if (durationMs > 0)
        QTimer::singleShot(durationMs, &workload, [] { QCoreApplication::exit(0); });
    const ExitOnStopSignal stopOnSignal;
    workload.start();
    const int rc = QCoreApplication::exec();
    workload.stop();
    return exitCode ? exitCode : rc;
}

} // namespace pelscope
