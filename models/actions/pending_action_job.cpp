#include "pending_action_job.h"
#include "../text/display_text.h"

#include "pending_preflight.h"
#include "write_retry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

QString actionFor(PendingActionRequest::Action action)
{
    switch (action) {
    case PendingActionRequest::Action::Claim: return QStringLiteral("claim");
    case PendingActionRequest::Action::Ack: return QStringLiteral("ack");
    case PendingActionRequest::Action::ToDlq: return QStringLiteral("move_to_dlq");
    }
    return {};
}

} // namespace

PendingActionJob::PendingActionJob(ConnectionOptions options, PendingActionRequest request, QObject *parent)
    : WriteJob(Policy{actionFor(request.action), request.auditLogPath, false, request.maxConsecutiveFailures, 50,
                      request.action == PendingActionRequest::Action::ToDlq ? QStringLiteral(":/lua/move_to_dlq.lua") : QString()},
               parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
{
    if (m_request.batchSize < 1)
        m_request.batchSize = 1;
}

QByteArray PendingActionJob::auditTarget() const
{
    switch (m_request.action) {
    case PendingActionRequest::Action::Claim: return m_request.toConsumer;
    case PendingActionRequest::Action::ToDlq: return m_request.dlq;
    case PendingActionRequest::Action::Ack: break;
    }
    return {};
}

QString PendingActionJob::refusal() const
{
    using Action = PendingActionRequest::Action;
    const PendingActionRequest &r = m_request;
    if (r.stream.isEmpty() || r.group.isEmpty())
        return QStringLiteral("a stream and a group are needed");
    if (r.action == Action::Claim && r.toConsumer.isEmpty())
        return QStringLiteral("claim needs the consumer to claim to");
    if (r.ids.isEmpty() && (r.action != Action::Claim || r.fromConsumer.isEmpty()))
        return QStringLiteral("no entries selected");
    if (r.action == Action::ToDlq && r.dlq.isEmpty())
        return QStringLiteral("no dead-letter stream named");
    return {};
}

void PendingActionJob::begin()
{
    m_outcome.counts.total = m_request.ids.isEmpty() ? m_request.limit : m_request.ids.size();
    m_connection = openConnection(m_options);
    m_step = Step::Prepare;
    resume();
}

void PendingActionJob::resume()
{
    switch (m_step) {
    case Step::Prepare: prepare(); break;
    case Step::Select: select(); break;
    case Step::Act: act(); break;
    case Step::Verify: verifyClaim(); break;
    case Step::Recover: recoverMoves(); break;
    }
}

// Reads only: refuse clearly before the first write when the stream, the
// group or the DLQ is not what the request assumes.
void PendingActionJob::prepare()
{
    const RedisBatch batch = preflightBatch(m_request);
    m_connection->execute(batch, this, [this, batch](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        succeeded();
        const RedisError refusal = preflightRefusal(m_request, batch, replies, m_connection->hello().mode == QLatin1String("cluster"));
        if (refusal.isError()) {
            finish(refusal.message, refusal.kind);
            return;
        }
        m_step = Step::Select;
        resume();
    });
}

void PendingActionJob::select()
{
    if (cancelRequested()) {
        finishCancelled();
        return;
    }
    m_batchResent = false;
    if (!m_request.ids.isEmpty()) {
        if (m_idIndex >= m_request.ids.size()) {
            finish();
            return;
        }
        m_batch = m_request.ids.mid(m_idIndex, m_request.batchSize);
        m_batchSize = m_batch.size();
        m_step = Step::Act;
        act();
        return;
    }
    // By owner: only entries already past the guard; XCLAIM checks it again.
    const qint64 want = m_request.limit < 0 ? m_request.batchSize : std::min<qint64>(m_request.batchSize, m_request.limit - m_selected);
    if (want <= 0) {
        finish();
        return;
    }
    const RedisCommand command{"XPENDING", m_request.stream,         m_request.group,       "IDLE", QByteArray::number(m_request.minIdleMs), m_cursor,
                               "+",        QByteArray::number(want), m_request.fromConsumer};
    m_connection->execute({command}, this, [this, command](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        succeeded();
        const RedisReply &page = replies.value(0);
        if (page.isError()) {
            const RedisError e = describeReplyError(command, page);
            finish(e.message, e.kind);
            return;
        }
        if (page.size() == 0) {
            finish();
            return;
        }
        m_batch.clear();
        for (const RedisReply &entry : page.elements())
            m_batch.append(entry.at(0).bytes());
        m_cursor = "(" + m_batch.last();
        m_selected += m_batch.size();
        m_batchSize = 0;
        m_step = Step::Act;
        act();
    });
}

void PendingActionJob::act()
{
    using Action = PendingActionRequest::Action;
    AuditRecord attempt;
    attempt.key = m_request.stream;
    attempt.group = m_request.group;
    attempt.target = auditTarget();
    attempt.ids = m_batch;
    if (!recordAttempt(attempt))
        return;
    Q_EMIT writing(m_batch);
    RedisBatch batch;
    bool reloading = false;
    switch (m_request.action) {
    case Action::Claim: {
        // JUSTID: the payload stays on the server and the delivery count is
        // left alone (an operator's reassignment is not a delivery).
        RedisCommand claim{"XCLAIM", m_request.stream, m_request.group, m_request.toConsumer, QByteArray::number(m_request.minIdleMs)};
        claim += m_batch;
        claim.append("JUSTID");
        batch.append(claim);
        for (const QByteArray &id : std::as_const(m_batch))
            batch.append({"XPENDING", m_request.stream, m_request.group, id, id, "1"});
        break;
    }
    case Action::Ack:
        // One XACK per ID, so each says whether it was still pending.
        for (const QByteArray &id : std::as_const(m_batch))
            batch.append({"XACK", m_request.stream, m_request.group, id});
        break;
    case Action::ToDlq: {
        QList<QByteArray> args{m_request.group, m_request.category, m_request.reason, QByteArray::number(m_request.auditMaxLen),
                               AuditLog::actor().toUtf8()};
        args += m_batch;
        batch = withScript({script().evalsha({m_request.stream, m_request.dlq, m_request.auditStream}, args)}, &reloading);
        break;
    }
    }
    m_connection->execute(batch, this, [this, reloading](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            if (m_request.action == PendingActionRequest::Action::Claim) {
                ++m_outcome.counts.retries;
                m_step = Step::Verify; // re-sending could claim twice or misreport: look first
            } else {
                m_outcome.counts.retries += m_batchResent ? 0 : 1;
                m_batchResent = true; // XACK and the script check pending first: safe to send again
            }
            retryLater(error);
            return;
        }
        const RedisReplies answers = scriptReplies(replies, reloading);
        if (retryDemoted(answers))
            return;
        succeeded();
        switch (m_request.action) {
        case PendingActionRequest::Action::Claim: onClaimed(answers); break;
        case PendingActionRequest::Action::Ack: onAcked(answers); break;
        case PendingActionRequest::Action::ToDlq: onMoved(answers); break;
        }
    });
}

