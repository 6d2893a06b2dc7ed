// Requeues dead letters to their source stream (or deletes them) on its own
// connection: pages through the DLQ, one atomic script call per batch,
// rate-limited, resumable after a connection loss (a retried batch never
// duplicates), audited.
#pragma once

#include "../snapshot/dlq_layout.h"
#include "write_job.h"

namespace pelscope {

struct RequeueRequest
{
    enum class Select { All, Ids, Match };
    enum class Operation { Requeue, Delete };

    Operation operation = Operation::Requeue;
    QByteArray dlq;
    QByteArray target; // empty: the entry's source_stream, else the naming convention
    // Targets taken as they are. Any other target must be a stream with a
    // consumer group (else nobody reads what is put there): entries bound for
    // one that is missing or has no group are refused, and kept in the DLQ.
    // An explicit `target` is always accepted.
    QList<QByteArray> allowedTargets;
    Select select = Select::All;
    QList<QByteArray> ids; // Select::Ids
    QByteArray matchField; // Select::Match: field == value
    QByteArray matchValue;
    int batchSize = 100;
    double ratePerSecond = 0; // entries per second; 0 = as fast as the server answers
    bool dryRun = false;
    // Requeue one entry (Select::Ids, one ID) with these fields instead of its
    // stored ones: the operator's edit, written as given.
    std::optional<StreamFields> editedFields;
    DlqLayout layout;
    QByteArray auditStream = kDefaultAuditStream;
    qint64 auditMaxLen = 100'000;
    QString auditLogPath;              // empty: the default file
    int maxConsecutiveFailures = 1000; // then give up (the server stays unreachable)
};

class RequeueJob : public WriteJob
{
    Q_OBJECT
public:
    RequeueJob(ConnectionOptions options, RequeueRequest request, QObject *parent = nullptr);

private:
    enum class Step { Fetch, Apply };

    QString refusal() const override;
    void begin() override;
    void resume() override;
    void fetchPage();
    void onPage(const RedisReplies &replies);
    void applyBatch();
    void onApplied(const RedisReplies &replies);
    std::optional<QByteArray> targetFor(const StreamFields &fields) const;
    void audit(const QByteArray &target, const QList<QByteArray> &ids, const QString &outcome, const QList<QByteArray> &newIds = {});
    QString slotRefusal(const QByteArray &target) const;
    QByteArray targetPolicy(const QByteArray &target) const;
    void planEntry(const QByteArray &id, const QByteArray &target, const StreamFields &fields);

    ConnectionOptions m_options;
    RequeueRequest m_request;
    RedisConnection *m_connection = nullptr;
    Step m_step = Step::Fetch;
    QByteArray m_cursor = "-"; // XRANGE position (exclusive after the first page)
    QByteArray m_endId;        // the newest entry when the run began: none after it is read
    qsizetype m_idIndex = 0;   // Select::Ids position
    // The batch in hand: entries grouped by target stream.
    QList<QPair<QByteArray, QList<QByteArray>>> m_batch;
    QList<QByteArray> m_batchCursor;
};

} // namespace pelscope
