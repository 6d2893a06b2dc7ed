#include "history_database.h"

#include "../values/connection_options.h"
#include "../text/fill_text.h"
#include "history_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

#include <cmath>
#include <limits>

namespace pelscope {

namespace {

constexpr int kColumns = MetricCount + 2; // the metrics, idle upper bound, max deliveries

// NULL for unknown: a stored NaN would read back as a number.
QVariant sqlValue(float v)
{
    return std::isnan(v) ? QVariant(QMetaType(QMetaType::Double)) : QVariant(double(v));
}

// Which statistic stands for a bucket; the two columns after the metrics
// (idle upper bound, max deliveries) keep their highest.
Pick pickForColumn(int column)
{
    return column < MetricCount ? pickFor(Metric(column)) : Pick::Hi;
}

float columnOf(const StoredPoint &p, int c)
{
    return c < MetricCount ? p.values[c] : c == MetricCount ? p.idleUpperSeconds : p.maxDeliveries;
}

const char *kSchema[] = {
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS groups(id INTEGER PRIMARY KEY, stream BLOB NOT NULL, grp BLOB NOT NULL, UNIQUE(stream, grp))",
    ("CREATE TABLE IF NOT EXISTS points(tier INTEGER NOT NULL, gid INTEGER NOT NULL, t INTEGER NOT NULL, lag REAL, pending REAL, "
     "idle REAL, in_rate REAL, out_rate REAL, alive REAL, total REAL, behind REAL, idle_upper REAL, max_dlv REAL, status INTEGER, "
     "PRIMARY KEY(tier, t, gid)) WITHOUT ROWID"),
    // reasons: the status's reasons as data (storeReasons), NULL in rows
    // written before they were; added to older files by open() (additive, so
    // the schema stays 1 and older versions still read the file).
    ("CREATE TABLE IF NOT EXISTS events(id INTEGER PRIMARY KEY, t INTEGER NOT NULL, gid INTEGER, kind TEXT NOT NULL, status INTEGER, "
     "text TEXT NOT NULL, reasons TEXT)"),
    "CREATE INDEX IF NOT EXISTS events_t ON events(t)",
    "CREATE TABLE IF NOT EXISTS lease(id INTEGER PRIMARY KEY CHECK (id = 1), owner TEXT NOT NULL, heartbeat_ms INTEGER NOT NULL)",
};

} // namespace

float HistoryDatabase::fromSql(const QVariant &v)
{
    return v.isNull() ? std::numeric_limits<float>::quiet_NaN() : float(v.toDouble());
}

HistoryDatabase::HistoryDatabase(QString path, bool readOnly)
    : m_path(std::move(path))
    , m_connectionName(QStringLiteral("pelscope-history-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_readOnly(readOnly)
{}

HistoryDatabase::~HistoryDatabase()
{
    close();
}

void HistoryDatabase::close()
{
    m_insertIgnore.reset(); // a statement must not outlive its database
    m_insertReplace.reset();
    m_insertEvent.reset();
    if (QSqlDatabase::contains(m_connectionName)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connectionName);
    }
    m_open = false;
    m_groupIds.clear();
    m_buckets.clear();
}

QString HistoryDatabase::describe(const QString &what) const
{
    return QStringLiteral("history %1: %2").arg(QDir::toNativeSeparators(m_path), what);
}

bool HistoryDatabase::exec(const QString &sql, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (q.exec(sql))
        return true;
    if (error)
        *error = describe(q.lastError().text());
    return false;
}

bool HistoryDatabase::open(QString *error)
{
    close();
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE"))) {
        *error = describe(QStringLiteral("Qt's SQLite driver is missing (Debian: libqt6sql6-sqlite)"));
        return false;
    }
    if (m_readOnly && !QFileInfo::exists(m_path)) {
        *error = describe(QStringLiteral("no such file"));
        return false;
    }
    if (const QString problem = historyPathProblem(m_path, !m_readOnly); !problem.isEmpty()) {
        *error = describe(problem);
        return false;
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    db.setDatabaseName(m_path);
    // A writer may hold the file briefly (WAL checkpoints): wait a little, not forever.
    db.setConnectOptions(m_readOnly ? QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=2000")
                                    : QStringLiteral("QSQLITE_BUSY_TIMEOUT=2000"));
    const auto refuse = [&](const QString &why) {
        *error = describe(why);
        close();
        return false;
    };
    if (!db.open())
        return refuse(db.lastError().text());
    // Everything below reads until the file is known to be a Pelscope history
    // (or new): another program's database is refused unchanged, not
    // switched to WAL first.
    {
        QSqlQuery check(db);
        // A file that is not a database, or a damaged one, says so at the first read.
        if (!check.exec(QStringLiteral("PRAGMA quick_check")) || !check.next() || check.value(0).toString() != QLatin1String("ok"))
            return refuse(QStringLiteral("the file is damaged or not a Pelscope history (%1); move it away to start a new one")
                              .arg(check.lastError().isValid() ? check.lastError().text() : check.value(0).toString()));
    }
    QStringList tables;
    {
        QSqlQuery q(db);
        if (!q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table'")))
            return refuse(q.lastError().text());
        while (q.next())
            tables << q.value(0).toString();
    }
    int found = 0;
    if (tables.contains(QLatin1String("meta"))) {
        QSqlQuery version(db);
        if (version.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'schema'")) && version.next())
            found = version.value(0).toInt();
    }
    if (found > SchemaVersion)
        return refuse(fillText(QStringLiteral("written by a newer Pelscope (schema %1, this one reads %2)"), found, SchemaVersion));
    if (found != 0 && found != SchemaVersion)
        return refuse(QStringLiteral("an unknown schema (%1)").arg(found));
    if (found == 0 && !tables.isEmpty())
        return refuse(QStringLiteral("a database of something else (tables %1); move it away or choose another --history-dir")
                          .arg(tables.mid(0, 5).join(QStringLiteral(", "))));
    if (m_readOnly) {
        if (found == 0)
            return refuse(QStringLiteral("not a Pelscope history (no schema)"));
        // A file whose creation stopped half-way (its schema row written,
        // tables missing): said, not read as empty.
        for (const char *table : {"groups", "points", "events", "lease"})
            if (!tables.contains(QLatin1String(table)))
                return refuse(QStringLiteral("half-built: the table %1 is missing (the program that made it stopped; "
                                             "open it once with the window or `pelscope-cli record` to complete it)")
                                  .arg(QLatin1String(table)));
    } else {
        // New or ours. auto_vacuum must be set before the first table: the
        // size cap can then give pages back. The schema's statements are all
        // IF NOT EXISTS: a half-built file is completed here.
        if (!exec(QStringLiteral("PRAGMA auto_vacuum = INCREMENTAL"), error) || !exec(QStringLiteral("PRAGMA journal_mode = WAL"), error)
            || !exec(QStringLiteral("PRAGMA synchronous = NORMAL"), error)) {
            close();
            return false;
        }
        for (const char *sql : kSchema)
            if (!exec(QString::fromLatin1(sql), error)) {
                close();
                return false;
            }
        if ((!eventsHaveColumn("reasons") && !exec(QStringLiteral("ALTER TABLE events ADD COLUMN reasons TEXT"), error))
            || (!eventsHaveColumn("source") && !exec(QStringLiteral("ALTER TABLE events ADD COLUMN source TEXT"), error))) {
            close();
            return false;
        }
        QSqlQuery meta(db);
        meta.prepare(QStringLiteral("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema', ?)"));
        meta.addBindValue(SchemaVersion);
        if (!meta.exec())
            return refuse(meta.lastError().text());
        if (!QueueHistory::ensureTables(db, error)) {
            *error = describe(*error);
            close();
            return false;
        }
    }
    if (!m_readOnly && !m_connectionLabel.isEmpty()) {
        QSqlQuery meta(db);
        meta.prepare(QStringLiteral("INSERT OR REPLACE INTO meta(key, value) VALUES ('connection', ?)"));
        meta.addBindValue(m_connectionLabel);
        meta.exec();
    }
    m_open = true;
    return true;
}

void HistoryDatabase::setServerClockOffsetMs(qint64 offsetMs)
{
    if (!m_open || m_readOnly)
        return;
    QSqlQuery meta(QSqlDatabase::database(m_connectionName, false));
    meta.prepare(QStringLiteral("INSERT OR REPLACE INTO meta(key, value) VALUES ('server_clock_offset_ms', ?)"));
    meta.addBindValue(QString::number(offsetMs));
    meta.exec();
}

std::optional<qint64> HistoryDatabase::groupId(const GroupKey &key, QString *error)
{
    if (const auto it = m_groupIds.constFind(key); it != m_groupIds.constEnd())
        return *it;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT id FROM groups WHERE stream = ? AND grp = ?"));
    q.addBindValue(key.stream);
    q.addBindValue(key.group);
    if (q.exec() && q.next()) {
        m_groupIds.insert(key, q.value(0).toLongLong());
        return q.value(0).toLongLong();
    }
    if (m_readOnly)
        return std::nullopt;
    QSqlQuery insert(db);
    insert.prepare(QStringLiteral("INSERT INTO groups(stream, grp) VALUES (?, ?)"));
    insert.addBindValue(key.stream);
    insert.addBindValue(key.group);
    if (!insert.exec()) {
        if (error)
            *error = describe(insert.lastError().text());
        return std::nullopt;
    }
    const qint64 id = insert.lastInsertId().toLongLong();
    m_groupIds.insert(key, id);
    return id;
}

bool HistoryDatabase::insertRow(int tier, qint64 gid, qint64 atMs, const StoredPoint &p, bool replace, QString *error)
{
    std::unique_ptr<QSqlQuery> &q = replace ? m_insertReplace : m_insertIgnore;
    if (!q) {
        q = std::make_unique<QSqlQuery>(QSqlDatabase::database(m_connectionName, false));
        if (!q->prepare(QStringLiteral("INSERT OR %1 INTO points(tier, gid, t, lag, pending, idle, in_rate, out_rate, alive, total, behind, "
                                       "idle_upper, max_dlv, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                            .arg(replace ? QStringLiteral("REPLACE") : QStringLiteral("IGNORE")))) {
            if (error)
                *error = describe(q->lastError().text());
            q.reset();
            return false;
        }
    }
    int at = 0;
    q->bindValue(at++, tier);
    q->bindValue(at++, gid);
    q->bindValue(at++, atMs);
    for (int c = 0; c < kColumns; ++c)
        q->bindValue(at++, sqlValue(columnOf(p, c)));
    q->bindValue(at++, p.status ? QVariant(int(*p.status)) : QVariant(QMetaType(QMetaType::Int)));
    if (q->exec())
        return true;
    if (error)
        *error = describe(q->lastError().text());
    return false;
}

bool HistoryDatabase::flushBucket(int tier, qint64 gid, const Bucket &b, QString *error)
{
    StoredPoint p;
    p.atMs = b.startMs;
    float columns[kColumns];
    for (int c = 0; c < kColumns; ++c) {
        if (b.count[c] == 0) {
            columns[c] = kNaN;
            continue;
        }
        switch (pickForColumn(c)) {
        case Pick::Hi: columns[c] = b.hi[c]; break;
        case Pick::Lo: columns[c] = b.lo[c]; break;
        case Pick::Mean: columns[c] = float(b.sum[c] / b.count[c]); break;
        }
    }
    std::copy(columns, columns + MetricCount, p.values);
    p.idleUpperSeconds = columns[MetricCount];
    p.maxDeliveries = columns[MetricCount + 1];
    if (b.status >= 0)
        p.status = Health(b.status);
    // Replace: a bucket written when a previous writer stopped is completed now.
    return insertRow(tier, gid, b.startMs, p, true, error);
}

bool HistoryDatabase::writePoll(qint64 atMs, const QList<RecordedGroup> &groups, const QList<StoredEvent> &events, QString *error)
{
    if (!m_open || m_readOnly)
        return false;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        if (error)
            *error = describe(db.lastError().text());
        return false;
    }
    // When recording began: coarse rows carry their bucket's start, which
    // may be long before the first poll ("recorded since" must not say 16:00
    // for a recording that began at 16:30).
    QSqlQuery first(db);
    first.prepare(QStringLiteral("INSERT OR IGNORE INTO meta(key, value) VALUES ('first_poll_ms', ?)"));
    first.addBindValue(QString::number(atMs));
    bool ok = first.exec();
    if (!ok && error)
        *error = describe(first.lastError().text());
    for (const RecordedGroup &g : groups) {
        if (!ok)
            break;
        const std::optional<qint64> gid = groupId(g.key, error);
        if (!gid || (!g.carried && !insertRow(0, *gid, atMs, g.point, false, error))) {
            ok = false;
            break;
        }
        for (int tier = 1; tier <= 3 && ok; ++tier) {
            Bucket &b = m_buckets[{tier, *gid}];
            const qint64 start = atMs - atMs % BucketMs[tier];
            if (b.startMs != start) {
                if (b.startMs >= 0 && !flushBucket(tier, *gid, b, error)) {
                    ok = false;
                    break;
                }
                b = Bucket{};
                b.startMs = start;
                std::fill(std::begin(b.count), std::end(b.count), 0);
                std::fill(std::begin(b.sum), std::end(b.sum), 0.0);
            }
            for (int c = 0; c < kColumns; ++c) {
                const float v = columnOf(g.point, c);
                if (std::isnan(v))
                    continue;
                b.hi[c] = b.count[c] ? std::max(b.hi[c], v) : v;
                b.lo[c] = b.count[c] ? std::min(b.lo[c], v) : v;
                b.sum[c] += v;
                ++b.count[c];
            }
            if (g.point.status)
                b.status = std::max(b.status, int(*g.point.status));
        }
        if (!ok)
            break;
    }
    // Status changes in the same transaction: on a first poll there is one per group.
    for (const StoredEvent &e : events)
        if (ok && !writeEvent(e, error))
            ok = false;
    if (!ok) {
        db.rollback();
        return false;
    }
    if (!db.commit()) {
        if (error)
            *error = describe(db.lastError().text());
        db.rollback();
        return false;
    }
    return true;
}

bool HistoryDatabase::flushOpenBuckets(QString *error)
{
    if (!m_open || m_readOnly)
        return false;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    db.transaction();
    for (auto it = m_buckets.cbegin(); it != m_buckets.cend(); ++it)
        if (it->startMs >= 0 && !flushBucket(it.key().first, it.key().second, *it, error)) {
            db.rollback();
            return false;
        }
    return db.commit();
}

bool HistoryDatabase::eventsHaveColumn(const char *name)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral("PRAGMA table_info(events)")))
        return false;
    while (q.next())
        if (q.value(1).toString() == QLatin1String(name))
            return true;
    return false;
}

StoredEvent annotationEvent(const PublishedAnnotation &a)
{
    StoredEvent e;
    e.atMs = a.atMs;
    e.kind = QStringLiteral("annotation");
    e.text = a.text;
    e.source = a.author.isEmpty() ? displayBytes(a.from) : fillText(QStringLiteral("%1 (%2)"), displayBytes(a.from), a.author);
    if (!a.group.isEmpty())
        e.group = GroupKey{a.stream, a.group};
    return e;
}

bool HistoryDatabase::writeEventOnce(const StoredEvent &e, QString *error)
{
    if (!m_open || m_readOnly)
        return false;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT 1 FROM events WHERE t = ? AND kind = ? AND source IS ? AND text = ? LIMIT 1"));
    q.bindValue(0, e.atMs);
    q.bindValue(1, e.kind);
    q.bindValue(2, e.source.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(e.source));
    q.bindValue(3, e.text.isNull() ? QStringLiteral("") : e.text);
    if (!q.exec()) {
        if (error)
            *error = describe(q.lastError().text());
        return false;
    }
    return q.next() || writeEvent(e, error);
}

bool HistoryDatabase::writeEvent(const StoredEvent &e, QString *error)
{
    if (!m_open || m_readOnly)
        return false;
    std::optional<qint64> gid;
    if (e.group && !(gid = groupId(*e.group, error)))
        return false;
    if (!m_insertEvent) {
        m_insertEvent = std::make_unique<QSqlQuery>(QSqlDatabase::database(m_connectionName, false));
        if (!m_insertEvent->prepare(QStringLiteral("INSERT INTO events(t, gid, kind, status, text, reasons, source) VALUES (?, ?, ?, ?, ?, ?, ?)"))) {
            if (error)
                *error = describe(m_insertEvent->lastError().text());
            m_insertEvent.reset();
            return false;
        }
    }
    QSqlQuery &q = *m_insertEvent;
    q.bindValue(0, e.atMs);
    q.bindValue(1, gid ? QVariant(*gid) : QVariant(QMetaType(QMetaType::LongLong)));
    q.bindValue(2, e.kind);
    q.bindValue(3, e.status ? QVariant(int(*e.status)) : QVariant(QMetaType(QMetaType::Int)));
    q.bindValue(4, e.text.isNull() ? QStringLiteral("") : e.text); // a null QString binds as NULL
    q.bindValue(5, e.reasons.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(QString::fromUtf8(storeReasons(e.reasons))));
    q.bindValue(6, e.source.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(e.source));
    if (q.exec())
        return true;
    if (error)
        *error = describe(q.lastError().text());
    return false;
}

} // namespace pelscope
