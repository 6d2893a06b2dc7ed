#include "queue_bench.h"

#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <QDateTime>
#include <QElapsedTimer>

namespace pelscope::bench {

namespace {

// Built by scripts on the server, a page of 100,000 members or items per call.
bool fill(test::RedisOracle &db, int delayed, int lists, qint64 items, QString *error)
{
    static const QByteArray zsetScript = R"(
local now, from, to = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local args = {}
for i = from, to do
  -- half of the items are due (in the past), half later
  args[#args + 1] = now + (i % 2 == 0 and -i or i)
  args[#args + 1] = 'task:' .. i
  if #args >= 2000 then redis.call('ZADD', KEYS[1], unpack(args)); args = {} end
end
if #args > 0 then redis.call('ZADD', KEYS[1], unpack(args)) end
return 1)";
    static const QByteArray listScript = R"(
local now, from, to = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local args = {}
for i = from, to do
  args[#args + 1] = '{"id":' .. i .. ',"timestamp":' .. (now - i % 900) .. '}'
  if #args >= 1000 then redis.call('RPUSH', KEYS[1], unpack(args)); redis.call('RPUSH', KEYS[2], unpack(args)); args = {} end
end
if #args > 0 then redis.call('RPUSH', KEYS[1], unpack(args)); redis.call('RPUSH', KEYS[2], unpack(args)) end
return 1)";
    const QByteArray now = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    constexpr qint64 kPage = 100'000;
    for (qint64 from = 1; from <= items; from += kPage) {
        const QByteArray a = QByteArray::number(from), b = QByteArray::number(std::min(items, from + kPage - 1));
        for (int q = 0; q < delayed; ++q) {
            const RedisReply r = db.command({"EVAL", zsetScript, "1", "bench:delayed:" + QByteArray::number(q), now, a, b});
            if (r.isError()) {
                *error = QString::fromUtf8(r.bytes());
                return false;
            }
        }
        for (int q = 0; q < lists; ++q) {
            const QByteArray main = "bench:list:" + QByteArray::number(q);
            const RedisReply r = db.command({"EVAL", listScript, "2", main, main + ":processing", now, a, b});
            if (r.isError()) {
                *error = QString::fromUtf8(r.bytes());
                return false;
            }
        }
    }
    return true;
}

} // namespace

QList<QueueCostResult> runQueueBench(const QList<qint64> &sizes, int queues, const std::function<void(const QString &)> &progress)
{
    QList<QueueCostResult> out;
    for (const qint64 items : sizes) {
        QueueCostResult r;
        r.items = items;
        r.delayed = queues / 2;
        r.lists = queues - r.delayed;
        test::RedisServer server;
        QString error;
        if (!server.start(&error)) {
            r.error = error;
            out << r;
            continue;
        }
        test::RedisOracle db;
        db.connectUrl(server.url());
        QElapsedTimer clock;
        clock.start();
        if (!fill(db, r.delayed, r.lists, items, &error)) {
            r.error = error;
            out << r;
            continue;
        }
        r.fillSeconds = clock.elapsed() / 1000.0;
        ProbeConfig config;
        config.streams = {"bench:none"}; // no stream discovery: the queues' cost alone
        for (int q = 0; q < r.delayed; ++q)
            config.queues.delayed << "bench:delayed:" + QByteArray::number(q);
        for (int q = 0; q < r.lists; ++q) {
            const QByteArray main = "bench:list:" + QByteArray::number(q);
            config.queues.lists.append({main, main + ":processing"});
        }
        db.command({"CONFIG", "RESETSTAT"});
        constexpr int kTicks = 30;
        const QList<Snapshot> ticks = test::pollTicks(server.url(), kTicks, 100, config, &error);
        if (ticks.size() != kTicks) {
            r.error = error.isEmpty() ? fillText(QStringLiteral("%1 of %2 ticks"), ticks.size(), kTicks) : error;
            out << r;
            continue;
        }
        qint64 usec = 0;
        const auto stats = db.commandStats();
        QStringList perCall;
        for (const char *c : {"zcard", "zcount", "zrange", "zrangebyscore", "llen", "lrange"}) {
            const auto st = stats.value(QLatin1String(c));
            usec += st.usec;
            perCall << QStringLiteral("%1 %2").arg(QLatin1String(c),
                                                   QString::number(double(st.usec) / double(std::max<qint64>(1, st.calls)), 'f', 2));
        }
        r.perCall = perCall.join(QStringLiteral(", "));
        // What the articles' recovery script reads instead: the whole processing list, once.
        db.command({"CONFIG", "RESETSTAT"});
        db.command({"LRANGE", "bench:list:0:processing", "0", "-1"});
        r.naiveUs = double(db.commandStats().value(QStringLiteral("lrange")).usec);
        r.ticks = kTicks;
        r.usPerTick = double(usec) / kTicks;
        r.usPerQueue = r.usPerTick / std::max(1, queues);
        progress(fillText(QStringLiteral("queues: %1 × %2 items: %3 µs of server time a tick (%4 µs a queue), filled in %5 s; µs a call: %6; one LRANGE 0 -1 of a processing list: %7 µs"),
                          queues, items, QString::number(r.usPerTick, 'f', 0), QString::number(r.usPerQueue, 'f', 1),
                          QString::number(r.fillSeconds, 'f', 1), r.perCall, QString::number(r.naiveUs, 'f', 0)));
        out << r;
    }
    return out;
}

} // namespace pelscope::bench
