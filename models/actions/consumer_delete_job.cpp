#include "consumer_delete_job.h"

namespace pelscope {

ConsumerDeleteJob::ConsumerDeleteJob(ConnectionOptions options, ConsumerDeleteRequest request, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
    , m_script(LuaScript::fromResource(QStringLiteral(":/lua/delete_consumer.lua")))
    , m_audit(m_request.auditLogPath)
{
    qRegisterMetaType<pelscope::ConsumerDeleteResult>();
    m_options.clientName = "pelscope-writer";
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &ConsumerDeleteJob::attempt);
}

void ConsumerDeleteJob::start()
{
    if (!m_script.isValid()) {
        finish(QStringLiteral("the delete-consumer script is missing from this build"), RedisError::Kind::Usage);
        return;
    }
    if (QString refusal; !m_audit.ensureWritable(&refusal)) {
        finish(refusal, RedisError::Kind::Usage);
        return;
    }
    m_connection = new RedisConnection(m_options, this);
    m_connection->open();
    attempt();
}

void ConsumerDeleteJob::attempt()
{
    ++m_attempts;
    AuditRecord attempt;
    attempt.connection = m_options.redactedUrl();
    attempt.action = QStringLiteral("delete_consumer");
    attempt.key = m_request.stream;
    attempt.target = m_request.group + ' ' + m_request.consumer;
    if (QString refusal; !m_audit.recordAttempt(attempt, &refusal)) {
        finish(refusal, RedisError::Kind::Usage);
        return;
    }
    // SCRIPT LOAD in the same round trip: no NOSCRIPT dance for one call.
    const RedisBatch batch{m_script.load(), m_script.evalsha({m_request.stream, m_request.auditStream},
                                                            {m_request.group, m_request.consumer, QByteArray::number(m_request.auditMaxLen),
                                                             AuditLog::actor().toUtf8()})};
    m_connection->execute(batch, this, [this](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            if (error.isConfigurationError() || m_attempts >= m_request.maxAttempts)
                finish(error.message, error.kind);
            else
                m_retryTimer.start(std::min(2000, 100 * m_attempts));
            return;
        }
        const RedisReply &load = replies.value(0);
        const RedisReply &r = replies.value(1);
        if (load.isError() || r.isError()) {
            const RedisError e = load.isError() ? describeReplyError({"SCRIPT", "LOAD"}, load) : m_script.describeError(r);
            finish(e.message, e.kind);
            return;
        }
        if (r.at(0).bytes() == "holds_pending") {
            m_result.holdsPending = r.at(1).integer();
        } else {
            m_result.deleted = true;
        }
        finish();
    });
}

void ConsumerDeleteJob::finish(const QString &error, RedisError::Kind kind)
{
    if (m_done)
        return;
    m_done = true;
    m_result.error = error;
    m_result.errorKind = error.isEmpty() ? RedisError::Kind::None : kind == RedisError::Kind::None ? RedisError::Kind::Server : kind;
    AuditRecord record;
    record.connection = m_options.redactedUrl();
    record.action = QStringLiteral("delete_consumer");
    record.key = m_request.stream;
    record.target = m_request.group + ' ' + m_request.consumer;
    record.outcome = !error.isEmpty()         ? QStringLiteral("failed: ") + error
                     : m_result.holdsPending ? QStringLiteral("refused: holds %1 pending entries").arg(m_result.holdsPending)
                                             : QStringLiteral("deleted");
    if (QString auditError; !m_audit.append(record, &auditError) && m_result.error.isEmpty())
        m_result.error = auditError;
    if (m_connection)
        m_connection->close();
    Q_EMIT finished(m_result);
}

} // namespace pelscope
