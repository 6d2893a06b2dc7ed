#include "snapshot_json.h"

#include "format.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace pelscope {

namespace {

QJsonValue orNull(const std::optional<qint64> &v)
{
    return v ? QJsonValue(qint64(*v)) : QJsonValue(QJsonValue::Null);
}

QJsonValue orNull(const std::optional<QByteArray> &v)
{
    return v ? QJsonValue(displayBytes(*v)) : QJsonValue(QJsonValue::Null);
}

// Names are bytes: plain text goes as is; anything escaped for reading
// (invalid UTF-8, control or bidi characters, a backslash) is also given
// exactly in base64 beside it.
void putName(QJsonObject &o, const char *field, const QByteArray &bytes)
{
    o.insert(QLatin1String(field), displayBytes(bytes));
    if (!displaysVerbatim(bytes))
        o.insert(QLatin1String(field) + QLatin1String("_base64"), QString::fromLatin1(bytes.toBase64()));
}

QJsonValue rateJson(const std::optional<WindowRate> &r)
{
    if (!r)
        return QJsonValue(QJsonValue::Null);
    return QJsonObject{{QLatin1String("per_s"), r->perSecond}, {QLatin1String("window_ms"), double(r->windowMs)}};
}

// "since_ms" (the incident's start while not OK, else null) and "incident":
// its start and how it is known, its worst moment, its quiet time.
QJsonValue drainJson(const DrainForecast &d)
{
    static const char *states[] = {"unknown", "draining", "growing", "steady"};
    return QJsonObject{{QLatin1String("state"), QLatin1String(states[int(d.state)])},
                       {QLatin1String("eta_s"), d.etaMs ? QJsonValue(double(*d.etaMs) / 1000.0) : QJsonValue(QJsonValue::Null)},
                       {QLatin1String("per_s"), d.state == DrainForecast::State::Unknown ? QJsonValue(QJsonValue::Null) : QJsonValue(d.perSecond)},
                       {QLatin1String("basis_s"), double(d.basisMs) / 1000.0},
                       {QLatin1String("why"), renderReason(d.why, ReasonLanguage::English)},
                       {QLatin1String("why_code"), QString::fromLatin1(d.why.code)}};
}

void putIncident(QJsonObject &o, const HealthVerdict &h)
{
    o.insert(QLatin1String("drain"), drainJson(h.drain));
    o.insert(QLatin1String("runbook"), h.runbook.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(h.runbook));
    const IncidentMark &i = h.incident;
    o.insert(QLatin1String("since_ms"), h.status != Health::Ok && i.sinceMs > 0 ? QJsonValue(double(i.sinceMs)) : QJsonValue(QJsonValue::Null));
    if (i.sinceMs == 0) {
        o.insert(QLatin1String("incident"), QJsonValue(QJsonValue::Null));
        return;
    }
    static const char *bases[] = {"observed", "derived", "watching"};
    QJsonObject inc{{QLatin1String("since_ms"), double(i.sinceMs)},
                    {QLatin1String("since_basis"), QLatin1String(bases[int(i.basis)])},
                    {QLatin1String("worst"), healthName(i.worst)},
                    {QLatin1String("worst_at_ms"), double(i.worstAtMs)},
                    {QLatin1String("evidence"), healthName(i.evidence)},
                    {QLatin1String("dips"), double(i.dips)},
                    {QLatin1String("recovering"), i.recovering},
                    {QLatin1String("quiet_since_ms"), i.quietSinceMs > 0 ? QJsonValue(double(i.quietSinceMs)) : QJsonValue(QJsonValue::Null)}};
    if (i.basis == IncidentMark::Basis::Derived)
        inc.insert(QLatin1String("derived_from"), QString::fromLatin1(i.derivedFrom));
    o.insert(QLatin1String("incident"), inc);
}

QJsonObject groupJson(const GroupSnapshot &g)
{
    QJsonObject o;
    putName(o, "name", g.name);
    if (g.taskiq)
        o.insert(QLatin1String("framework"), QStringLiteral("taskiq"));
    o.insert(QLatin1String("consumers"), orNull(g.consumers));
    o.insert(QLatin1String("pending"), orNull(g.pending));
    o.insert(QLatin1String("last_delivered_id"), displayBytes(g.lastDeliveredId));
    o.insert(QLatin1String("entries_read"), orNull(g.entriesRead));
    o.insert(QLatin1String("lag"), orNull(g.lag));
    o.insert(QLatin1String("lag_note"), g.lag ? QJsonValue(QJsonValue::Null) : QJsonValue(renderReason(g.lagNote, ReasonLanguage::English)));
    o.insert(QLatin1String("not_judged"), QJsonArray::fromStringList(g.unjudged));
    o.insert(QLatin1String("oldest_unread_age_ms"), orNull(g.oldestUnreadAgeMs));
    o.insert(QLatin1String("oldest_unread_ahead_ms"), orNull(g.oldestUnreadAheadMs));
    o.insert(QLatin1String("oldest_unread_note"), g.oldestUnreadAgeMs ? QJsonValue(QJsonValue::Null) : QJsonValue(g.oldestUnreadNote));
    // A batch read moved the group this tick: the age is the previous poll's reading.
    o.insert(QLatin1String("oldest_unread_read_at_ms"), g.oldestUnreadReadAtMs > 0 ? QJsonValue(double(g.oldestUnreadReadAtMs)) : QJsonValue(QJsonValue::Null));
    o.insert(QLatin1String("out_rate"), rateJson(g.outRate));
    o.insert(QLatin1String("pending_min_id"), orNull(g.pendingMinId));
    o.insert(QLatin1String("pending_max_id"), orNull(g.pendingMaxId));
    o.insert(QLatin1String("oldest_pending_idle_ms"), orNull(g.oldestIdleMs));
    o.insert(QLatin1String("oldest_pending_idle_upper_ms"), orNull(g.oldestIdleUpperMs));
    o.insert(QLatin1String("pel_inspected"), qint64(g.pelInspected));
    o.insert(QLatin1String("pel_scan_complete"), g.pelScanComplete);
    o.insert(QLatin1String("pel_sampled"), g.pelSampled);
    QJsonObject counts;
    for (auto it = g.deliveryCounts.constBegin(); it != g.deliveryCounts.constEnd(); ++it)
        counts.insert(QString::number(it.key()), double(it.value()));
    o.insert(QLatin1String("delivery_counts"), counts);
    o.insert(QLatin1String("max_delivery_count"), orNull(g.maxDeliveryCount));
    QJsonArray consumers;
    for (const ConsumerSnapshot &c : g.consumerList) {
        QJsonObject co;
        putName(co, "name", c.name);
        co.insert(QLatin1String("pending"), qint64(c.pending));
        co.insert(QLatin1String("idle_ms"), orNull(c.idleMs));
        co.insert(QLatin1String("inactive_ms"), orNull(c.inactiveMs));
        consumers.append(co);
    }
    o.insert(QLatin1String("consumer_list"), consumers);
    o.insert(QLatin1String("consumer_list_age_ms"), orNull(g.consumersAgeMs));
    o.insert(QLatin1String("status"), healthName(g.health.status));
    o.insert(QLatin1String("reasons"), reasonsJson(g.health.reasons));
    putIncident(o, g.health);
    return o;
}

QJsonArray nodesJson(const QList<ClusterNodeSnapshot> &nodes)
{
    QJsonArray out;
    for (const ClusterNodeSnapshot &n : nodes) {
        QJsonObject o;
        o.insert(QLatin1String("address"), n.address);
        o.insert(QLatin1String("id"), QString::fromLatin1(n.id));
        o.insert(QLatin1String("shard"), QString::fromLatin1(n.shard));
        o.insert(QLatin1String("role"), QLatin1String("master"));
        o.insert(QLatin1String("slots"), n.slots);
        o.insert(QLatin1String("slot_count"), n.slotCount);
        o.insert(QLatin1String("replicas"), n.replicas);
        o.insert(QLatin1String("ok"), n.ok);
        o.insert(QLatin1String("error"), n.error.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(n.error));
        o.insert(QLatin1String("streams"), qint64(n.streams));
        o.insert(QLatin1String("stale_ticks"), qint64(n.staleTicks));
        o.insert(QLatin1String("duration_ms"), qint64(n.durationMs));
        // Where the shard was read: the master itself unless read_from=replica.
        o.insert(QLatin1String("read_from"), n.readFromReplica ? QLatin1String("replica") : QLatin1String("master"));
        o.insert(QLatin1String("polled_address"), n.polledAddress.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(n.polledAddress));
        if (n.readFromReplica) {
            o.insert(QLatin1String("replica_of"), n.replicaOf.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(n.replicaOf));
            o.insert(QLatin1String("replica_link"), n.replicaLink.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(n.replicaLink));
            o.insert(QLatin1String("replica_offset"), orNull(n.replicaOffset));
            o.insert(QLatin1String("master_offset"), orNull(n.masterOffset));
            o.insert(QLatin1String("lag_bytes"), orNull(n.lagBytes));
            o.insert(QLatin1String("note"), n.note.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(n.note));
        }
        out.append(o);
    }
    return out;
}

// read_from=replica only, so other documents keep their shape.
QJsonObject replicaJson(const ReplicaSnapshot &r)
{
    QJsonObject o;
    o.insert(QLatin1String("address"), r.address);
    o.insert(QLatin1String("primary"), r.primary);
    o.insert(QLatin1String("link"), r.link);
    o.insert(QLatin1String("offset"), orNull(r.offset));
    o.insert(QLatin1String("primary_offset"), orNull(r.primaryOffset));
    o.insert(QLatin1String("lag_bytes"), orNull(r.lagBytes));
    o.insert(QLatin1String("last_io_s"), orNull(r.lastIoS));
    o.insert(QLatin1String("link_down_s"), orNull(r.linkDownS));
    o.insert(QLatin1String("syncing"), r.syncing);
    o.insert(QLatin1String("note"), r.note.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(r.note));
    return o;
}

} // namespace

