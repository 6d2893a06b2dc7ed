#include "framework_bench.h"

#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <QDateTime>
#include <QElapsedTimer>

namespace pelscope::bench {

namespace {

// One queue's keys, as each framework lays them out (docs/FRAMEWORKS.md),
// `n` jobs waiting and as many scheduled (half of them due), built on the
// server a page at a time. KEYS[1] is the queue's name; ARGV: now (ms), from, to.
const char *fillScript(const QString &framework)
{
    if (framework == QLatin1String("BullMQ"))
        return R"(
local q, now, from, to = 'bull:' .. KEYS[1] .. ':', tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if from == 1 then
  redis.call('HSET', q .. 'meta', 'version', 'bullmq:5.81.5', 'opts.maxLenEvents', '10000')
  redis.call('SET', q .. 'id', '0')
  for i = 1, 20 do redis.call('LPUSH', q .. 'active', 'a' .. i); if i % 2 == 0 then redis.call('SET', q .. 'a' .. i .. ':lock', 'x') end end
  redis.call('HSET', q .. '1', 'timestamp', now - 60000, 'delay', 0)
end
local ids, scores = {}, {}
for i = from, to do
  ids[#ids + 1] = tostring(i)
  scores[#scores + 1] = (now + (i % 2 == 0 and -i or i)) * 4096
  scores[#scores + 1] = 'd' .. i
  if #ids >= 1000 then redis.call('LPUSH', q .. 'wait', unpack(ids)); redis.call('ZADD', q .. 'delayed', unpack(scores)); ids, scores = {}, {} end
end
if #ids > 0 then redis.call('LPUSH', q .. 'wait', unpack(ids)); redis.call('ZADD', q .. 'delayed', unpack(scores)) end
redis.call('ZADD', q .. 'failed', now, 'f' .. to)
return 1)";
    if (framework == QLatin1String("Sidekiq"))
        return R"(
local q, now, from, to = KEYS[1], tonumber(ARGV[1]) / 1000, tonumber(ARGV[2]), tonumber(ARGV[3])
if from == 1 then
  redis.call('SADD', 'queues', q)
  if q == 'q0' then
    for p = 1, 10 do
      local id = 'host:' .. p .. ':0123456789ab'
      redis.call('SADD', 'processes', id)
      redis.call('HSET', id, 'beat', now, 'busy', 0, 'quiet', 'false', 'info', '{"queues":["q0","q1"]}')
      redis.call('EXPIRE', id, 60)
    end
  end
end
local jobs, scores = {}, {}
for i = from, to do
  jobs[#jobs + 1] = '{"class":"SlowJob","args":[' .. i .. '],"jid":"' .. i .. '","queue":"' .. q .. '","enqueued_at":' .. (now - i % 900) .. '}'
  scores[#scores + 1] = now + (i % 2 == 0 and -i or i)
  scores[#scores + 1] = q .. ':' .. i
  if #jobs >= 1000 then redis.call('LPUSH', 'queue:' .. q, unpack(jobs)); redis.call('ZADD', 'schedule', unpack(scores)); jobs, scores = {}, {} end
end
if #jobs > 0 then redis.call('LPUSH', 'queue:' .. q, unpack(jobs)); redis.call('ZADD', 'schedule', unpack(scores)) end
return 1)";
    if (framework == QLatin1String("RQ"))
        return R"(
local q, now, from, to = KEYS[1], tonumber(ARGV[1]) / 1000, tonumber(ARGV[2]), tonumber(ARGV[3])
if from == 1 then
  redis.call('SADD', 'rq:queues', 'rq:queue:' .. q)
  redis.call('SADD', 'rq:workers:' .. q, 'rq:worker:w-' .. q)
  redis.call('HSET', 'rq:worker:w-' .. q, 'last_heartbeat', '2026-12-03T15:00:00.000000Z')
  redis.call('HSET', 'rq:job:' .. q .. '-1', 'enqueued_at', '2026-12-03T15:00:00.000000Z')
end
local ids, scores = {}, {}
for i = from, to do
  ids[#ids + 1] = q .. '-' .. i
  scores[#scores + 1] = math.floor(now + (i % 2 == 0 and -i or i))
  scores[#scores + 1] = q .. '-s' .. i
  if #ids >= 1000 then redis.call('RPUSH', 'rq:queue:' .. q, unpack(ids)); redis.call('ZADD', 'rq:scheduled:' .. q, unpack(scores)); ids, scores = {}, {} end
end
if #ids > 0 then redis.call('RPUSH', 'rq:queue:' .. q, unpack(ids)); redis.call('ZADD', 'rq:scheduled:' .. q, unpack(scores)) end
return 1)";
    if (framework == QLatin1String("dramatiq"))
        return R"(
local q, now, from, to = 'dramatiq:' .. KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if from == 1 then
  redis.call('ZADD', 'dramatiq:__heartbeats__', now, 'live-' .. KEYS[1], now - 120000, 'dead-' .. KEYS[1])
  for i = 1, 20 do redis.call('SADD', 'dramatiq:__acks__.dead-' .. KEYS[1] .. '.' .. KEYS[1], 'h' .. i); redis.call('HSET', q .. '.msgs', 'h' .. i, '{}') end
  redis.call('ZADD', q .. '.XQ', now, 'x1'); redis.call('HSET', q .. '.XQ.msgs', 'x1', '{"options":{"traceback":"ValueError: x"}}')
end
local ids, msgs, delayed = {}, {}, {}
for i = from, to do
  local id = KEYS[1] .. '-' .. i
  ids[#ids + 1] = id
  msgs[#msgs + 1] = id; msgs[#msgs + 1] = '{"message_id":"' .. id .. '","message_timestamp":' .. (now - i % 900) .. '}'
  delayed[#delayed + 1] = 'd' .. id; delayed[#delayed + 1] = '{}'
  if #ids >= 1000 then redis.call('RPUSH', q, unpack(ids)); redis.call('HSET', q .. '.msgs', unpack(msgs)); redis.call('HSET', q .. '.DQ.msgs', unpack(delayed)); ids, msgs, delayed = {}, {}, {} end
end
if #ids > 0 then redis.call('RPUSH', q, unpack(ids)); redis.call('HSET', q .. '.msgs', unpack(msgs)); redis.call('HSET', q .. '.DQ.msgs', unpack(delayed)) end
return 1)";
    if (framework == QLatin1String("arq"))
        return R"(
local q, now, from, to = 'arq:' .. KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if from == 1 then
  redis.call('PSETEX', q .. ':health-check', 3601000, 'Dec-04 12:00:00 j_complete=0 queued=0')
  for i = 1, 10 do redis.call('SET', 'arq:in-progress:' .. KEYS[1] .. '-' .. i, '1', 'PX', 310000) end
end
local scores = {}
for i = from, to do
  scores[#scores + 1] = now + (i % 2 == 0 and -i or i)
  scores[#scores + 1] = KEYS[1] .. '-' .. i
  if #scores >= 2000 then redis.call('ZADD', q, unpack(scores)); scores = {} end
end
if #scores > 0 then redis.call('ZADD', q, unpack(scores)) end
return 1)";
    return R"(
local q, now, from, to = KEYS[1], tonumber(ARGV[1]) / 1000, tonumber(ARGV[2]), tonumber(ARGV[3])
local sep = string.char(6, 22)
if from == 1 then redis.call('SADD', '_kombu.binding.celery', q .. sep .. sep .. q) end
local msgs, scores = {}, {}
for i = from, to do
  msgs[#msgs + 1] = '{"body":"e30=","headers":{"id":"' .. i .. '","task":"slow"},"properties":{"delivery_tag":"' .. q .. i .. '"}}'
  scores[#scores + 1] = now - i % 900
  scores[#scores + 1] = q .. i
  if #msgs >= 1000 then redis.call('LPUSH', q, unpack(msgs)); redis.call('ZADD', 'unacked_index', unpack(scores)); msgs, scores = {}, {} end
end
if #msgs > 0 then redis.call('LPUSH', q, unpack(msgs)); redis.call('ZADD', 'unacked_index', unpack(scores)) end
return 1)";
}

} // namespace

QList<FrameworkCostResult> runFrameworkBench(const QList<qint64> &totalJobs, int queues, const std::function<void(const QString &)> &progress)
{
    QList<FrameworkCostResult> out;
    for (const QString &framework : {QStringLiteral("BullMQ"), QStringLiteral("Sidekiq"), QStringLiteral("RQ"), QStringLiteral("Celery"),
                                     QStringLiteral("dramatiq"), QStringLiteral("arq")}) {
        for (const qint64 jobs : totalJobs) {
            FrameworkCostResult r;
            r.framework = framework;
            r.jobs = jobs;
            r.queues = queues;
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
            const qint64 perQueue = std::max<qint64>(1, jobs / queues);
            const QByteArray now = QByteArray::number(QDateTime::currentMSecsSinceEpoch());
            constexpr qint64 kPage = 50'000;
            for (int q = 0; q < queues && r.error.isEmpty(); ++q)
                for (qint64 from = 1; from <= perQueue; from += kPage) {
                    const RedisReply reply = db.command({"EVAL", fillScript(framework), "1", "q" + QByteArray::number(q), now,
                                                         QByteArray::number(from), QByteArray::number(std::min(perQueue, from + kPage - 1))});
                    if (reply.isError()) {
                        r.error = QString::fromUtf8(reply.bytes());
                        break;
                    }
                }
            r.fillSeconds = clock.elapsed() / 1000.0;
            if (!r.error.isEmpty()) {
                out << r;
                continue;
            }
            ProbeConfig config;
            config.queues.discover = false; // the framework's own reads only (found by the sweep)
            if (framework == QLatin1String("arq")) // arq's queue names are its workers' setting: named
                for (int q = 0; q < queues; ++q)
                    config.queues.addFramework(fillText(QStringLiteral("arq:arq:q%1"), q));
            db.command({"CONFIG", "RESETSTAT"});
            constexpr int kTicks = 30;
            const QList<Snapshot> ticks = test::pollTicks(server.url(), kTicks, 100, config, &error);
            if (ticks.size() != kTicks || ticks.last()->jobQueues.size() < queues) {
                r.error = error.isEmpty() ? fillText(QStringLiteral("%1 of %2 ticks, %3 rows"), ticks.size(), kTicks,
                                                     ticks.isEmpty() ? 0 : ticks.last()->jobQueues.size())
                                          : error;
                out << r;
                continue;
            }
            // Every command the poller sent (discovery included), not the bench's own CONFIG and INFO.
            qint64 usec = 0;
            const auto stats = db.commandStats();
            QStringList perCall;
            for (auto it = stats.cbegin(); it != stats.cend(); ++it)
                if (!it.key().startsWith(QLatin1String("config")) && it.key() != QLatin1String("info") && it.key() != QLatin1String("eval")) {
                    usec += it.value().usec;
                    perCall << fillText(QStringLiteral("%1 %2"), it.key(), QString::number(double(it.value().usec) / double(std::max<qint64>(1, it.value().calls)), 'f', 2));
                }
            perCall.sort();
            r.perCall = perCall.join(QStringLiteral(", "));
            r.ticks = kTicks;
            r.usPerTick = double(usec) / kTicks;
            progress(fillText(QStringLiteral("frameworks: %1, %2 queues, %3 jobs: %4 µs of server time a tick, filled in %5 s; µs a call: %6"), framework,
                              queues, jobs, QString::number(r.usPerTick, 'f', 0), QString::number(r.fillSeconds, 'f', 1), r.perCall));
            out << r;
        }
    }
    return out;
}

} // namespace pelscope::bench
