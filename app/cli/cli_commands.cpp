#include "cli_commands.h"

#include "probe/stream_poller.h"
#include "snapshot/format.h"
#include "snapshot/group_ranking.h"
#include "snapshot/snapshot_json.h"
#include "snapshot_table.h"

#include <QCoreApplication>

#include "../common/terminal.h"

#include <cstdio>

namespace pelscope {

namespace {

constexpr int kExitUnknown = 3;

void printOut(const QString &text)
{
    std::fputs(text.toUtf8().constData(), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    std::fprintf(stderr, "pelscope-cli: %s\n", text.toUtf8().constData());
}

// One complete poll; `onSnapshot` returns the exit code. Any error before the
// snapshot ends the program with exit code 3 and a one-line message.
int pollOnce(const CliSettings &settings, const std::function<int(const Snapshot &)> &onSnapshot,
             const std::function<void(const RedisError &)> &onError)
{
    ProbeConfig config = settings.probe;
    config.oneShot = true;
    StreamPoller poller(settings.connection, config);
    poller.setSingleShot(true);
    poller.setAutoReconnect(false);
    QObject::connect(&poller, &StreamPoller::snapshotReady, &poller, [&](const Snapshot &s) {
        QCoreApplication::exit(onSnapshot(s));
    });
    QObject::connect(&poller, &StreamPoller::pollFailed, &poller, [&](const RedisError &e) {
        onError(e);
        QCoreApplication::exit(kExitUnknown);
    });
    poller.start();
    return QCoreApplication::exec();
}

} // namespace

int runSnapshot(const CliSettings &settings, bool json)
{
    return pollOnce(settings, [&](const Snapshot &s) {
        if (json)
            printOut(QString::fromUtf8(snapshotToJsonBytes(s, true)));
        else
            printOut(renderSnapshotTable(s, isTerminal(stdout)));
        return 0;
    }, [](const RedisError &e) { printErr(e.message); });
}

int runCheck(const CliSettings &settings)
{
    return pollOnce(settings, [&](const Snapshot &s) {
        const HealthCounts counts = countHealth(s);
        const Health worst = counts.worst();
        static const char *words[] = {"OK", "WARNING", "CRITICAL"};
        QString summary = QStringLiteral("PELSCOPE %1 - %2 critical, %3 warning, %4 ok groups")
                              .arg(QString::fromLatin1(words[int(worst)])).arg(counts.crit).arg(counts.warn).arg(counts.ok);
        QStringList details;
        qint64 lag = 0, pending = 0;
        for (const GroupRef &ref : rankGroups(s)) {
            lag += ref.group->lag.value_or(0);
            pending += ref.group->pending.value_or(0);
            if (ref.group->health.status != Health::Ok)
                details << QStringLiteral("%1 %2/%3: %4").arg(healthName(ref.group->health.status).toUpper(),
                                                              displayBytes(ref.stream->key), displayBytes(ref.group->name),
                                                              ref.group->health.reasons.join(QStringLiteral("; ")));
        }
        if (!details.isEmpty())
            summary += QStringLiteral(": ") + details.first();
        summary += QStringLiteral(" | groups_crit=%1 groups_warn=%2 total_lag=%3 total_pending=%4\n")
                       .arg(counts.crit).arg(counts.warn).arg(lag).arg(pending);
        for (qsizetype i = 1; i < details.size(); ++i)
            summary += details[i] + QLatin1Char('\n');
        printOut(summary);
        return int(worst);
    }, [](const RedisError &e) { printOut(QStringLiteral("PELSCOPE UNKNOWN - %1\n").arg(e.message)); });
}

int runWatch(const CliSettings &settings, const QCommandLineParser &parser)
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

    StreamPoller poller(settings.connection, settings.probe);
    poller.setIntervalMs(int(*interval));
    qint64 ticks = 0;
    bool everConnected = false;
    bool lost = false;
    QObject::connect(&poller, &StreamPoller::snapshotReady, &poller, [&](const Snapshot &s) {
        ++ticks;
        if (jsonLines) {
            printOut(QString::fromUtf8(snapshotToJsonBytes(s, false)) + QLatin1Char('\n'));
        } else {
            const QString header = QStringLiteral("pelscope watch  %1  %2 %3  tick %4  poll %5 ms, %6 round trip(s), %7 commands\n\n")
                                       .arg(s->server.address, s->server.product, s->server.version)
                                       .arg(s->tick).arg(s->stats.durationMs).arg(s->stats.roundTrips).arg(s->stats.commands);
            printOut((tty ? QStringLiteral("\x1b[H\x1b[2J") : QString()) + header + renderSnapshotTable(s, tty)
                     + (tty ? QString() : QStringLiteral("\n")));
        }
        if (maxTicks > 0 && ticks >= maxTicks)
            QCoreApplication::exit(0);
    });
    QObject::connect(&poller, &StreamPoller::statusChanged, &poller, [&](const ConnectionStatus &st) {
        if (st.state == RedisConnection::State::Ready) {
            if (lost)
                std::fprintf(stderr, "pelscope-cli: reconnected to %s\n", qPrintable(st.address));
            everConnected = true;
            lost = false;
        } else if (st.state == RedisConnection::State::Backoff && everConnected) {
            lost = true;
            std::fprintf(stderr, "pelscope-cli: %s; reconnecting (attempt %d, next in %.1fs)\n",
                         qPrintable(st.error.message), st.attempt, st.nextRetryMs / 1000.0);
        }
    });
    QObject::connect(&poller, &StreamPoller::pollFailed, &poller, [&](const RedisError &e) {
        if (!everConnected) { // a configuration that never worked will not start working
            printErr(e.message);
            QCoreApplication::exit(kExitUnknown);
        }
    });
    poller.start();
    return QCoreApplication::exec();
}

} // namespace pelscope
