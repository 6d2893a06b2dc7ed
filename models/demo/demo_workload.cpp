// Lifecycle and the steady state of the demo workload: producers, consumers
// and consumer-name churn. Set-up and recovery live in their own files.
#include "demo_workload.h"

#include <QDateTime>

#include <QRandomGenerator>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

namespace pelscope {

namespace {

constexpr int kReadCount = 50;
constexpr qint64 kLogRepeatMs = 10'000;
// analytics never gets further ahead than this, even after a long stall.
constexpr double kMaxAnalyticsBudget = 500.0;

// Looks like a process id, as real workers often name themselves.
QByteArray randomSenderName()
{
    return "sender-" + QByteArray::number(QRandomGenerator::global()->bounded(1000, 65536));
}

} // namespace

DemoWorkload::DemoWorkload(ConnectionOptions options, DemoWorkloadConfig config, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_config(std::move(config))
    , m_keys(m_config.keyPrefix)
    , m_queueKeys(m_config.keyPrefix)
    , m_traffic(m_config.rateScale)
{
    m_tickTimer.setInterval(demo::kTickMs);
    m_recoveryTimer.setInterval(demo::kRecoveryMs);
    m_churnTimer.setInterval(demo::kChurnMs);
    connect(&m_tickTimer, &QTimer::timeout, this, &DemoWorkload::tick);
    connect(&m_recoveryTimer, &QTimer::timeout, this, [this] {
        recover();
        Q_EMIT statsChanged(m_stats);
    });
    connect(&m_churnTimer, &QTimer::timeout, this, &DemoWorkload::rotateSender);

    // Pairs in one group take turns (period 2), so both look alive instead of
    // the first in the pipeline taking every entry.
    m_consumers = {
        {.stream = m_keys.orders, .group = demo::kFulfillment, .name = "fulfillment-1", .period = 2, .phase = 0},
        {.stream = m_keys.orders, .group = demo::kFulfillment, .name = "fulfillment-2", .period = 2, .phase = 1},
        {.stream = m_keys.orders, .group = demo::kAnalytics, .name = "analytics-1", .throttled = true},
        {.stream = m_keys.payments, .group = demo::kLedger, .name = "ledger-1", .period = 2, .phase = 0, .failsOnPoison = true},
        {.stream = m_keys.payments, .group = demo::kLedger, .name = "ledger-2", .period = 2, .phase = 1, .failsOnPoison = true},
        {.stream = m_keys.emails, .group = demo::kSender, .name = randomSenderName()},
    };
    m_senderIndex = m_consumers.size() - 1;
    m_stats.senderConsumer = m_consumers.at(m_senderIndex).name;
}

DemoWorkload::~DemoWorkload()
{
    ++m_generation;
    // Before the members go: a connection's teardown must find nothing of ours to call.
    delete m_producer;
    delete m_consumer;
    delete m_recovery;
}

RedisConnection *DemoWorkload::makeConnection(const char *role)
{
    ConnectionOptions options = m_options;
    options.clientName = QByteArray("pelscope-demo-") + role;
    auto *connection = new RedisConnection(options, this);
    connect(connection, &RedisConnection::errorOccurred, this, &DemoWorkload::onConnectionError);
    return connection;
}

bool DemoWorkload::isReady(const RedisConnection *c)
{
    return c && c->state() == RedisConnection::State::Ready;
}

void DemoWorkload::start()
{
    if (m_running)
        return;
    m_running = true;
    m_clock.start();
    m_startedAtMs = QDateTime::currentMSecsSinceEpoch();
    m_lastProduceAt = 0;
    m_lastConsumeAt = 0;
    // Created here, not in the constructor, so they belong to the thread we run in.
    if (!m_producer) {
        m_producer = makeConnection("producer");
        m_consumer = makeConnection("consumers");
        m_recovery = makeConnection("recovery");
        connect(m_producer, &RedisConnection::ready, this, &DemoWorkload::runSetup);
        connect(m_consumer, &RedisConnection::ready, this, &DemoWorkload::onConsumerConnectionReady);
    }
    spdlog::info("demo workload: starting against {} (key prefix '{}')", m_options.redactedUrl().toStdString(), m_config.keyPrefix.toStdString());
    m_producer->open();
    m_consumer->open();
    m_recovery->open();
}

void DemoWorkload::stop()
{
    if (!m_running)
        return;
    m_running = false;
    ++m_generation;
    m_tickTimer.stop();
    m_recoveryTimer.stop();
    m_churnTimer.stop();
    m_setupRunning = m_setupDone = m_startedEmitted = false;
    m_produceInFlight = m_consumeInFlight = m_recoverInFlight = false;
    for (RedisConnection *c : {m_producer, m_consumer, m_recovery}) {
        if (c)
            c->close();
    }
    spdlog::info("demo workload: stopped ({} entries produced, {} dead-lettered)", m_stats.produced, m_stats.deadLettered);
}

void DemoWorkload::onConnectionError(const RedisError &error)
{
    ++m_stats.errors;
    // The connection already logged it and retries by itself; only errors no
    // retry can fix are worth giving up for, and only before we ever ran.
    if (m_running && !m_setupDone && !m_startedEmitted && error.isConfigurationError())
        setupFailed(error.message);
}

void DemoWorkload::onConsumerConnectionReady()
{
    // After a reconnect the reply to our last read may have been lost: each
    // consumer first re-reads its own pending entries, as a real worker would.
    for (Consumer &c : m_consumers)
        c.historyFrom = "0";
}

void DemoWorkload::logError(const char *where, const RedisCommand &command, const RedisReply &reply)
{
    ++m_stats.errors;
    const QByteArray label = commandLabel(command);
    const QByteArray key = QByteArray(where) + ' ' + label + ' ' + reply.errorCode();
    const qint64 now = m_clock.elapsed();
    const auto it = m_lastLogged.constFind(key);
    // A persistent error would otherwise log five times a second.
    if (it != m_lastLogged.cend() && now - *it < kLogRepeatMs)
        return;
    if (m_lastLogged.size() > 256)
        m_lastLogged.clear();
    m_lastLogged.insert(key, now);
    spdlog::warn("demo workload {}: {} failed: {}", where, label.toStdString(), reply.bytes().toStdString());
}

void DemoWorkload::groupsVanished()
{
    if (!m_setupDone)
        return;
    spdlog::warn("demo workload: consumer groups are gone (FLUSHALL or another tool?); creating them again");
    m_setupDone = false;
    runSetup();
}

void DemoWorkload::tick()
{
    if (!m_setupDone)
        return;
    ++m_tickCount;
    produce();
    if (m_tickCount % (1000 / demo::kTickMs) == 0)
        produceQueues();
    consume();
}

// The delayed queue's producer (its scheduler has stalled: nothing takes the
// tasks) and the reliable list's producer and healthy worker, once a second.
void DemoWorkload::produceQueues()
{
    if (m_queuesInFlight || !isReady(m_producer))
        return;
    m_queuesInFlight = true;
    const quint64 generation = m_generation;
    const RedisBatch batch = demo::queueTick(m_queueKeys, QDateTime::currentSecsSinceEpoch(), ++m_queueSerial);
    m_producer->execute(batch, this, [this, generation, batch](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation)
            return;
        m_queuesInFlight = false;
        if (error.isError())
            return;
        for (qsizetype i = 0; i < replies.size() && i < batch.size(); ++i)
            if (replies.at(i).isError())
                logError("queues", batch.at(i), replies.at(i));
        // The worker did the job it took: LREM processing 1 <item>.
        const RedisReply &taken = replies.value(replies.size() - 1);
        if (taken.isString() && isReady(m_producer))
            m_producer->execute({demo::queueFinish(m_queueKeys, taken.bytes())}, this, [](const RedisReplies &, const RedisError &) {});
    });
}

void DemoWorkload::produce()
{
    if (m_produceInFlight || !isReady(m_producer))
        return; // time keeps counting; the traffic caps the catch-up
    const double now = double(m_clock.elapsed()) / 1000.0;
    const double elapsed = now - m_lastProduceAt;
    m_lastProduceAt = now;

    RedisBatch batch;
    const QByteArray maxLen = QByteArray::number(m_config.maxLen);
    auto add = [&](const QByteArray &key, const QList<QByteArray> &fields) {
        RedisCommand command{"XADD", key, "MAXLEN", "~", maxLen, "*"};
        command += fields;
        batch.append(std::move(command));
    };
    for (int n = m_traffic.due(DemoTraffic::Stream::Orders, now, elapsed); n > 0; --n)
        add(m_keys.orders, m_traffic.nextOrder());
    for (int n = m_traffic.due(DemoTraffic::Stream::Payments, now, elapsed); n > 0; --n)
        add(m_keys.payments, m_traffic.nextPayment());
    for (int n = m_traffic.due(DemoTraffic::Stream::Emails, now, elapsed); n > 0; --n)
        add(m_keys.emails, m_traffic.nextEmail());
    if (batch.isEmpty())
        return;

    m_produceInFlight = true;
    const quint64 generation = m_generation;
    m_producer->execute(batch, this, [this, generation, batch](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation)
            return;
        m_produceInFlight = false;
        if (error.isError()) {
            ++m_stats.errors; // the connection logged it and reconnects
            return;
        }
        for (qsizetype i = 0; i < replies.size(); ++i) {
            if (replies.at(i).isError())
                logError("producer", batch.at(i), replies.at(i));
            else
                ++m_stats.produced;
        }
    });
}

