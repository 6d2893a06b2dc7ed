// `pelscope-cli exporter`: a Prometheus endpoint that serves the latest poll.
// The poller runs on its own interval, so any number of scrapers cost Redis
// nothing extra (redis_exporter runs its commands on every scrape); without
// --interval (and without --record, which wants every second) that interval
// follows the scrapes (ScrapePace). Qt HttpServer (a technology preview in
// Qt 6.4) is kept inside this file.
#include "cli_commands.h"
#include "stop_signals.h"

#include "../common/terminal.h"
#include "export/metrics_http_server.h"
#include "export/prometheus_exposition.h"
#include "export/scrape_pace.h"
#include "history/history_database.h"
#include "history/history_file.h"
#include "history/history_recorder.h"
#include "polling/connection_poller.h"
#include "snapshot/format.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QSysInfo>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <memory>

namespace pelscope {

int runExporter(const CliSettings &settings, const QCommandLineParser &parser)
{
    const auto interval = parseDurationMs(parser.value(QStringLiteral("interval")));
    if (!interval || *interval < 100) {
        writeErr(QStringLiteral("pelscope-cli: invalid --interval '%1' (at least 100ms)\n").arg(parser.value(QStringLiteral("interval"))));
        return 3;
    }
    const QString listen = parser.value(QStringLiteral("listen"));
    const qsizetype colon = listen.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const uint port = listen.mid(colon + 1).toUInt(&portOk);
    QHostAddress address(listen.left(colon).remove(QLatin1Char('[')).remove(QLatin1Char(']')));
    if (colon <= 0 || !portOk || port > 65535 || address.isNull()) {
        writeErr(QStringLiteral("pelscope-cli: invalid --listen '%1' (ADDRESS:PORT, e.g. 127.0.0.1:9187)\n").arg(listen));
        return 3;
    }

    Snapshot latest;
    QByteArray latestRendered; // the snapshot's families, rendered once per poll
    qint64 latestWallMs = 0;
    bool connected = false;
    ExpositionContext base;
    base.connection = settings.connection.redactedUrl();
    base.intervalMs = int(*interval);
    base.deliveryHistogram = parser.isSet(QStringLiteral("delivery-histogram"));
    base.consumerSeries = parser.isSet(QStringLiteral("consumer-series"));
    // The scrapers set the pace unless told otherwise; the poller is made
    // below, the handler only runs once the event loop does.
    const bool followScrapes = !parser.isSet(QStringLiteral("interval")) && !parser.isSet(QStringLiteral("record"));
    ScrapePace pace;
    QElapsedTimer monotonic;
    monotonic.start();
    ConnectionPoller *pollerForPace = nullptr;

    MetricsHttpServer server([&](const HttpRequestHead &request) -> HttpResponse {
        if (request.path == "/metrics") {
            if (followScrapes && pace.scraped(monotonic.elapsed()) && pollerForPace) {
                base.intervalMs = pace.intervalMs();
                pollerForPace->setIntervalMs(pace.intervalMs());
                spdlog::info("scraped every {} ms: polling as often", pace.intervalMs());
            }
            ExpositionContext ctx = base;
            ctx.up = connected;
            ctx.nowMs = QDateTime::currentMSecsSinceEpoch();
            ctx.lastPollWallMs = latestWallMs;
            return {200, "text/plain; version=0.0.4; charset=utf-8", prometheusExposition(latest, ctx, ExpositionPart::PerScrape) + latestRendered};
        }
        if (request.path == "/healthz") {
            const qint64 age = latestWallMs ? QDateTime::currentMSecsSinceEpoch() - latestWallMs : -1;
            const bool fresh = connected && age >= 0 && age <= 3 * base.intervalMs;
            return {fresh ? 200 : 503, "text/plain; charset=utf-8", fresh ? "ok\n" : "stale: no poll in the last three intervals\n"};
        }
        if (request.path == "/")
            return {200, "text/plain; charset=utf-8", "Pelscope exporter: /metrics (Prometheus text format), /healthz\n"};
        return {404, "text/plain; charset=utf-8", "not found: /metrics, /healthz\n"};
    });
    const quint16 bound = server.listen(address, quint16(port));
    if (bound == 0) {
        writeErr(QStringLiteral("pelscope-cli: cannot listen on %1 (in use, or not an address of this machine)\n").arg(listen));
        return 3;
    }
    spdlog::info("serving /metrics on {}:{} for {}", address.toString().toStdString(), bound, base.connection.toStdString());
    writeErr(fillText(QStringLiteral("pelscope-cli: serving http://%1:%2/metrics for %3\n"), address.toString(), bound, base.connection));

    std::unique_ptr<HistoryRecorder> recorder;
    if (parser.isSet(QStringLiteral("record"))) {
        HistorySettings h;
        h.path = historyPathFor(settings.connection, settings.history.dir);
        h.owner = historyLeaseOwner(QStringLiteral("pelscope-cli exporter"));
        h.connectionLabel = base.connection;
        h.retentionDays = settings.history.days;
        h.maxBytes = settings.history.maxBytes;
        h.staleAfterMs = std::max<qint64>(10'000, 5 * *interval);
        recorder = std::make_unique<HistoryRecorder>(h);
        recorder->open();
        if (!recorder->state().open)
            spdlog::warn("{}", recorder->state().problem.toStdString());
    }

    ConnectionPoller poller(settings.connection, settings.probe);
    poller.setIntervalMs(base.intervalMs);
    pollerForPace = &poller;
    QObject::connect(&poller, &ConnectionPoller::snapshotReady, &poller, [&](const Snapshot &s) {
        latest = s;
        latestRendered = prometheusExposition(s, base, ExpositionPart::PerPoll);
        latestWallMs = QDateTime::currentMSecsSinceEpoch();
        if (recorder)
            recorder->record(s);
    });
    QObject::connect(&poller, &ConnectionPoller::statusChanged, &poller,
                     [&](const ConnectionStatus &st) { connected = st.state == RedisConnection::State::Ready; });
    QObject::connect(&poller, &ConnectionPoller::pollFailed, &poller,
                     [](const RedisError &e) { spdlog::warn("{}; reconnecting", e.message.toStdString()); });
    const ExitOnStopSignal stopOnSignal;
    QTimer::singleShot(0, &poller, [&poller] { poller.start(); });
    const int rc = QCoreApplication::exec();
    poller.stop();
    if (recorder)
        recorder->stop();
    return rc;
}

} // namespace pelscope
