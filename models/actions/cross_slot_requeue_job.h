// Requeues a dead-letter stream whose source lives in another cluster slot
// (so no single script may touch both): per entry, a script on the source's
// node XADDs it and records its DLQ ID in a ledger hash sharing the source's
// hash tag, skipping IDs already recorded; then XDEL on the DLQ's node. A retry
// after a lost reply finds the ID in the ledger: every entry lands exactly once.
#pragma once

#include "../redis/redis_connection.h"
#include "dlq_layout.h"
#include "lua_script.h"

#include <QElapsedTimer>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QTimer>

namespace pelscope {

// Which path a requeue from `dlq` to `target` takes, said before anything is written.
struct RequeuePathPlan
{
    enum class Path { Atomic, CrossSlotLedger, Refused };
    Path path = Path::Refused;
    QByteArray ledgerKey;  // CrossSlotLedger: "{<source's hash tag or key>}:pelscope:requeue-ledger"
    QString description;   // for the plan shown to the operator, or the refusal
};
RequeuePathPlan planRequeuePath(const QByteArray &dlq, const QByteArray &target);

// "{<the part of `key` Redis hashes>}<suffix>": a key in `key`'s slot.
QByteArray keyInSlotOf(const QByteArray &key, const QByteArray &suffix);

struct CrossSlotRequeueRequest
{
    enum class Select { All, Ids, Match };

    QByteArray dlq;
    QByteArray target;             // the source stream
    // False: the target was inferred (the DLQ's name); an entry whose
    // source_stream field names another stream then stops the run.
    bool targetExplicit = true;
    Select select = Select::All;
    QList<QByteArray> ids;         // Select::Ids
    QByteArray matchField;         // Select::Match: field == value
    QByteArray matchValue;
    bool dryRun = false;           // read only: the plan of what would be written
    double ratePerSecond = 0;      // entries per second; 0 = as fast as the servers answer
    int batchSize = 50;
    int ledgerTtlSeconds = 7 * 86'400; // the ledger outlives any retry, then expires
    DlqLayout layout;
    QString auditLogPath;          // empty: the default file
    int retryDelayMs = 100;
    int maxConsecutiveFailures = 300;
};

struct CrossSlotRequeueResult
{
    qint64 requeued = 0;    // each DLQ entry once, also when its reply was lost
    qint64 duplicates = 0;  // of those, found in the ledger: added by an attempt whose reply was lost
    qint64 gone = 0;        // --id entries no longer in the DLQ
    qint64 empty = 0;       // metadata only: left in the DLQ
    qint64 skipped = 0;     // did not match the filter
    qint64 failed = 0;      // the script refused them (e.g. -OOM, NOPERM): left in the DLQ
    qint64 refused = 0;     // the target is missing or has no group: left in the DLQ
    QMap<QByteArray, QString> refusedTargets; // target -> why its entries were kept
    QList<QPair<QByteArray, QByteArray>> movedIds; // DLQ ID -> new ID, the first 1000
    qint64 total = -1;      // DLQ length when first read; -1 unknown
    qint64 retries = 0;     // attempts repeated after a lost connection or reply
    bool cancelled = false;
    QString path;
    QByteArray ledgerKey;
    QString sourceNode, dlqNode;
    QStringList plan;       // dry run: what would be written where
    QString error;          // why it stopped early
    RedisError::Kind errorKind = RedisError::Kind::None; // Usage: refused before writing
};

class CrossSlotRequeueJob : public QObject
{
    Q_OBJECT
public:
    CrossSlotRequeueJob(ConnectionOptions seed, CrossSlotRequeueRequest request, QObject *parent = nullptr);
    ~CrossSlotRequeueJob() override;

    void start();
    void cancel(); // stops after the batch in flight

Q_SIGNALS:
    void progress(const pelscope::CrossSlotRequeueResult &result);
    void retrying(const QString &why);
    void finished(const pelscope::CrossSlotRequeueResult &result);

private:
    // Counts of a page, added when the page is settled (never twice on a retry).
    struct PageCounts
    {
        qint64 gone = 0, empty = 0, skipped = 0;
    };

    void locateNodes();
    void useNodes(const ConnectionOptions &source, const ConnectionOptions &dlq);
    void fetch();
    void onPage(const RedisReplies &replies);
    void apply();
    void onApplied(const RedisReplies &replies);
    void remove(const QList<QByteArray> &ids, const QString &stopWith, RedisError::Kind stopKind);
    void settlePage();
    void planEntry(const QByteArray &id, const StreamFields &fields);
    void retry(const QString &why, bool relocate = false);
    void finish(const QString &error = {}, RedisError::Kind kind = RedisError::Kind::None);
    void dropConnections();
    bool audit(const QList<QByteArray> &ids, const QList<QByteArray> &newIds, const QString &outcome, QString *error);

    ConnectionOptions m_seedOptions;
    CrossSlotRequeueRequest m_request;
    RequeuePathPlan m_plan;
    LuaScript m_script;
    RedisConnection *m_seed = nullptr;   // only while reading the slot map
    RedisConnection *m_source = nullptr; // the source's master
    RedisConnection *m_dlq = nullptr;    // the DLQ's master (may be m_source)
    QTimer *m_retryTimer = nullptr;      // children: deleted with the job, never before its members
    QTimer *m_paceTimer = nullptr;
    QElapsedTimer m_clock;
    bool m_relocate = true;              // read the slot map before the next attempt
    QByteArray m_cursor = "-";           // after the last page fully done
    qsizetype m_idIndex = 0;             // Select::Ids: position of the page in hand
    // The page in hand: entries to write (ID, fields), the cursor after it, its counts.
    QList<QPair<QByteArray, StreamFields>> m_page;
    QByteArray m_pageLast;
    qsizetype m_pageIds = 0;
    PageCounts m_pageCounts;
    // DLQ IDs of the page in hand the source confirmed (counted once each,
    // even when the XDEL reply is lost and the page is read again).
    QSet<QByteArray> m_confirmed;
    CrossSlotRequeueResult m_result;
    int m_failures = 0;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::CrossSlotRequeueResult)
