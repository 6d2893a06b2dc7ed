// One connection's history on disk: SQLite through Qt SQL, WAL, one file per
// connection. Every poll for an hour (tier 0), 10 s buckets for a day (1),
// 2 min buckets for up to 30 days (2) and 1 h buckets for the retention (3);
// status changes, failovers and write actions as events; a lease row so two
// programs (the recorder and a window) never both write. Used from one
// thread; errors are messages an operator can act on, never a crash.
#pragma once

#include "group_key.h"
#include "history_store.h"
#include "queue_history.h"
#include "../values/connection_options.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>
#include <QString>

#include <memory>
#include <optional>

namespace pelscope {

// One group's figures at one poll or bucket, as stored.
struct StoredPoint
{
    qint64 atMs = 0;
    float values[MetricCount];  // Metric order; NaN unknown
    float idleUpperSeconds = 0; // NaN unknown
    float maxDeliveries = 0;    // NaN unknown
    std::optional<Health> status;
};

struct StoredEvent
{
    qint64 atMs = 0;
    std::optional<GroupKey> group; // none: the whole connection (a failover)
    QString kind;                  // status, failover, write, dead_consumer, annotation
    std::optional<Health> status;
    QString text;          // in English; for a status, its reasons joined ("; ")
    QList<Reason> reasons; // a status's reasons as data (none in files written before they were)
    // An annotation's author: "pelscope-cli", "window", or the stream it was
    // read from (a deploy pipeline's XADD). Empty for other kinds.
    QString source;

    // The reasons, or an old file's text as one reason.
    QList<Reason> why() const { return reasons.isEmpty() && !text.isEmpty() ? QList<Reason>{Reason::verbatim(text)} : reasons; }
};

// A mark read from --annotations-stream as the history keeps it: its source
// is that stream (and its author, when the entry names one).
StoredEvent annotationEvent(const PublishedAnnotation &a);

// A poll as the recorder writes it: every group's figures.
struct RecordedGroup
{
    GroupKey key;
    StoredPoint point;
    // Not read this poll (streams read in turn): its values count in the
    // buckets, but no per-poll row is written: those are the reads. (A replay
    // takes buckets but for the last seconds, and 10,000 groups read 2,000 at
    // a time wrote five times the rows with nothing new in four of them.)
    bool carried = false;
};

class HistoryDatabase
{
public:
    static constexpr int SchemaVersion = 1;
    static constexpr qint64 Tier0KeepMs = 3'600'000;
    static constexpr qint64 Tier1KeepMs = 86'400'000;
    static constexpr qint64 Tier2MaxKeepMs = 30LL * 86'400'000;
    static constexpr qint64 BucketMs[4] = {0, 10'000, 120'000, 3'600'000};

    explicit HistoryDatabase(QString path, bool readOnly = false);
    ~HistoryDatabase();
    HistoryDatabase(const HistoryDatabase &) = delete;
    HistoryDatabase &operator=(const HistoryDatabase &) = delete;

    // Opens (and creates, unless read-only) the file. False with a message
    // for a newer or unknown schema, a corrupt or locked file, a directory
    // that cannot be written.
    bool open(QString *error);
    bool isOpen() const { return m_open; }
    const QString &path() const { return m_path; }
    void close();

    // One poll, in one transaction: the tier-0 rows, and each coarser bucket
    // that the poll closes. `connection` is kept once, in the meta table.
    bool writePoll(qint64 atMs, const QList<RecordedGroup> &groups, const QList<StoredEvent> &events, QString *error);
    // The buckets still open, written as they stand (before closing the file).
    bool flushOpenBuckets(QString *error);
    bool writeEvent(const StoredEvent &event, QString *error);
    // writeEvent unless an event of its kind, time, source and text is
    // there already: a mark read again from an annotations stream after a
    // restart is kept once. False only on an error.
    bool writeEventOnce(const StoredEvent &event, QString *error);
    // Delayed queues, reliable lists and the claim activity (queue_history.h).
    bool writeQueuePoints(const QList<QPair<QueueSeriesKey, QueuePoint>> &points, QString *error);
    QList<QueuePoint> queueSeries(const QueueSeriesKey &key, qint64 fromMs, qint64 toMs, QString *error);
    // Retention (days) and a size cap (bytes, 0: none): the oldest coarse
    // data goes first. Run every few minutes, not every poll.
    bool prune(qint64 nowMs, int retentionDays, qint64 maxBytes, QString *error);

