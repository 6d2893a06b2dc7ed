// pelscope: the desktop dashboard. Wiring only.
#include "../common/connection_cli.h"
#include "../common/logging.h"
#include "demo_session.h"
#include "health_style.h"
#include "focus_ring_style.h"
#include "pages/group_page.h"
#include "pages/history_file_window.h"
#include "dialogs/history_settings_dialog.h"
#include "incident_export.h"
#include "history/prometheus_backfill.h"
#include "app_language.h"
#include "main_window.h"
#include "self_test.h"
#include "snapshot/format.h"
#include "text/display_text.h"

#include <QApplication>
#include <QDir>
#include <QSettings>
#include <QFileInfo>
#include <QTimer>
#include <QUrl>

#include <spdlog/spdlog.h>

#include <csignal>
#include <cstdio>
#include <memory>
#include <string_view>

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

void describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QStringLiteral("Pelscope: a dashboard for Redis Streams consumer groups."));
    parser.addHelpOption();
    parser.addVersionOption();
    addConnectionOptions(parser);
    addProbeOptions(parser);
    addHistoryOptions(parser);
    parser.addOptions({
        {QStringLiteral("demo"), QStringLiteral("Start a private redis-server with an incident workload and watch it.")},
        {QStringLiteral("interval"), QStringLiteral("Time between polls (0.5s to 60s, default 1s)."), QStringLiteral("duration"),
         QStringLiteral("1s")},
        {QStringLiteral("screenshot"), QStringLiteral("Save the window as PNG to this file (with --quit-after)."), QStringLiteral("file")},
        {QStringLiteral("quit-after"), QStringLiteral("Quit after this many seconds (the screenshot is taken then)."), QStringLiteral("seconds")},
        {QStringLiteral("report"),
         QStringLiteral("With --quit-after: write the current connection's incident report of the last hour into this folder (new or "
                        "empty) before quitting, as Connection > Export incident report does."),
         QStringLiteral("folder")},
        {QStringLiteral("page"), QStringLiteral("Page to show first: overview, group:STREAM/GROUP, dlq[:KEY] or queue:KEY."), QStringLiteral("page"),
         QStringLiteral("overview")},
        {QStringLiteral("open-history"),
         QStringLiteral("Open a recorded history file read-only (a copy from another machine, for a postmortem); Redis is not contacted."),
         QStringLiteral("file")},
        {QStringLiteral("prometheus"),
         QStringLiteral("A Prometheus scraping pelscope-cli exporter for these connections: charts take the past the local history lacks from it."),
         QStringLiteral("url")},
        {QStringLiteral("compare"),
         QStringLiteral("Group charts draw the same window a day or a week earlier as a dashed line, from the recorded history: day or week."),
         QStringLiteral("period")},
        {QStringLiteral("all-connections"), QStringLiteral("Start on the all-connections tab (with several --url).")},
        {QStringLiteral("dark"), QStringLiteral("A dark palette (Fusion style), whatever the desktop's theme.")},
        {QStringLiteral("lang"), QStringLiteral("The window's language: en or ko (default: View > Language, else the system's)."), QStringLiteral("code")},
        {QStringLiteral("self-test"), QStringLiteral("Check TLS, the platform plugin, writable directories and the keychain, then exit.")},
    });
}

void nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("pelscope"));
    QCoreApplication::setOrganizationName(QStringLiteral("pelscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PELSCOPE_VERSION));
}

// SIGTERM and SIGINT end the program the way closing the window does: the
// event loop returns, destructors run (the demo's redis-server stops and its
// directory goes). The handler only sets a flag; a timer reads it.
volatile std::sig_atomic_t g_stopRequested = 0;

// --quit-after (and --screenshot of `target` then). False on a bad value.
bool scheduleQuit(const QCommandLineParser &parser, QWidget *target)
{
    if (!parser.isSet(QStringLiteral("quit-after")))
        return true;
    bool ok = false;
    const double seconds = parser.value(QStringLiteral("quit-after")).toDouble(&ok);
    if (!ok || seconds <= 0) {
        std::fprintf(stderr, "pelscope: invalid --quit-after\n");
        return false;
    }
    const QString shot = parser.value(QStringLiteral("screenshot"));
    const QString report = parser.value(QStringLiteral("report"));
    QTimer::singleShot(int(seconds * 1000), target, [target, shot, report] {
        if (!shot.isEmpty()) {
            QDir().mkpath(QFileInfo(shot).absolutePath());
            if (!target->grab().save(shot))
                std::fprintf(stderr, "pelscope: could not write %s\n", qPrintable(shot));
        }
        auto *window = qobject_cast<MainWindow *>(target);
        if (report.isEmpty() || !window) {
            QApplication::quit();
            return;
        }
        QString error;
        const auto done = [](const IncidentExportResult &r) {
            if (r.error.isEmpty())
                std::fprintf(stdout, "pelscope: report written to %s (%d chart pictures)\n", qPrintable(r.folder), r.chartImages);
            else
                std::fprintf(stderr, "pelscope: report: %s\n", qPrintable(r.error));
            QApplication::exit(r.error.isEmpty() ? 0 : 1);
        };
        ConnectionView *view = window->currentConnection();
        if (!view || !exportIncidentReport(view, report, 3'600'000, 100, false, done, &error)) {
            std::fprintf(stderr, "pelscope: report: %s\n", view ? qPrintable(error) : "no connection tab is open");
            QApplication::exit(1);
        }
    });
    return true;
}

void quitOnSignals(QTimer &stopWatch)
{
    std::signal(SIGTERM, [](int) { g_stopRequested = 1; });
    std::signal(SIGINT, [](int) { g_stopRequested = 1; });
    QObject::connect(&stopWatch, &QTimer::timeout, qApp, [] {
        if (g_stopRequested)
            QApplication::quit();
    });
    stopWatch.start(100);
}

// `pelscope --open-history FILE` alone: the recorded history, nothing else.
int runHistoryFile(const QCommandLineParser &parser)
{
    auto *window = new HistoryFileWindow; // deletes itself when closed
    QString error;
    if (!window->open(parser.value(QStringLiteral("open-history")), &error)) {
        std::fprintf(stderr, "pelscope: %s\n", qPrintable(terminalSafe(error)));
        delete window;
        return 2;
    }
    window->show();
    QTimer stopWatch;
    quitOnSignals(stopWatch);
    if (!scheduleQuit(parser, window))
        return 3;
    return QApplication::exec();
}

} // namespace

int main(int argc, char *argv[])
{
    // --help and --version answer anywhere, a machine without a display too:
    // before QApplication, which needs one.
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if (a == "--help" || a == "-h" || a == "--help-all" || a == "--version" || a == "-v") {
            QCoreApplication core(argc, argv);
            nameApplication();
            QCommandLineParser parser;
            describeOptions(parser);
            parser.process(core); // prints and exits
            return 0;
        }
    }

#if defined(Q_OS_LINUX)
    // Without a display Qt's xcb plugin aborts inside QApplication (a core
    // dump, no word of why): said here, the way out named, exit 4.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::fprintf(stderr, "pelscope: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); run it in a desktop "
                             "session, or with QT_QPA_PLATFORM=offscreen for a headless --self-test or --screenshot; pelscope-cli needs none\n");
        return 4;
    }
