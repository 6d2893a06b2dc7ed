#include "requeue_job.h"

#include "../redis/key_slot.h"
#include "../snapshot/format.h"
#include "write_retry.h"

#include <QFile>
#include <QFileInfo>
#include <QDir>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

QString quoted(const QByteArray &bytes)
{
    return QLatin1Char('"') + displayBytes(bytes).replace(QLatin1Char('"'), QStringLiteral("\\\"")) + QLatin1Char('"');
}

} // namespace

RequeueJob::RequeueJob(ConnectionOptions options, RequeueRequest request, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
    , m_script(LuaScript::fromResource(m_request.operation == RequeueRequest::Operation::Delete ? QStringLiteral(":/lua/delete.lua")
                                       : m_request.editedFields                                  ? QStringLiteral(":/lua/requeue_edited.lua")
                                                                                                 : QStringLiteral(":/lua/requeue.lua")))
    , m_audit(m_request.auditLogPath)
{
    qRegisterMetaType<pelscope::RequeueProgress>();
    qRegisterMetaType<pelscope::RequeueResult>();
    m_options.clientName = "pelscope-writer";
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &RequeueJob::run);
    m_paceTimer.setSingleShot(true);
    connect(&m_paceTimer, &QTimer::timeout, this, &RequeueJob::run);
    if (m_request.batchSize < 1)
        m_request.batchSize = 1;
}

void RequeueJob::start()
{
    if (!m_script.isValid()) {
        finish(QStringLiteral("the %1 script is missing from this build").arg(actionName()), RedisError::Kind::Usage);
        return;
    }
    if (m_request.editedFields
        && (m_request.select != RequeueRequest::Select::Ids || m_request.ids.size() != 1 || m_request.editedFields->isEmpty())) {
        finish(QStringLiteral("an edited requeue takes exactly one entry and at least one field"), RedisError::Kind::Usage);
        return;
    }
    if (QString refusal; !m_request.dryRun && !m_audit.ensureWritable(&refusal)) {
        finish(refusal, RedisError::Kind::Usage);
        return;
    }
    if (m_request.select == RequeueRequest::Select::Ids)
        m_result.counts.total = m_request.ids.size();
    m_connection = new RedisConnection(m_options, this);
    m_connection->open();
    m_clock.start();
    m_step = Step::Fetch;
    run();
}

void RequeueJob::cancel()
{
    m_cancelled = true;
}

void RequeueJob::run()
{
    if (m_done)
        return;
    if (m_step == Step::Fetch) {
        if (m_cancelled) {
            m_result.cancelled = true;
            finish();
            return;
        }
        fetchPage();
    } else {
        applyBatch();
    }
}

void RequeueJob::fetchPage()
{
    RedisBatch batch;
    if (m_request.select == RequeueRequest::Select::Ids) {
        if (m_idIndex >= m_request.ids.size()) {
            finish();
            return;
        }
        m_batchCursor = m_request.ids.mid(m_idIndex, m_request.batchSize);
        for (const QByteArray &id : std::as_const(m_batchCursor))
            batch.append({"XRANGE", m_request.dlq, id, id});
    } else {
        batch.append({"XRANGE", m_request.dlq, m_cursor, "+", "COUNT", QByteArray::number(m_request.batchSize)});
        if (m_result.counts.total < 0)
            batch.append({"XLEN", m_request.dlq});
    }
    m_connection->execute(batch, this, [this](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        onPage(replies);
    });
}

std::optional<QByteArray> RequeueJob::targetFor(const StreamFields &fields) const
{
    if (!m_request.target.isEmpty())
        return m_request.target;
    for (const auto &fv : fields)
        if (fv.first == "source_stream" && !fv.second.isEmpty())
            return fv.second;
    return sourceFromDlqName(m_request.dlq);
}

QString RequeueJob::refusal(const QByteArray &target) const
{
    if (m_connection->hello().mode != QLatin1String("cluster"))
        return {};
    const int slot = keySlot(m_request.dlq);
    if (keySlot(target) != slot)
        return QStringLiteral("refusing to %1: %2 (slot %3) and %4 (slot %5) live in different cluster slots, so one script cannot "
                              "move entries atomically. Name them with a shared hash tag, e.g. {orders} and {orders}:dlq, and an audit "
                              "stream with the same tag.")
            .arg(actionName(), displayBytes(m_request.dlq)).arg(slot).arg(displayBytes(target)).arg(keySlot(target));
    if (!m_request.auditStream.isEmpty() && keySlot(m_request.auditStream) != slot)
        return QStringLiteral("refusing to %1: the audit stream %2 (slot %3) is in another cluster slot than %4 (slot %5), so one "
                              "script cannot write both. Use an audit stream with the DLQ's hash tag, e.g. {orders}:audit.")
            .arg(actionName(), displayBytes(m_request.auditStream)).arg(keySlot(m_request.auditStream)).arg(displayBytes(m_request.dlq)).arg(slot);
    return {};
}

