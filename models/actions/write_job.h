// One shape for every write Pelscope makes on the monitored Redis. The base
// owns what every write job must do the same way: the checks before the
// first byte (the request, the script, the audit log: no audit trail, no
// write), a connection named pelscope-writer that is closed when the job
// ends, an "attempt" audit record before each batch and one record per
// outcome, retries with a growing delay after a lost connection or reply
// (never after a configuration error) up to a limit of failures in a row,
// -READONLY after a Sentinel failover, a script the server lost (NOSCRIPT),
// cancel (after the batch in flight), pacing, and one outcome type. A job
// keeps only what differs: what it reads, what it sends, what the replies
// mean. Every write it sends must be idempotent by ID, so a retry never
// writes twice (see write_retry.h).
#pragma once

#include "../redis/redis_connection.h"
#include "audit_log.h"
#include "lua_script.h"
#include "write_outcome.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>

class QTimer;

namespace pelscope {

// A key or value as a dry run's plan shows it: quoted, escaped, readable.
QString quotedForPlan(const QByteArray &bytes);
// A field value as a plan shows it: whole up to kPlanValueBytes, else its
// first kPlanValueBytes quoted and its length after the quote
// ("abc..."(1500 bytes)), so a cut never passes for the value's own bytes.
constexpr qsizetype kPlanValueBytes = 200;
QString valueForPlan(const QByteArray &bytes);

class WriteJob : public QObject
{
    Q_OBJECT
public:
    ~WriteJob() override;

    // Refuses (finished() with Kind::Usage, nothing sent) what can be judged
    // without the server, then begins.
    void start();
    // Stops after the batch in flight.
    void cancel() { m_cancelRequested = true; }
    const WriteOutcome &outcome() const { return m_outcome; }

Q_SIGNALS:
    void progress(const pelscope::WriteCounts &counts);
    void retrying(const QString &why);
    void finished(const pelscope::WriteOutcome &outcome);

protected:
    struct Policy
    {
        QString action;       // the audit log's word
        QString auditLogPath; // empty: the default file
        bool dryRun = false;  // reads only: no audit file needed, nothing written
        int maxConsecutiveFailures = 1000;
        int retryDelayMs = 50;  // the n-th failure in a row waits n times this, at most kMaxRetryDelayMs
        QString scriptResource; // ":/lua/....lua"; empty: the job sends plain commands
    };
    static constexpr int kMaxRetryDelayMs = 2000;

    WriteJob(Policy policy, QObject *parent);

    // What is wrong with the request, found before any I/O; empty: nothing.
    virtual QString refusal() const { return {}; }
    // After the checks: connect and take the first step.
    virtual void begin() = 0;
    // The step in hand again: after a retry delay or the pace.
    virtual void resume() = 0;
    // Just before finished(): m_outcome is final (a job that audits its one
    // outcome at the end writes it here).
    virtual void finishing() {}

    // A connection for this job (client name pelscope-writer), opened; closed
    // and never reconnected once the job has finished.
    RedisConnection *openConnection(ConnectionOptions options);
    // Lets go of a connection (a cluster node no longer needed).
    void dropConnection(RedisConnection *connection);

    // A lost connection or reply, or a transient refusal: try again after a
    // delay. A configuration error, or one failure too many in a row, ends it.
    void retryLater(const RedisError &error);
    // A step went through: failures in a row start from zero again.
    void succeeded() { m_failuresInARow = 0; }
    // The next step after `delayMs` (pacing to a rate; 0: at once, queued).
    void resumeAfter(qint64 delayMs);
    // Elapsed since start(): pacing to `entriesPerSecond`, the delay before the next batch.
    qint64 paceDelayMs(qint64 written, double entriesPerSecond) const;

    bool isDone() const { return m_done; }
    bool cancelRequested() const { return m_cancelRequested; }
    // Ends the job: finished() once, whatever calls it again.
    void finish(const QString &error = {}, RedisError::Kind kind = RedisError::Kind::None);
    // Cancelled between batches: nothing in flight.
    void finishCancelled();

    // The audit trail. recordAttempt() before a batch that changes data;
    // false: the job has finished with the refusal and nothing was sent.
    bool recordAttempt(AuditRecord record);
    // One outcome. A trail that can no longer be written stops the job
    // after the batch in flight (no further write without a record).
    bool audit(AuditRecord record);
    // The connection the trail names (a redacted URL).
    void setAuditConnection(const QString &redactedUrl) { m_auditConnection = redactedUrl; }

    // The job's script, when it has one; reloadScript() after NOSCRIPT:
    // withScript() then puts SCRIPT LOAD in front of the next batch, and
    // scriptReplies() takes its reply off again.
    const LuaScript &script() const { return m_script; }
    // One idempotent call of the job's script (SCRIPT LOAD in the same round
    // trip): a lost reply is retried (resume() runs it again), a refusal or
    // a script error finishes the job, else `then` gets the script's result.
    void callScriptOnce(RedisConnection *connection, const QList<QByteArray> &keys, const QList<QByteArray> &args,
                        std::function<void(const LuaScript::Result &result)> then);
    void reloadScript();
    RedisBatch withScript(RedisBatch batch, bool *reloading);
    RedisReplies scriptReplies(const RedisReplies &replies, bool reloading);

    // After a lost reply: did the batch whose record in the audit stream
    // carries `token` run? Every record from `fromMs` (the server's clock
    // read before the batch was sent) on is looked at, page by page, so
    // other writers' records cannot hide it. `then` gets Ran with the
    // record's "items" count, NotRun, or Unknown (no audit stream, or it is
    // at its cap and trimmed past `fromMs`). A lost read is retried
    // (resume() asks again); an error reply ends the job.
    enum class BatchRan { Ran, NotRun, Unknown };
    void findBatchRecord(RedisConnection *connection, const QByteArray &stream, qint64 maxLen, qint64 fromMs, const QByteArray &token,
                         std::function<void(BatchRan ran, qint64 changed)> then);

    const Policy &policy() const { return m_policy; }
    WriteOutcome m_outcome;

private:
    void closeConnections();
    void findBatchRecordFrom(RedisConnection *connection, const QByteArray &stream, qint64 maxLen, qint64 fromMs, const QByteArray &fromId,
                             const QByteArray &token, std::function<void(BatchRan ran, qint64 changed)> then);

    Policy m_policy;
    LuaScript m_script;
    AuditLog m_audit;
    QString m_auditConnection;
    QList<RedisConnection *> m_connections;
    QTimer *m_retryTimer;
    QTimer *m_paceTimer;
    QElapsedTimer m_clock;
    int m_failuresInARow = 0;
    bool m_reloadPending = false;
    bool m_cancelRequested = false;
    bool m_done = false;
};

} // namespace pelscope