void DemoWorkload::consume()
{
    if (m_consumeInFlight || !isReady(m_consumer))
        return;
    const double now = double(m_clock.elapsed()) / 1000.0;
    const double elapsed = now - m_lastConsumeAt;
    m_lastConsumeAt = now;
    m_analyticsBudget =
        std::min(kMaxAnalyticsBudget, m_analyticsBudget + m_traffic.rate(DemoTraffic::Stream::Orders, now) * elapsed * demo::kAnalyticsShare);

    // One pipelined batch: last tick's acks (200 ms of "work"), then new reads.
    RedisBatch batch;
    QList<Slot> readSlots;
    QList<QList<QByteArray>> sentAcks(m_consumers.size());
    for (qsizetype i = 0; i < m_consumers.size(); ++i) {
        Consumer &c = m_consumers[i];
        if (!c.toAck.isEmpty()) {
            RedisCommand ack{"XACK", c.stream, c.group};
            ack += c.toAck;
            batch.append(std::move(ack));
            readSlots.append({i, 0});
            sentAcks[i] = std::exchange(c.toAck, {});
        }
        if (c.historyFrom.isEmpty() && m_tickCount % quint64(c.period) != quint64(c.phase))
            continue;
        const int count = c.throttled ? int(m_analyticsBudget) : kReadCount;
        if (count <= 0)
            continue;
        const QByteArray from = c.historyFrom.isEmpty() ? QByteArray(">") : c.historyFrom;
        batch.append({"XREADGROUP", "GROUP", c.group, c.name, "COUNT", QByteArray::number(count), "STREAMS", c.stream, from});
        readSlots.append({i, count});
    }
    if (batch.isEmpty())
        return;

    m_consumeInFlight = true;
    const quint64 generation = m_generation;
    m_consumer->execute(batch, this, [this, generation, batch, readSlots, sentAcks](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation)
            return;
        m_consumeInFlight = false;
        if (error.isError()) {
            ++m_stats.errors;
            // XACK is idempotent: whatever may not have arrived goes again.
            for (qsizetype i = 0; i < m_consumers.size(); ++i)
                m_consumers[i].toAck = sentAcks.at(i) + m_consumers[i].toAck;
            return;
        }
        onConsumeReplies(batch, readSlots, replies);
    });
}

