// pelscope: the desktop dashboard. Wiring only.
#include "../common/connection_cli.h"
#include "../common/logging.h"
#include "demo_session.h"
#include "main_window.h"
#include "self_test.h"
#include "snapshot/format.h"

#include <QApplication>
#include <QDir>
#include <QSettings>
#include <QFileInfo>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <cstdio>
#include <memory>

using namespace pelscope;

namespace {

// One more --url: the TLS files and timeouts of the command line apply, but
// credentials only come from that URL itself (--user, --askpass and
// REDISCLI_AUTH belong to the last --url: a password must not travel to a
// server it was not meant for).
ConnectionOptions withUrl(const ConnectionOptions &shared, ConnectionOptions url)
{
    if (url.transport == ConnectionOptions::Transport::Tls)
        url.tls = shared.tls;
    url.commandTimeoutMs = shared.commandTimeoutMs;
    url.connectTimeoutMs = shared.connectTimeoutMs;
    url.replyLimits = shared.replyLimits;
    return url;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("pelscope"));
    QApplication::setOrganizationName(QStringLiteral("pelscope"));
    QApplication::setApplicationVersion(QStringLiteral(PELSCOPE_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("Pelscope"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Pelscope: a dashboard for Redis Streams consumer groups."));
    parser.addHelpOption();
    parser.addVersionOption();
    addConnectionOptions(parser);
    addProbeOptions(parser);
    parser.addOptions({
        {QStringLiteral("demo"), QStringLiteral("Start a private redis-server with an incident workload and watch it.")},
        {QStringLiteral("interval"), QStringLiteral("Time between polls (0.5s to 60s, default 1s)."), QStringLiteral("duration"), QStringLiteral("1s")},
        {QStringLiteral("screenshot"), QStringLiteral("Save the window as PNG to this file (with --quit-after)."), QStringLiteral("file")},
        {QStringLiteral("quit-after"), QStringLiteral("Quit after this many seconds (the screenshot is taken then)."), QStringLiteral("seconds")},
        {QStringLiteral("page"), QStringLiteral("Page to show first: overview, group:STREAM/GROUP or dlq[:KEY]."), QStringLiteral("page"), QStringLiteral("overview")},
        {QStringLiteral("all-connections"), QStringLiteral("Start on the all-connections tab (with several --url).")},
        {QStringLiteral("self-test"), QStringLiteral("Check TLS, the platform plugin, writable directories and the keychain, then exit.")},
    });
    parser.process(app);
    if (parser.isSet(QStringLiteral("self-test")))
        return runSelfTest();
    QGuiApplication::setDesktopFileName(QStringLiteral("io.pelscope.Pelscope"));

    const QString logPath = setupGuiLogging();
    CliSettings settings;
    if (const QString error = settingsFromParser(parser, settings); !error.isEmpty()) {
        std::fprintf(stderr, "pelscope: %s\n", qPrintable(error));
        return 3;
    }
    const auto interval = parseDurationMs(parser.value(QStringLiteral("interval")));
    if (!interval || *interval < 500 || *interval > 60000) {
        std::fprintf(stderr, "pelscope: --interval must be between 0.5s and 60s\n");
        return 3;
    }
    spdlog::info("pelscope {} starting; log at {}", PELSCOPE_VERSION, logPath.toStdString());

    // Declared before the window: the window's pollers must stop before the
    // demo's server goes away.
    std::unique_ptr<DemoSession> demo;
    MainWindow window;
    window.show();
    // --page wins; otherwise the page the operator last looked at.
    const QString firstPage = parser.isSet(QStringLiteral("page"))
        ? parser.value(QStringLiteral("page"))
        : QSettings().value(QStringLiteral("window/lastPage"), QStringLiteral("overview")).toString();
    auto open = [&](const ConnectionOptions &options, const QString &label) {
        ConnectionRequest request;
        request.options = options;
        request.probe = settings.probe;
        request.intervalMs = int(*interval);
        request.label = label;
        ConnectionView *view = window.openConnection(request);
        if (window.connections().size() == 1 && firstPage != QLatin1String("overview") && !view->showPage(firstPage))
            std::fprintf(stderr, "pelscope: unknown --page '%s' (overview, group:STREAM/GROUP or dlq[:KEY])\n", qPrintable(firstPage));
    };

    // --url may be given several times: a tab each, the other options apply to all.
    QList<ConnectionOptions> urls;
    const QStringList given = parser.isSet(QStringLiteral("url")) ? parser.values(QStringLiteral("url")) : QStringList();
    for (const QString &url : given) {
        const auto parsed = parseRedisUrl(url);
        if (!parsed.options) {
            std::fprintf(stderr, "pelscope: %s\n", qPrintable(parsed.error));
            return 3;
        }
        urls << withUrl(settings.connection, *parsed.options);
    }
    if (!urls.isEmpty())
        urls.last() = settings.connection; // the one the shared options were parsed for
    if (parser.isSet(QStringLiteral("demo"))) {
        demo = std::make_unique<DemoSession>();
        QObject::connect(demo.get(), &DemoSession::ready, &window, [&](const ConnectionOptions &options) {
            open(options, QStringLiteral("demo"));
            for (const ConnectionOptions &o : std::as_const(urls))
                open(o, {});
            if (parser.isSet(QStringLiteral("all-connections")))
                window.showAllConnections();
        });
        QObject::connect(demo.get(), &DemoSession::failed, &window, [&](const QString &message) {
            window.addConnection()->showStartupError(message);
        });
        demo->start();
    } else if (urls.isEmpty() && window.restoreConnections()) {
        // the saved profiles that had tabs last time
    } else {
        if (urls.isEmpty())
            urls << settings.connection; // the default address
        for (const ConnectionOptions &o : std::as_const(urls))
            open(o, {});
        if (parser.isSet(QStringLiteral("all-connections")))
            window.showAllConnections();
    }

    if (parser.isSet(QStringLiteral("quit-after"))) {
        bool ok = false;
        const double seconds = parser.value(QStringLiteral("quit-after")).toDouble(&ok);
        if (!ok || seconds <= 0) {
            std::fprintf(stderr, "pelscope: invalid --quit-after\n");
            return 3;
        }
        const QString shot = parser.value(QStringLiteral("screenshot"));
        QTimer::singleShot(int(seconds * 1000), &window, [&window, shot] {
            if (!shot.isEmpty()) {
                QDir().mkpath(QFileInfo(shot).absolutePath());
                if (!window.grab().save(shot))
                    std::fprintf(stderr, "pelscope: could not write %s\n", qPrintable(shot));
            }
            QApplication::quit();
        });
    }
    return QApplication::exec();
}
