// Requeues a dead-letter stream whose source lives in another cluster slot
// (so no single script may touch both): per entry, a script on the source's
// node XADDs it and records its DLQ ID in a ledger hash sharing the source's
// hash tag, skipping IDs already recorded; then XDEL on the DLQ's node. A retry
// after a lost reply finds the ID in the ledger: every entry lands exactly once.
#pragma once

#include "../snapshot/dlq_layout.h"
#include "requeue_path.h"
#include "write_job.h"

#include <QSet>

namespace pelscope {

struct CrossSlotRequeueRequest
{
    enum class Select { All, Ids, Match };

    QByteArray dlq;
    QByteArray target; // the source stream
    // False: the target was inferred (the DLQ's name); an entry whose
    // source_stream field names another stream then stops the run.
    bool targetExplicit = true;
    Select select = Select::All;
    QList<QByteArray> ids; // Select::Ids
    QByteArray matchField; // Select::Match: field == value
    QByteArray matchValue;
    bool dryRun = false;      // read only: the plan of what would be written
    double ratePerSecond = 0; // entries per second; 0 = as fast as the servers answer
    int batchSize = 50;
    int ledgerTtlSeconds = 7 * 86'400; // the ledger outlives any retry, then expires
    DlqLayout layout;
    QString auditLogPath; // empty: the default file
    int retryDelayMs = 100;
    int maxConsecutiveFailures = 300;
};

// The outcome: counts.done each DLQ entry this run requeued, once (also when
// its reply was lost), counts.duplicates those of them found in the ledger
// under this run's token; counts.gone those another run had requeued (found in
// the ledger under its token: two operators' counts add up to the entries);
// path, ledgerKey, sourceNode and dlqNode say where it wrote.
class CrossSlotRequeueJob : public WriteJob
{
    Q_OBJECT
public:
    CrossSlotRequeueJob(ConnectionOptions seed, CrossSlotRequeueRequest request, QObject *parent = nullptr);

private:
    // Counts of a page, added when the page is settled (never twice on a retry).
    struct PageCounts
    {
        qint64 gone = 0, empty = 0, skipped = 0;
    };

    QString refusal() const override;
    void begin() override;
    void resume() override;
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
    void retry(const RedisError &error, bool relocate = false);
    void dropNodes();
    bool audit(const QList<QByteArray> &ids, const QList<QByteArray> &newIds, const QString &outcome);

    ConnectionOptions m_seedOptions;
    CrossSlotRequeueRequest m_request;
    RequeuePathPlan m_plan;
    RedisConnection *m_seed = nullptr;   // only while reading the slot map
    RedisConnection *m_source = nullptr; // the source's master
    RedisConnection *m_dlq = nullptr;    // the DLQ's master (may be m_source)
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
    // This run's mark in the ledger: an entry found there with it was added by
    // this run (a lost reply); with another, by someone else (not counted as ours).
    QByteArray m_token;
};

} // namespace pelscope