#endif
    QApplication app(argc, argv);
    nameApplication();
    QApplication::setApplicationDisplayName(QStringLiteral("Pelscope"));
    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app);
    // Before any widget exists (they copy the palette when created): secondary
    // text readable in the platform's palette, dark ones included.
    if (parser.isSet(QStringLiteral("dark"))) {
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(darkPalette());
    }
    installFocusRing();
    makePaletteReadable();
    // Before the first widget: every tr() from here on speaks the chosen language.
    const QString lang = parser.isSet(QStringLiteral("lang")) ? parser.value(QStringLiteral("lang")) : savedLanguage();
    if (!lang.isEmpty() && !availableLanguages().contains(lang)) {
        std::fprintf(stderr, "pelscope: --lang: '%s' is not one of %s\n", qPrintable(lang), qPrintable(availableLanguages().join(QStringLiteral(", "))));
        return 2;
    }
    installLanguage(lang);
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
    QString prometheusError;
    const QUrl prometheus = parsePrometheusUrl(parser.value(QStringLiteral("prometheus")), &prometheusError);
    if (!prometheusError.isEmpty()) {
        std::fprintf(stderr, "pelscope: --prometheus: %s\n", qPrintable(prometheusError));
        return 3;
    }
    spdlog::info("pelscope {} starting; log at {}", PELSCOPE_VERSION, logPath.toStdString());
    if (parser.isSet(QStringLiteral("open-history")) && !parser.isSet(QStringLiteral("demo")) && !parser.isSet(QStringLiteral("url")))
        return runHistoryFile(parser);
    ConnectionRequest::History history;
    history.dir = settings.history.dir;
    history.retentionDays = settings.history.days;
    history.maxBytes = settings.history.maxBytes;
    HistorySettingsDialog::applySaved(history, parser.isSet(QStringLiteral("history-days")), parser.isSet(QStringLiteral("history-max-mb")));

    const QString compareText = parser.value(QStringLiteral("compare"));
    if (!compareText.isEmpty() && compareText != QLatin1String("day") && compareText != QLatin1String("week")) {
        std::fprintf(stderr, "pelscope: invalid --compare '%s' (day or week)\n", qPrintable(compareText));
        return 3;
    }
    const PreviousPeriod compare = compareText == QLatin1String("day")    ? PreviousPeriod::Day
                                   : compareText == QLatin1String("week") ? PreviousPeriod::Week
                                                                          : PreviousPeriod::None;
    // Declared before the window: the window's pollers must stop before the
    // demo's server goes away.
    std::unique_ptr<DemoSession> demo;
    MainWindow window;
    window.setHistoryDefaults(history);
    window.show();
    // --page wins; otherwise the overview: a new incident starts from the
    // whole picture. Reopening the last page is an option (View menu).
    const bool reopenLast = QSettings().value(QStringLiteral("window/reopenLastPage"), false).toBool();
    // Each connection keeps its own last page (ConnectionView::lastPageSettingKey).
    const auto firstPageOf = [&](const QString &label) {
        return parser.isSet(QStringLiteral("page")) ? parser.value(QStringLiteral("page"))
               : reopenLast ? QSettings().value(ConnectionView::lastPageSettingKey(label), QStringLiteral("overview")).toString()
                            : QStringLiteral("overview");
    };
    auto open = [&](const ConnectionOptions &options, const QString &label) {
        ConnectionRequest request;
        request.history = window.historyDefaults();
        if (demo && label == QLatin1String("demo")) {
            request.history.dir = demo->historyDir();
            request.historyNote = QObject::tr("simulated: the half hour before the demo, and a day earlier");
        }
        request.options = options;
        request.probe = settings.probe;
        if (demo && label == QLatin1String("demo") && request.probe.annotationsStream.isEmpty())
            request.probe.annotationsStream = DemoSession::annotationsStream();
        request.intervalMs = int(*interval);
        request.label = label;
        request.prometheus = prometheus;
        ConnectionView *view = window.openConnection(request);
        view->groupPage()->setPreviousPeriod(compare);
        const QString firstPage = firstPageOf(view->label());
        if (window.connections().size() == 1 && firstPage != QLatin1String("overview") && !view->showPage(firstPage))
            std::fprintf(stderr, "pelscope: unknown --page '%s' (overview, group:STREAM/GROUP, dlq[:KEY] or queue:KEY)\n", qPrintable(firstPage));
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
        QObject::connect(demo.get(), &DemoSession::failed, &window,
                         [&](const QString &message) { window.addConnection()->showStartupError(message); });
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

    if (parser.isSet(QStringLiteral("open-history"))) // beside connections: a window of its own
        window.openHistoryFile(parser.value(QStringLiteral("open-history")));

    // Offscreen, the "screen" is a placeholder of 800×600 the window would be
    // cut to: a documentation shot is taken at the size the pages are laid out for.
    if (parser.isSet(QStringLiteral("screenshot")) && QGuiApplication::platformName() == QLatin1String("offscreen"))
        window.resize(1360, 860);
    QTimer stopWatch;
    quitOnSignals(stopWatch);
    if (!scheduleQuit(parser, &window))
        return 3;
    return QApplication::exec();
}