void DemoWorkload::onConsumeReplies(const RedisBatch &batch, const QList<Slot> &readSlots, const RedisReplies &replies)
{
    bool vanished = false;
    for (qsizetype k = 0; k < readSlots.size() && k < replies.size(); ++k) {
        const Slot slot = readSlots.at(k);
        Consumer &c = m_consumers[slot.consumer];
        const RedisReply &reply = replies.at(k);
        if (reply.isError()) {
            vanished = vanished || reply.errorCode() == "NOGROUP";
            logError("consumer", batch.at(k), reply);
            continue;
        }
        if (slot.requested == 0) {
            m_stats.acknowledged += reply.toInt().value_or(0);
            continue;
        }
        const QList<demo::Entry> entries = demo::parseReadGroup(reply);
        for (const demo::Entry &e : entries) {
            // The ledger's handler throws on these; it never acks them, and
            // the recovery worker takes them over once they sit idle.
            if (!e.missing && c.failsOnPoison && demo::isPoison(e)) {
                ++m_stats.failedDeliveries;
                continue;
            }
            c.toAck.append(e.id); // a missing entry was trimmed: nothing left to do but ack
        }
        if (!c.historyFrom.isEmpty())
            c.historyFrom = entries.isEmpty() ? QByteArray() : entries.constLast().id;
        if (c.throttled) {
            const double got = double(entries.size());
            m_analyticsBudget = got < slot.requested ? 0.0 : std::max(0.0, m_analyticsBudget - got);
        }
    }
    if (vanished)
        groupsVanished();
}

// A redeployed e-mail worker comes back under a new name; the old name stays
// registered in the group with nothing pending: a ghost the operator sees idle.
void DemoWorkload::rotateSender()
{
    Consumer &sender = m_consumers[m_senderIndex];
    m_ghostSenders.append(sender.name);
    const QByteArray previous = sender.name;
    sender.name = randomSenderName();
    sender.historyFrom.clear();
    m_stats.senderConsumer = sender.name;
    spdlog::info("demo workload: e-mail sender {} restarted as {}", previous.toStdString(), sender.name.toStdString());

    // Ghosts older than a few rotations have long had their acks sent, so
    // DELCONSUMER drops no pending entries; it only keeps the list readable.
    while (m_ghostSenders.size() > demo::kMaxGhostSenders && isReady(m_consumer)) {
        const RedisCommand command{"XGROUP", "DELCONSUMER", sender.stream, sender.group, m_ghostSenders.takeFirst()};
        const quint64 generation = m_generation;
        m_consumer->execute({command}, this, [this, generation, command](const RedisReplies &replies, const RedisError &error) {
            if (generation == m_generation && !error.isError() && replies.value(0).isError())
                logError("churn", command, replies.value(0));
        });
    }
}

} // namespace pelscope
