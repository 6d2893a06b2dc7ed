// Set-up of the demo incident: a short chain of pipelined batches on the
// producer connection. Safe to run again against the same server: it looks
// at which groups exist and only creates (and seeds for) what is missing.
#include "demo_workload.h"

#include <QDateTime>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

// The first reply that is an error other than `tolerated`, or -1.
qsizetype firstError(const RedisReplies &replies, QByteArrayView tolerated = {})
{
    for (qsizetype i = 0; i < replies.size(); ++i) {
        const RedisReply &r = replies.at(i);
        if (r.isError() && (tolerated.isEmpty() || r.errorCode() != tolerated))
            return i;
    }
    return -1;
}

bool isNoSuchKey(const RedisReply &reply)
{
    return reply.isError() && reply.bytes().contains("no such key");
}

QList<QByteArray> groupNames(const RedisReply &xinfoGroups)
{
    QList<QByteArray> names;
    for (const RedisReply &group : xinfoGroups.elements())
        names.append(group.field("name").bytes());
    return names;
}

RedisCommand xadd(const QByteArray &key, qint64 maxLen, const QList<QByteArray> &fields)
{
    RedisCommand command{"XADD", key, "MAXLEN", "~", QByteArray::number(maxLen), "*"};
    command += fields;
    return command;
}

} // namespace

void DemoWorkload::runSetup()
{
    if (!m_running || m_setupRunning || m_setupDone || !isReady(m_producer))
        return;
    m_setupRunning = true;
    setupInspect();
}

void DemoWorkload::setupStep(const RedisBatch &batch, Step next, int timeoutMs)
{
    const quint64 generation = m_generation;
    m_producer->execute(
        batch, this,
        [this, generation, next = std::move(next)](const RedisReplies &replies, const RedisError &error) {
            if (generation != m_generation)
                return;
            if (error.isError()) {
                // The connection resets itself; set-up starts over once it is
                // ready again (runSetup is connected to its ready signal).
                m_setupRunning = false;
                return;
            }
            next(replies);
        },
        timeoutMs);
}

void DemoWorkload::setupFailed(const QString &message)
{
    spdlog::error("demo workload: {}", message.toStdString());
    stop();
    Q_EMIT failed(message);
}

void DemoWorkload::setupInspect()
{
    const RedisBatch batch{{"XINFO", "GROUPS", m_keys.orders}, {"XINFO", "GROUPS", m_keys.emails}};
    setupStep(batch, [this, batch](const RedisReplies &replies) {
        for (qsizetype i = 0; i < replies.size(); ++i) {
            if (replies.at(i).isError() && !isNoSuchKey(replies.at(i))) {
                setupFailed(describeReplyError(batch.at(i), replies.at(i)).message);
                return;
            }
        }
        const QList<QByteArray> orderGroups = groupNames(replies.at(0));
        const QList<QByteArray> emailGroups = groupNames(replies.at(1));
        // A group that exists means an earlier run already staged that part
        // of the incident; staging it twice would only blur the picture.
        m_seedOrders = !orderGroups.contains(demo::kAnalytics);
        m_needDeadConsumer = !orderGroups.contains(demo::kFulfillment);
        m_seedEmails = m_needAuditGap = !emailGroups.contains(demo::kAudit);
        setupSeed();
    });
}

