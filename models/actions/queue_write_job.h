// Writes to a delayed queue or a reliable list (docs/QUEUES.md): requeue the
// items stuck in a processing list, delete them, run delayed tasks now,
// reschedule or delete them. One script call per bounded batch on its own
// connection, audited. A script runs whole or not at all, and its audit
// record in the audit stream carries the batch's token: after a lost reply
// the job looks for it, counts a batch that ran, and sends one that did not
// again (items chosen by age are chosen again from what the server holds
// now). No item is moved twice or lost, and the counts are the server's.
#pragma once

#include "../probe/queue_config.h"
#include "write_job.h"

#include <functional>
#include <optional>

namespace pelscope {

struct QueueWriteRequest
{
    enum class Operation {
        Requeue,       // processing list -> main list
        DeleteFromList, // from the processing list
        Reschedule,    // a delayed queue's members to `score` (run now: the server's time)
        DeleteDelayed, // a delayed queue's members
    };
    Operation operation = Operation::Requeue;
    QByteArray key;     // the processing list, or the sorted set
    QByteArray mainKey; // Requeue: where the items go

    // Named items (list values or members, byte for byte): every occurrence of
    // each. Empty with a list operation: the processing list is read from its
    // oldest end in batches and the items at least `olderThanMs` old by their
    // timestamp field are chosen (`includeUndated`: also those without one).
    QList<QByteArray> items;
    qint64 olderThanMs = -1;
    bool includeUndated = false;
    QList<QByteArray> timestampFields{"timestamp", "ts", "enqueued_at"};
    qint64 limit = 0; // at most this many items; 0: all that match

    // Reschedule: the new due time in ms since the epoch; unset: run now (the
    // server's TIME when the job starts). Written in the set's unit.
    std::optional<qint64> dueMs;
    qint64 dueInMs = 0; // without dueMs: due this long after the server's TIME
    ScoreUnit scoreUnit = ScoreUnit::Auto; // Auto: from the set's scores (scoreUnitFrom), refused when they cannot tell

    int batchSize = 100;
    bool dryRun = false; // read and plan; write nothing
    QByteArray auditStream = kDefaultAuditStream;
    qint64 auditMaxLen = 100'000;
    QString auditLogPath; // empty: the default file
    int maxConsecutiveFailures = 1000;

    bool onList() const { return operation == Operation::Requeue || operation == Operation::DeleteFromList; }
    bool byAge() const { return onList() && items.isEmpty(); }
};

// The audit log's word for an operation: queue_requeue, queue_delete,
// queue_reschedule, queue_delete_delayed.
QString queueActionName(QueueWriteRequest::Operation operation);

// The outcome in one line, the same for pelscope-cli and the window: "moved 3
// items back to "jobs" from "jobs:processing", 2 items left in place (younger
// than 5m00s, or with no timestamp)". `dryRun`: "would move ...".
QString describeQueueWrite(const QueueWriteRequest &request, const WriteOutcome &outcome, bool dryRun);

class QueueWriteJob : public WriteJob
{
    Q_OBJECT
public:
    QueueWriteJob(ConnectionOptions options, QueueWriteRequest request, QObject *parent = nullptr);

    // Reschedule: the score written (known once the job has read TIME).
    std::optional<double> score() const { return m_score; }

private:
    enum class Step { Inspect, Fetch, Check, Apply, Settle };

    QString refusal() const override;
    void begin() override;
    void resume() override;
    void read(const RedisBatch &batch, std::function<void(const RedisReplies &)> then);
    void inspect();
    void onInspected(const RedisReplies &replies);
    void fetchPage();
    void onPage(const RedisReplies &replies);
    void nextNamedBatch();
    void applyBatch();
    void onApplied(const RedisReplies &replies);
    void settleLostBatch();
    void batchUnknown();
    void afterBatch(qint64 changed);
    void fetchAgain();
    void planBatch();
    bool limitReached() const;
    void auditBatch(const QString &outcome, qint64 changed);

    ConnectionOptions m_options;
    QueueWriteRequest m_request;
    RedisConnection *m_connection = nullptr;
    Step m_step = Step::Inspect;
    qint64 m_nowMs = 0;
    std::optional<double> m_score;
    qint64 m_keptFromOldest = 0; // by age: items of the processing list's oldest end looked at and left
    qint64 m_pageKept = 0;       // of those, the ones the page in hand left
    qsizetype m_namedIndex = 0;  // named items: the next one to send
    bool m_lastPage = false;
    QList<QByteArray> m_batch; // the items in hand, oldest first
    QByteArray m_batchToken;   // the batch in hand's name in the audit stream
    qint64 m_batches = 0;
};

} // namespace pelscope
