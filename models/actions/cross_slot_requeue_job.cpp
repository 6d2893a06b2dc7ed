#include "cross_slot_requeue_job.h"

#include "../cluster/cluster_node_link.h"
#include "../cluster/cluster_topology.h"
#include "../values/key_slot.h"
#include "../snapshot/format.h"
#include "../text/fill_text.h"
#include "audit_log.h"
#include "../redis/stream_entry.h"

#include <spdlog/spdlog.h>

#include <QRandomGenerator>

#include <algorithm>

namespace pelscope {

namespace {

// Error replies that mean "ask another node, or again later": the command did
// not run, so repeating it (after reading the slot map again) is safe.
bool isRedirect(const RedisReply &r)
{
    if (!r.isError())
        return false;
    const QByteArray code = r.errorCode();
    return code == "MOVED" || code == "ASK" || code == "TRYAGAIN" || code == "CLUSTERDOWN" || code == "LOADING";
}

} // namespace

CrossSlotRequeueJob::CrossSlotRequeueJob(ConnectionOptions seed, CrossSlotRequeueRequest request, QObject *parent)
    : WriteJob(Policy{QStringLiteral("requeue"), request.auditLogPath, request.dryRun, request.maxConsecutiveFailures, request.retryDelayMs,
                      QStringLiteral(":/lua/cross_slot_requeue.lua")},
               parent)
    , m_seedOptions(std::move(seed))
    , m_request(std::move(request))
    , m_plan(planRequeuePath(m_request.dlq, m_request.target))
{
    if (m_request.batchSize < 1)
        m_request.batchSize = 1;
    m_outcome.path = m_plan.description;
    m_outcome.ledgerKey = m_plan.ledgerKey;
    m_token = QByteArray::number(QRandomGenerator::global()->generate64(), 16);
}

QString CrossSlotRequeueJob::refusal() const
{
    if (m_plan.path == RequeuePathPlan::Path::Atomic)
        return QStringLiteral("same slot: use the atomic requeue (RequeueJob)");
    if (m_plan.path != RequeuePathPlan::Path::CrossSlotLedger)
        return m_plan.description;
    return {};
}

void CrossSlotRequeueJob::begin()
{
    if (m_request.select == CrossSlotRequeueRequest::Select::Ids)
        m_outcome.counts.total = m_request.ids.size();
    setAuditConnection(m_seedOptions.redactedUrl());
    locateNodes();
}

void CrossSlotRequeueJob::resume()
{
    if (m_relocate)
        locateNodes();
    else
        fetch();
}

void CrossSlotRequeueJob::dropNodes()
{
    for (RedisConnection *c : {m_seed, m_source, m_dlq == m_source ? nullptr : m_dlq})
        dropConnection(c);
    m_seed = m_source = m_dlq = nullptr;
}

// On a cluster each key is written on the master serving its slot: read the
// slot map on a short-lived connection to the seed (again after a lost
// connection or a -MOVED), then talk to the two masters directly.
void CrossSlotRequeueJob::locateNodes()
{
    dropConnection(m_seed);
    m_seed = openConnection(m_seedOptions); // the batch waits for the handshake
    m_seed->setAutoReconnect(false);
    RedisConnection *seed = m_seed;
    seed->execute({{"CLUSTER", "SHARDS"}, {"CLUSTER", "SLOTS"}}, this, [this, seed](const RedisReplies &replies, const RedisError &error) {
        if (isDone() || seed != m_seed)
            return;
        m_seed = nullptr;
        dropConnection(seed);
        if (error.isError()) {
            retry(error, true);
            return;
        }
        if (seed->hello().mode != QLatin1String("cluster")) {
            useNodes(m_seedOptions, m_seedOptions); // one server: both slots are here
            return;
        }
        const QString host = m_seedOptions.host;
        QString why;
        const auto topology = ClusterTopology::fromShardsOrSlots(replies.value(0), replies.value(1), host, &why);
        const ClusterMaster *source = topology ? topology->masterForKey(m_request.target) : nullptr;
        const ClusterMaster *dlq = topology ? topology->masterForKey(m_request.dlq) : nullptr;
        if (!source || !dlq) {
            retry(QStringLiteral("no master serves the slot of %1 or %2%3")
                      .arg(displayBytes(m_request.target), displayBytes(m_request.dlq), why.isEmpty() ? QString() : QStringLiteral(": ") + why),
                  true);
            return;
        }
        useNodes(nodeOptions(m_seedOptions, *source), nodeOptions(m_seedOptions, *dlq));
    });
}

void CrossSlotRequeueJob::useNodes(const ConnectionOptions &source, const ConnectionOptions &dlq)
{
    m_relocate = false;
    const bool sameSource = m_source && m_source->options().address() == source.address();
    const bool sameDlq = m_dlq && m_dlq->options().address() == dlq.address();
    if (!sameSource || !sameDlq) {
        dropNodes();
        m_source = openConnection(source);
        m_dlq = dlq.address() == source.address() ? m_source : openConnection(dlq);
    }
    m_outcome.sourceNode = source.address();
    m_outcome.dlqNode = dlq.address();
    fetch();
}

void CrossSlotRequeueJob::fetch()
{
    if (cancelRequested()) {
        finishCancelled();
        return;
    }
    RedisBatch batch;
    if (m_request.select == CrossSlotRequeueRequest::Select::Ids) {
        if (m_idIndex >= m_request.ids.size()) {
            finish();
            return;
        }
        for (const QByteArray &id : m_request.ids.mid(m_idIndex, m_request.batchSize))
            batch.append({"XRANGE", m_request.dlq, id, id});
    } else {
        const QByteArray start = m_cursor == "-" ? m_cursor : "(" + m_cursor;
        batch.append({"XRANGE", m_request.dlq, start, "+", "COUNT", QByteArray::number(m_request.batchSize)});
        if (m_outcome.counts.total < 0)
            batch.append({"XLEN", m_request.dlq});
    }
    m_dlq->execute(batch, this, [this, batch](const RedisReplies &replies, const RedisError &error) {
        if (isDone())
            return;
        if (error.isError()) {
            retry(error);
            return;
        }
        for (qsizetype i = 0; i < replies.size(); ++i) {
            const RedisReply &r = replies.at(i);
            if (isRedirect(r)) {
                retry(displayBytes(r.bytes()), true);
                return;
            }
            if (r.isError()) {
                const RedisError e = describeReplyError(batch.value(i), r);
                finish(e.message, e.kind);
                return;
            }
        }
        onPage(replies);
    });
}

void CrossSlotRequeueJob::onPage(const RedisReplies &replies)
{
    succeeded();
    m_page.clear();
    m_pageCounts = {};
    QList<RedisReply> entries;
    if (m_request.select == CrossSlotRequeueRequest::Select::Ids) {
        m_pageIds = replies.size();
        for (qsizetype i = 0; i < replies.size(); ++i) {
            const RedisReply &r = replies.at(i);
            if (r.size() > 0)
                entries.append(r.at(0));
            else if (!m_confirmed.contains(m_request.ids.at(m_idIndex + i)))
                ++m_pageCounts.gone; // (a confirmed one is gone because its XDEL did land)
        }
    } else {
        const RedisReply &page = replies.value(0);
        if (replies.size() > 1 && replies.at(1).isInteger())
            m_outcome.counts.total = replies.at(1).integer();
        if (page.size() == 0) {
            finish();
            return;
        }
        entries = page.elements();
        m_pageLast = entries.last().at(0).bytes();
    }

    for (const RedisReply &entry : std::as_const(entries)) {
        const QByteArray id = entry.at(0).bytes();
        const StreamFields all = fieldsOf(entry);
        if (m_request.select == CrossSlotRequeueRequest::Select::Match && !DlqLayout::fieldMatches(all, m_request.matchField, m_request.matchValue)) {
            ++m_pageCounts.skipped;
            continue;
        }
        if (!m_request.targetExplicit) {
            if (const auto source = DlqLayout::sourceStreamOf(all); source && *source != m_request.target) {
                finish(fillText(QStringLiteral("refusing to requeue %1 %2: its source_stream field names %3, not %4 (the stream the DLQ's name "
                                               "suggests); name the target with --to"),
                                displayBytes(m_request.dlq), QString::fromLatin1(id), quotedForPlan(*source), quotedForPlan(m_request.target)),
                       m_outcome.counts.done == 0 ? RedisError::Kind::Usage : RedisError::Kind::Server);
                return;
            }
        }
        const StreamFields fields = m_request.layout.requeuedFields(all);
        if (fields.isEmpty()) {
            ++m_pageCounts.empty; // nothing to give back; it stays for an operator to read
            if (m_request.dryRun && m_outcome.plan.size() < WriteOutcome::kMaxPlanLines)
                m_outcome.plan
                    << QStringLiteral("# %1: only metadata fields, would stay in %2").arg(QString::fromLatin1(id), displayBytes(m_request.dlq));
            continue;
        }
        if (m_request.dryRun) {
            planEntry(id, fields);
            continue;
        }
        m_page.append({id, fields});
    }
    if (m_page.isEmpty()) {
        settlePage();
        return;
    }
    apply();
}

void CrossSlotRequeueJob::planEntry(const QByteArray &id, const StreamFields &fields)
{
    ++m_outcome.counts.done;
    if (m_outcome.plan.size() >= WriteOutcome::kMaxPlanLines) { // counted, not listed
        ++m_outcome.planLeftOut;
        return;
    }
    QString line = QStringLiteral("XADD %1 *").arg(quotedForPlan(m_request.target));
    for (const auto &fv : fields)
        line += QLatin1Char(' ') + quotedForPlan(fv.first) + QLatin1Char(' ')
                + valueForPlan(fv.second);
    m_outcome.plan << line
                          + QStringLiteral("  (on %1, unless %2 is already in the ledger %3)")
                                .arg(m_outcome.sourceNode, QString::fromLatin1(id), displayBytes(m_plan.ledgerKey))
                   << QStringLiteral("XDEL %1 %2  (on %3)").arg(quotedForPlan(m_request.dlq), QString::fromLatin1(id), m_outcome.dlqNode);
}

void CrossSlotRequeueJob::apply()
{
    QList<QByteArray> ids;
    for (const auto &entry : std::as_const(m_page))
        ids << entry.first;
    AuditRecord attempt;
    attempt.key = m_request.dlq;
    attempt.target = m_request.target;
    attempt.ids = ids;
    if (!recordAttempt(attempt))
        return; // no audit trail, no write: nothing of this batch was sent
    RedisBatch batch;
    for (const auto &[id, fields] : std::as_const(m_page)) {
        QList<QByteArray> args{id + '\0' + m_request.dlq, QByteArray::number(m_request.ledgerTtlSeconds),
                               m_request.targetExplicit ? QByteArrayLiteral("any") : QByteArrayLiteral("existing"), m_token};
        for (const auto &[field, value] : fields)
            args << field << value;
        batch.append(script().evalsha({m_request.target, m_plan.ledgerKey}, args));
    }
    m_source->execute(batch, this, [this](const RedisReplies &replies, const RedisError &error) {
        if (isDone())
            return;
        if (error.isError()) {
            // The reply was lost, not necessarily the write: the page is read
            // again and the ledger recognises what landed.
            retry(error);
            return;
        }
        onApplied(replies);
    });
}

void CrossSlotRequeueJob::onApplied(const RedisReplies &replies)
{
    QList<QByteArray> done, fresh, freshNewIds, recovered, recoveredNewIds, others, othersNewIds, failedIds, refusedIds;
    QString refusedWhy;
    bool reload = false;
    QString redirect, failure;
    RedisError::Kind failureKind = RedisError::Kind::None;
    QByteArray failureText;
    for (qsizetype i = 0; i < replies.size() && i < m_page.size(); ++i) {
        const RedisReply &r = replies.at(i);
        const QByteArray &id = m_page.at(i).first;
        if (LuaScript::isNoScript(r)) {
            reload = true;
        } else if (isRedirect(r)) {
            redirect = displayBytes(r.bytes());
        } else if (r.isArray() && r.size() >= 2 && r.at(0).bytes() == "no_target") {
            refusedIds.append(id); // nothing written: the entry stays in the DLQ
            refusedWhy = displayBytes(r.at(1).bytes());
        } else if (r.isError() || r.size() < 2) {
            const RedisError e = script().describeError(r); // a refusal before writing: NoPermission or Usage
            failure = r.errorCode() == "OOM" ? QStringLiteral("the server is out of memory (-OOM): %1 stays in %2; free memory and run again")
                                                   .arg(QString::fromLatin1(id), displayBytes(m_request.dlq))
                                             : e.message;
            failureKind = e.kind;
            failureText = r.bytes();
            failedIds.append(id);
        } else {
            done.append(id);
            const QByteArray newId = r.at(1).bytes();
            // Counted once per DLQ ID: an XDEL reply lost after this reply
            // brings the page back, and the ledger answers "duplicate".
            if (!m_confirmed.contains(id)) {
                m_confirmed.insert(id);
                if (r.at(0).bytes() == "duplicate" && r.at(2).bytes() != m_token) {
                    // Another run added it (an operator requeueing this DLQ
                    // now, or an earlier run): theirs to count, ours to
                    // take out of the DLQ.
                    others.append(id);
                    othersNewIds.append(newId);
                } else if (r.at(0).bytes() == "duplicate") {
                    recovered.append(id);
                    recoveredNewIds.append(newId);
                } else {
                    fresh.append(id);
                    freshNewIds.append(newId);
                }
            }
        }
    }
    WriteCounts &counts = m_outcome.counts;
    counts.done += fresh.size() + recovered.size();
    for (qsizetype i = 0; i < fresh.size() && m_outcome.movedIds.size() < WriteOutcome::kMaxListedEntries; ++i)
        m_outcome.movedIds.append({fresh.at(i), freshNewIds.at(i)});
    for (qsizetype i = 0; i < recovered.size() && m_outcome.movedIds.size() < WriteOutcome::kMaxListedEntries; ++i)
        m_outcome.movedIds.append({recovered.at(i), recoveredNewIds.at(i)});
    counts.duplicates += recovered.size();
    counts.gone += others.size();
    bool trail = true;
    if (!fresh.isEmpty())
        trail = audit(fresh, freshNewIds, QStringLiteral("requeued (cross-slot, ledger %1)").arg(displayBytes(m_plan.ledgerKey))) && trail;
    if (!recovered.isEmpty())
        trail = audit(recovered, recoveredNewIds,
                      QStringLiteral("requeued (cross-slot; found in the ledger %1: added by an attempt whose reply was lost)")
                          .arg(displayBytes(m_plan.ledgerKey)))
                && trail;
    if (!others.isEmpty())
        trail = audit(others, othersNewIds,
                      fillText(QStringLiteral("already requeued by another run (found in the ledger %1 under its token): removed from the DLQ"),
                               displayBytes(m_plan.ledgerKey)))
                && trail;
    if (!refusedIds.isEmpty()) {
        counts.refused += refusedIds.size();
        m_outcome.refusedTargets.insert(m_request.target, refusedWhy);
        trail = audit(refusedIds, {}, QStringLiteral("refused: ") + refusedWhy) && trail;
    }
    if (!failedIds.isEmpty()) {
        counts.failed += failedIds.size();
        trail = audit(failedIds, {}, QStringLiteral("failed: ") + displayBytes(failureText)) && trail;
    }
    Q_EMIT progress(counts);
    if (!trail) {
        failure = m_outcome.error; // no further writes without a trail
        failureKind = RedisError::Kind::Server;
    }
    if (!failure.isEmpty()) {
        // Delete what did land (it is in the source and the ledger), then stop with the reason.
        remove(done, failure, failureKind);
        return;
    }
    if (reload) {
        // Loaded on this node now; the whole page again (the ledger skips what landed).
        m_source->execute({script().load()}, this, [this](const RedisReplies &replies, const RedisError &e) {
            if (isDone())
                return;
            if (e.isError())
                retry(e);
            else if (replies.value(0).isError())
                finish(displayBytes(replies.value(0).bytes()), describeReplyError({"SCRIPT", "LOAD"}, replies.value(0)).kind);
            else
                apply();
        });
        return;
    }
    if (!redirect.isEmpty()) {
        // The slot moved (or is moving): what landed is in the ledger; the page again on the new owner.
        retry(redirect, true);
        return;
    }
    remove(done, {}, RedisError::Kind::None);
}

void CrossSlotRequeueJob::remove(const QList<QByteArray> &ids, const QString &stopWith, RedisError::Kind stopKind)
{
    if (ids.isEmpty()) {
        if (stopWith.isEmpty())
            settlePage();
        else
            finish(stopWith, stopKind);
        return;
    }
    RedisCommand xdel{"XDEL", m_request.dlq};
    xdel += ids;
    m_dlq->execute({xdel}, this, [this, stopWith, stopKind](const RedisReplies &replies, const RedisError &error) {
        if (isDone())
            return;
        if (error.isError()) {
            retry(error);
            return;
        }
        const RedisReply &r = replies.value(0);
        if (isRedirect(r)) {
            retry(displayBytes(r.bytes()), true);
            return;
        }
        if (r.isError()) {
            const RedisError e = describeReplyError({"XDEL"}, r);
            finish(e.message, e.kind);
            return;
        }
        if (!stopWith.isEmpty()) {
            finish(stopWith, stopKind);
            return;
        }
        settlePage();
    });
}

// The page in hand is done: its counts are final, the cursor moves past it,
// and its IDs can never be read again.
void CrossSlotRequeueJob::settlePage()
{
    succeeded();
    m_outcome.counts.gone += m_pageCounts.gone;
    m_outcome.counts.empty += m_pageCounts.empty;
    m_outcome.counts.skipped += m_pageCounts.skipped;
    m_pageCounts = {};
    if (m_request.select == CrossSlotRequeueRequest::Select::Ids)
        m_idIndex += m_pageIds;
    else
        m_cursor = m_pageLast;
    m_page.clear();
    m_confirmed.clear();
    Q_EMIT progress(m_outcome.counts);
    resumeAfter(paceDelayMs(m_outcome.counts.done, m_request.ratePerSecond));
}

// A lost connection or reply: start over from the last settled page (after
// reading the slot map again when asked). The ledger turns repeated additions
// into no-ops.
void CrossSlotRequeueJob::retry(const QString &why, bool relocate)
{
    RedisError transient;
    transient.kind = RedisError::Kind::Closed; // a redirect, a slot without a master: worth another attempt
    transient.message = why;
    retry(transient, relocate);
}

void CrossSlotRequeueJob::retry(const RedisError &error, bool relocate)
{
    if (isDone())
        return;
    ++m_outcome.counts.retries;
    m_relocate = m_relocate || relocate;
    retryLater(error);
}

bool CrossSlotRequeueJob::audit(const QList<QByteArray> &ids, const QList<QByteArray> &newIds, const QString &outcome)
{
    AuditRecord record;
    record.key = m_request.dlq;
    record.target = m_request.target;
    record.ids = ids;
    record.newIds = newIds;
    record.outcome = outcome;
    return WriteJob::audit(record);
}

} // namespace pelscope
