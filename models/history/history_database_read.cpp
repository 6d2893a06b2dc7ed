// HistoryDatabase, the reading half: a window's replay of the last day, one
// group's series at the finest tier that covers a range, the events, what
// the file holds, and a private copy for reading a file someone else owns.
// Writing (polls, buckets, retention, the lease) is history_database.cpp.
#include "history_database.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStorageInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace pelscope {

QList<QPair<qint64, QList<RecordedValues>>> HistoryDatabase::loadForReplay(qint64 nowMs, QString *error)
{
    QList<QPair<qint64, QList<RecordedValues>>> out;
    if (!m_open)
        return out;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    // gid -> key
    QHash<qint64, GroupKey> keys;
    QSqlQuery g(db);
    g.setForwardOnly(true);
    if (!g.exec(QStringLiteral("SELECT id, stream, grp FROM groups"))) {
        if (error)
            *error = describe(g.lastError().text());
        return out;
    }
    while (g.next())
        keys.insert(g.value(0).toLongLong(), GroupKey{g.value(1).toByteArray(), g.value(2).toByteArray()});
    // 10 s buckets for the last hour, 2 min ones for the rest of the day: what
    // the charts draw at those widths, at a twentieth of the rows of every
    // poll. After the last closed 10 s bucket, every poll (a writer still
    // running has not closed the bucket it is in).
    const qint64 hourAgo = nowMs - Tier0KeepMs;
    qint64 tailFrom = hourAgo;
    {
        QSqlQuery last(db);
        last.prepare(QStringLiteral("SELECT MAX(t) FROM points WHERE tier = 1 AND t >= ?"));
        last.addBindValue(hourAgo);
        if (last.exec() && last.next() && !last.value(0).isNull())
            tailFrom = last.value(0).toLongLong() + BucketMs[1];
    }
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT t, gid, lag, pending, idle, in_rate, out_rate, alive, total, behind, status FROM points "
                             "WHERE (tier = 2 AND t >= ? AND t < ?) OR (tier = 1 AND t >= ? AND t < ?) OR (tier = 0 AND t >= ?) ORDER BY t"));
    q.addBindValue(nowMs - Tier1KeepMs);
    q.addBindValue(hourAgo);
    q.addBindValue(hourAgo);
    q.addBindValue(tailFrom);
    q.addBindValue(tailFrom);
    if (!q.exec()) {
        if (error)
            *error = describe(q.lastError().text());
        return out;
    }
    while (q.next()) {
        const qint64 t = q.value(0).toLongLong();
        const auto key = keys.constFind(q.value(1).toLongLong());
        if (key == keys.constEnd())
            continue;
        if (out.isEmpty() || out.last().first != t)
            out.append(qMakePair(t, QList<RecordedValues>()));
        RecordedValues row;
        row.key = *key;
        for (int m = 0; m < MetricCount; ++m)
            row.values[m] = fromSql(q.value(2 + m));
        if (!q.value(2 + MetricCount).isNull())
            row.status = Health(std::clamp(q.value(2 + MetricCount).toInt(), 0, 2));
        out.last().second.append(row);
    }
    return out;
}

QList<StoredPoint> HistoryDatabase::series(const GroupKey &key, qint64 fromMs, qint64 toMs, QString *error)
{
    QList<StoredPoint> out;
    const std::optional<qint64> gid = groupId(key, error);
    if (!gid)
        return out;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    // The finest tier that reaches back as far as anything held (or to the
    // range's start): a bucket's time is its start, so its data begins up to
    // one bucket later, and that is what is compared.
    std::optional<qint64> dataFrom[4];
    for (int tier = 0; tier < 4; ++tier) {
        QSqlQuery first(db);
        first.prepare(QStringLiteral("SELECT MIN(t) FROM points WHERE tier = ? AND gid = ?"));
        first.addBindValue(tier);
        first.addBindValue(*gid);
        if (first.exec() && first.next() && !first.value(0).isNull())
            dataFrom[tier] = first.value(0).toLongLong() + (tier == 0 ? 0 : BucketMs[tier]);
    }
    qint64 earliest = std::numeric_limits<qint64>::max();
    for (const auto &d : dataFrom)
        if (d)
            earliest = std::min(earliest, *d);
    const qint64 need = std::max(fromMs, earliest);
    int tier = 3;
    for (int t = 0; t < 4; ++t)
        if (dataFrom[t] && *dataFrom[t] <= need) {
            tier = t;
            break;
        }
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT t, lag, pending, idle, in_rate, out_rate, alive, total, behind, idle_upper, max_dlv, status FROM points "
                             "WHERE tier = ? AND gid = ? AND t >= ? AND t <= ? ORDER BY t"));
    q.addBindValue(tier);
    q.addBindValue(*gid);
    q.addBindValue(fromMs);
    q.addBindValue(toMs);
    if (!q.exec()) {
        if (error)
            *error = describe(q.lastError().text());
        return out;
    }
    while (q.next()) {
        StoredPoint p;
        p.atMs = q.value(0).toLongLong();
        for (int m = 0; m < MetricCount; ++m)
            p.values[m] = fromSql(q.value(1 + m));
        p.idleUpperSeconds = fromSql(q.value(1 + MetricCount));
        p.maxDeliveries = fromSql(q.value(2 + MetricCount));
        if (!q.value(3 + MetricCount).isNull())
            p.status = Health(std::clamp(q.value(3 + MetricCount).toInt(), 0, 2));
        out.append(p);
    }
    return out;
}