QJsonObject snapshotToJson(const Snapshot &snapshot)
{
    const SnapshotData &d = snapshot.data();
    QJsonObject root;
    root.insert(QLatin1String("schema"), QLatin1String("pelscope.snapshot/1"));
    root.insert(QLatin1String("taken_at_ms"), qint64(d.takenAtMs));
    QJsonObject server;
    server.insert(QLatin1String("address"), d.server.address);
    server.insert(QLatin1String("product"), d.server.product);
    server.insert(QLatin1String("version"), d.server.version);
    server.insert(QLatin1String("mode"), d.server.mode);
    server.insert(QLatin1String("role"), d.server.role);
    if (!d.server.node.isEmpty())
        server.insert(QLatin1String("node"), d.server.node);
    if (d.server.replica)
        server.insert(QLatin1String("replica"), replicaJson(*d.server.replica));
    root.insert(QLatin1String("server"), server);
    // Cluster only, so a single server's document keeps its shape.
    const bool cluster = d.server.mode == QLatin1String("cluster");
    if (cluster)
        root.insert(QLatin1String("nodes"), nodesJson(d.nodes));

    QJsonArray streams;
    for (const StreamSnapshot &s : d.streams) {
        QJsonObject so;
        putName(so, "key", s.key);
        so.insert(QLatin1String("length"), orNull(s.length));
        so.insert(QLatin1String("first_entry_id"), orNull(s.firstEntryId));
        so.insert(QLatin1String("last_generated_id"),
                  s.lastGeneratedId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(displayBytes(s.lastGeneratedId)));
        so.insert(QLatin1String("entries_added"), orNull(s.entriesAdded));
        so.insert(QLatin1String("in_rate"), rateJson(s.inRate));
        so.insert(QLatin1String("max_deleted_entry_id"), orNull(s.maxDeletedEntryId));
        if (!s.error.isEmpty())
            so.insert(QLatin1String("error"), s.error);
        if (const std::optional<FrameworkStream> owner = frameworkStream(d, s.key)) // kept by a job framework, not a pipeline
            so.insert(QLatin1String("framework"), QJsonObject{{QLatin1String("name"), frameworkId(owner->framework)}, {QLatin1String("kind"), owner->what}});
        // Before taken_at_ms when streams are read in turn (poll.refresh_ticks > 1).
        so.insert(QLatin1String("read_at_ms"), s.readAtMs > 0 ? QJsonValue(double(s.readAtMs)) : QJsonValue(QJsonValue::Null));
        if (cluster) {
            so.insert(QLatin1String("node"), s.node);
            so.insert(QLatin1String("shard"), QString::fromLatin1(s.shard));
            so.insert(QLatin1String("stale"), s.stale);
        }
        QJsonArray groups;
        for (const GroupSnapshot &g : s.groups)
            groups.append(groupJson(g));
        so.insert(QLatin1String("groups"), groups);
        streams.append(so);
    }
    root.insert(QLatin1String("streams"), streams);

    QJsonArray dlqs;
    for (const DeadLetterSnapshot &dl : d.deadLetters) {
        QJsonObject o;
        putName(o, "key", dl.key);
        putName(o, "source", dl.source);
        o.insert(QLatin1String("length"), orNull(dl.length));
        o.insert(QLatin1String("newest_entry_ms"), orNull(dl.newestEntryMs));
        QJsonObject categories;
        for (auto it = dl.categories.constBegin(); it != dl.categories.constEnd(); ++it)
            categories.insert(displayBytes(it.key()), double(it.value()));
        o.insert(QLatin1String("categories"), categories);
        o.insert(QLatin1String("categories_sampled"), qint64(dl.categoriesSampled));
        o.insert(QLatin1String("growth"), orNull(dl.growth));
        o.insert(QLatin1String("growth_window_ms"), qint64(dl.growthWindowMs));
        dlqs.append(o);
    }
    root.insert(QLatin1String("dead_letter_streams"), dlqs);

    // The articles' other two queue patterns (docs/QUEUES.md).
    // A queue that could not be read is "unknown", as `check` and the window's
    // ERROR say: its warn verdict is about reading, not about the queue.
    const auto verdict = [](QJsonObject &o, const HealthVerdict &h, const QString &error) {
        o.insert(QLatin1String("status"), error.isEmpty() ? healthName(h.status) : QStringLiteral("unknown"));
        o.insert(QLatin1String("reasons"), reasonsJson(h.reasons));
        putIncident(o, h);
    };
    QJsonArray delayed;
    for (const DelayedQueueSnapshot &q : d.delayedQueues) {
        QJsonObject o;
        putName(o, "key", q.key);
        o.insert(QLatin1String("discovered"), q.discovered);
        o.insert(QLatin1String("size"), orNull(q.size));
        o.insert(QLatin1String("due"), orNull(q.due));
        o.insert(QLatin1String("oldest_overdue_ms"), orNull(q.oldestOverdueMs));
        o.insert(QLatin1String("next_due_in_ms"), orNull(q.nextDueInMs));
        o.insert(QLatin1String("score_unit"), q.scoreUnit.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(q.scoreUnit));
        // Scores that are not times, as the server wrote them (only when seen).
        if (!q.earliestNotTime.isEmpty())
            o.insert(QLatin1String("earliest_due_score_not_a_time"), q.earliestNotTime);
        if (!q.nextNotTime.isEmpty())
            o.insert(QLatin1String("next_score_not_a_time"), q.nextNotTime);
        if (!q.untimedScores.isEmpty())
            o.insert(QLatin1String("no_score_is_a_time"), q.untimedScores);
        if (!q.error.isEmpty())
            o.insert(QLatin1String("error"), q.error);
        verdict(o, q.health, q.error);
        delayed.append(o);
    }
    root.insert(QLatin1String("delayed_queues"), delayed);
    QJsonArray lists;
    for (const ListQueueSnapshot &q : d.listQueues) {
        QJsonObject o;
        putName(o, "key", q.key);
        putName(o, "processing_key", q.processingKey);
        o.insert(QLatin1String("discovered"), q.discovered);
        o.insert(QLatin1String("length"), orNull(q.length));
        o.insert(QLatin1String("processing_length"), orNull(q.processingLength));
        o.insert(QLatin1String("processing_sampled"), qint64(q.sampled));
        o.insert(QLatin1String("processing_undated"), qint64(q.undated));
        o.insert(QLatin1String("stuck_in_sample"), qint64(q.stuck));
        o.insert(QLatin1String("oldest_processing_age_ms"), orNull(q.oldestProcessingAgeMs));
        o.insert(QLatin1String("unserved_for_ms"), orNull(q.unservedForMs));
        o.insert(QLatin1String("unserved_growth"), orNull(q.unservedGrowth));
        if (!q.error.isEmpty())
            o.insert(QLatin1String("error"), q.error);
        verdict(o, q.health, q.error);
        lists.append(o);
    }
    root.insert(QLatin1String("list_queues"), lists);

    // Job frameworks (docs/FRAMEWORKS.md): one object per queue or set,
    // versioned on its own so consumers can follow its growth.
    QJsonArray jobs;
    for (const JobQueueSnapshot &q : d.jobQueues) {
        QJsonObject o;
        o.insert(QLatin1String("framework"), frameworkId(q.framework));
        putName(o, "prefix", q.prefix);
        putName(o, "name", q.name);
        putName(o, "key", q.key);
        o.insert(QLatin1String("version"), q.version.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(q.version));
        o.insert(QLatin1String("waiting"), orNull(q.waiting));
        o.insert(QLatin1String("paused"), q.paused);
        o.insert(QLatin1String("oldest_waiting_ms"), orNull(q.oldestWaitingMs));
        o.insert(QLatin1String("not_taken_for_ms"), orNull(q.notTakenForMs));
        o.insert(QLatin1String("active"), orNull(q.active));
        o.insert(QLatin1String("rate_limit_ms"), orNull(q.rateLimitMs));
        o.insert(QLatin1String("read_at_ms"), q.readAtMs > 0 ? QJsonValue(double(q.readAtMs)) : QJsonValue(QJsonValue::Null));
        o.insert(QLatin1String("orphaned"), orNull(q.orphaned));
        o.insert(QLatin1String("held_sampled"), qint64(q.heldSampled));
        o.insert(QLatin1String("oldest_orphaned_ms"), orNull(q.oldestOrphanedMs));
        o.insert(QLatin1String("scheduled"), orNull(q.scheduled));
        o.insert(QLatin1String("overdue"), orNull(q.overdue));
        o.insert(QLatin1String("oldest_overdue_ms"), orNull(q.oldestOverdueMs));
        o.insert(QLatin1String("failed"), orNull(q.failed));
        o.insert(QLatin1String("newest_failure"), q.newestFailure.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(q.newestFailure));
        o.insert(QLatin1String("workers"), orNull(q.workers));
        o.insert(QLatin1String("dead_workers"), QJsonArray::fromStringList(q.deadWorkers));
        o.insert(QLatin1String("gone_workers"), QJsonArray::fromStringList(q.goneWorkers));
        o.insert(QLatin1String("waiting_children"), orNull(q.waitingChildren));
        o.insert(QLatin1String("stuck_parents"), QJsonArray::fromStringList(q.stuckParents));
        o.insert(QLatin1String("redelivered"), q.redelivered);
        QJsonArray keys; // where the framework keeps this queue's jobs (what its page browses)
        for (const JobPart &part : q.parts) {
            QJsonObject k{{QLatin1String("role"), jobPartRoleId(part.role)}, {QLatin1String("type"), part.sortedSet ? QStringLiteral("zset") : QStringLiteral("list")}};
            putName(k, "key", part.key);
            if (part.sortedSet)
                k.insert(QLatin1String("score"), jobPartScoreId(part.score));
            keys.append(k);
        }
        o.insert(QLatin1String("keys"), keys);
        if (!q.error.isEmpty())
            o.insert(QLatin1String("error"), q.error);
        verdict(o, q.health, q.error);
        jobs.append(o);
    }
    QJsonObject jobSystems;
    jobSystems.insert(QLatin1String("version"), 1);
    jobSystems.insert(QLatin1String("queues"), jobs);
    root.insert(QLatin1String("job_systems"), jobSystems);

    // Server-wide, between two INFO commandstats readings (at most every 10 s); null before the second.
    if (d.activity) {
        const CommandActivity &a = *d.activity;
        QJsonObject o;
        o.insert(QLatin1String("window_ms"), qint64(a.windowMs));
        o.insert(QLatin1String("read_at_ms"), qint64(a.readAtMs));
        o.insert(QLatin1String("xclaim_calls"), qint64(a.xclaimCalls));
        o.insert(QLatin1String("xautoclaim_calls"), qint64(a.xautoclaimCalls));
        o.insert(QLatin1String("claim_failed_calls"), qint64(a.claimFailed));
        o.insert(QLatin1String("claim_rejected_calls"), qint64(a.claimRejected));
        o.insert(QLatin1String("us_per_claim_call"), a.usPerClaimCall ? QJsonValue(*a.usPerClaimCall) : QJsonValue(QJsonValue::Null));
        o.insert(QLatin1String("xack_calls"), qint64(a.xackCalls));
        o.insert(QLatin1String("entries_acked"), orNull(a.entriesAcked));
        o.insert(QLatin1String("duplicate_acks"), a.duplicateAcks);
        o.insert(QLatin1String("note"), a.note.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(a.note));
        root.insert(QLatin1String("activity"), o);
    } else {
        root.insert(QLatin1String("activity"), QJsonValue(QJsonValue::Null));
    }

    // Read from --annotations-stream this poll (a one-shot snapshot: its newest entries).
    QJsonArray annotations;
    for (const PublishedAnnotation &a : d.annotations) {
        QJsonObject o;
        o.insert(QLatin1String("at_ms"), qint64(a.atMs));
        o.insert(QLatin1String("text"), a.text);
        o.insert(QLatin1String("source"), displayBytes(a.from));
        o.insert(QLatin1String("id"), QString::fromLatin1(a.id));
        o.insert(QLatin1String("author"), a.author.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(a.author));
        o.insert(QLatin1String("stream"), a.group.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(displayBytes(a.stream)));
        o.insert(QLatin1String("group"), a.group.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(displayBytes(a.group)));
        annotations.append(o);
    }
    root.insert(QLatin1String("annotations"), annotations);

    QJsonObject poll;
    poll.insert(QLatin1String("tick"), qint64(d.tick));
    poll.insert(QLatin1String("round_trips"), qint64(d.stats.roundTrips));
    poll.insert(QLatin1String("commands"), qint64(d.stats.commands));
    poll.insert(QLatin1String("bytes_out"), qint64(d.stats.bytesOut));
    poll.insert(QLatin1String("bytes_in"), qint64(d.stats.bytesIn));
    poll.insert(QLatin1String("duration_ms"), qint64(d.stats.durationMs));
    poll.insert(QLatin1String("estimated_server_us"), qint64(d.stats.estimatedUs));
    poll.insert(QLatin1String("budget_us"), d.stats.budgetUs > 0 ? QJsonValue(double(d.stats.budgetUs)) : QJsonValue(QJsonValue::Null));
    poll.insert(QLatin1String("deferred_reads"), qint64(d.stats.deferredReads));
    poll.insert(QLatin1String("budget_too_small"), d.stats.budgetTooSmall);
    poll.insert(QLatin1String("budget_note"), d.stats.budgetNote.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(d.stats.budgetNote));
    poll.insert(QLatin1String("groups_read"), qint64(d.stats.groupsRead));
    poll.insert(QLatin1String("groups_known"), qint64(d.stats.groupsKnown));
    poll.insert(QLatin1String("refresh_ticks"), qint64(d.stats.refreshTicks));
    if (!d.warning.isEmpty())
        poll.insert(QLatin1String("warning"), d.warning);
    root.insert(QLatin1String("poll"), poll);
    return root;
}

QByteArray snapshotToJsonBytes(const Snapshot &snapshot, bool indented)
{
    return QJsonDocument(snapshotToJson(snapshot)).toJson(indented ? QJsonDocument::Indented : QJsonDocument::Compact);
}

} // namespace pelscope