    // For a window opening: the last day, newest tiers where they exist
    // (10 s buckets for the last hour, 2 min buckets before), oldest first,
    // grouped by poll time, ready for HistoryStore::appendRecorded.
    QList<QPair<qint64, QList<RecordedValues>>> loadForReplay(qint64 nowMs, QString *error);
    // One group's series at the finest tier that covers [fromMs, toMs].
    QList<StoredPoint> series(const GroupKey &key, qint64 fromMs, qint64 toMs, QString *error);
    QList<StoredEvent> events(qint64 fromMs, qint64 toMs, QString *error);
    QList<GroupKey> groups(QString *error);
    // Each group's status at its newest per-poll row from sinceMs on (groups
    // read in turn have no row in every poll): what a recorder that starts
    // again goes on from.
    QHash<GroupKey, Health> recentStatuses(qint64 sinceMs, QString *error);
    std::optional<qint64> recordedSinceMs();
    std::optional<qint64> recordedUntilMs();
    // The connection the file was recorded for, as its writer named it (a redacted URL).
    QString storedConnectionLabel();
    // The server's clock minus the desktop's as the recorder last saw it:
    // rows carry the server's time, so a reader that starts before its first
    // poll turns its desktop's "now" into the server's with it.
    std::optional<qint64> serverClockOffsetMs();
    void setServerClockOffsetMs(qint64 offsetMs);
    qint64 usedBytes();

    // The writer's lease: held when nobody else's heartbeat is fresher than
    // `staleAfterMs`, or when its holder was on this host and is gone
    // (leaseHolderIsGone, history_file.h).
    struct LeaseClaim
    {
        bool mine = false;
        QString holder; // who writes instead, when another program does
        QString error;  // the lease could not be read or taken: nobody writes
    };
    LeaseClaim claimLease(const QString &owner, qint64 nowMs, qint64 staleAfterMs);
    void releaseLease(const QString &owner);

    void setConnectionLabel(const QString &redactedUrl) { m_connectionLabel = redactedUrl; }

private:
    struct Bucket
    {
        qint64 startMs = -1;
        float hi[MetricCount + 2];
        float lo[MetricCount + 2];
        double sum[MetricCount + 2];
        int count[MetricCount + 2];
        int status = -1;
    };
    bool exec(const QString &sql, QString *error);
    std::optional<qint64> groupId(const GroupKey &key, QString *error);
    bool eventsHaveColumn(const char *name); // false for a file written before that column (reasons, source)
    bool insertRow(int tier, qint64 gid, qint64 atMs, const StoredPoint &p, bool replace, QString *error);
    bool flushBucket(int tier, qint64 gid, const Bucket &b, QString *error);
    QString describe(const QString &what) const;
    static float fromSql(const QVariant &v); // NULL (unknown) reads back as NaN

    QString m_path;
    QString m_connectionName;
    QString m_connectionLabel;
    bool m_readOnly = false;
    bool m_open = false;
    QHash<GroupKey, qint64> m_groupIds;
    QHash<QueueSeriesKey, qint64> m_queueSeriesIds;
    QHash<QPair<int, qint64>, Bucket> m_buckets; // (tier, group id) -> the open bucket
    // Prepared once per open: 10,000 groups are 10,000 rows a poll, and
    // parsing the statement for each was most of the writer's time.
    std::unique_ptr<QSqlQuery> m_insertIgnore, m_insertReplace, m_insertEvent;
};

// The file a connection's history lives in: <dir>/<id>.sqlite, the id made of
// the server's address and database and a short hash of what names the
// connection (never a password). `dir` empty: <data>/history.
QString historyPathFor(const ConnectionOptions &options, const QString &dir = {});

// The file to read a history file through, read-only: a private copy (and
// its write-ahead log) in `dir`, for a file someone else may still write or
// one on read-only media, so the original is never opened; or the original
// itself when it is larger than `maxCopyBytes` or `dir` has not the room for
// it (a 3 GB history was copied to TMPDIR, on the GUI thread, before the
// window showed anything: issue 47). *copied says which. Empty with `error`
// said when neither can be done.
inline constexpr qint64 kHistoryCopyMaxBytes = 256LL * 1024 * 1024;
QString historyForReading(const QString &path, const QString &dir, bool *copied, QString *error,
                          qint64 maxCopyBytes = kHistoryCopyMaxBytes);

} // namespace pelscope
