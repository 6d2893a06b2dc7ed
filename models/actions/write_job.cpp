#include "write_job.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "../snapshot/stream_id.h"

#include <QTimer>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace pelscope {

QString quotedForPlan(const QByteArray &bytes)
{
    return QLatin1Char('"') + displayBytes(bytes).replace(QLatin1Char('"'), QStringLiteral("\\\"")) + QLatin1Char('"');
}

QString valueForPlan(const QByteArray &bytes)
{
    if (bytes.size() <= kPlanValueBytes)
        return quotedForPlan(bytes);
    return quotedForPlan(bytes.left(kPlanValueBytes)) + QStringLiteral("...(%1 bytes)").arg(bytes.size());
}

WriteJob::WriteJob(Policy policy, QObject *parent)
    : QObject(parent)
    , m_policy(std::move(policy))
    , m_script(m_policy.scriptResource.isEmpty() ? LuaScript() : LuaScript::fromResource(m_policy.scriptResource))
    , m_audit(m_policy.auditLogPath)
    , m_retryTimer(new QTimer(this))
    , m_paceTimer(new QTimer(this))
{
    qRegisterMetaType<pelscope::WriteCounts>();
    qRegisterMetaType<pelscope::WriteOutcome>();
    m_outcome.action = m_policy.action;
    m_retryTimer->setSingleShot(true);
    m_paceTimer->setSingleShot(true);
    for (QTimer *timer : {m_retryTimer, m_paceTimer})
        connect(timer, &QTimer::timeout, this, [this] {
            if (!m_done)
                resume();
        });
}

// The connections go first: their destructors drop pending callbacks unrun,
// so nothing calls back into the job being destroyed.
WriteJob::~WriteJob()
{
    m_done = true;
    const QList<RedisConnection *> connections = std::exchange(m_connections, {});
    for (RedisConnection *c : connections) {
        c->disconnect(this);
        delete c;
    }
}

void WriteJob::start()
{
    if (!m_policy.scriptResource.isEmpty() && !m_script.isValid()) {
        finish(QStringLiteral("the %1 script is missing from this build").arg(m_policy.action), RedisError::Kind::Usage);
        return;
    }
    if (const QString why = refusal(); !why.isEmpty()) {
        finish(why, RedisError::Kind::Usage);
        return;
    }
    if (QString why; !m_policy.dryRun && !m_audit.ensureWritable(&why)) {
        finish(why, RedisError::Kind::Usage);
        return;
    }
    m_clock.start();
    begin();
}

RedisConnection *WriteJob::openConnection(ConnectionOptions options)
{
    options.clientName = "pelscope-writer";
    auto *connection = new RedisConnection(std::move(options), this);
    m_connections.append(connection);
    if (m_auditConnection.isEmpty())
        m_auditConnection = connection->options().redactedUrl();
    connection->open();
    return connection;
}

void WriteJob::dropConnection(RedisConnection *connection)
{
    if (!connection || !m_connections.removeOne(connection))
        return;
    connection->disconnect(this);
    connection->setAutoReconnect(false);
    // Not deleted here: this may run inside one of its own callbacks.
    connection->deleteLater();
}

void WriteJob::closeConnections()
{
    for (RedisConnection *c : std::as_const(m_connections)) {
        c->setAutoReconnect(false);
        c->close();
    }
}

void WriteJob::retryLater(const RedisError &error)
{
    if (m_done)
        return;
    ++m_failuresInARow;
    if (error.isConfigurationError()) {
        finish(error.message, error.kind);
        return;
    }
    if (m_failuresInARow > m_policy.maxConsecutiveFailures) {
        finish(fillText(QStringLiteral("gave up after %1 failed attempts in a row: %2"), m_failuresInARow - 1, error.message),
               error.kind == RedisError::Kind::None ? RedisError::Kind::Server : error.kind);
        return;
    }
    Q_EMIT retrying(error.message);
    spdlog::info("{}: {}; retrying", m_policy.action.toStdString(), error.message.toStdString());
    m_retryTimer->start(std::min(kMaxRetryDelayMs, m_policy.retryDelayMs * m_failuresInARow));
}

