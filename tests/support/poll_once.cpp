#include "poll_once.h"

#include "polling/connection_poller.h"
#include "text/fill_text.h"

#include <QSignalSpy>

namespace pelscope::test {

ConnectionOptions optionsFor(const QString &url)
{
    auto parsed = parseRedisUrl(url);
    ConnectionOptions o = parsed.options.value_or(ConnectionOptions{});
    o.commandTimeoutMs = 10000;
    return o;
}

Snapshot pollOnce(const QString &url, ProbeConfig config, QString *error)
{
    config.oneShot = true;
    ConnectionPoller poller(optionsFor(url), config);
    poller.setSingleShot(true);
    poller.setAutoReconnect(false);
    QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
    QSignalSpy failures(&poller, &ConnectionPoller::pollFailed);
    poller.start();
    for (int i = 0; i < 300 && snapshots.isEmpty() && failures.isEmpty(); ++i)
        snapshots.wait(100);
    if (snapshots.isEmpty()) {
        if (error)
            *error = failures.isEmpty() ? QStringLiteral("no snapshot within 30 s") : failures.first().first().value<RedisError>().message;
        return {};
    }
    return snapshots.first().first().value<Snapshot>();
}

QList<Snapshot> pollTicks(const QString &url, int ticks, int intervalMs, ProbeConfig config, QString *error)
{
    ConnectionPoller poller(optionsFor(url), config);
    poller.setIntervalMs(intervalMs);
    QSignalSpy snapshots(&poller, &ConnectionPoller::snapshotReady);
    poller.start();
    for (int i = 0; i < 600 && snapshots.size() < ticks; ++i)
        snapshots.wait(100);
    poller.stop();
    QList<Snapshot> out;
    for (const auto &args : snapshots)
        out.append(args.first().value<Snapshot>());
    if (out.size() < ticks && error)
        *error = fillText(QStringLiteral("only %1 of %2 ticks"), out.size(), ticks);
    return out;
}

} // namespace pelscope::test
