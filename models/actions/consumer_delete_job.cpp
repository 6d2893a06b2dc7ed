#include "consumer_delete_job.h"

#include "../text/fill_text.h"

namespace pelscope {

ConsumerDeleteCall consumerDeleteCall(const ConsumerDeleteRequest &request)
{
    return {{request.stream, request.auditStream},
            {request.group, request.consumer, QByteArray::number(request.auditMaxLen), AuditLog::actor().toUtf8()}};
}

QStringList consumerDeletePlan(const ConsumerDeleteRequest &request)
{
    const ConsumerDeleteCall call = consumerDeleteCall(request);
    const QByteArray &stream = call.keys.at(0), &audit = call.keys.at(1);
    const QByteArray &group = call.args.at(0), &consumer = call.args.at(1), &maxLen = call.args.at(2);
    return {fillText(QStringLiteral("XPENDING %1 %2   -- if %3 holds any entry: stop, change nothing"), quotedForPlan(stream), quotedForPlan(group),
                     quotedForPlan(consumer)),
            fillText(QStringLiteral("XGROUP DELCONSUMER %1 %2 %3"), quotedForPlan(stream), quotedForPlan(group), quotedForPlan(consumer)),
            fillText(QStringLiteral("XADD %1 MAXLEN ~ %2 * action delete_consumer ..."), quotedForPlan(audit), QString::fromLatin1(maxLen))};
}

ConsumerDeleteJob::ConsumerDeleteJob(ConnectionOptions options, ConsumerDeleteRequest request, QObject *parent)
    : WriteJob(Policy{QStringLiteral("delete_consumer"), request.auditLogPath, false, std::max(0, request.maxAttempts - 1), 100,
                      QStringLiteral(":/lua/delete_consumer.lua")},
               parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
{
    m_outcome.counts.total = 1;
}

void ConsumerDeleteJob::begin()
{
    m_connection = openConnection(m_options);
    resume();
}

void ConsumerDeleteJob::resume()
{
    AuditRecord attempt;
    attempt.key = m_request.stream;
    attempt.group = m_request.group;
    attempt.target = m_request.group + ' ' + m_request.consumer;
    if (!recordAttempt(attempt))
        return;
    const ConsumerDeleteCall call = consumerDeleteCall(m_request);
    callScriptOnce(m_connection, call.keys, call.args, [this](const LuaScript::Result &result) {
        if (result.results.at(0).bytes() == "holds_pending") {
            m_outcome.holdsPending = result.results.at(1).integer();
            ++m_outcome.counts.refused;
        } else {
            ++m_outcome.counts.done;
        }
        if (result.partial()) {
            // Deleted, but the audit stream has no record: said as such, not as a refusal.
            finish(QStringLiteral("deleted, but the audit record failed: %1").arg(result.auditError), RedisError::Kind::Server);
            return;
        }
        finish();
    });
}

// One record for the one outcome, whatever ended the job.
void ConsumerDeleteJob::finishing()
{
    AuditRecord record;
    record.key = m_request.stream;
    record.group = m_request.group;
    record.target = m_request.group + ' ' + m_request.consumer;
    record.outcome = !m_outcome.error.isEmpty() && m_outcome.counts.done > 0 ? m_outcome.error
                     : !m_outcome.error.isEmpty()                          ? QStringLiteral("failed: ") + m_outcome.error
                     : m_outcome.holdsPending   ? QStringLiteral("refused: holds %1 pending entries").arg(m_outcome.holdsPending)
                                                : QStringLiteral("deleted");
    if (m_outcome.errorKind != RedisError::Kind::Usage || m_outcome.error.isEmpty())
        audit(record);
}

} // namespace pelscope