void RequeueJob::onPage(const RedisReplies &replies)
{
    m_consecutiveFailures = 0;
    QList<RedisReply> entries;
    QList<QByteArray> goneNow;
    if (m_request.select == RequeueRequest::Select::Ids) {
        for (int i = 0; i < replies.size(); ++i) {
            const RedisReply &r = replies.at(i);
            if (r.isError()) {
                const RedisError e = describeReplyError({"XRANGE"}, r);
                finish(e.message, e.kind);
                return;
            }
            if (r.size() == 0)
                goneNow.append(m_batchCursor.at(i));
            else
                entries.append(r.at(0));
        }
    } else {
        const RedisReply &page = replies.value(0);
        if (page.isError()) {
            const RedisError e = describeReplyError({"XRANGE"}, page);
            finish(e.message, e.kind);
            return;
        }
        if (replies.size() > 1 && replies.at(1).isInteger())
            m_result.counts.total = replies.at(1).integer();
        if (page.size() == 0) {
            finish();
            return;
        }
        entries = page.elements();
        m_batchCursor = {"(" + entries.last().at(0).bytes()};
    }

    if (!goneNow.isEmpty()) {
        m_result.counts.gone += goneNow.size();
        for (const QByteArray &id : std::as_const(goneNow))
            audit({}, {id}, m_request.dryRun ? QStringLiteral("dry_run: already gone") : QStringLiteral("already_gone"));
    }

    m_batch.clear();
    for (const RedisReply &entry : std::as_const(entries)) {
        const QByteArray id = entry.at(0).bytes();
        const StreamFields fields = fieldsOf(entry);
        if (m_request.select == RequeueRequest::Select::Match) {
            bool matches = false;
            for (const auto &fv : fields)
                matches = matches || (fv.first == m_request.matchField && fv.second == m_request.matchValue);
            if (!matches) {
                ++m_result.counts.skipped;
                continue;
            }
        }
        if (m_request.operation == RequeueRequest::Operation::Delete) {
            if (const QString refused = refusal(m_request.dlq); !refused.isEmpty()) {
                finish(refused, RedisError::Kind::Usage);
                return;
            }
            if (m_request.dryRun) {
                planEntry(id, {}, fields);
                continue;
            }
            if (m_batch.isEmpty())
                m_batch.append({m_request.dlq, {}}); // the script's KEYS[2]: unused, but a key the ACL allows
            m_batch.first().second.append(id);
            continue;
        }
        const auto target = targetFor(fields);
        if (!target) {
            const QString why = QStringLiteral("cannot tell where %1 %2 came from: it has no source_stream field and the DLQ's name "
                                               "follows no known convention; name the target stream (--to)")
                                    .arg(displayBytes(m_request.dlq), QString::fromLatin1(id));
            if (m_result.counts.requeued == 0 && m_result.counts.failed == 0) {
                finish(QStringLiteral("refusing to requeue: ") + why, RedisError::Kind::Usage);
                return;
            }
            ++m_result.counts.failed;
            audit({}, {id}, QStringLiteral("failed: ") + why);
            continue;
        }
        if (const QString refused = refusal(*target); !refused.isEmpty()) {
            finish(refused, RedisError::Kind::Usage);
            return;
        }
        if (m_request.dryRun) {
            planEntry(id, *target, fields);
            continue;
        }
        auto it = std::find_if(m_batch.begin(), m_batch.end(), [&](const auto &g) { return g.first == *target; });
        if (it == m_batch.end())
            m_batch.append({*target, {id}});
        else
            it->second.append(id);
    }

    if (m_batch.isEmpty()) {
        // Nothing to write in this page: move on.
        if (m_request.select == RequeueRequest::Select::Ids)
            m_idIndex += m_batchCursor.size();
        else
            m_cursor = m_batchCursor.value(0, m_cursor);
        Q_EMIT progress(m_result.counts);
        m_step = Step::Fetch;
        run();
        return;
    }
    m_step = Step::Apply;
    applyBatch();
}

