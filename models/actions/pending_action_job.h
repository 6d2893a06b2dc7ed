// Actions on pending entries of one consumer group, on their own connection:
// claim (XCLAIM with a min-idle guard), acknowledge (XACK), move to the DLQ
// (one atomic script per batch). One audit record per entry. Only idempotent
// steps are retried after a lost reply; a claim is verified by re-reading the PEL.
#pragma once

#include "../redis/redis_connection.h"
#include "audit_log.h"
#include "lua_script.h"
#include "pending_outcome.h"

#include <QObject>
#include <QTimer>

namespace pelscope {

struct PendingActionRequest
{
    enum class Action { Claim, Ack, ToDlq };

    Action action = Action::Ack;
    QByteArray stream;
    QByteArray group;
    QList<QByteArray> ids;        // the entries; empty with fromConsumer set: select by owner
    QByteArray fromConsumer;      // claim: take this consumer's entries idle >= minIdleMs
    qint64 limit = -1;            // fromConsumer: at most this many (-1: all of them)
    QByteArray toConsumer;        // claim: the new owner
    qint64 minIdleMs = 0;         // claim: an entry idle less than this stays with its owner
    QByteArray dlq;               // to-dlq: the dead-letter stream
    QByteArray category = "manual";
    QByteArray reason = "moved by pelscope";
    int batchSize = 100;
    QByteArray auditStream = "pelscope:audit"; // to-dlq: written by the script ('' = none)
    qint64 auditMaxLen = 100'000;
    QString auditLogPath;         // empty: the default file
    int maxConsecutiveFailures = 1000;
};

struct PendingActionCounts
{
    qint64 done = 0;        // claimed, acknowledged or moved (moved_trimmed included)
    qint64 trimmed = 0;     // moved, but the entry itself was gone from the stream: metadata only
    qint64 notClaimed = 0;  // idle below the guard
    qint64 notPending = 0;
    qint64 uncertain = 0;   // not pending after a lost reply: this run or someone else settled it
    qint64 failed = 0;
    qint64 total = -1;      // -1: unknown (selection by consumer)
    qint64 retries = 0;     // batches re-sent or verified after a lost connection (once per batch)
    qint64 scriptReloads = 0;
};

struct PendingActionResult
{
    PendingActionCounts counts;
    QList<PendingOutcome> outcomes;
    bool cancelled = false;
    QString error;                                  // why it stopped early
    RedisError::Kind errorKind = RedisError::Kind::None;
};

class PendingActionJob : public QObject
{
    Q_OBJECT
public:
    PendingActionJob(ConnectionOptions options, PendingActionRequest request, QObject *parent = nullptr);

    void start();
    void cancel(); // stops after the batch in flight

Q_SIGNALS:
    // Just before a batch that changes data is sent.
    void writing(const QList<QByteArray> &ids);
    void progress(const pelscope::PendingActionCounts &counts);
    void retrying(const QString &why);
    void finished(const pelscope::PendingActionResult &result);

private:
    enum class Step { Prepare, Select, Act, Verify, Recover };

    void run();
    void prepare();
    void select();
    void act();
    bool retryDemoted(const RedisReplies &replies);
    void onClaimed(const RedisReplies &replies);
    void verifyClaim();
    void onAcked(const RedisReplies &replies);
    void onMoved(const RedisReplies &replies);
    void recoverMoves();
    void batchSettled();
    void record(const QList<PendingOutcome> &outcomes);
    void failBatch(const QByteArray &command, const RedisReply &error);
    void retryLater(const RedisError &error);
    void finish(const QString &error = {}, RedisError::Kind kind = RedisError::Kind::None);
    QString actionName() const;
    QByteArray auditTarget() const;

    ConnectionOptions m_options;
    PendingActionRequest m_request;
    RedisConnection *m_connection = nullptr;
    LuaScript m_script;
    AuditLog m_audit;
    PendingActionResult m_result;
    QTimer m_retryTimer{this};
    Step m_step = Step::Prepare;
    qsizetype m_idIndex = 0;        // position in request.ids
    QByteArray m_cursor = "-";      // selection by consumer: XPENDING position
    qint64 m_selected = 0;
    QList<QByteArray> m_batch;      // the entries in hand
    qsizetype m_batchSize = 0;      // how many request.ids the batch consumed
    QList<QByteArray> m_unsure;     // to-dlq: reported not pending after a lost reply
    bool m_batchResent = false;     // the batch's first reply was lost
    bool m_reloadPending = false;
    int m_consecutiveFailures = 0;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::PendingActionCounts)
Q_DECLARE_METATYPE(pelscope::PendingActionResult)
