#include "cross_slot_requeue_job.h"

#include "../cluster/cluster_node_link.h"
#include "../cluster/cluster_topology.h"
#include "../redis/key_slot.h"
#include "../snapshot/format.h"
#include "audit_log.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace pelscope {

namespace {

// The part of the key Redis hashes: the first non-empty {tag}, else the key.
QByteArray hashedPart(const QByteArray &key)
{
    const qsizetype open = key.indexOf('{');
    if (open >= 0) {
        const qsizetype close = key.indexOf('}', open + 1);
        if (close > open + 1)
            return key.mid(open + 1, close - open - 1);
    }
    return key;
}

QString quoted(const QByteArray &bytes)
{
    return QLatin1Char('"') + displayBytes(bytes).replace(QLatin1Char('"'), QStringLiteral("\\\"")) + QLatin1Char('"');
}

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

QByteArray keyInSlotOf(const QByteArray &key, const QByteArray &suffix)
{
    return "{" + hashedPart(key) + "}" + suffix;
}

RequeuePathPlan planRequeuePath(const QByteArray &dlq, const QByteArray &target)
{
    RequeuePathPlan plan;
    if (keySlot(dlq) == keySlot(target)) {
        plan.path = RequeuePathPlan::Path::Atomic;
        plan.description = QStringLiteral("atomic: %1 and %2 share slot %3, one script moves each batch")
                               .arg(displayBytes(dlq), displayBytes(target)).arg(keySlot(dlq));
        return plan;
    }
    plan.ledgerKey = keyInSlotOf(target, ":pelscope:requeue-ledger");
    if (keySlot(plan.ledgerKey) != keySlot(target)) {
        // A key like "a}b" has no tag a ledger could share.
        plan.description = QStringLiteral("refusing: no ledger key can share the slot of %1, so a retry could not be "
                                          "recognised and an entry could be requeued twice")
                               .arg(displayBytes(target));
        return plan;
    }
    plan.path = RequeuePathPlan::Path::CrossSlotLedger;
    plan.description = QStringLiteral("cross-slot: %1 (slot %2) and %3 (slot %4) differ; each entry is added to the source by a "
                                      "script that records its DLQ ID in the ledger %5, then deleted from the DLQ")
                           .arg(displayBytes(dlq)).arg(keySlot(dlq)).arg(displayBytes(target)).arg(keySlot(target))
                           .arg(displayBytes(plan.ledgerKey));
    return plan;
}

CrossSlotRequeueJob::CrossSlotRequeueJob(ConnectionOptions seed, CrossSlotRequeueRequest request, QObject *parent)
    : QObject(parent)
    , m_seedOptions(std::move(seed))
    , m_request(std::move(request))
    , m_script(LuaScript::fromResource(QStringLiteral(":/lua/cross_slot_requeue.lua")))
    , m_retryTimer(new QTimer(this))
    , m_paceTimer(new QTimer(this))
{
    qRegisterMetaType<pelscope::CrossSlotRequeueResult>();
    m_seedOptions.clientName = "pelscope-writer";
    if (m_request.batchSize < 1)
        m_request.batchSize = 1;
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, [this] {
        if (m_relocate)
            locateNodes();
        else
            fetch();
    });
    m_paceTimer->setSingleShot(true);
    connect(m_paceTimer, &QTimer::timeout, this, &CrossSlotRequeueJob::fetch);
}

// The connections go first, while every member they might call back into is
// still alive; their pending callbacks are dropped unrun.
CrossSlotRequeueJob::~CrossSlotRequeueJob()
{
    m_done = true;
    m_retryTimer->stop();
    m_paceTimer->stop();
    for (RedisConnection *c : {m_seed, m_source, m_dlq == m_source ? nullptr : m_dlq}) {
        if (c) {
            c->disconnect(this);
            delete c;
        }
    }
    m_seed = m_source = m_dlq = nullptr;
}

void CrossSlotRequeueJob::dropConnections()
{
    RedisConnection *seed = m_seed, *source = m_source, *dlq = m_dlq;
    m_seed = m_source = m_dlq = nullptr;
    for (RedisConnection *c : {seed, source, dlq == source ? nullptr : dlq}) {
        if (!c)
            continue;
        c->disconnect(this);
        c->setAutoReconnect(false);
        // Not deleted here: this may run inside one of its own callbacks.
        c->deleteLater();
    }
}

