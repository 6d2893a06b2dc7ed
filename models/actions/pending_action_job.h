// Actions on pending entries of one consumer group, on their own connection:
// claim (XCLAIM with a min-idle guard), acknowledge (XACK), move to the DLQ
// (one atomic script per batch). One audit record per entry. Only idempotent
// steps are retried after a lost reply; a claim is verified by re-reading the PEL.
#pragma once

#include "write_job.h"

namespace pelscope {

struct PendingActionRequest
{
    enum class Action { Claim, Ack, ToDlq };

    Action action = Action::Ack;
    QByteArray stream;
    QByteArray group;
    QList<QByteArray> ids;   // the entries; empty with fromConsumer set: select by owner
    QByteArray fromConsumer; // claim: take this consumer's entries idle >= minIdleMs
    qint64 limit = -1;       // fromConsumer: at most this many (-1: all of them)
    QByteArray toConsumer;   // claim: the new owner
    qint64 minIdleMs = 0;    // claim: an entry idle less than this stays with its owner
    QByteArray dlq;          // to-dlq: the dead-letter stream
    QByteArray category = "manual";
    QByteArray reason = "moved by pelscope";
    int batchSize = 100;
    QByteArray auditStream = kDefaultAuditStream; // to-dlq: written by the script ('' = none)
    qint64 auditMaxLen = 100'000;
    QString auditLogPath; // empty: the default file
    int maxConsecutiveFailures = 1000;
};

class PendingActionJob : public WriteJob
{
    Q_OBJECT
public:
    PendingActionJob(ConnectionOptions options, PendingActionRequest request, QObject *parent = nullptr);

Q_SIGNALS:
    // Just before a batch that changes data is sent.
    void writing(const QList<QByteArray> &ids);

private:
    enum class Step { Prepare, Select, Act, Verify, Recover };

    QString refusal() const override;
    void begin() override;
    void resume() override;
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
    QByteArray auditTarget() const;

    ConnectionOptions m_options;
    PendingActionRequest m_request;
    RedisConnection *m_connection = nullptr;
    Step m_step = Step::Prepare;
    qsizetype m_idIndex = 0;   // position in request.ids
    QByteArray m_cursor = "-"; // selection by consumer: XPENDING position
    qint64 m_selected = 0;
    QList<QByteArray> m_batch;  // the entries in hand
    qsizetype m_batchSize = 0;  // how many request.ids the batch consumed
    QList<QByteArray> m_unsure; // to-dlq: reported not pending after a lost reply
    bool m_batchResent = false; // the batch's first reply was lost
};

} // namespace pelscope