void WriteJob::resumeAfter(qint64 delayMs)
{
    if (!m_done)
        m_paceTimer->start(int(std::clamp<qint64>(delayMs, 0, 60'000)));
}

qint64 WriteJob::paceDelayMs(qint64 written, double entriesPerSecond) const
{
    if (entriesPerSecond <= 0 || m_policy.dryRun)
        return 0;
    return std::max<qint64>(0, qint64(double(written) * 1000.0 / entriesPerSecond) - m_clock.elapsed());
}

void WriteJob::finish(const QString &error, RedisError::Kind kind)
{
    if (m_done)
        return;
    m_done = true;
    m_retryTimer->stop();
    m_paceTimer->stop();
    if (!error.isEmpty()) {
        m_outcome.error = error;
        m_outcome.errorKind = kind;
    }
    finishing();
    if (!m_outcome.error.isEmpty() && m_outcome.errorKind == RedisError::Kind::None)
        m_outcome.errorKind = RedisError::Kind::Server; // e.g. the audit trail broke mid-run
    closeConnections();
    spdlog::info("{}: {} done, {} gone, {} refused, {} failed, {} retries{}", m_policy.action.toStdString(), m_outcome.counts.done,
                 m_outcome.counts.gone, m_outcome.counts.refused, m_outcome.counts.failed, m_outcome.counts.retries,
                 m_outcome.error.isEmpty() ? std::string() : "; " + m_outcome.error.toStdString());
    Q_EMIT finished(m_outcome);
}

void WriteJob::finishCancelled()
{
    m_outcome.cancelled = true;
    finish();
}

bool WriteJob::recordAttempt(AuditRecord record)
{
    if (m_policy.dryRun)
        return true;
    record.connection = m_auditConnection;
    record.action = m_policy.action;
    if (QString why; !m_audit.recordAttempt(record, &why)) {
        finish(why, RedisError::Kind::Usage);
        return false;
    }
    return true;
}

bool WriteJob::audit(AuditRecord record)
{
    if (m_policy.dryRun)
        return true;
    record.connection = m_auditConnection;
    record.action = m_policy.action;
    QString error;
    if (m_audit.append(record, &error))
        return true;
    spdlog::error("{}", error.toStdString());
    m_cancelRequested = true; // no further writes without a trail
    if (m_outcome.error.isEmpty())
        m_outcome.error = error;
    return false;
}

void WriteJob::callScriptOnce(RedisConnection *connection, const QList<QByteArray> &keys, const QList<QByteArray> &args,
                              std::function<void(const LuaScript::Result &result)> then)
{
    const RedisBatch batch{m_script.load(), m_script.evalsha(keys, args)};
    connection->execute(batch, this, [this, then = std::move(then)](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error); // the script is idempotent: a lost reply is simply retried
            return;
        }
        const RedisReply &load = replies.value(0);
        const RedisReply &r = replies.value(1);
        if (load.isError() || r.isError()) {
            const RedisError e = load.isError() ? describeReplyError({"SCRIPT", "LOAD"}, load) : m_script.describeError(r);
            finish(e.message, e.kind);
            return;
        }
        then(LuaScript::result(r));
    });
}

void WriteJob::reloadScript()
{
    m_reloadPending = true;
    ++m_outcome.counts.scriptReloads;
}

RedisBatch WriteJob::withScript(RedisBatch batch, bool *reloading)
{
    *reloading = m_reloadPending;
    if (m_reloadPending)
        batch.prepend(m_script.load());
    return batch;
}

RedisReplies WriteJob::scriptReplies(const RedisReplies &replies, bool reloading)
{
    if (!reloading)
        return replies;
    m_reloadPending = false;
    return replies.mid(1);
}

void WriteJob::findBatchRecord(RedisConnection *connection, const QByteArray &stream, qint64 maxLen, qint64 fromMs, const QByteArray &token,
                               std::function<void(BatchRan ran, qint64 changed)> then)
{
    if (stream.isEmpty()) {
        then(BatchRan::Unknown, 0); // nothing to look for
        return;
    }
    findBatchRecordFrom(connection, stream, maxLen, fromMs, QByteArray::number(fromMs) + "-0", token, std::move(then));
}

void WriteJob::findBatchRecordFrom(RedisConnection *connection, const QByteArray &stream, qint64 maxLen, qint64 fromMs,
                                   const QByteArray &fromId, const QByteArray &token, std::function<void(BatchRan ran, qint64 changed)> then)
{
    constexpr int kPage = 1000;
    const RedisBatch batch{{"XRANGE", stream, fromId, "+", "COUNT", QByteArray::number(kPage)}, {"XLEN", stream}, {"XRANGE", stream, "-", "+", "COUNT", "1"}};
    connection->execute(batch, this, [=, this](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        for (qsizetype i = 0; i < replies.size(); ++i)
            if (replies.at(i).isError()) {
                const RedisError e = describeReplyError(batch.at(i), replies.at(i));
                finish(e.message, e.kind);
                return;
            }
        succeeded();
        const QList<RedisReply> entries = replies.value(0).elements();
        for (const RedisReply &entry : entries) {
            const QList<RedisReply> fields = entry.at(1).elements();
            QByteArray found;
            qint64 changed = -1;
            for (qsizetype i = 0; i + 1 < fields.size(); i += 2) {
                if (fields.at(i).bytes() == "batch")
                    found = fields.at(i + 1).bytes();
                else if (fields.at(i).bytes() == "items")
                    changed = fields.at(i + 1).bytes().toLongLong();
            }
            if (found == token && changed >= 0) {
                then(BatchRan::Ran, changed);
                return;
            }
        }
        if (entries.size() == kPage) {
            const std::optional<StreamId> last = StreamId::parse(entries.last().at(0).bytes());
            if (!last) { // not an ID: no next page to ask for
                then(BatchRan::Unknown, 0);
                return;
            }
            findBatchRecordFrom(connection, stream, maxLen, fromMs, last->next().toBytes(), token, then);
            return;
        }
        // Not found. Trimmed away (the stream is at its cap and its oldest
        // record is newer than the batch): nothing can tell.
        const qint64 length = replies.value(1).integer();
        const auto oldest = StreamId::parse(replies.value(2).at(0).at(0).bytes());
        then(length >= maxLen && oldest && qint64(oldest->ms) > fromMs ? BatchRan::Unknown : BatchRan::NotRun, 0);
    });
}

} // namespace pelscope
