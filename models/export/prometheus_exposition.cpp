#include "prometheus_exposition.h"

#include "../snapshot/format.h"

#include <QMap>
#include <QStringList>

namespace pelscope {

namespace {

// One metric family: its HELP and TYPE once, then its samples.
class Family
{
public:
    Family(QString name, QString type, QString help)
        : m_name(std::move(name))
        , m_type(std::move(type))
        , m_help(std::move(help))
    {}
    void add(const QString &labels, double value, const QString &suffix = {})
    {
        m_samples << QStringLiteral("%1%2{%3} %4").arg(m_name, suffix, labels, number(value));
    }
    QString text() const
    {
        if (m_samples.isEmpty())
            return {};
        return QStringLiteral("# HELP %1 %2\n# TYPE %1 %3\n").arg(m_name, m_help, m_type) + m_samples.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    static QString number(double v)
    {
        if (std::isinf(v))
            return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
        if (v == double(qint64(v)))
            return QString::number(qint64(v));
        return QString::number(v, 'g', 12);
    }

private:
    QString m_name, m_type, m_help;
    QStringList m_samples;
};

QString label(const char *name, const QString &value)
{
    return QStringLiteral("%1=\"%2\"").arg(QLatin1String(name), prometheusLabelValue(value));
}

} // namespace

QString prometheusLabelValue(const QString &value)
{
    QString out;
    out.reserve(value.size());
    for (const QChar c : value) {
        if (c == QLatin1Char('\\'))
            out += QLatin1String("\\\\");
        else if (c == QLatin1Char('"'))
            out += QLatin1String("\\\"");
        else if (c == QLatin1Char('\n'))
            out += QLatin1String("\\n");
        else
            out += c;
    }
    return out;
}

QByteArray prometheusExposition(const Snapshot &snapshot, const ExpositionContext &ctx, ExpositionPart part)
{
    const QString conn = label("connection", ctx.connection);
    Family up(QStringLiteral("pelscope_up"), QStringLiteral("gauge"), QStringLiteral("1 when the connection to Redis is up and polling."));
    Family pollAge(QStringLiteral("pelscope_poll_age_seconds"), QStringLiteral("gauge"), QStringLiteral("Seconds since the last complete poll."));
    Family stale(QStringLiteral("pelscope_stale"), QStringLiteral("gauge"),
                 QStringLiteral("1 when the last poll is older than three intervals: every value below is old."));
    Family serverUs(QStringLiteral("pelscope_poll_estimated_server_seconds"), QStringLiteral("gauge"),
                    QStringLiteral("Pelscope's estimate of the Redis server time one poll costs."));
    Family commands(QStringLiteral("pelscope_poll_commands"), QStringLiteral("gauge"),
                    QStringLiteral("Commands in the last poll's pipelined batch."));
    Family duration(QStringLiteral("pelscope_poll_duration_seconds"), QStringLiteral("gauge"), QStringLiteral("Wall time of the last poll."));
    Family info(QStringLiteral("pelscope_connection_info"), QStringLiteral("gauge"),
                QStringLiteral("Always 1: the Redis this exporter watches. Group and queue series carry no connection label; join them "
                               "with * on(instance, job) group_left(connection) pelscope_connection_info."));
    const bool havePoll = !snapshot.isNull() && ctx.lastPollWallMs > 0;
    const double age = havePoll ? double(ctx.nowMs - ctx.lastPollWallMs) / 1000.0 : 0;
    info.add(conn, 1);
    up.add(conn, ctx.up && havePoll ? 1 : 0);
    if (havePoll) {
        pollAge.add(conn, age);
        stale.add(conn, age * 1000 > 3.0 * double(ctx.intervalMs) ? 1 : 0);
        serverUs.add(conn, double(snapshot->stats.estimatedUs) / 1e6);
        commands.add(conn, double(snapshot->stats.commands));
        duration.add(conn, double(snapshot->stats.durationMs) / 1000.0);
    }

    Family lag(QStringLiteral("pelscope_group_lag"), QStringLiteral("gauge"),
               QStringLiteral("Entries added to the stream the group has not read (XINFO GROUPS lag); absent when Redis cannot count them."));
    Family lagUnknown(QStringLiteral("pelscope_group_lag_unknown"), QStringLiteral("gauge"),
                      QStringLiteral("1 while Redis cannot report the group's lag (see pelscope-cli snapshot --json lag_note); a group has "
                                     "either this or pelscope_group_lag."));
    Family pending(QStringLiteral("pelscope_group_pending"), QStringLiteral("gauge"),
                   QStringLiteral("Entries delivered and not acknowledged (the PEL)."));
    Family read(QStringLiteral("pelscope_group_entries_read_total"), QStringLiteral("counter"),
                QStringLiteral("Entries the group has read (XINFO GROUPS entries-read); rate() is its out rate."));
    Family added(QStringLiteral("pelscope_stream_entries_added_total"), QStringLiteral("counter"),
                 QStringLiteral("Entries ever added to the stream; rate() is its in rate."));
    Family idleLo(QStringLiteral("pelscope_group_oldest_pending_idle_lower_seconds"), QStringLiteral("gauge"),
                  QStringLiteral("Lower bound of the oldest pending entry's idle time (what was inspected)."));
    Family idleHi(QStringLiteral("pelscope_group_oldest_pending_idle_upper_seconds"), QStringLiteral("gauge"),
                  QStringLiteral("Upper bound of the oldest pending entry's idle time (from its ID's timestamp)."));
    Family behind(
        QStringLiteral("pelscope_group_oldest_unread_age_seconds"), QStringLiteral("gauge"),
        QStringLiteral("How far behind in time: the age of the oldest entry not yet delivered to the group; absent when nothing is unread."));
    Family drainEta(QStringLiteral("pelscope_group_drain_eta_seconds"), QStringLiteral("gauge"),
                    QStringLiteral("Seconds until the group's lag reaches zero at the pace of the last rate window (a least-squares fit of lag); "
                                   "absent when it is not draining or the pace is unknown."));
    Family deliveries(QStringLiteral("pelscope_group_pending_deliveries"), QStringLiteral("histogram"),
                      QStringLiteral("Delivery counts of pending entries (a sample when the PEL is large: see _sampled)."));
    Family sampled(QStringLiteral("pelscope_group_pending_deliveries_sampled"), QStringLiteral("gauge"),
                   QStringLiteral("1 when the delivery-count histogram rests on a sample of the PEL."));
    Family consumers(QStringLiteral("pelscope_group_consumers"), QStringLiteral("gauge"),
                     QStringLiteral("Consumers of the group: total, alive (active in the last minute), dead (holding entries idle past consumer_idle_warn, as the PEL proves it: dead, or busy and not reading)."));
    Family health(QStringLiteral("pelscope_group_health"), QStringLiteral("gauge"), QStringLiteral("Pelscope's verdict: 0 OK, 1 WARN, 2 CRIT."));
    Family consumerPending(QStringLiteral("pelscope_consumer_pending"), QStringLiteral("gauge"),
                           QStringLiteral("Entries pending with this consumer."));
    Family consumerIdle(QStringLiteral("pelscope_consumer_idle_seconds"), QStringLiteral("gauge"),
                        QStringLiteral("Seconds since the consumer's last attempt to read or claim (XINFO CONSUMERS idle)."));
    Family consumerInactive(QStringLiteral("pelscope_consumer_inactive_seconds"), QStringLiteral("gauge"),
                            QStringLiteral("Seconds since the consumer last read or claimed an entry (XINFO CONSUMERS inactive); absent on "
                                           "servers before Redis 7.2 and for a consumer that never read."));
    Family dlqLength(QStringLiteral("pelscope_dead_letter_length"), QStringLiteral("gauge"), QStringLiteral("Entries in the dead-letter stream."));
    Family dlqAge(QStringLiteral("pelscope_dead_letter_newest_age_seconds"), QStringLiteral("gauge"),
                  QStringLiteral("Age of the newest dead letter (from its ID's timestamp)."));
    Family delayedSize(QStringLiteral("pelscope_delayed_queue_size"), QStringLiteral("gauge"),
                       QStringLiteral("Items in the delayed queue (ZCARD of the sorted set scored by due time)."));
    Family delayedDue(QStringLiteral("pelscope_delayed_queue_due"), QStringLiteral("gauge"),
                      QStringLiteral("Items whose due time has come (ZCOUNT -inf now): a scheduler should have taken them."));
    Family delayedOverdue(QStringLiteral("pelscope_delayed_queue_oldest_overdue_seconds"), QStringLiteral("gauge"),
                          QStringLiteral("How late the earliest due item is; absent when none is due."));
    Family delayedNext(QStringLiteral("pelscope_delayed_queue_next_due_seconds"), QStringLiteral("gauge"),
                       QStringLiteral("Seconds until the next item falls due; absent when none is still to come."));
    Family listLength(QStringLiteral("pelscope_list_queue_length"), QStringLiteral("gauge"),
                      QStringLiteral("Items waiting in the reliable list's main list (LLEN)."));
    Family listProcessing(QStringLiteral("pelscope_list_queue_processing_length"), QStringLiteral("gauge"),
                          QStringLiteral("Items workers hold in the processing list (LLEN)."));
    Family listOldest(QStringLiteral("pelscope_list_queue_oldest_processing_age_seconds"), QStringLiteral("gauge"),
                      QStringLiteral("Age of the oldest dated item in processing (its timestamp field); absent when none carries one."));
    Family listStuck(QStringLiteral("pelscope_list_queue_stuck"), QStringLiteral("gauge"),
                     QStringLiteral("Items in processing longer than the processing timeout, within the sample read from the oldest end (a lower "
                                    "bound when processing is longer than the sample)."));
    // Job frameworks (docs/FRAMEWORKS.md): one series per framework queue
    // or set, labelled framework, prefix, name and key; absent when not read.
    Family jobWaiting(QStringLiteral("pelscope_job_waiting"), QStringLiteral("gauge"), QStringLiteral("Jobs waiting for a worker."));
    Family jobActive(QStringLiteral("pelscope_job_active"), QStringLiteral("gauge"), QStringLiteral("Jobs a worker holds now (reserved, started, active)."));
    Family jobOrphaned(QStringLiteral("pelscope_job_orphaned"), QStringLiteral("gauge"),
                       QStringLiteral("Held jobs no live worker has, by the framework's own proof (lock gone, heartbeat deadline passed, "
                                      "reserved past the visibility timeout, process heartbeat stopped)."));
    Family jobOldest(QStringLiteral("pelscope_job_oldest_waiting_seconds"), QStringLiteral("gauge"),
                     QStringLiteral("Age of the oldest waiting job, from its own enqueue time."));
    Family jobScheduled(QStringLiteral("pelscope_job_scheduled"), QStringLiteral("gauge"), QStringLiteral("Jobs waiting for their time."));
    Family jobOverdue(QStringLiteral("pelscope_job_overdue"), QStringLiteral("gauge"), QStringLiteral("Scheduled jobs past due and not moved."));
    Family jobFailed(QStringLiteral("pelscope_job_failed"), QStringLiteral("gauge"), QStringLiteral("The framework's dead letters (failed, dead)."));
    Family jobWorkers(QStringLiteral("pelscope_job_workers"), QStringLiteral("gauge"),
                      QStringLiteral("Workers alive serving the queue, where the framework records them."));
    Family jobHealth(QStringLiteral("pelscope_job_health"), QStringLiteral("gauge"),
                     QStringLiteral("Pelscope's verdict on a job framework's queue or set: 0 OK, 1 WARN, 2 CRIT."));
    Family queueHealth(QStringLiteral("pelscope_queue_health"), QStringLiteral("gauge"),
                       QStringLiteral("Pelscope's verdict on a delayed queue or reliable list: 0 OK, 1 WARN, 2 CRIT."));
    Family runbook(QStringLiteral("pelscope_runbook_info"), QStringLiteral("gauge"),
                   QStringLiteral("1, labelled with the runbook URL ([runbooks] in --config) of a group or queue Pelscope judges not OK; "
                                  "absent when it is OK or none applies. The alerting rules' runbook_url reads it."));
    Family claimRate(QStringLiteral("pelscope_server_claim_calls_per_second"), QStringLiteral("gauge"),
                     QStringLiteral("XCLAIM and XAUTOCLAIM calls per second, server-wide (every client), over the last INFO commandstats window."));
    Family ackRate(QStringLiteral("pelscope_server_xack_calls_per_second"), QStringLiteral("gauge"),
                   QStringLiteral("XACK calls per second, server-wide, over the last INFO commandstats window."));
    Family ackedRate(QStringLiteral("pelscope_acked_entries_per_second"), QStringLiteral("gauge"),
                     QStringLiteral("Entries the watched groups actually stopped holding per second (entries delivered minus PEL growth); absent when "
                                    "it cannot be computed."));
    Family duplicateAcks(QStringLiteral("pelscope_duplicate_acks"), QStringLiteral("gauge"),
                         QStringLiteral("1 when XACK calls clearly outnumber the entries acknowledged: consumers acknowledge entries that are no "
                                        "longer theirs (duplicate processing)."));
    Family nodeUp(QStringLiteral("pelscope_cluster_node_up"), QStringLiteral("gauge"),
                  QStringLiteral("1 when the cluster master answered the last poll."));
    Family serverInfo(QStringLiteral("pelscope_server_info"), QStringLiteral("gauge"),
                      QStringLiteral("1, labelled with the server as it names itself: product (redis, valkey), version, mode."));

    if (!snapshot.isNull() && part != ExpositionPart::PerScrape) {
        qint64 consumerRows = 0;
        for (const StreamSnapshot &s : snapshot->streams)
            for (const GroupSnapshot &g : s.groups)
                consumerRows += g.consumerList.size();
        const bool perConsumer = ctx.consumerSeries && consumerRows <= ctx.maxConsumerSeries;
        const qint64 serverNow = snapshot->takenAtMs;
        for (const StreamSnapshot &s : snapshot->streams) {
            const QString stream = label("stream", displayBytes(s.key));
            if (s.entriesAdded)
                added.add(stream, double(*s.entriesAdded));
            for (const GroupSnapshot &g : s.groups) {
                const QString labels = stream + QLatin1Char(',') + label("group", displayBytes(g.name));
                // One of the two, never both: a 0 beside every known lag was ~60 bytes a group.
                if (g.lag)
                    lag.add(labels, double(*g.lag));
                else
                    lagUnknown.add(labels, 1);
                if (g.pending)
                    pending.add(labels, double(*g.pending));
                if (g.entriesRead)
                    read.add(labels, double(*g.entriesRead));
                if (g.oldestUnreadAgeMs)
                    behind.add(labels, double(*g.oldestUnreadAgeMs) / 1000.0);
                if (g.health.drain.etaMs)
                    drainEta.add(labels, double(*g.health.drain.etaMs) / 1000.0);
                if (g.oldestIdleMs)
                    idleLo.add(labels, double(*g.oldestIdleMs) / 1000.0);
                if (g.oldestIdleUpperMs)
                    idleHi.add(labels, double(*g.oldestIdleUpperMs) / 1000.0);
                if (ctx.deliveryHistogram && (g.pelInspected > 0 || g.pelScanComplete)) {
                    qint64 cumulative = 0, sum = 0;
                    for (auto it = g.deliveryCounts.cbegin(); it != g.deliveryCounts.cend(); ++it)
                        sum += it.key() * it.value();
                    for (int le : {1, 2, 3, 5, 10, 20, 50, 100}) {
                        cumulative = 0;
                        for (auto it = g.deliveryCounts.cbegin(); it != g.deliveryCounts.cend(); ++it)
                            if (it.key() <= le)
                                cumulative += it.value();
                        deliveries.add(labels + QLatin1Char(',') + label("le", QString::number(le)), double(cumulative), QStringLiteral("_bucket"));
                    }
                    qint64 total = 0;
                    for (qint64 n : g.deliveryCounts)
                        total += n;
                    deliveries.add(labels + QLatin1Char(',') + label("le", QStringLiteral("+Inf")), double(total), QStringLiteral("_bucket"));
                    deliveries.add(labels, double(sum), QStringLiteral("_sum"));
                    deliveries.add(labels, double(total), QStringLiteral("_count"));
                    sampled.add(labels, g.pelSampled ? 1 : 0);
                }
                int alive = 0;
                const int dead = int(g.health.stalled.size()); // the verdict's count: the same everywhere
                for (const ConsumerSnapshot &c : g.consumerList) {
                    alive += c.idleMs && *c.idleMs < 60'000;
                    if (perConsumer) {
                        const QString cl = labels + QLatin1Char(',') + label("consumer", displayBytes(c.name));
                        consumerPending.add(cl, double(c.pending));
                        if (c.idleMs)
                            consumerIdle.add(cl, double(*c.idleMs) / 1000.0);
                        if (c.inactiveMs && *c.inactiveMs >= 0)
                            consumerInactive.add(cl, double(*c.inactiveMs) / 1000.0);
                    }
                }
                if (g.consumers)
                    consumers.add(labels + QLatin1Char(',') + label("state", QStringLiteral("total")), double(*g.consumers));
                if (!g.consumerList.isEmpty()) {
                    consumers.add(labels + QLatin1Char(',') + label("state", QStringLiteral("alive")), alive);
                    consumers.add(labels + QLatin1Char(',') + label("state", QStringLiteral("dead")), dead);
                }
                health.add(labels, int(g.health.status));
                if (!g.health.runbook.isEmpty())
                    runbook.add(labels + QLatin1Char(',') + label("url", g.health.runbook), 1);
            }
        }
        for (const DeadLetterSnapshot &d : snapshot->deadLetters) {
            const QString labels = label("dlq", displayBytes(d.key)) + QLatin1Char(',') + label("source", displayBytes(d.source));
            if (d.length)
                dlqLength.add(labels, double(*d.length));
            if (d.newestEntryMs && serverNow > 0)
                dlqAge.add(labels, double(std::max<qint64>(0, serverNow - *d.newestEntryMs)) / 1000.0);
        }
        for (const DelayedQueueSnapshot &q : snapshot->delayedQueues) {
            const QString labels = label("queue", displayBytes(q.key));
            if (q.size)
                delayedSize.add(labels, double(*q.size));
            if (q.due)
                delayedDue.add(labels, double(*q.due));
            if (q.oldestOverdueMs)
                delayedOverdue.add(labels, double(*q.oldestOverdueMs) / 1000.0);
            if (q.nextDueInMs)
                delayedNext.add(labels, double(*q.nextDueInMs) / 1000.0);
            queueHealth.add(labels + QLatin1Char(',') + label("kind", QStringLiteral("delayed")), int(q.health.status));
            if (!q.health.runbook.isEmpty())
                runbook.add(labels + QLatin1Char(',') + label("url", q.health.runbook), 1);
        }
        for (const ListQueueSnapshot &q : snapshot->listQueues) {
            const QString labels = label("queue", displayBytes(q.key)) + QLatin1Char(',') + label("processing", displayBytes(q.processingKey));
            if (q.length)
                listLength.add(labels, double(*q.length));
            if (q.processingLength)
                listProcessing.add(labels, double(*q.processingLength));
            if (q.oldestProcessingAgeMs)
                listOldest.add(labels, double(*q.oldestProcessingAgeMs) / 1000.0);
            if (q.error.isEmpty())
                listStuck.add(labels, double(q.stuck));
            queueHealth.add(label("queue", displayBytes(q.key)) + QLatin1Char(',') + label("kind", QStringLiteral("list")), int(q.health.status));
            if (!q.health.runbook.isEmpty())
                runbook.add(label("queue", displayBytes(q.key)) + QLatin1Char(',') + label("url", q.health.runbook), 1);
        }
        for (const JobQueueSnapshot &q : snapshot->jobQueues) {
            const QString labels = label("framework", frameworkId(q.framework)) + QLatin1Char(',')
                                   + label("prefix", displayBytes(q.prefix)) + QLatin1Char(',') + label("name", displayBytes(q.name)) + QLatin1Char(',')
                                   + label("key", displayBytes(q.key)); // a Sidekiq queue named "dead" is not the dead set
            const auto put = [&](Family &f, const std::optional<qint64> &v, double scale = 1.0) {
                if (v)
                    f.add(labels, double(*v) * scale);
            };
            put(jobWaiting, q.waiting);
            put(jobActive, q.active);
            put(jobOrphaned, q.orphaned);
            put(jobOldest, q.oldestWaitingMs, 0.001);
            put(jobScheduled, q.scheduled);
            put(jobOverdue, q.overdue);
            put(jobFailed, q.failed);
            put(jobWorkers, q.workers);
            if (q.error.isEmpty())
                jobHealth.add(labels, int(q.health.status));
            if (!q.health.runbook.isEmpty())
                runbook.add(labels + QLatin1Char(',') + label("url", q.health.runbook), 1);
        }
        if (const auto &a = snapshot->activity; a && a->windowMs > 0) {
            const double seconds = double(a->windowMs) / 1000.0;
            claimRate.add(conn + QLatin1Char(',') + label("command", QStringLiteral("xclaim")), double(a->xclaimCalls) / seconds);
            claimRate.add(conn + QLatin1Char(',') + label("command", QStringLiteral("xautoclaim")), double(a->xautoclaimCalls) / seconds);
            ackRate.add(conn, double(a->xackCalls) / seconds);
            if (a->entriesAcked)
                ackedRate.add(conn, double(*a->entriesAcked) / seconds);
            duplicateAcks.add(conn, a->duplicateAcks ? 1 : 0);
        }
        for (const ClusterNodeSnapshot &n : snapshot->nodes)
            nodeUp.add(conn + QLatin1Char(',') + label("node", n.address), n.ok ? 1 : 0);
        if (!snapshot->server.product.isEmpty())
            serverInfo.add(conn + QLatin1Char(',') + label("product", snapshot->server.product) + QLatin1Char(',')
                               + label("version", snapshot->server.version) + QLatin1Char(',') + label("mode", snapshot->server.mode),
                           1);
    }
    QString out;
    if (part != ExpositionPart::PerPoll)
        for (const Family *f : {&info, &up, &pollAge, &stale, &serverUs, &commands, &duration})
            out += f->text();
    if (part != ExpositionPart::PerScrape)
        for (const Family *f : {&lag, &lagUnknown, &behind, &drainEta, &pending, &read, &added, &idleLo, &idleHi, &deliveries, &sampled, &consumers, &health,
                                &consumerPending, &consumerIdle, &consumerInactive, &dlqLength, &dlqAge, &delayedSize, &delayedDue, &delayedOverdue, &delayedNext,
                                &jobWaiting, &jobActive, &jobOrphaned, &jobOldest, &jobScheduled, &jobOverdue, &jobFailed, &jobWorkers, &jobHealth,
                                &listLength, &listProcessing, &listOldest, &listStuck, &queueHealth, &runbook, &claimRate, &ackRate, &ackedRate, &duplicateAcks,
                                &nodeUp, &serverInfo})
            out += f->text();
    return out.toUtf8();
}

} // namespace pelscope