// History first, groups after: fulfillment and sender start at the tip ($)
// and are caught up, while analytics (at 0) starts thousands behind.
void DemoWorkload::setupSeed()
{
    RedisBatch batch;
    if (m_seedOrders) {
        for (int i = 0; i < demo::kOrdersSeed; ++i)
            batch.append(xadd(m_keys.orders, m_config.maxLen, m_traffic.nextOrder()));
    }
    if (m_seedEmails) {
        for (int i = 0; i < demo::kEmailsSeed; ++i)
            batch.append(xadd(m_keys.emails, m_config.maxLen, m_traffic.nextEmail()));
    }
    if (m_seedOrders) {
        batch += deadLetterHistory();
        batch += deployHistory();
    }
    if (batch.isEmpty()) {
        setupGroups();
        return;
    }
    spdlog::info("demo workload: seeding {} entries of history", batch.size());
    setupStep(
        batch,
        [this, batch](const RedisReplies &replies) {
            if (const qsizetype bad = firstError(replies); bad >= 0) {
                setupFailed(describeReplyError(batch.at(bad), replies.at(bad)).message);
                return;
            }
            m_stats.produced += replies.size();
            setupGroups();
        },
        30'000); // a few thousand XADDs: generous for a slow machine
}

// The dead letters of the last few hours, so the DLQ browser has something to
// show from the first second: explicit, increasing IDs back-dated up to 3 h,
// in the layout the workload itself writes (payload, category, reason, ...).
RedisBatch DemoWorkload::deadLetterHistory()
{
    static const std::pair<const char *, const char *> kinds[] = {
        {"schema", "unknown payment method"},
        {"timeout", "payment gateway did not answer within 30s"},
        {"processing", "handler failed repeatedly"},
        {"timeout", "payment gateway did not answer within 30s"},
    };
    RedisBatch batch;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 ms = now - 3LL * 3600'000;
    for (int i = 0; i < demo::kDeadLetterSeed; ++i) {
        ms += 60'000 + (i * 7919 % 240'000); // irregular gaps, a burst near the end
        if (i > demo::kDeadLetterSeed * 3 / 4)
            ms += 5'000 - 60'000;
        ms = std::min(ms, now - 60'000);
        const auto &[category, reason] = kinds[i % 4];
        const QList<QByteArray> payment = m_traffic.nextPayment();
        RedisCommand c{"XADD", m_keys.paymentsDlq, QByteArray::number(ms) + "-" + QByteArray::number(i)};
        c += {"payload",        demo::fieldsToJson(payment),
              "category",       category,
              "reason",         reason,
              "delivery_count", QByteArray::number(5 + i % 4),
              "source_stream",  m_keys.payments,
              "source_id",      QByteArray::number(ms - 90'000) + "-0",
              "group",          demo::kLedger,
              "consumer",       "ledger-" + QByteArray::number(1 + i % 2)};
        batch.append(c);
    }
    return batch;
}

// What a deploy pipeline would have marked (--annotations-stream): the
// analytics release that made it slow, and a config change the others got.
RedisBatch DemoWorkload::deployHistory() const
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    return {
        {"XADD", m_keys.deploys, QByteArray::number(now - 11 * 60'000) + "-0", "text", "deploy analytics 2.3.0 (per-order enrichment)", "stream",
         m_keys.orders, "group", demo::kAnalytics, "author", "ci"},
        {"XADD", m_keys.deploys, QByteArray::number(now - 5 * 60'000) + "-0", "text", "payment gateway timeout 30s -> 10s", "author", "ops"},
    };
}

// The groups that start at the tip ($) are created with their read counter
// (ENTRIESREAD = the stream's entries-added): without it Redis leaves the
// counter unset and, on a stream with a deleted entry (emails, for audit's
// story), reports such a group's lag as nil until one of its reads happens to
// end exactly at the tip. The sender then flickered to "lag unknown" whenever
// a poll fell between an XADD and its read (tst_demo failed so on a slow run).
void DemoWorkload::setupGroups()
{
    const RedisBatch info{{"XINFO", "STREAM", m_keys.orders}, {"XINFO", "STREAM", m_keys.payments}, {"XINFO", "STREAM", m_keys.emails}};
    setupStep(info, [this](const RedisReplies &streams) {
        // entries-added exists from Redis 7.0 (Valkey alike); older servers
        // report no lag at all, so the option is left out there.
        const auto atTip = [&](qsizetype stream) {
            const std::optional<qint64> added = streams.value(stream).field("entries-added").toInt();
            return added ? QList<QByteArray>{"$", "MKSTREAM", "ENTRIESREAD", QByteArray::number(*added)} : QList<QByteArray>{"$", "MKSTREAM"};
        };
        RedisCommand fulfillment{"XGROUP", "CREATE", m_keys.orders, demo::kFulfillment};
        fulfillment += atTip(0);
        RedisCommand ledger{"XGROUP", "CREATE", m_keys.payments, demo::kLedger};
        ledger += atTip(1);
        RedisCommand sender{"XGROUP", "CREATE", m_keys.emails, demo::kSender};
        sender += atTip(2);
        const RedisBatch batch{
            fulfillment,
            {"XGROUP", "CREATE", m_keys.orders, demo::kAnalytics, "0", "MKSTREAM"},
            ledger,
            sender,
            {"XGROUP", "CREATE", m_keys.emails, demo::kAudit, "0", "MKSTREAM"},
        };
        setupStep(batch, [this, batch](const RedisReplies &replies) {
            if (const qsizetype bad = firstError(replies, "BUSYGROUP"); bad >= 0) {
                setupFailed(describeReplyError(batch.at(bad), replies.at(bad)).message);
                return;
            }
            if (m_needAuditGap)
                setupAuditGap();
            else
                setupDeadConsumer();
        });
    });
}

// Deleting an entry audit has not read yet (and not the first one, whose
// deletion would simply move the stream's start) leaves a hole Redis cannot
// count across, so XINFO GROUPS reports audit's lag as nil: "unknown".
void DemoWorkload::setupAuditGap()
{
    setupStep({{"XRANGE", m_keys.emails, "-", "+", "COUNT", "2"}}, [this](const RedisReplies &replies) {
        const QList<demo::Entry> entries = demo::parseEntries(replies.value(0));
        if (entries.size() < 2) {
            spdlog::warn("demo workload: too few e-mails to leave audit with an unknown lag");
            setupDeadConsumer();
            return;
        }
        const RedisCommand xdel{"XDEL", m_keys.emails, entries.at(1).id};
        setupStep({xdel}, [this, xdel](const RedisReplies &replies) {
            if (replies.value(0).isError())
                logError("setup", xdel, replies.value(0));
            setupDeadConsumer();
        });
    });
}

// fulfillment-3 takes a batch and dies holding it. Back-dating its deliveries
// by 15 minutes (XCLAIM ... IDLE) makes the incident critical from the first
// snapshot; JUSTID keeps the delivery count at 1, as it would really be.
void DemoWorkload::setupDeadConsumer()
{
    if (!m_needDeadConsumer) {
        setupLiveConsumers();
        return;
    }
    RedisBatch batch;
    for (int i = 0; i < demo::kDeadConsumerEntries; ++i)
        batch.append(xadd(m_keys.orders, m_config.maxLen, m_traffic.nextOrder()));
    batch.append({"XREADGROUP", "GROUP", demo::kFulfillment, demo::kDeadConsumer, "COUNT", QByteArray::number(demo::kDeadConsumerEntries), "STREAMS",
                  m_keys.orders, ">"});
    setupStep(batch, [this, batch](const RedisReplies &replies) {
        if (const qsizetype bad = firstError(replies); bad >= 0) {
            setupFailed(describeReplyError(batch.at(bad), replies.at(bad)).message);
            return;
        }
        m_stats.produced += demo::kDeadConsumerEntries;
        const QList<demo::Entry> taken = demo::parseReadGroup(replies.constLast());
        if (taken.isEmpty()) {
            setupLiveConsumers();
            return;
        }
        RedisCommand claim{"XCLAIM", m_keys.orders, demo::kFulfillment, demo::kDeadConsumer, "0"};
        for (const demo::Entry &e : taken)
            claim.append(e.id);
        claim += {"IDLE", QByteArray::number(demo::kDeadConsumerIdleMs), "JUSTID"};
        setupStep({claim}, [this, claim](const RedisReplies &replies) {
            if (replies.value(0).isError())
                logError("setup", claim, replies.value(0));
            setupLiveConsumers();
        });
    });
}

// The live workers exist before the window's first poll (XGROUP
// CREATECONSUMER), so fulfillment reads "3 (1 stalled)" from it, not "1 (1
// stalled)" until each worker's first read. Trouble is logged, not fatal (a
// server before 6.2 lacks the command; the workers appear as they read).
void DemoWorkload::setupLiveConsumers()
{
    RedisBatch batch;
    for (const Consumer &c : std::as_const(m_consumers))
        batch.append({"XGROUP", "CREATECONSUMER", c.stream, c.group, c.name});
    batch.append({"XGROUP", "CREATECONSUMER", m_keys.payments, demo::kLedger, demo::kRecoveryConsumer}); // claims the ledger's stuck entries
    setupStep(batch, [this, batch](const RedisReplies &replies) {
        for (qsizetype i = 0; i < replies.size() && i < batch.size(); ++i)
            if (replies.at(i).isError())
                logError("setup", batch.at(i), replies.at(i));
        setupQueues();
    });
}

// The delayed queue with a stalled scheduler and the reliable list with a
// crashed worker's items (demo_queues.h). Trouble here is logged, not fatal:
// the streams' incident goes on without them.
void DemoWorkload::setupQueues()
{
    const RedisBatch batch = demo::queueSetup(m_queueKeys, QDateTime::currentSecsSinceEpoch());
    m_producer->execute(batch, this, [this, batch](const RedisReplies &replies, const RedisError &error) {
        if (!error.isError())
            for (qsizetype i = 0; i < replies.size() && i < batch.size(); ++i)
                if (replies.at(i).isError())
                    logError("setup", batch.at(i), replies.at(i));
        finishSetup();
    });
}

void DemoWorkload::finishSetup()
{
    m_setupRunning = false;
    m_setupDone = true;
    if (!m_tickTimer.isActive()) {
        m_tickTimer.start();
        m_recoveryTimer.start();
        m_churnTimer.start();
    }
    spdlog::info("demo workload: running; e-mail sender is {}", m_stats.senderConsumer.toStdString());
    if (!m_startedEmitted) {
        m_startedEmitted = true;
        Q_EMIT started();
    }
}

} // namespace pelscope