void RequeueJob::planEntry(const QByteArray &id, const QByteArray &target, const StreamFields &fields)
{
    const QString dlqId = QString::fromLatin1(id);
    if (m_request.operation == RequeueRequest::Operation::Delete) {
        m_result.plan << QStringLiteral("XDEL %1 %2").arg(quoted(m_request.dlq), dlqId);
        ++m_result.counts.deleted;
        return;
    }
    const StreamFields out = m_request.editedFields ? *m_request.editedFields : m_request.layout.requeuedFields(fields);
    if (out.isEmpty()) {
        ++m_result.counts.empty;
        m_result.plan << QStringLiteral("# %1: only metadata fields, would stay in %2").arg(dlqId, displayBytes(m_request.dlq));
        return;
    }
    QString line = QStringLiteral("XADD %1 *").arg(quoted(target));
    for (const auto &fv : out)
        line += QLatin1Char(' ') + quoted(fv.first) + QLatin1Char(' ') + quoted(fv.second.size() > 200 ? fv.second.left(200) + "..." : fv.second);
    m_result.plan << line << QStringLiteral("XDEL %1 %2").arg(quoted(m_request.dlq), dlqId);
    ++m_result.counts.requeued;
}

void RequeueJob::applyBatch()
{
    for (const auto &group : std::as_const(m_batch)) {
        AuditRecord attempt;
        attempt.connection = m_options.redactedUrl();
        attempt.action = actionName();
        attempt.key = m_request.dlq;
        attempt.target = m_request.operation == RequeueRequest::Operation::Delete ? QByteArray() : group.first;
        attempt.ids = group.second;
        if (QString refusal; !m_audit.recordAttempt(attempt, &refusal)) {
            finish(refusal, RedisError::Kind::Usage);
            return;
        }
    }
    RedisBatch batch;
    if (m_reloadPending)
        batch.append(m_script.load());
    QList<QByteArray> meta = m_request.layout.metadataFields;
    for (const auto &group : std::as_const(m_batch)) {
        QList<QByteArray> args{QByteArray::number(m_request.auditMaxLen), AuditLog::actor().toUtf8()};
        if (m_request.operation == RequeueRequest::Operation::Delete) {
            args += group.second;
        } else if (m_request.editedFields) {
            args += targetPolicy(group.first);
            args += group.second.value(0);
            for (const auto &[name, value] : std::as_const(*m_request.editedFields))
                args << name << value;
        } else {
            args += targetPolicy(group.first);
            args += QByteArray::number(meta.size());
            args += meta;
            args += group.second;
        }
        batch.append(m_script.evalsha({m_request.dlq, group.first, m_request.auditStream}, args));
    }
    const bool reloading = m_reloadPending;
    m_connection->execute(batch, this, [this, reloading](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            // The reply was lost, not necessarily the write: the retry will
            // find moved entries gone, so it cannot duplicate them.
            ++m_result.counts.retries;
            retryLater(error);
            return;
        }
        m_reloadPending = false;
        onApplied(reloading ? replies.mid(1) : replies);
    });
}

