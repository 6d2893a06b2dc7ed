// Requeues dead letters to their source stream (or deletes them) on its own
// connection: pages through the DLQ, one atomic script call per batch,
// rate-limited, resumable after a connection loss (a retried batch never
// duplicates), audited.
#pragma once

#include "../redis/redis_connection.h"
#include "audit_log.h"
#include "dlq_layout.h"
#include "lua_script.h"

#include <QElapsedTimer>
#include <QMap>
#include <QObject>
#include <QStringList>
#include <QTimer>

namespace pelscope {

struct RequeueRequest
{
    enum class Select { All, Ids, Match };
    enum class Operation { Requeue, Delete };

    Operation operation = Operation::Requeue;
    QByteArray dlq;
    QByteArray target;            // empty: the entry's source_stream, else the naming convention
    // Targets taken as they are. Any other target must be a stream with a
    // consumer group (else nobody reads what is put there): entries bound for
    // one that is missing or has no group are refused, and kept in the DLQ.
    // An explicit `target` is always accepted.
    QList<QByteArray> allowedTargets;
    Select select = Select::All;
    QList<QByteArray> ids;        // Select::Ids
    QByteArray matchField;        // Select::Match: field == value
    QByteArray matchValue;
    int batchSize = 100;
    double ratePerSecond = 0;     // entries per second; 0 = as fast as the server answers
    bool dryRun = false;
    // Requeue one entry (Select::Ids, one ID) with these fields instead of its
    // stored ones: the operator's edit, written as given.
    std::optional<StreamFields> editedFields;
    DlqLayout layout;
    QByteArray auditStream = "pelscope:audit";
    qint64 auditMaxLen = 100'000;
    QString auditLogPath;         // empty: the default file
    int maxConsecutiveFailures = 1000; // then give up (the server stays unreachable)
};

struct RequeueProgress
{
    qint64 requeued = 0;
    qint64 deleted = 0;
    qint64 gone = 0;        // already gone: moved by an earlier attempt, or deleted
    qint64 empty = 0;       // nothing but metadata: left in the DLQ
    qint64 failed = 0;
    qint64 refused = 0;     // kept in the DLQ: target missing or without a group, or a permission missing (nothing written)
    qint64 skipped = 0;     // did not match the filter
    qint64 total = -1;      // estimate; -1 unknown
    qint64 retries = 0;     // batches retried after a lost connection
    qint64 scriptReloads = 0;
};

struct RequeueResult
{
    RequeueProgress counts;
    bool cancelled = false;
    QString error;           // why it stopped early (refused, audit unwritable, gave up)
    QStringList plan;        // dry run: exactly what would be written where
    QMap<QByteArray, QString> refusedTargets; // target -> why its entries were kept
    // DLQ ID -> the new ID in its target, for the first kMaxListedEntries moved
    // (the audit log has all of them).
    QList<QPair<QByteArray, QByteArray>> movedIds;
    static constexpr qsizetype kMaxListedEntries = 1000;
    RedisError::Kind errorKind = RedisError::Kind::None; // Usage: refused before writing; NoPermission: the ACL said no
};

class RequeueJob : public QObject
{
    Q_OBJECT
public:
    RequeueJob(ConnectionOptions options, RequeueRequest request, QObject *parent = nullptr);

    void start();
    void cancel(); // stops after the batch in flight

Q_SIGNALS:
    void progress(const pelscope::RequeueProgress &progress);
    void finished(const pelscope::RequeueResult &result);
    void retrying(const QString &why);

private:
    enum class Step { Fetch, Apply };

    void run();
    void fetchPage();
    void onPage(const RedisReplies &replies);
    void applyBatch();
    void onApplied(const RedisReplies &replies);
    void retryLater(const RedisError &error);
    void finish(const QString &error = {}, RedisError::Kind kind = RedisError::Kind::None);
    std::optional<QByteArray> targetFor(const StreamFields &fields) const;
    void audit(const QByteArray &target, const QList<QByteArray> &ids, const QString &outcome, const QList<QByteArray> &newIds = {});
    QString refusal(const QByteArray &target) const;
    QString actionName() const;
    QByteArray targetPolicy(const QByteArray &target) const;
    void planEntry(const QByteArray &id, const QByteArray &target, const StreamFields &fields);

    ConnectionOptions m_options;
    RequeueRequest m_request;
    RedisConnection *m_connection = nullptr;
    LuaScript m_script;
    AuditLog m_audit;
    RequeueResult m_result;
    QTimer m_retryTimer{this};
    QTimer m_paceTimer{this};
    QElapsedTimer m_clock;
    Step m_step = Step::Fetch;
    QByteArray m_cursor = "-";    // XRANGE position (exclusive after the first page)
    qsizetype m_idIndex = 0;      // Select::Ids position
    // The batch in hand: entries grouped by target stream.
    QList<QPair<QByteArray, QList<QByteArray>>> m_batch;
    QList<QByteArray> m_batchCursor;
    int m_consecutiveFailures = 0;
    bool m_cancelled = false;
    bool m_done = false;
    bool m_reloadPending = false;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::RequeueProgress)
Q_DECLARE_METATYPE(pelscope::RequeueResult)
