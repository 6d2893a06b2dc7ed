#include "queue_history.h"
#include "poll_values.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <cmath>
#include <limits>

namespace pelscope::QueueHistory {

namespace {


float value(const std::optional<qint64> &v, double scale = 1.0)
{
    return v ? float(double(*v) / scale) : kNaN;
}

QVariant toSql(float v)
{
    return std::isnan(v) ? QVariant() : QVariant(double(v)); // NULL: unknown
}

float fromSql(const QVariant &v)
{
    return v.isNull() ? kNaN : float(v.toDouble());
}

// An empty key (the activity's) must bind as '', not NULL: NULL never equals.
QByteArray bound(const QByteArray &key)
{
    return key.isNull() ? QByteArray("") : key;
}

bool failed(const QSqlQuery &q, QString *error)
{
    if (error)
        *error = q.lastError().text();
    return false;
}

} // namespace

QList<QPair<QueueSeriesKey, QueuePoint>> fromSnapshot(const Snapshot &snapshot)
{
    QList<QPair<QueueSeriesKey, QueuePoint>> out;
    if (snapshot.isNull())
        return out;
    const qint64 at = snapshot->takenAtMs;
    for (const DelayedQueueSnapshot &q : snapshot->delayedQueues) {
        if (!q.error.isEmpty())
            continue;
        const float overdue = q.due && *q.due == 0 ? 0.0f : value(q.oldestOverdueMs, 1000.0);
        out.append({{QStringLiteral("delayed"), q.key}, {at, {value(q.size), value(q.due), overdue}}});
    }
    for (const ListQueueSnapshot &q : snapshot->listQueues) {
        if (!q.error.isEmpty())
            continue;
        const float oldest = q.processingLength && *q.processingLength == 0 ? 0.0f : value(q.oldestProcessingAgeMs, 1000.0);
        out.append({{QStringLiteral("list"), q.key}, {at, {value(q.length), value(q.processingLength), oldest}}});
    }
    for (const JobQueueSnapshot &q : snapshot->jobQueues) {
        if (!q.error.isEmpty())
            continue;
        const JobFigures f = jobFigures(q);
        if (f.holds == JobFigures::Holds::Nothing)
            continue;
        // Nothing waiting (a backlog's age) or overdue / held (the others')
        // has no age: 0, as for the queues above. A backlog with nothing
        // active is not one without age: that drew 0 for a queue whose jobs
        // waited 25 s each time its rate-limited worker was between jobs.
        const std::optional<qint64> aged = f.holds == JobFigures::Holds::Waiting ? f.size : f.held;
        const float oldest = aged && *aged == 0 && !f.oldestMs ? 0.0f : value(f.oldestMs, 1000.0);
        out.append({{QStringLiteral("job"), jobQueueId(q)}, {at, {value(f.size), value(f.held), oldest}}});
    }
    if (const auto &a = snapshot->activity; a && a->windowMs > 0) {
        const double s = double(a->windowMs) / 1000.0;
        out.append({{QStringLiteral("activity"), {}},
                    {at,
                     {float(double(a->xclaimCalls + a->xautoclaimCalls) / s), float(double(a->xackCalls) / s),
                      a->entriesAcked ? float(double(*a->entriesAcked) / s) : kNaN}}});
    }
    return out;
}

QList<QueuePoint> withPast(const QList<QueuePoint> &recorded, const QList<QueuePoint> &live)
{
    const qint64 firstLive = live.isEmpty() ? std::numeric_limits<qint64>::max() : live.first().atMs;
    QList<QueuePoint> out;
    for (const QueuePoint &p : recorded)
        if (p.atMs < firstLive - kBucketMs)
            out.append(p);
    return out + live;
}

void keepLast(QList<QueuePoint> &points, qint64 spanMs)
{
    if (points.isEmpty())
        return;
    const qint64 newest = points.last().atMs;
    qsizetype drop = 0;
    while (drop < points.size() && points.at(drop).atMs < newest - spanMs)
        ++drop;
    points.remove(0, drop);
}

QueueColumns chartColumns(const QList<QueuePoint> &points, qint64 gapMs)
{
    QueueColumns c;
    for (qsizetype i = 0; i < points.size(); ++i) {
        const QueuePoint &p = points.at(i);
        if (i > 0 && p.atMs - points.at(i - 1).atMs > gapMs) {
            c.t.append(double(points.at(i - 1).atMs + p.atMs) / 2000.0);
            for (QVector<double> &v : c.v)
                v.append(std::nan(""));
        }
        c.t.append(double(p.atMs) / 1000.0);
        for (int k = 0; k < 3; ++k)
            c.v[k].append(double(p.values[k]));
    }
    return c;
}

bool ensureTables(QSqlDatabase db, QString *error)
{
    for (const char *sql : {"CREATE TABLE IF NOT EXISTS queue_series(id INTEGER PRIMARY KEY, kind TEXT NOT NULL, key BLOB NOT NULL, "
                            "UNIQUE(kind, key))",
                            "CREATE TABLE IF NOT EXISTS queue_points(sid INTEGER NOT NULL, t INTEGER NOT NULL, a REAL, b REAL, c REAL, "
                            "PRIMARY KEY(sid, t)) WITHOUT ROWID"}) {
        QSqlQuery q(db);
        if (!q.exec(QString::fromLatin1(sql)))
            return failed(q, error);
    }
    return true;
}

bool write(QSqlDatabase db, const QList<QPair<QueueSeriesKey, QueuePoint>> &points, QHash<QueueSeriesKey, qint64> &ids, QString *error)
{
    if (points.isEmpty())
        return true;
    if (!db.transaction()) {
        if (error)
            *error = db.lastError().text();
        return false;
    }
    QSqlQuery insert(db);
    insert.prepare(QStringLiteral("INSERT OR REPLACE INTO queue_points(sid, t, a, b, c) VALUES (?, ?, ?, ?, ?)"));
    for (const auto &[key, point] : points) {
        auto id = ids.constFind(key);
        if (id == ids.cend()) {
            QSqlQuery add(db);
            add.prepare(QStringLiteral("INSERT OR IGNORE INTO queue_series(kind, key) VALUES (?, ?)"));
            add.addBindValue(key.kind);
            add.addBindValue(bound(key.key));
            QSqlQuery find(db);
            find.prepare(QStringLiteral("SELECT id FROM queue_series WHERE kind = ? AND key = ?"));
            find.addBindValue(key.kind);
            find.addBindValue(bound(key.key));
            const bool added = add.exec();
            if (!added || !find.exec() || !find.next()) {
                db.rollback();
                if (added && !find.lastError().isValid() && error)
                    *error = QStringLiteral("the series %1 was not stored").arg(key.kind);
                return added ? (find.lastError().isValid() ? failed(find, error) : false) : failed(add, error);
            }
            id = ids.insert(key, find.value(0).toLongLong());
        }
        // The bucket's last value: a later poll in the same 10 s replaces it.
        insert.addBindValue(*id);
        insert.addBindValue(point.atMs - point.atMs % kBucketMs);
        for (float v : point.values)
            insert.addBindValue(toSql(v));
        if (!insert.exec()) {
            db.rollback();
            return failed(insert, error);
        }
    }
    if (!db.commit()) {
        if (error)
            *error = db.lastError().text();
        return false;
    }
    return true;
}

QList<QueuePoint> read(QSqlDatabase db, const QueueSeriesKey &key, qint64 fromMs, qint64 toMs, QString *error)
{
    QList<QueuePoint> out;
    QSqlQuery q(db);
    if (!q.prepare(QStringLiteral("SELECT p.t, p.a, p.b, p.c FROM queue_points p JOIN queue_series s ON s.id = p.sid "
                                  "WHERE s.kind = ? AND s.key = ? AND p.t BETWEEN ? AND ? ORDER BY p.t"))) {
        // A file written before queues were kept has no such table: no past, not an error.
        if (!q.lastError().text().contains(QLatin1String("no such table")) && error)
            *error = q.lastError().text();
        return out;
    }
    q.addBindValue(key.kind);
    q.addBindValue(bound(key.key));
    q.addBindValue(fromMs);
    q.addBindValue(toMs);
    if (!q.exec()) {
        if (error)
            *error = q.lastError().text();
        return out;
    }
    while (q.next()) {
        QueuePoint p;
        p.atMs = q.value(0).toLongLong();
        for (int i = 0; i < 3; ++i)
            p.values[i] = fromSql(q.value(i + 1));
        out.append(p);
    }
    return out;
}

bool prune(QSqlDatabase db, qint64 nowMs, qint64 retentionMs, QString *error)
{
    QSqlQuery old(db);
    old.prepare(QStringLiteral("DELETE FROM queue_points WHERE t < ?"));
    old.addBindValue(nowMs - retentionMs);
    if (!old.exec())
        return failed(old, error);
    // Older than a day: one row per 2 min is enough to see a trend.
    QSqlQuery thin(db);
    thin.prepare(QStringLiteral("DELETE FROM queue_points WHERE t < ? AND t % ? <> 0"));
    thin.addBindValue(nowMs - kThinAfterMs);
    thin.addBindValue(kThinBucketMs);
    if (!thin.exec())
        return failed(thin, error);
    return true;
}

} // namespace pelscope::QueueHistory