// -READONLY (see write_retry.h): what the demoted server refused goes to the
// new primary once the connection is back; what it did before is recorded.
bool PendingActionJob::retryDemoted(const RedisReplies &replies)
{
    QList<QByteArray> refused;
    RedisReplies doneReplies;
    QList<QByteArray> doneIds;
    RedisReply demotion;
    switch (m_request.action) {
    case PendingActionRequest::Action::Claim:
    case PendingActionRequest::Action::ToDlq:
        // One command for the whole batch (XCLAIM, the script).
        if (!demotedMidJob(replies.value(0), m_options))
            return false;
        demotion = replies.value(0);
        refused = m_batch;
        break;
    case PendingActionRequest::Action::Ack:
        for (qsizetype i = 0; i < m_batch.size(); ++i) {
            if (demotedMidJob(replies.value(i), m_options)) {
                refused.append(m_batch.at(i));
                demotion = replies.value(i);
            } else {
                doneIds.append(m_batch.at(i));
                doneReplies.append(replies.value(i));
            }
        }
        if (refused.isEmpty())
            return false;
        if (!doneIds.isEmpty())
            record(ackOutcomes(doneIds, doneReplies, m_batchResent));
        break;
    }
    m_batch = refused;
    ++m_outcome.counts.retries;
    m_step = Step::Act; // nothing of it was written: send it again as it is
    retryLater(demotedError(m_connection->hello().node, demotion));
    return true;
}

void PendingActionJob::onClaimed(const RedisReplies &replies)
{
    if (replies.value(0).isError()) {
        failBatch("XCLAIM", replies.value(0));
        return;
    }
    record(claimOutcomes(m_batch, replies, m_request.minIdleMs));
    batchSettled();
}

// After a lost XCLAIM reply the PEL says what happened; only entries the lost
// attempt provably did not touch go through the guard again.
void PendingActionJob::verifyClaim()
{
    RedisBatch batch;
    for (const QByteArray &id : std::as_const(m_batch))
        batch.append({"XPENDING", m_request.stream, m_request.group, id, id, "1"});
    m_connection->execute(batch, this, [this](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        succeeded();
        for (const RedisReply &r : replies)
            if (r.isError()) {
                failBatch("XPENDING", r);
                return;
            }
        QList<QByteArray> again;
        record(verifiedClaimOutcomes(m_batch, replies, m_request.toConsumer, m_request.minIdleMs, &again));
        if (again.isEmpty()) {
            batchSettled();
            return;
        }
        m_batch = again;
        m_step = Step::Act;
        act();
    });
}

