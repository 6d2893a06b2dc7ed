// Delayed queues, reliable lists and the claim/XACK activity over time, kept
// in the connection's history file beside the groups (so the queue page and
// `pelscope-cli history --queue` show the past, also what `record` saw while
// no window was open). One row per series and 10 s bucket, the bucket's last
// value; rows older than a day are thinned to one per 2 min, and all go with
// the file's retention. Three values per row, their meaning by the kind:
//   delayed   size (ZCARD), due (ZCOUNT -inf now), oldest overdue (s; 0 when none is due)
//   list      main length, processing length, oldest processing age (s; 0 when empty, NaN unknown)
//   activity  XCLAIM+XAUTOCLAIM calls/s, XACK calls/s, entries acknowledged/s (server-wide)
//   job       a job framework's queue (key: jobQueueId()): jobFigures()' size, held, oldest (s)
#pragma once

#include "../snapshot/snapshot.h"

#include <QMetaType>
#include <QSqlDatabase>
#include <QString>
#include <QVector>

namespace pelscope {

struct QueueSeriesKey
{
    QString kind;   // delayed, list, activity, job
    QByteArray key; // the sorted set, the main list, the job queue's id; empty for activity

    friend bool operator==(const QueueSeriesKey &a, const QueueSeriesKey &b) { return a.kind == b.kind && a.key == b.key; }
};

inline size_t qHash(const QueueSeriesKey &k, size_t seed = 0) noexcept
{
    return qHashMulti(seed, k.kind, k.key);
}

struct QueuePoint
{
    qint64 atMs = 0;
    float values[3]; // by the kind (see above); NaN unknown
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::QueueSeriesKey)
Q_DECLARE_METATYPE(pelscope::QueuePoint)

namespace pelscope {

namespace QueueHistory {

inline constexpr qint64 kBucketMs = 10'000;
inline constexpr qint64 kThinAfterMs = 86'400'000;
inline constexpr qint64 kThinBucketMs = 120'000;

// The values of one poll, every queue and the activity when the snapshot has it.
QList<QPair<QueueSeriesKey, QueuePoint>> fromSnapshot(const Snapshot &snapshot);

// A chart's points: the recorded ones older than the first live point (by
// more than a bucket: the recorder's last bucket is the same polls), then the
// live ones.
QList<QueuePoint> withPast(const QList<QueuePoint> &recorded, const QList<QueuePoint> &live);
// Drops the points older than `spanMs` before the newest.
void keepLast(QList<QueuePoint> &points, qint64 spanMs);

// The points as a chart's columns (t in seconds); two points further apart
// than `gapMs` (nothing was recorded between them) get a NaN between them,
// so the line breaks instead of drawing what was never seen.
struct QueueColumns
{
    QVector<double> t;
    QVector<double> v[3];
};
QueueColumns chartColumns(const QList<QueuePoint> &points, qint64 gapMs = 3 * kBucketMs);

// Creates the tables when missing (a file of an earlier version gains them).
bool ensureTables(QSqlDatabase db, QString *error);
// One poll's values, in one transaction; `ids` caches the series' row ids.
bool write(QSqlDatabase db, const QList<QPair<QueueSeriesKey, QueuePoint>> &points, QHash<QueueSeriesKey, qint64> &ids, QString *error);
// One series in [fromMs, toMs], oldest first; empty (no error) in a file without the tables.
QList<QueuePoint> read(QSqlDatabase db, const QueueSeriesKey &key, qint64 fromMs, qint64 toMs, QString *error);
bool prune(QSqlDatabase db, qint64 nowMs, qint64 retentionMs, QString *error);

} // namespace QueueHistory

} // namespace pelscope
