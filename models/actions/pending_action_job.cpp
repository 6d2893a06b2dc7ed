#include "pending_action_job.h"

#include "../redis/key_slot.h"
#include "../snapshot/format.h"
#include "dlq_layout.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <spdlog/spdlog.h>

namespace pelscope {

QString PendingOutcome::outcomeName() const
{
    switch (kind) {
    case Kind::Claimed: return QStringLiteral("claimed");
    case Kind::NotClaimed: return QStringLiteral("not_claimed");
    case Kind::NotPending: return QStringLiteral("not_pending");
    case Kind::Acked: return QStringLiteral("acked");
    case Kind::Moved: return QStringLiteral("moved");
    case Kind::MovedTrimmed: return QStringLiteral("moved_trimmed");
    case Kind::Failed: return QStringLiteral("failed");
    }
    return {};
}

PendingActionJob::PendingActionJob(ConnectionOptions options, PendingActionRequest request, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
    , m_script(m_request.action == PendingActionRequest::Action::ToDlq ? LuaScript::fromResource(QStringLiteral(":/lua/move_to_dlq.lua"))
                                                                      : LuaScript())
    , m_audit(m_request.auditLogPath)
{
    qRegisterMetaType<pelscope::PendingActionCounts>();
    qRegisterMetaType<pelscope::PendingActionResult>();
    m_options.clientName = "pelscope-writer";
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &PendingActionJob::run);
    if (m_request.batchSize < 1)
        m_request.batchSize = 1;
}

QString PendingActionJob::actionName() const
{
    switch (m_request.action) {
    case PendingActionRequest::Action::Claim: return QStringLiteral("claim");
    case PendingActionRequest::Action::Ack: return QStringLiteral("ack");
    case PendingActionRequest::Action::ToDlq: return QStringLiteral("move_to_dlq");
    }
    return {};
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

void PendingActionJob::start()
{
    using Action = PendingActionRequest::Action;
    const PendingActionRequest &r = m_request;
    QString usage;
    if (r.stream.isEmpty() || r.group.isEmpty())
        usage = QStringLiteral("a stream and a group are needed");
    else if (r.action == Action::Claim && r.toConsumer.isEmpty())
        usage = QStringLiteral("claim needs the consumer to claim to");
    else if (r.ids.isEmpty() && (r.action != Action::Claim || r.fromConsumer.isEmpty()))
        usage = QStringLiteral("no entries selected");
    else if (r.action == Action::ToDlq && r.dlq.isEmpty())
        usage = QStringLiteral("no dead-letter stream named");
    else if (r.action == Action::ToDlq && !m_script.isValid())
        usage = QStringLiteral("the move-to-DLQ script is missing from this build");
    if (!usage.isEmpty()) {
        finish(usage, RedisError::Kind::Usage);
        return;
    }
    // No audit trail, no write.
    QDir().mkpath(QFileInfo(m_audit.path()).absolutePath());
    QFile probe(m_audit.path());
    if (!probe.open(QIODevice::Append | QIODevice::WriteOnly)) {
        finish(QStringLiteral("refusing to write: the audit log %1 cannot be written (%2)").arg(m_audit.path(), probe.errorString()),
               RedisError::Kind::Usage);
        return;
    }
    m_result.counts.total = r.ids.isEmpty() ? r.limit : r.ids.size();
    m_connection = new RedisConnection(m_options, this);
    m_connection->open();
    m_step = Step::Prepare;
    run();
}

void PendingActionJob::cancel()
{
    m_cancelled = true;
}

void PendingActionJob::run()
{
    if (m_done)
        return;
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
    const bool toDlq = m_request.action == PendingActionRequest::Action::ToDlq;
    RedisBatch batch{{"TYPE", m_request.stream}, {"XINFO", "GROUPS", m_request.stream}};
    if (toDlq)
        batch.append({"TYPE", m_request.dlq});
    m_connection->execute(batch, this, [this, batch, toDlq](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        m_consecutiveFailures = 0;
        for (int i = 0; i < replies.size(); ++i)
            if (replies.at(i).isError()) {
                const RedisError e = describeReplyError(batch.at(i), replies.at(i));
                finish(e.message, e.kind);
                return;
            }
        if (replies.value(0).bytes() != "stream") {
            finish(QStringLiteral("refusing: there is no stream named %1").arg(displayBytes(m_request.stream)), RedisError::Kind::Usage);
            return;
        }
        bool groupFound = false;
        const RedisReply groups = replies.value(1);
        for (const RedisReply &g : groups.elements())
            groupFound = groupFound || g.field("name").bytes() == m_request.group;
        if (!groupFound) {
            finish(QStringLiteral("refusing: stream %1 has no consumer group %2").arg(displayBytes(m_request.stream), displayBytes(m_request.group)),
                   RedisError::Kind::Usage);
            return;
        }
        if (toDlq) {
            const QByteArray type = replies.value(2).bytes();
            if (type != "stream" && type != "none") {
                finish(QStringLiteral("refusing: %1 is a %2, not a stream").arg(displayBytes(m_request.dlq), QString::fromUtf8(type)),
                       RedisError::Kind::Usage);
                return;
            }
            const int slot = keySlot(m_request.stream);
            if (m_connection->hello().mode == QLatin1String("cluster")
                && (keySlot(m_request.dlq) != slot || (!m_request.auditStream.isEmpty() && keySlot(m_request.auditStream) != slot))) {
                finish(QStringLiteral("refusing: %1 (slot %2) and %3 (slot %4) live in different cluster slots, so one script cannot move "
                                      "entries atomically. Name them with a shared hash tag, e.g. {orders} and {orders}:dlq, and an "
                                      "audit stream with the same tag.")
                           .arg(displayBytes(m_request.stream)).arg(slot).arg(displayBytes(m_request.dlq)).arg(keySlot(m_request.dlq)),
                       RedisError::Kind::Usage);
                return;
            }
        }
        m_step = Step::Select;
        run();
    });
}

void PendingActionJob::select()
{
    if (m_cancelled) {
        m_result.cancelled = true;
        finish(m_result.error);
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
    const RedisCommand command{"XPENDING", m_request.stream, m_request.group, "IDLE", QByteArray::number(m_request.minIdleMs),
                               m_cursor, "+", QByteArray::number(want), m_request.fromConsumer};
    m_connection->execute({command}, this, [this, command](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        m_consecutiveFailures = 0;
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
    Q_EMIT writing(m_batch);
    RedisBatch batch;
    const bool reloading = m_reloadPending;
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
        if (reloading)
            batch.append(m_script.load());
        QList<QByteArray> args{m_request.group, m_request.category, m_request.reason, QByteArray::number(m_request.auditMaxLen),
                               AuditLog::actor().toUtf8()};
        args += m_batch;
        batch.append(m_script.evalsha({m_request.stream, m_request.dlq, m_request.auditStream}, args));
        break;
    }
    }
    m_connection->execute(batch, this, [this, reloading](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            ++m_result.counts.retries;
            if (m_request.action == PendingActionRequest::Action::Claim)
                m_step = Step::Verify; // re-sending could claim twice or misreport: look first
            else
                m_batchResent = true;  // XACK and the script check pending first: safe to send again
            retryLater(error);
            return;
        }
        m_consecutiveFailures = 0;
        switch (m_request.action) {
        case PendingActionRequest::Action::Claim: onClaimed(replies); break;
        case PendingActionRequest::Action::Ack: onAcked(replies); break;
        case PendingActionRequest::Action::ToDlq:
            m_reloadPending = false;
            onMoved(reloading ? replies.mid(1) : replies);
            break;
        }
    });
}

namespace {

QString idleNote(const RedisReply &pel, qint64 minIdleMs)
{
    const RedisReply &e = pel.at(0);
    return QStringLiteral("owner %1, idle %2 (below the min-idle %3)")
        .arg(displayBytes(e.at(1).bytes()), formatDuration(e.at(2).integer()), formatDuration(minIdleMs));
}

} // namespace

void PendingActionJob::onClaimed(const RedisReplies &replies)
{
    const RedisReply &claim = replies.value(0);
    if (claim.isError()) {
        failBatch("XCLAIM", claim);
        return;
    }
    QSet<QByteArray> claimed;
    for (const RedisReply &id : claim.elements())
        claimed.insert(id.bytes());
    for (int i = 0; i < m_batch.size(); ++i) {
        const QByteArray &id = m_batch.at(i);
        const RedisReply &pel = replies.value(1 + i);
        PendingOutcome o;
        o.id = id;
        if (claimed.contains(id)) {
            o.kind = PendingOutcome::Kind::Claimed;
        } else if (pel.isArray() && pel.size() > 0) {
            o.kind = PendingOutcome::Kind::NotClaimed;
            o.note = idleNote(pel, m_request.minIdleMs);
        } else {
            o.kind = PendingOutcome::Kind::NotPending;
            o.note = QStringLiteral("not in the PEL: acknowledged, or deleted from the stream");
        }
        record(o);
    }
    batchSettled();
}

// After a lost XCLAIM reply: the PEL says what happened. Entries now owned by
// the target were claimed; entries still idle past the guard were not touched
// and go through the guard again; the rest stay reported as they are.
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
        m_consecutiveFailures = 0;
        QList<QByteArray> again;
        for (int i = 0; i < m_batch.size(); ++i) {
            const RedisReply &pel = replies.value(i);
            if (pel.isError()) {
                failBatch("XPENDING", pel);
                return;
            }
        }
        for (int i = 0; i < m_batch.size(); ++i) {
            const QByteArray &id = m_batch.at(i);
            const RedisReply &pel = replies.value(i);
            PendingOutcome o;
            o.id = id;
            o.afterLostReply = true;
            if (pel.size() == 0) {
                o.kind = PendingOutcome::Kind::NotPending;
                o.note = QStringLiteral("not in the PEL after a lost reply: acknowledged, or deleted from the stream");
            } else if (pel.at(0).at(1).bytes() == m_request.toConsumer) {
                o.kind = PendingOutcome::Kind::Claimed;
                o.note = QStringLiteral("confirmed by re-reading the PEL after a lost reply");
            } else if (pel.at(0).at(2).integer() >= m_request.minIdleMs) {
                again.append(id);
                continue;
            } else {
                o.kind = PendingOutcome::Kind::NotClaimed;
                o.note = idleNote(pel, m_request.minIdleMs);
            }
            record(o);
        }
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
    RedisError fatal;
    for (int i = 0; i < m_batch.size(); ++i) {
        const RedisReply &r = replies.value(i);
        PendingOutcome o;
        o.id = m_batch.at(i);
        if (r.isError()) {
            fatal = describeReplyError({"XACK"}, r);
            o.kind = PendingOutcome::Kind::Failed;
            o.note = QString::fromUtf8(r.bytes());
        } else if (r.integer() == 1) {
            o.kind = PendingOutcome::Kind::Acked;
        } else {
            o.kind = PendingOutcome::Kind::NotPending;
            o.afterLostReply = m_batchResent;
            o.note = m_batchResent ? QStringLiteral("not pending after a lost reply: acknowledged by this run or by someone else")
                                   : QStringLiteral("not in the PEL: acknowledged already, or never delivered");
        }
        record(o);
    }
    if (fatal.isError()) {
        finish(fatal.message, fatal.kind);
        return;
    }
    batchSettled();
}

void PendingActionJob::onMoved(const RedisReplies &replies)
{
    const RedisReply &r = replies.value(0);
    if (LuaScript::isNoScript(r)) {
        // The server lost its script cache (restart, SCRIPT FLUSH): nothing ran.
        ++m_result.counts.scriptReloads;
        m_reloadPending = true;
        act();
        return;
    }
    if (r.isError()) {
        failBatch("EVALSHA", r);
        return;
    }
    m_unsure.clear();
    for (const RedisReply &item : r.elements()) {
        PendingOutcome o;
        o.id = item.at(0).bytes();
        const QByteArray outcome = item.at(1).bytes();
        o.newId = item.at(2).bytes();
        if (outcome == "moved") {
            o.kind = PendingOutcome::Kind::Moved;
        } else if (outcome == "moved_trimmed") {
            o.kind = PendingOutcome::Kind::MovedTrimmed;
            o.note = QStringLiteral("the entry was gone from the stream: the DLQ holds its metadata only");
        } else if (m_batchResent) {
            m_unsure.append(o.id); // perhaps moved by the attempt whose reply was lost
            continue;
        } else {
            o.kind = PendingOutcome::Kind::NotPending;
            o.note = QStringLiteral("not in the PEL: acknowledged meanwhile; nothing written to the DLQ");
        }
        record(o);
    }
    if (m_unsure.isEmpty()) {
        batchSettled();
        return;
    }
    m_step = Step::Recover;
    recoverMoves();
}

// The lost attempt's DLQ entries, if any, are the newest ones: find them by
// their source_stream/group/source_id so the report says "moved", not "not pending".
void PendingActionJob::recoverMoves()
{
    const RedisCommand command{"XREVRANGE", m_request.dlq, "+", "-", "COUNT", QByteArray::number(2 * m_request.batchSize + 100)};
    m_connection->execute({command}, this, [this](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        m_consecutiveFailures = 0;
        QHash<QByteArray, QPair<QByteArray, bool>> found; // source id -> DLQ id, metadata only
        const RedisReply newest = replies.value(0);
        for (const RedisReply &entry : newest.elements()) {
            const StreamFields fields = fieldsOf(entry);
            QByteArray source, group, sourceId;
            for (const auto &fv : fields) {
                if (fv.first == "source_stream")
                    source = fv.second;
                else if (fv.first == "group")
                    group = fv.second;
                else if (fv.first == "source_id")
                    sourceId = fv.second;
            }
            // The script writes 7 metadata fields after the original ones.
            if (source == m_request.stream && group == m_request.group && !found.contains(sourceId))
                found.insert(sourceId, {entry.at(0).bytes(), fields.size() == 7});
        }
        for (const QByteArray &id : std::as_const(m_unsure)) {
            PendingOutcome o;
            o.id = id;
            o.afterLostReply = true;
            if (const auto it = found.constFind(id); it != found.constEnd()) {
                o.kind = it->second ? PendingOutcome::Kind::MovedTrimmed : PendingOutcome::Kind::Moved;
                o.newId = it->first;
                o.note = QStringLiteral("moved by the attempt whose reply was lost (found in the DLQ)");
            } else {
                o.kind = PendingOutcome::Kind::NotPending;
                o.note = QStringLiteral("not pending after a lost reply, and not found among the DLQ's newest entries: acknowledged by someone else");
            }
            record(o);
        }
        m_unsure.clear();
        batchSettled();
    });
}

void PendingActionJob::batchSettled()
{
    m_consecutiveFailures = 0;
    m_idIndex += m_batchSize;
    m_batch.clear();
    m_batchSize = 0;
    Q_EMIT progress(m_result.counts);
    m_step = Step::Select;
    run();
}

void PendingActionJob::record(PendingOutcome o)
{
    PendingActionCounts &c = m_result.counts;
    switch (o.kind) {
    case PendingOutcome::Kind::Claimed:
    case PendingOutcome::Kind::Acked:
    case PendingOutcome::Kind::Moved: ++c.done; break;
    case PendingOutcome::Kind::MovedTrimmed: ++c.done; ++c.trimmed; break;
    case PendingOutcome::Kind::NotClaimed: ++c.notClaimed; break;
    case PendingOutcome::Kind::NotPending: ++c.notPending; c.uncertain += o.afterLostReply ? 1 : 0; break;
    case PendingOutcome::Kind::Failed: ++c.failed; break;
    }
    AuditRecord r;
    r.connection = m_options.redactedUrl();
    r.action = actionName();
    r.key = m_request.stream;
    r.target = auditTarget();
    r.ids = {o.id};
    if (!o.newId.isEmpty())
        r.newIds = {o.newId};
    r.outcome = o.note.isEmpty() ? o.outcomeName() : o.outcomeName() + QStringLiteral(": ") + o.note;
    QString error;
    if (!m_audit.append(r, &error)) {
        spdlog::error("{}", error.toStdString());
        m_cancelled = true; // no further writes without a trail
        m_result.error = error;
    }
    m_result.outcomes.append(std::move(o));
}

void PendingActionJob::failBatch(const QByteArray &command, const RedisReply &reply)
{
    const RedisError e = describeReplyError({command}, reply);
    for (const QByteArray &id : std::as_const(m_batch)) {
        PendingOutcome o;
        o.id = id;
        o.kind = PendingOutcome::Kind::Failed;
        o.note = QString::fromUtf8(reply.bytes());
        record(o);
    }
    if (reply.errorCode() == "OOM")
        finish(QStringLiteral("the server is out of memory (-OOM): nothing was written or acknowledged for these entries; free memory and run again"),
               e.kind);
    else
        finish(e.message, e.kind);
}

void PendingActionJob::retryLater(const RedisError &error)
{
    ++m_consecutiveFailures;
    if (error.isConfigurationError() || m_consecutiveFailures > m_request.maxConsecutiveFailures) {
        finish(error.message, error.kind);
        return;
    }
    Q_EMIT retrying(error.message);
    spdlog::info("{}: {}; retrying", actionName().toStdString(), error.message.toStdString());
    m_retryTimer.start(std::min(2000, 50 * m_consecutiveFailures));
}

void PendingActionJob::finish(const QString &error, RedisError::Kind kind)
{
    if (m_done)
        return;
    m_done = true;
    m_retryTimer.stop();
    if (!error.isEmpty()) {
        m_result.error = error;
        m_result.errorKind = kind == RedisError::Kind::None ? RedisError::Kind::Server : kind;
    }
    if (m_connection)
        m_connection->close();
    Q_EMIT finished(m_result);
}

} // namespace pelscope
