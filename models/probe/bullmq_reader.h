// BullMQ queues (<prefix>:<queue>:*), read as BullMQ 5 lays them out:
//   wait, paused (lists) and prioritized (sorted set): the backlog; the oldest
//     waiting job's id from wait's right end, then its hash's timestamp + delay;
//   active (list): held jobs; a bounded sample of its oldest ids, then EXISTS of
//     each one's :lock (BullMQ's worker renews it; gone means no worker holds
//     the job: "stalled" in BullMQ's words);
//   delayed (sorted set, score = due ms × 4096 + counter): due and the earliest;
//   failed (sorted set): BullMQ's dead letters, the newest one's failedReason;
//   meta (hash): paused, version;
//   waiting-children (sorted set by when added): flow parents; for the 5
//     oldest, a page of each one's :dependencies (children not yet done),
//     then each child's finishedOn and failedReason: a child that failed for
//     good without failParentOnFailure leaves its parent waiting for ever.
// Every command is O(1) or O(log N) but LRANGE of the sample (O(20)).
// Bull 3/4 and bee-queue lay their queues out under the same key shapes
// without BullMQ's meta hash (Bull: an `id` counter; bee-queue: a `jobs`
// hash): those are not read, but said — a row each that is not judged, so
// `check` says what it cannot see instead of OK (issue 46, item 5).
#pragma once

#include "job_reader.h"

#include <QPair>
#include <QSet>

namespace pelscope {

class BullMqReader : public JobReader
{
public:
    explicit BullMqReader(QList<QPair<QByteArray, QByteArray>> queues);
    // A candidate found by its key shape: read in full only once its meta
    // hash says BullMQ (version, opts.maxLenEvents); a key that only looked
    // like one (user:42:completed) costs one HMGET once, then nothing.
    void addQueue(const QByteArray &prefix, const QByteArray &name);
    bool wantsAnotherTick() const override;
    bool owns(const QByteArray &key) const override;
    // Why some candidates are not read (more than kMaxQueues, or not reached
    // yet by the rotation); empty when all are.
    QString gap() const override;
    static constexpr int kMaxQueues = 1000;
    static constexpr int kReadPerTick = 200;
    static constexpr int kInLine = 4; // jobs next in line whose times are read while the queue moves
    static constexpr int kParentsSample = 5; // flow parents looked at per queue and tick
    static constexpr int kChildrenSample = 10; // children of each

protected:
    void planReads(qint64 nowMs) override;
    void parseReads(qint64 nowMs, QList<JobQueueSnapshot> &out) override;

private:
    struct Slots
    {
        int confirm = -1, idType = -1, jobsType = -1, meta = -1, wait = -1, paused = -1, prioritized = -1, active = -1, activeIds = -1, delayed = -1, due = -1, earliest = -1,
            failed = -1, newestFailed = -1, head = -1, prioritizedHead = -1, limiter = -1, exists = -1, oldestTime = -1, failedReason = -1,
            waitingChildren = -1, parentsSample = -1;
        QList<QPair<QByteArray, int>> locks; // active job id -> EXISTS of its lock
        QList<QPair<QByteArray, int>> inLineTimes; // the jobs next in line after the oldest -> HMGET timestamp opts
        QList<QPair<QByteArray, int>> dependencies; // sampled parent id -> SSCAN of its :dependencies
        QList<QPair<QByteArray, int>> children;     // a sampled parent's child key -> HMGET finishedOn failedReason
    };
    struct Queue
    {
        QByteArray prefix, name;
        // Unknown until its keys are asked once; then whose layout they are.
        enum class Layout { Unknown, BullMQ, Bull, BeeQueue } layout = Layout::Unknown;
        bool confirmed() const { return layout != Layout::Unknown; }
        // From the previous tick, for this tick's second reads.
        QByteArray oldestId;
        // While the queue moves, the jobs in line after it, whose times are
        // read too: when the oldest is taken the new oldest's age is known at
        // once, not "unknown" for a tick (the chart's oldest age dropped to 0
        // at every job a rate-limited worker took).
        QList<QByteArray> inLine;
        qint64 movedAtMs = -1; // when the oldest was last taken (server ms): moving for a minute after
        QList<QByteArray> activeSample;
        QByteArray newestFailedId;
        QByteArray failedReasonOf; // the job failedReason was read for
        QString failedReason;
        bool needsIds = true;
        TakenWatch taken;
        // Flows: the oldest parents waiting on children, then their children
        // still unprocessed (parent id -> child keys), read a tick apart.
        QList<QByteArray> parentsSample;
        QList<QPair<QByteArray, QByteArray>> childrenSample;
        Slots slots;
        std::optional<JobQueueSnapshot> last; // its last row, shown while it is not read (ReadRotation)
    };
    void readFlows(Queue &q, JobQueueSnapshot &row);
    // The row of a queue in Bull's or bee-queue's layout: present, not read.
    static JobQueueSnapshot unreadRow(const Queue &q);

    QList<Queue> m_queues;
    QSet<QPair<QByteArray, QByteArray>> m_known;    // every candidate ever added (rejected ones too)
    QSet<QPair<QByteArray, QByteArray>> m_rejected; // their meta says they are not BullMQ's
    QString m_gap;
    ReadRotation m_rotation{kReadPerTick};
};

} // namespace pelscope
