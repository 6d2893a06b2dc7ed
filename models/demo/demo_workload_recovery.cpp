// The ledger's recovery worker: claims payments that sat idle, settles the
// healthy ones, lets poison ones fail again, and dead-letters them once they
// have failed five times, as the operators' articles describe.
#include "demo_workload.h"

#include <spdlog/spdlog.h>

namespace pelscope {

void DemoWorkload::recover()
{
    if (!m_setupDone || m_recoverInFlight || !isReady(m_recovery))
        return;
    const RedisBatch batch{
        // Read before the claim, so the counts are the deliveries that have
        // already failed, and count 5 stays visible in the PEL for a while.
        {"XPENDING", m_keys.payments, demo::kLedger, "-", "+", QByteArray::number(demo::kRecoveryPendingScan)},
        {"XAUTOCLAIM", m_keys.payments, demo::kLedger, demo::kRecoveryConsumer, QByteArray::number(demo::kRecoveryMinIdleMs), "0-0", "COUNT",
         QByteArray::number(demo::kRecoveryClaimCount)},
    };
    m_recoverInFlight = true;
    const quint64 generation = m_generation;
    m_recovery->execute(batch, this, [this, generation, batch](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation)
            return;
        if (error.isError()) {
            m_recoverInFlight = false;
            ++m_stats.errors;
            return;
        }
        bool failedAny = false;
        bool vanished = false;
        for (qsizetype i = 0; i < replies.size(); ++i) {
            if (replies.at(i).isError()) {
                failedAny = true;
                vanished = vanished || replies.at(i).errorCode() == "NOGROUP";
                logError("recovery", batch.at(i), replies.at(i));
            }
        }
        if (failedAny || replies.size() < 2) {
            m_recoverInFlight = false;
            if (vanished)
                groupsVanished();
            return;
        }
        settleClaimed(replies);
    });
}

void DemoWorkload::settleClaimed(const RedisReplies &replies)
{
    const QMap<QByteArray, qint64> failedSoFar = demo::parseDeliveryCounts(replies.at(0));
    // XAUTOCLAIM: [next cursor, entries, deleted ids (7.0+)]
    const RedisReply &autoclaim = replies.at(1);
    const QList<demo::Entry> claimed = autoclaim.isArray() && autoclaim.size() >= 2 ? demo::parseEntries(autoclaim.at(1)) : QList<demo::Entry>();
    m_stats.claimed += claimed.size();

    RedisCommand ack{"XACK", m_keys.payments, demo::kLedger};
    RedisBatch batch;
    for (const demo::Entry &e : claimed) {
        // Healthy payments only stalled (a slow or restarted consumer): this
        // retry succeeds. Entries trimmed while pending (6.2) are acked away.
        if (e.missing || !demo::isPoison(e)) {
            ack.append(e.id);
            continue;
        }
        // Not in the first page of the PEL: count unknown, so just retry.
        const qint64 failed = failedSoFar.value(e.id, 0);
        if (failed >= demo::kDeadLetterAfter)
            batch.append(demo::deadLetterCommand(m_keys, demo::kLedger, e, failed, m_config.maxLen));
        else
            ++m_stats.failedDeliveries; // fails again; stays pending, claimed again later
    }
    if (ack.size() > 3)
        batch.prepend(ack);
    if (batch.isEmpty()) {
        m_recoverInFlight = false;
        return;
    }

    const quint64 generation = m_generation;
    m_recovery->execute(batch, this, [this, generation, batch](const RedisReplies &replies, const RedisError &error) {
        if (generation != m_generation)
            return;
        m_recoverInFlight = false;
        if (error.isError()) {
            ++m_stats.errors; // still pending: a later round claims them again
            return;
        }
        for (qsizetype i = 0; i < replies.size() && i < batch.size(); ++i) {
            const RedisReply &reply = replies.at(i);
            const RedisCommand &command = batch.at(i);
            if (reply.isError()) {
                // Settled by someone else in the meantime: nothing to move.
                if (reply.errorCode() == "NOTPENDING")
                    spdlog::debug("demo workload: {}", reply.bytes().toStdString());
                else
                    logError("recovery", command, reply);
            } else if (command.first() == "XACK") {
                m_stats.acknowledged += reply.toInt().value_or(0);
            } else {
                ++m_stats.deadLettered;
                spdlog::debug("demo workload: payment {} dead-lettered as {}", command.at(6).toStdString(), reply.bytes().toStdString());
            }
        }
    });
}

} // namespace pelscope