void CrossSlotRequeueJob::start()
{
    m_plan = planRequeuePath(m_request.dlq, m_request.target);
    m_result.path = m_plan.description;
    m_result.ledgerKey = m_plan.ledgerKey;
    if (m_plan.path != RequeuePathPlan::Path::CrossSlotLedger) {
        finish(m_plan.path == RequeuePathPlan::Path::Atomic ? QStringLiteral("same slot: use the atomic requeue (RequeueJob)")
                                                            : m_plan.description,
               RedisError::Kind::Usage);
        return;
    }
    if (!m_script.isValid()) {
        finish(QStringLiteral("the cross-slot requeue script is missing from this build"), RedisError::Kind::Usage);
        return;
    }
    if (m_request.select == CrossSlotRequeueRequest::Select::Ids)
        m_result.total = m_request.ids.size();
    QString refusal;
    if (!m_request.dryRun && !AuditLog(m_request.auditLogPath).ensureWritable(&refusal)) {
        finish(refusal, RedisError::Kind::Usage);
        return;
    }
    m_clock.start();
    locateNodes();
}

void CrossSlotRequeueJob::cancel()
{
    m_cancelled = true;
}

// On a cluster each key is written on the master serving its slot: read the
// slot map on a short-lived connection to the seed (again after a lost
// connection or a -MOVED), then talk to the two masters directly.
void CrossSlotRequeueJob::locateNodes()
{
    if (m_done)
        return;
    if (m_seed) {
        m_seed->disconnect(this);
        m_seed->deleteLater();
    }
    m_seed = new RedisConnection(m_seedOptions, this);
    m_seed->setAutoReconnect(false);
    RedisConnection *seed = m_seed;
    seed->open(); // the batch waits for the handshake
    seed->execute({{"CLUSTER", "SHARDS"}, {"CLUSTER", "SLOTS"}}, this, [this, seed](const RedisReplies &replies, const RedisError &error) {
        if (m_done || seed != m_seed)
            return;
        m_seed = nullptr;
        seed->close();
        seed->deleteLater();
        if (error.isError()) {
            if (error.isConfigurationError())
                finish(error.message, error.kind);
            else
                retry(error.message, true);
            return;
        }
        if (seed->hello().mode != QLatin1String("cluster")) {
            useNodes(m_seedOptions, m_seedOptions); // one server: both slots are here
            return;
        }
        const QString host = m_seedOptions.host;
        QString why;
        auto topology = ClusterTopology::fromShards(replies.value(0), host, &why);
        if (!topology)
            topology = ClusterTopology::fromSlots(replies.value(1), host, &why);
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
        dropConnections();
        m_source = new RedisConnection(source, this);
        m_dlq = dlq.address() == source.address() ? m_source : new RedisConnection(dlq, this);
        m_source->open();
        if (m_dlq != m_source)
            m_dlq->open();
    }
    m_result.sourceNode = source.address();
    m_result.dlqNode = dlq.address();
    fetch();
}

void CrossSlotRequeueJob::fetch()
{
    if (m_done)
        return;
    if (m_cancelled) {
        m_result.cancelled = true;
        finish();
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
        if (m_result.total < 0)
            batch.append({"XLEN", m_request.dlq});
    }
    m_dlq->execute(batch, this, [this, batch](const RedisReplies &replies, const RedisError &error) {
        if (m_done)
            return;
        if (error.isError()) {
            retry(error.message);
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
    m_failures = 0;
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
            m_result.total = replies.at(1).integer();
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
        if (m_request.select == CrossSlotRequeueRequest::Select::Match
            && std::none_of(all.begin(), all.end(), [&](const auto &fv) {
                   return fv.first == m_request.matchField && fv.second == m_request.matchValue;
               })) {
            ++m_pageCounts.skipped;
            continue;
        }
        if (!m_request.targetExplicit) {
            for (const auto &fv : all)
                if (fv.first == "source_stream" && !fv.second.isEmpty() && fv.second != m_request.target) {
                    finish(QStringLiteral("refusing to requeue %1 %2: its source_stream field names %3, not %4 (the stream the DLQ's name "
                                          "suggests); name the target with --to")
                               .arg(displayBytes(m_request.dlq), QString::fromLatin1(id), quoted(fv.second), quoted(m_request.target)),
                           m_result.requeued == 0 ? RedisError::Kind::Usage : RedisError::Kind::Server);
                    return;
                }
        }
        const StreamFields fields = m_request.layout.requeuedFields(all);
        if (fields.isEmpty()) {
            ++m_pageCounts.empty; // nothing to give back; it stays for an operator to read
            if (m_request.dryRun)
                m_result.plan << QStringLiteral("# %1: only metadata fields, would stay in %2")
                                     .arg(QString::fromLatin1(id), displayBytes(m_request.dlq));
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
    QString line = QStringLiteral("XADD %1 *").arg(quoted(m_request.target));
    for (const auto &fv : fields)
        line += QLatin1Char(' ') + quoted(fv.first) + QLatin1Char(' ') + quoted(fv.second.size() > 200 ? fv.second.left(200) + "..." : fv.second);
    m_result.plan << line + QStringLiteral("  (on %1, unless %2 is already in the ledger %3)")
                                .arg(m_result.sourceNode, QString::fromLatin1(id), displayBytes(m_plan.ledgerKey))
                  << QStringLiteral("XDEL %1 %2  (on %3)").arg(quoted(m_request.dlq), QString::fromLatin1(id), m_result.dlqNode);
    ++m_result.requeued;
}

void CrossSlotRequeueJob::apply()
{
    QList<QByteArray> ids;
    for (const auto &entry : std::as_const(m_page))
        ids << entry.first;
    if (QString refusal; !audit(ids, {}, QStringLiteral("attempt"), &refusal)) {
        finish(QStringLiteral("refusing to write: %1 (no audit trail, no write; nothing of this batch was sent)").arg(refusal),
               RedisError::Kind::Usage);
        return;
    }
    RedisBatch batch;
    for (const auto &[id, fields] : std::as_const(m_page)) {
        QList<QByteArray> args{id + '\0' + m_request.dlq, QByteArray::number(m_request.ledgerTtlSeconds),
                               m_request.targetExplicit ? QByteArrayLiteral("any") : QByteArrayLiteral("existing")};
        for (const auto &[field, value] : fields)
            args << field << value;
        batch.append(m_script.evalsha({m_request.target, m_plan.ledgerKey}, args));
    }
    m_source->execute(batch, this, [this](const RedisReplies &replies, const RedisError &error) {
        if (m_done)
            return;
        if (error.isError()) {
            // The reply was lost, not necessarily the write: the page is read
            // again and the ledger recognises what landed.
            retry(error.message);
            return;
        }
        onApplied(replies);
    });
}

void CrossSlotRequeueJob::onApplied(const RedisReplies &replies)
{
    QList<QByteArray> done, fresh, freshNewIds, recovered, recoveredNewIds, failedIds, refusedIds;
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
            RedisError e = m_script.describeError(r);
            if (LuaScript::isRefusedBeforeWriting(r))
                e.kind = RedisError::Kind::NoPermission;
            failure = r.errorCode() == "OOM"
                ? QStringLiteral("the server is out of memory (-OOM): %1 stays in %2; free memory and run again")
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
                if (r.at(0).bytes() == "duplicate") {
                    recovered.append(id);
                    recoveredNewIds.append(newId);
                } else {
                    fresh.append(id);
                    freshNewIds.append(newId);
                }
            }
        }
    }
    m_result.requeued += fresh.size() + recovered.size();
    for (qsizetype i = 0; i < fresh.size() && m_result.movedIds.size() < 1000; ++i)
        m_result.movedIds.append({fresh.at(i), freshNewIds.at(i)});
    for (qsizetype i = 0; i < recovered.size() && m_result.movedIds.size() < 1000; ++i)
        m_result.movedIds.append({recovered.at(i), recoveredNewIds.at(i)});
    m_result.duplicates += recovered.size();
    QString auditError;
    if (!fresh.isEmpty())
        audit(fresh, freshNewIds, QStringLiteral("requeued (cross-slot, ledger %1)").arg(displayBytes(m_plan.ledgerKey)), &auditError);
    if (!recovered.isEmpty())
        audit(recovered, recoveredNewIds,
              QStringLiteral("requeued (cross-slot; found in the ledger %1: added by an attempt whose reply was lost)").arg(displayBytes(m_plan.ledgerKey)),
              &auditError);
    if (!refusedIds.isEmpty()) {
        m_result.refused += refusedIds.size();
        m_result.refusedTargets.insert(m_request.target, refusedWhy);
        audit(refusedIds, {}, QStringLiteral("refused: ") + refusedWhy, &auditError);
    }
    if (!failedIds.isEmpty()) {
        m_result.failed += failedIds.size();
        audit(failedIds, {}, QStringLiteral("failed: ") + displayBytes(failureText), &auditError);
    }
    Q_EMIT progress(m_result);
    if (!auditError.isEmpty()) {
        failure = auditError; // no further writes without a trail
        failureKind = RedisError::Kind::Server;
    }
    if (!failure.isEmpty()) {
        // Delete what did land (it is in the source and the ledger), then stop with the reason.
        remove(done, failure, failureKind);
        return;
    }
    if (reload) {
        // Loaded on this node now; the whole page again (the ledger skips what landed).
        m_source->execute({m_script.load()}, this, [this](const RedisReplies &replies, const RedisError &e) {
            if (m_done)
                return;
            if (e.isError())
                retry(e.message);
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
        if (m_done)
            return;
        if (error.isError()) {
            retry(error.message);
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
    m_failures = 0;
    m_result.gone += m_pageCounts.gone;
    m_result.empty += m_pageCounts.empty;
    m_result.skipped += m_pageCounts.skipped;
    m_pageCounts = {};
    if (m_request.select == CrossSlotRequeueRequest::Select::Ids)
        m_idIndex += m_pageIds;
    else
        m_cursor = m_pageLast;
    m_page.clear();
    m_confirmed.clear();
    Q_EMIT progress(m_result);
    qint64 delay = 0;
    if (m_request.ratePerSecond > 0 && !m_request.dryRun)
        delay = qint64(double(m_result.requeued) * 1000.0 / m_request.ratePerSecond) - m_clock.elapsed();
    m_paceTimer->start(int(std::clamp<qint64>(delay, 0, 60'000)));
}

// A lost connection or reply: start over from the last settled page (after
// reading the slot map again when asked). The ledger turns repeated additions
// into no-ops.
void CrossSlotRequeueJob::retry(const QString &why, bool relocate)
{
    if (m_done)
        return;
    ++m_result.retries;
    m_relocate = m_relocate || relocate;
    if (++m_failures > m_request.maxConsecutiveFailures) {
        finish(QStringLiteral("gave up after %1 failed attempts in a row: %2").arg(m_failures - 1).arg(why), RedisError::Kind::Server);
        return;
    }
    spdlog::info("cross-slot requeue: {}; retrying", why.toStdString());
    Q_EMIT retrying(why);
    m_retryTimer->start(std::min(2000, m_request.retryDelayMs * std::min(m_failures, 20)));
}

bool CrossSlotRequeueJob::audit(const QList<QByteArray> &ids, const QList<QByteArray> &newIds, const QString &outcome, QString *error)
{
    AuditRecord record;
    record.connection = m_seedOptions.redactedUrl();
    record.action = QStringLiteral("requeue");
    record.key = m_request.dlq;
    record.target = m_request.target;
    record.ids = ids;
    record.newIds = newIds;
    record.outcome = outcome;
    QString e;
    if (AuditLog(m_request.auditLogPath).append(record, &e))
        return true;
    spdlog::error("{}", e.toStdString());
    if (error && error->isEmpty())
        *error = e;
    return false;
}

void CrossSlotRequeueJob::finish(const QString &error, RedisError::Kind kind)
{
    if (m_done)
        return;
    m_done = true;
    m_retryTimer->stop();
    m_paceTimer->stop();
    if (!error.isEmpty()) {
        m_result.error = error;
        m_result.errorKind = kind == RedisError::Kind::None ? RedisError::Kind::Server : kind;
    }
    // No reconnect loops once done; the connections are deleted with the job.
    for (RedisConnection *c : {m_seed, m_source, m_dlq})
        if (c)
            c->setAutoReconnect(false);
    spdlog::info("cross-slot requeue {} -> {}: {} requeued, {} found in the ledger, {} retries{}", m_request.dlq.toStdString(),
                 m_request.target.toStdString(), m_result.requeued, m_result.duplicates, m_result.retries,
                 error.isEmpty() ? std::string() : "; " + error.toStdString());
    Q_EMIT finished(m_result);
}

} // namespace pelscope