QList<StoredEvent> HistoryDatabase::events(qint64 fromMs, qint64 toMs, QString *error)
{
    QList<StoredEvent> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.setForwardOnly(true);
    // Files written before reasons were data have no such column (read-only
    // opens do not add it): their text stands for the reasons (StoredEvent::why).
    const QString reasons = eventsHaveColumn("reasons") ? QStringLiteral("e.reasons") : QStringLiteral("NULL");
    const QString source = eventsHaveColumn("source") ? QStringLiteral("e.source") : QStringLiteral("NULL");
    q.prepare(QStringLiteral("SELECT e.t, g.stream, g.grp, e.kind, e.status, e.text, %1, %2 FROM events e LEFT JOIN groups g ON g.id = e.gid "
                             "WHERE e.t >= ? AND e.t <= ? ORDER BY e.t, e.id").arg(reasons, source));
    q.addBindValue(fromMs);
    q.addBindValue(toMs);
    if (!q.exec()) {
        if (error)
            *error = describe(q.lastError().text());
        return out;
    }
    while (q.next()) {
        StoredEvent e;
        e.atMs = q.value(0).toLongLong();
        if (!q.value(1).isNull())
            e.group = GroupKey{q.value(1).toByteArray(), q.value(2).toByteArray()};
        e.kind = q.value(3).toString();
        if (!q.value(4).isNull())
            e.status = Health(std::clamp(q.value(4).toInt(), 0, 2));
        e.text = q.value(5).toString();
        if (!q.value(6).isNull())
            e.reasons = loadReasons(q.value(6).toString().toUtf8());
        e.source = q.value(7).toString();
        out.append(e);
    }
    return out;
}

QList<GroupKey> HistoryDatabase::groups(QString *error)
{
    QList<GroupKey> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral("SELECT stream, grp FROM groups ORDER BY stream, grp"))) {
        if (error)
            *error = describe(q.lastError().text());
        return out;
    }
    while (q.next())
        out.append(GroupKey{q.value(0).toByteArray(), q.value(1).toByteArray()});
    return out;
}

QHash<GroupKey, Health> HistoryDatabase::recentStatuses(qint64 sinceMs, QString *error)
{
    QHash<GroupKey, Health> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT g.stream, g.grp, p.status FROM points p JOIN groups g ON g.id = p.gid "
                             "WHERE p.tier = 0 AND p.t >= ? AND p.status IS NOT NULL ORDER BY p.t"));
    q.addBindValue(sinceMs);
    if (!q.exec()) {
        if (error)
            *error = describe(q.lastError().text());
        return out;
    }
    while (q.next()) // oldest first: the newest row of a group wins
        out.insert(GroupKey{q.value(0).toByteArray(), q.value(1).toByteArray()}, Health(std::clamp(q.value(2).toInt(), 0, 2)));
    return out;
}

std::optional<qint64> HistoryDatabase::recordedSinceMs()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral("SELECT MIN(t), (SELECT value FROM meta WHERE key = 'first_poll_ms') FROM points")) || !q.next()
        || q.value(0).isNull())
        return std::nullopt;
    // The oldest row kept, or the first poll when that is later (a bucket's
    // row is stamped with the bucket's start).
    const qint64 oldestRow = q.value(0).toLongLong();
    return q.value(1).isNull() ? oldestRow : std::max(oldestRow, q.value(1).toString().toLongLong());
}

std::optional<qint64> HistoryDatabase::recordedUntilMs()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (q.exec(QStringLiteral("SELECT MAX(t) FROM points")) && q.next() && !q.value(0).isNull())
        return q.value(0).toLongLong();
    return std::nullopt;
}

std::optional<qint64> HistoryDatabase::serverClockOffsetMs()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'server_clock_offset_ms'")) && q.next()) {
        bool ok = false;
        const qint64 v = q.value(0).toString().toLongLong(&ok);
        if (ok)
            return v;
    }
    return std::nullopt;
}

QString HistoryDatabase::storedConnectionLabel()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'connection'")) && q.next())
        return q.value(0).toString();
    return {};
}

QString historyForReading(const QString &path, const QString &dir, bool *copied, QString *error, qint64 maxCopyBytes)
{
    const QFileInfo from(path);
    if (!from.isFile()) {
        *error = QStringLiteral("%1: no such file").arg(path);
        return {};
    }
    const qint64 bytes = from.size() + QFileInfo(path + QStringLiteral("-wal")).size();
    const QStorageInfo room(dir);
    if (bytes > maxCopyBytes || (room.isValid() && room.bytesAvailable() < bytes + 64LL * 1024 * 1024)) {
        // Read where it is (read-only: SQLite changes nothing in it).
        *copied = false;
        return path;
    }
    *copied = true;
    QString to = QDir(dir).filePath(from.fileName());
    // The log, then the file. A copy made while a recorder writes may miss
    // its last polls; a torn one fails open()'s quick_check and says so.
    for (const QString &suffix : {QStringLiteral("-wal"), QString()}) {
        const QString source = path + suffix;
        if (!QFileInfo::exists(source))
            continue;
        QFile::remove(to + suffix);
        if (!QFile::copy(source, to + suffix)) {
            *error = QStringLiteral("%1: cannot copy it to %2 to read it").arg(source, dir);
            return {};
        }
        QFile(to + suffix).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    return to;
}

} // namespace pelscope
