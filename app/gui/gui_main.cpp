// pelscope: the desktop dashboard. Wiring only.
#include "../common/connection_cli.h"
#include "../common/logging.h"
#include "demo_session.h"
#include "main_window.h"
#include "probe/poller_thread.h"
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

    MainWindow window;
    window.setThresholds(settings.probe.thresholds);
    window.setPollIntervalMs(int(*interval));
    window.show();
    // --page wins; otherwise the page the operator last looked at.
    const QString firstPage = parser.isSet(QStringLiteral("page"))
        ? parser.value(QStringLiteral("page"))
        : QSettings().value(QStringLiteral("window/lastPage"), QStringLiteral("overview")).toString();

    std::unique_ptr<PollerThread> poller;
    ConnectionOptions current;
    auto startPolling = [&](const ConnectionOptions &options, const ProbeConfig &probe, int intervalMs) {
        poller.reset(); // joins the old poller thread first
        current = options;
        window.setPollIntervalMs(intervalMs);
        window.setThresholds(probe.thresholds);
        poller = std::make_unique<PollerThread>(options, probe);
        poller->setIntervalMs(intervalMs);
        QObject::connect(poller->poller(), &StreamPoller::snapshotReady, &window, &MainWindow::applySnapshot);
        QObject::connect(poller->poller(), &StreamPoller::statusChanged, &window, &MainWindow::applyStatus);
        QObject::connect(&window, &MainWindow::refreshRequested, poller.get(), &PollerThread::pollNow);
        QObject::connect(&window, &MainWindow::pauseRequested, poller.get(), &PollerThread::setPaused);
        window.useConnection(options);
        poller->start();
        if (firstPage != QLatin1String("overview") && !window.showPage(firstPage))
            std::fprintf(stderr, "pelscope: unknown --page '%s' (overview or group:STREAM/GROUP)\n", qPrintable(firstPage));
    };

    std::unique_ptr<DemoSession> demo;
    if (parser.isSet(QStringLiteral("demo"))) {
        demo = std::make_unique<DemoSession>();
        QObject::connect(demo.get(), &DemoSession::ready, &window,
                         [&](const ConnectionOptions &options) { startPolling(options, settings.probe, int(*interval)); });
        QObject::connect(demo.get(), &DemoSession::failed, &window, &MainWindow::showStartupError);
        demo->start();
    } else {
        startPolling(settings.connection, settings.probe, int(*interval));
    }
    QObject::connect(&window, &MainWindow::connectRequested, &window, startPolling);
    QObject::connect(&window, &MainWindow::reconnectRequested, &window, [&] {
        window.resetForNewConnection(current.redactedUrl());
        startPolling(current, settings.probe, int(*interval));
    });

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
    const int rc = QApplication::exec();
    poller.reset(); // join the poller before the demo server goes away
    demo.reset();
    return rc;
}