void RequeueJob::onApplied(const RedisReplies &replies)
{
    QList<QPair<QByteArray, QList<QByteArray>>> again;
    QList<QPair<QByteArray, QList<QByteArray>>> demoted; // -READONLY: nothing written, send to the new primary
    RedisError demotion;
    QString fatal;
    RedisError::Kind fatalKind = RedisError::Kind::None;
    for (int i = 0; i < replies.size() && i < m_batch.size(); ++i) {
        const RedisReply &r = replies.at(i);
        const auto &group = m_batch.at(i);
        if (LuaScript::isNoScript(r)) {
            again.append(group); // the server lost its script cache (restart, SCRIPT FLUSH)
            continue;
        }
        if (demotedMidJob(r, m_options)) {
            demoted.append(group);
            demotion = demotedError(m_connection->hello().node, r);
            continue;
        }
        if (r.isError() && LuaScript::isRefusedBeforeWriting(r)) {
            // The script checked its permissions before its first write: this
            // batch changed nothing, and neither will the rest.
            const RedisError e = m_script.describeError(r);
            m_result.counts.refused += group.second.size();
            for (const QByteArray &id : group.second)
                audit(group.first, {id}, QStringLiteral("refused: ") + displayBytes(r.bytes()));
            fatal = e.message;
            fatalKind = RedisError::Kind::NoPermission;
            continue;
        }
        if (r.isError()) {
            const RedisError e = m_script.describeError(r);
            m_result.counts.failed += group.second.size();
            for (const QByteArray &id : group.second)
                audit(group.first, {id}, QStringLiteral("failed: ") + displayBytes(r.bytes()));
            fatal = r.errorCode() == "OOM"
                ? QStringLiteral("the server is out of memory (-OOM): nothing was deleted from %1; free memory and run again").arg(displayBytes(m_request.dlq))
                : e.message;
            fatalKind = e.kind;
            continue;
        }
        for (const RedisReply &item : r.elements()) {
            const QByteArray id = item.at(0).bytes();
            const QByteArray outcome = item.at(1).bytes();
            if (outcome == "requeued") {
                ++m_result.counts.requeued;
                if (m_result.movedIds.size() < RequeueResult::kMaxListedEntries)
                    m_result.movedIds.append({id, item.at(2).bytes()});
                audit(group.first, {id}, QStringLiteral("requeued"), {item.at(2).bytes()});
            } else if (outcome == "deleted") {
                ++m_result.counts.deleted;
                audit({}, {id}, QStringLiteral("deleted"));
            } else if (outcome == "gone") {
                ++m_result.counts.gone;
                audit(group.first, {id}, QStringLiteral("already_gone"));
            } else if (outcome == "no_target") {
                ++m_result.counts.refused;
                const QString why = displayBytes(item.at(2).bytes());
                m_result.refusedTargets.insert(group.first, why);
                audit(group.first, {id}, QStringLiteral("refused: ") + why);
            } else {
                ++m_result.counts.empty;
                audit(group.first, {id}, QStringLiteral("left: only metadata fields"));
            }
        }
    }
    Q_EMIT progress(m_result.counts);
    if (!fatal.isEmpty()) {
        finish(fatal, fatalKind);
        return;
    }
    if (!demoted.isEmpty()) {
        // Not a success: the consecutive failures keep counting, so a server
        // that keeps answering READONLY ends the job at the usual limit.
        ++m_result.counts.retries;
        m_batch = demoted + again;
        m_reloadPending = m_reloadPending || !again.isEmpty();
        retryLater(demotion);
        return;
    }
    m_consecutiveFailures = 0;
    if (!again.isEmpty()) {
        ++m_result.counts.scriptReloads;
        m_batch = again;
        m_reloadPending = true;
        applyBatch();
        return;
    }
    // The batch is settled: advance.
    if (m_request.select == RequeueRequest::Select::Ids)
        m_idIndex += m_batchCursor.size();
    else
        m_cursor = m_batchCursor.value(0, m_cursor);
    m_batch.clear();
    m_step = Step::Fetch;
    qint64 delay = 0;
    if (m_request.ratePerSecond > 0) {
        const qint64 done = m_result.counts.requeued + m_result.counts.deleted + m_result.counts.gone + m_result.counts.empty;
        delay = qint64(double(done) * 1000.0 / m_request.ratePerSecond) - m_clock.elapsed();
    }
    m_paceTimer.start(int(std::max<qint64>(0, delay)));
}

void RequeueJob::retryLater(const RedisError &error)
{
    ++m_consecutiveFailures;
    if (error.isConfigurationError() || m_consecutiveFailures > m_request.maxConsecutiveFailures) {
        finish(error.message, error.kind);
        return;
    }
    Q_EMIT retrying(error.message);
    spdlog::info("requeue: {}; retrying", error.message.toStdString());
    m_retryTimer.start(std::min(2000, 50 * m_consecutiveFailures));
}

void RequeueJob::audit(const QByteArray &target, const QList<QByteArray> &ids, const QString &outcome, const QList<QByteArray> &newIds)
{
    if (m_request.dryRun)
        return;
    AuditRecord r;
    r.connection = m_options.redactedUrl();
    r.action = actionName();
    r.key = m_request.dlq;
    r.target = target;
    r.ids = ids;
    r.newIds = newIds;
    r.outcome = outcome;
    QString error;
    if (!m_audit.append(r, &error)) {
        spdlog::error("{}", error.toStdString());
        m_cancelled = true; // no further writes without a trail
        m_result.error = error;
    }
}

QByteArray RequeueJob::targetPolicy(const QByteArray &target) const
{
    const bool named = (!m_request.target.isEmpty() && target == m_request.target) || m_request.allowedTargets.contains(target);
    return named ? QByteArrayLiteral("any") : QByteArrayLiteral("existing");
}

QString RequeueJob::actionName() const
{
    if (m_request.operation == RequeueRequest::Operation::Delete)
        return QStringLiteral("delete");
    return m_request.editedFields ? QStringLiteral("requeue_edited") : QStringLiteral("requeue");
}

void RequeueJob::finish(const QString &error, RedisError::Kind kind)
{
    if (m_done)
        return;
    m_done = true;
    m_retryTimer.stop();
    m_paceTimer.stop();
    if (!error.isEmpty()) {
        m_result.error = error;
        m_result.errorKind = kind == RedisError::Kind::None ? RedisError::Kind::Server : kind;
    }
    if (m_connection)
        m_connection->close();
    Q_EMIT finished(m_result);
}

} // namespace pelscope
