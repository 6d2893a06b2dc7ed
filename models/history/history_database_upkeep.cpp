// HistoryDatabase's upkeep, beside its writing (history_database.cpp) and
// reading (history_database_read.cpp): the space it uses, the queues'
// series, retention and the size cap, the one-writer lease, and where a
// connection's file lives.
#include "history_database.h"

#include "../storage/app_dirs.h"
#include "../text/fill_text.h"
#include "../values/connection_options.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace pelscope {
qint64 HistoryDatabase::usedBytes()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    qint64 pages = 0, free = 0, size = 0;
    if (q.exec(QStringLiteral("PRAGMA page_count")) && q.next())
        pages = q.value(0).toLongLong();
    if (q.exec(QStringLiteral("PRAGMA freelist_count")) && q.next())
        free = q.value(0).toLongLong();
    if (q.exec(QStringLiteral("PRAGMA page_size")) && q.next())
        size = q.value(0).toLongLong();
    return (pages - free) * size;
}

bool HistoryDatabase::writeQueuePoints(const QList<QPair<QueueSeriesKey, QueuePoint>> &points, QString *error)
{
    if (!m_open || m_readOnly)
        return false;
    if (QueueHistory::write(QSqlDatabase::database(m_connectionName, false), points, m_queueSeriesIds, error))
        return true;
    if (error)
        *error = describe(*error);
    return false;
}

QList<QueuePoint> HistoryDatabase::queueSeries(const QueueSeriesKey &key, qint64 fromMs, qint64 toMs, QString *error)
{
    if (!m_open)
        return {};
    return QueueHistory::read(QSqlDatabase::database(m_connectionName, false), key, fromMs, toMs, error);
}

bool HistoryDatabase::prune(qint64 nowMs, int retentionDays, qint64 maxBytes, QString *error)
{
    if (!m_open || m_readOnly)
        return false;
    const qint64 retention = qint64(std::max(1, retentionDays)) * 86'400'000;
    if (!QueueHistory::prune(QSqlDatabase::database(m_connectionName, false), nowMs, retention, error)) {
        *error = describe(*error);
        return false;
    }
    const qint64 keep[4] = {Tier0KeepMs, std::min(Tier1KeepMs, retention), std::min(Tier2MaxKeepMs, retention), retention};
    for (int tier = 0; tier < 4; ++tier) {
        QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
        q.prepare(QStringLiteral("DELETE FROM points WHERE tier = ? AND t < ?"));
        q.addBindValue(tier);
        q.addBindValue(nowMs - keep[tier]);
        if (!q.exec()) {
            if (error)
                *error = describe(q.lastError().text());
            return false;
        }
    }
    QSqlQuery events(QSqlDatabase::database(m_connectionName, false));
    events.prepare(QStringLiteral("DELETE FROM events WHERE t < ?"));
    events.addBindValue(nowMs - retention);
    events.exec();
    // The size cap: the oldest coarse data first (1 h buckets, then 2 min, then
    // 10 s), a tenth of the span held at a time, until the file fits.
    for (int round = 0; maxBytes > 0 && usedBytes() > maxBytes && round < 64; ++round) {
        bool dropped = false;
        for (int tier : {3, 2, 1}) {
            QSqlQuery span(QSqlDatabase::database(m_connectionName, false));
            span.prepare(QStringLiteral("SELECT MIN(t), MAX(t) FROM points WHERE tier = ?"));
            span.addBindValue(tier);
            if (!span.exec() || !span.next() || span.value(0).isNull())
                continue;
            const qint64 lo = span.value(0).toLongLong(), hi = span.value(1).toLongLong();
            QSqlQuery del(QSqlDatabase::database(m_connectionName, false));
            del.prepare(QStringLiteral("DELETE FROM points WHERE tier = ? AND t <= ?"));
            del.addBindValue(tier);
            del.addBindValue(lo + std::max<qint64>(1, (hi - lo) / 10));
            del.exec();
            dropped = true;
            break;
        }
        if (!dropped)
            break;
        exec(QStringLiteral("PRAGMA incremental_vacuum"), nullptr);
    }
    exec(QStringLiteral("PRAGMA incremental_vacuum"), nullptr);
    return true;
}

HistoryDatabase::LeaseClaim HistoryDatabase::claimLease(const QString &owner, qint64 nowMs, qint64 staleAfterMs)
{
    LeaseClaim claim;
    if (!m_open || m_readOnly) {
        claim.error = describe(QStringLiteral("not open for writing"));
        return claim;
    }
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    // BEGIN IMMEDIATE: two programs checking at once cannot both take it.
    if (!exec(QStringLiteral("BEGIN IMMEDIATE"), &claim.error))
        return claim;
    QSqlQuery q(db);
    claim.mine = true;
    if (!q.exec(QStringLiteral("SELECT owner, heartbeat_ms FROM lease WHERE id = 1"))) {
        claim.mine = false;
        claim.error = describe(fillText(QStringLiteral("cannot read the lease: %1"), q.lastError().text()));
    } else if (q.next()) {
        const QString current = q.value(0).toString();
        const qint64 beat = q.value(1).toLongLong();
        // A holder on this host whose process is gone lets go at once.
        if (current != owner && nowMs - beat < staleAfterMs && !leaseHolderIsGone(current)) {
            claim.mine = false;
            claim.holder = fillText(QStringLiteral("%1 (heartbeat %2 s ago)"), current, (nowMs - beat) / 1000);
        }
    }
    q.finish();
    if (claim.mine) {
        QSqlQuery take(db);
        take.prepare(QStringLiteral("INSERT OR REPLACE INTO lease(id, owner, heartbeat_ms) VALUES (1, ?, ?)"));
        take.addBindValue(owner);
        take.addBindValue(nowMs);
        claim.mine = take.exec();
        if (!claim.mine)
            claim.error = describe(fillText(QStringLiteral("cannot take the lease: %1"), take.lastError().text()));
    }
    exec(QStringLiteral("COMMIT"), nullptr);
    return claim;
}

void HistoryDatabase::releaseLease(const QString &owner)
{
    if (!m_open || m_readOnly)
        return;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("DELETE FROM lease WHERE id = 1 AND owner = ?"));
    q.addBindValue(owner);
    q.exec();
}

QString historyPathFor(const ConnectionOptions &o, const QString &dir)
{
    // What names the connection, never a password: transport, address or
    // sentinel master, database, user.
    QString identity = fillText(QStringLiteral("%1|%2|%3|%4"), int(o.transport), o.sentinel ? QString::fromUtf8(o.sentinel->masterName) : o.address(),
                                o.db, QString::fromUtf8(o.user));
    if (o.sentinel)
        for (const auto &s : o.sentinel->sentinels)
            identity += fillText(QStringLiteral("|%1:%2"), s.host, s.port);
    if (o.readFromReplica)
        identity += QStringLiteral("|replica");
    const QString hash = QString::fromLatin1(QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha1).toHex().left(10));
    QString readable = o.sentinel                                          ? QString::fromUtf8(o.sentinel->masterName)
                       : o.transport == ConnectionOptions::Transport::Unix ? QFileInfo(o.socketPath).fileName()
                                                                           : fillText(QStringLiteral("%1_%2"), o.host, o.port);
    readable.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    const QString base = dir.isEmpty() ? QDir(appDataDir()).filePath(QStringLiteral("history")) : dir;
    return QDir(base).filePath(fillText(QStringLiteral("%1_db%2_%3.sqlite"), readable.left(48), o.db, hash));
}

} // namespace pelscope