void PendingActionJob::onAcked(const RedisReplies &replies)
{
    record(ackOutcomes(m_batch, replies, m_batchResent));
    for (const RedisReply &r : replies)
        if (r.isError()) {
            const RedisError e = describeReplyError({"XACK"}, r);
            finish(e.message, e.kind);
            return;
        }
    batchSettled();
}

void PendingActionJob::onMoved(const RedisReplies &replies)
{
    const RedisReply r = replies.value(0);
    if (LuaScript::isNoScript(r)) {
        // The server lost its script cache (restart, SCRIPT FLUSH): nothing ran.
        reloadScript();
        act();
        return;
    }
    if (r.isError()) {
        failBatch("EVALSHA", r);
        return;
    }
    m_unsure.clear();
    const LuaScript::Result result = LuaScript::result(r);
    record(moveOutcomes(result.results, m_batchResent, &m_unsure));
    if (result.partial()) {
        // Moved as the results say; an entry after a failed write was not
        // taken; a missing audit record is said beside the moves.
        QList<PendingOutcome> notTaken;
        for (qsizetype i = result.results.elements().size(); i < m_batch.size(); ++i) {
            PendingOutcome o;
            o.id = m_batch.at(i);
            o.kind = PendingOutcome::Kind::Failed;
            o.note = QStringLiteral("not taken: the script stopped at an earlier entry (%1)").arg(result.stopError);
            notTaken.append(o);
        }
        record(notTaken);
        finish(result.auditError.isEmpty() ? QStringLiteral("a write failed and the script stopped there: %1").arg(result.stopError)
                                           : QStringLiteral("the audit record failed after the entries moved: %1").arg(result.auditError),
               RedisError::Kind::Server);
        return;
    }
    if (m_unsure.isEmpty()) {
        batchSettled();
        return;
    }
    m_step = Step::Recover;
    recoverMoves();
}

// The lost attempt's DLQ entries, if any, are among the newest: finding them
// lets the report say "moved" rather than "not pending".
void PendingActionJob::recoverMoves()
{
    const RedisCommand command{"XREVRANGE", m_request.dlq, "+", "-", "COUNT", QByteArray::number(2 * m_request.batchSize + 100)};
    m_connection->execute({command}, this, [this, command](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        succeeded();
        if (replies.value(0).isError()) {
            const RedisError e = describeReplyError(command, replies.value(0));
            finish(e.message, e.kind);
            return;
        }
        record(recoveredMoveOutcomes(m_unsure, replies.value(0), m_request.stream, m_request.group));
        m_unsure.clear();
        batchSettled();
    });
}

void PendingActionJob::batchSettled()
{
    succeeded();
    m_idIndex += m_batchSize;
    m_batch.clear();
    m_batchSize = 0;
    Q_EMIT progress(m_outcome.counts);
    m_step = Step::Select;
    resume();
}

void PendingActionJob::record(const QList<PendingOutcome> &outcomes)
{
    WriteCounts &c = m_outcome.counts;
    for (const PendingOutcome &o : outcomes) {
        switch (o.kind) {
        case PendingOutcome::Kind::Claimed:
        case PendingOutcome::Kind::Acked:
        case PendingOutcome::Kind::Moved: ++c.done; break;
        case PendingOutcome::Kind::MovedTrimmed:
            ++c.done;
            ++c.trimmed;
            break;
        case PendingOutcome::Kind::NotClaimed: ++c.notClaimed; break;
        case PendingOutcome::Kind::NotPending:
            ++c.notPending;
            c.uncertain += o.afterLostReply ? 1 : 0;
            break;
        case PendingOutcome::Kind::Failed: ++c.failed; break;
        }
        AuditRecord r;
        r.key = m_request.stream;
        r.group = m_request.group;
        r.target = auditTarget();
        r.ids = {o.id};
        if (!o.newId.isEmpty())
            r.newIds = {o.newId};
        r.outcome = o.note.isEmpty() ? o.outcomeName() : o.outcomeName() + QStringLiteral(": ") + o.note;
        audit(r);
        m_outcome.entries.append(o);
    }
}

void PendingActionJob::failBatch(const QByteArray &command, const RedisReply &reply)
{
    const RedisError e = command == "EVALSHA" ? script().describeError(reply) : describeReplyError({command}, reply);
    QList<PendingOutcome> failed;
    for (const QByteArray &id : std::as_const(m_batch)) {
        PendingOutcome o;
        o.id = id;
        o.kind = PendingOutcome::Kind::Failed;
        o.note = displayBytes(reply.bytes());
        failed.append(o);
    }
    record(failed);
    if (reply.errorCode() == "OOM")
        finish(QStringLiteral("the server is out of memory (-OOM): nothing was written or acknowledged for these entries; free memory and run again"),
               e.kind);
    else
        finish(e.message, e.kind);
}

} // namespace pelscope
