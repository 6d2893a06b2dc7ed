// The on-disk history on its own (SQLite files in a temporary directory):
// what is written reads back equal, tiers and buckets, replay into the
// in-memory store with gaps kept as gaps, the writer's lease between two
// programs, retention and the size cap on two weeks of data, and a damaged,
// foreign, newer or unwritable file said plainly, never a crash.
#include "unit_tests.h"
#include "history/history_database.h"
#include "history/history_file.h"
#include "history/history_recorder.h"
#include "history/history_store.h"
#include "health/health_rules.h"
#include "text/fill_text.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSysInfo>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <unistd.h>

using namespace pelscope;

namespace {

constexpr qint64 kT0 = 1'780'000'000'000; // a round server time, ms
const GroupKey kKey{"orders", "ship"};
const GroupKey kOther{"emails", "send"};

StoredPoint pointAt(qint64 t, float lag, float pending)
{
    StoredPoint p;
    p.atMs = t;
    const float v[MetricCount] = {lag, pending, 1.5f, 10, 8, 2, 3, 4.5f};
    std::copy(std::begin(v), std::end(v), p.values);
    p.idleUpperSeconds = 2.5f;
    p.maxDeliveries = 4;
    p.status = lag >= 1000 ? Health::Warn : Health::Ok;
    return p;
}

QList<RecordedGroup> poll(qint64 t, float lag, float pending)
{
    return {{kKey, pointAt(t, lag, pending)}, {kOther, pointAt(t, lag / 2, 0)}};
}

} // namespace

class TestHistoryDatabase : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString file(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void writtenReadsBackEqual()
    {
        const QString path = file(QStringLiteral("equal.sqlite"));
        {
            HistoryDatabase db(path);
            QString error;
            QVERIFY2(db.open(&error), qPrintable(error));
            for (int i = 0; i < 60; ++i) // a minute at 1 Hz
                QVERIFY2(db.writePoll(kT0 + i * 1000LL, poll(kT0 + i * 1000LL, float(i * 10), float(i)), {}, &error), qPrintable(error));
            QVERIFY(db.flushOpenBuckets(&error));
        }
        HistoryDatabase db(path, true);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        const QList<StoredPoint> raw = db.series(kKey, kT0, kT0 + 59'000, &error);
        QCOMPARE(raw.size(), 60); // every poll, tier 0
        for (int i = 0; i < 60; ++i) {
            QCOMPARE(raw[i].atMs, kT0 + i * 1000LL);
            QCOMPARE(raw[i].values[int(Metric::Lag)], float(i * 10));
            QCOMPARE(raw[i].values[int(Metric::Pending)], float(i));
            QCOMPARE(raw[i].idleUpperSeconds, 2.5f);
            QCOMPARE(raw[i].maxDeliveries, 4.0f);
        }
        QCOMPARE(db.groups(&error), (QList<GroupKey>{kOther, kKey}));
        // The first poll, not the start of the 1 h bucket it falls in.
        QCOMPARE(db.recordedSinceMs(), std::optional<qint64>(kT0));
        QCOMPARE(db.recordedUntilMs(), std::optional<qint64>(kT0 + 59'000));
        // The 10 s buckets keep what must not hide trouble: the max lag of each.
        {
            QSqlDatabase peek = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
            peek.setDatabaseName(path);
            QVERIFY(peek.open());
            QSqlQuery b(peek);
            QVERIFY(b.exec(QStringLiteral("SELECT t, lag, in_rate FROM points WHERE tier = 1 AND gid = (SELECT id FROM groups WHERE stream = "
                                          "CAST('orders' AS BLOB)) ORDER BY t")));
            int buckets = 0;
            while (b.next()) {
                const qint64 t = b.value(0).toLongLong();
                QCOMPARE(t % 10'000, 0);
                // the last poll inside [t, t + 10 s) had the largest lag
                const qint64 lastPoll = std::min<qint64>(kT0 + 59'000, t + 9'000);
                QCOMPARE(b.value(1).toDouble(), double((lastPoll - kT0) / 1000 * 10));
                QCOMPARE(b.value(2).toDouble(), 10.0); // rates: the mean
                ++buckets;
            }
            QVERIFY(buckets >= 6);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("peek"));
    }

    // Streams read in turn: a group carried in a poll (not read) gets no
    // per-poll row, but its values still make its buckets.
    void carriedGroupsWriteNoPerPollRow()
    {
        const QString path = file(QStringLiteral("carried.sqlite"));
        {
            HistoryDatabase db(path);
            QString error;
            QVERIFY2(db.open(&error), qPrintable(error));
            for (int i = 0; i < 20; ++i) {
                const qint64 t = kT0 + i * 1000LL;
                QList<RecordedGroup> rows = poll(t, 100, 5);
                rows[1].carried = i % 5 != 0; // kOther read every fifth poll
                QVERIFY2(db.writePoll(t, rows, {}, &error), qPrintable(error));
            }
            QVERIFY(db.flushOpenBuckets(&error));
        }
        {
            QSqlDatabase peek = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
            peek.setDatabaseName(path);
            QVERIFY(peek.open());
            auto count = [&](const char *stream, int tier) {
                QSqlQuery q(peek);
                q.prepare(
                    QStringLiteral("SELECT COUNT(*) FROM points WHERE tier = ? AND gid = (SELECT id FROM groups WHERE stream = CAST(? AS BLOB))"));
                q.addBindValue(tier);
                q.addBindValue(QByteArray(stream));
                return q.exec() && q.next() ? q.value(0).toInt() : -1;
            };
            QCOMPARE(count("orders", 0), 20);
            QCOMPARE(count("emails", 0), 4);
            QCOMPARE(count("emails", 1), count("orders", 1)); // its 10 s buckets all there
            QVERIFY(count("emails", 1) >= 2);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("peek"));
    }

    // Opening a connection replays its past into the store the charts read;
    // time nobody recorded stays a gap (NaN), never a line across it.
    void replayKeepsGaps()
    {
        const QString path = file(QStringLiteral("replay.sqlite"));
        const qint64 now = kT0 + 20 * 60'000;
        {
            HistoryDatabase db(path);
            QString error;
            QVERIFY2(db.open(&error), qPrintable(error));
            // Ten minutes, then nothing for five, then five more.
            for (qint64 t = kT0; t < kT0 + 10 * 60'000; t += 1000)
                QVERIFY(db.writePoll(t, poll(t, 100, 5), {}, &error));
            for (qint64 t = kT0 + 15 * 60'000; t < now; t += 1000)
                QVERIFY(db.writePoll(t, poll(t, 200, 5), {}, &error));
            QVERIFY(db.flushOpenBuckets(&error));
        }
        HistoryDatabase db(path, true);
        QString error;
        QVERIFY(db.open(&error));
        const auto polls = db.loadForReplay(now, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(polls.size(), 20 * 6 - 5 * 6); // 10 s buckets of the last hour
        HistoryStore store;
        for (const auto &[t, rows] : polls)
            store.appendRecorded(t, rows);
        const SeriesWindow w = store.window(kKey, Metric::Lag, kT0, now, 5000);
        QVERIFY(!w.t.isEmpty());
        bool sawGap = false, saw100 = false, saw200 = false;
        for (qsizetype i = 0; i < w.t.size(); ++i) {
            const double t = w.t[i] * 1000;
            if (t > kT0 + 10 * 60'000 && t < kT0 + 15 * 60'000)
                QVERIFY2(std::isnan(w.v[i]), qPrintable(QString::number(w.v[i]))); // nothing drawn in the gap
            sawGap = sawGap || std::isnan(w.v[i]);
            saw100 = saw100 || w.v[i] == 100;
            saw200 = saw200 || w.v[i] == 200;
        }
        QVERIFY(sawGap && saw100 && saw200);
    }

    // The recorder and a window on one connection: one writer at a time; the
    // other takes over when the first stops; no timestamp is stored twice.
    void leaseMeansOneWriter()
    {
        const QString path = file(QStringLiteral("lease.sqlite"));
        HistorySettings a;
        a.path = path;
        a.owner = QStringLiteral("recorder A");
        a.staleAfterMs = 60'000;
        HistorySettings b = a;
        b.owner = QStringLiteral("window B");
        HistoryRecorder recorder(a), window(b);
        recorder.open();
        window.open();
        QVERIFY(recorder.state().writing);
        QVERIFY(!window.state().writing);
        QVERIFY2(window.state().holder.startsWith(QStringLiteral("recorder A")), qPrintable(window.state().holder));
        auto snapshot = [](qint64 t) {
            SnapshotData d;
            d.takenAtMs = t;
            StreamSnapshot s;
            s.key = "orders";
            GroupSnapshot g;
            g.name = "ship";
            g.lag = 7;
            g.pending = 1;
            s.groups.append(g);
            d.streams.append(s);
            return Snapshot(std::move(d));
        };
        for (int i = 0; i < 5; ++i) {
            recorder.record(snapshot(kT0 + i * 1000LL));
            window.record(snapshot(kT0 + i * 1000LL)); // the same polls: not written twice
        }
        recorder.stop(); // gives the lease back
        for (int i = 5; i < 10; ++i)
            window.record(snapshot(kT0 + i * 1000LL));
        QVERIFY(window.state().writing);
        window.stop();
        HistoryDatabase db(path, true);
        QString error;
        QVERIFY(db.open(&error));
        const QList<StoredPoint> points = db.series(kKey, kT0, kT0 + 10'000, &error);
        QCOMPARE(points.size(), 10);
        for (int i = 0; i < 10; ++i)
            QCOMPARE(points[i].atMs, kT0 + i * 1000LL);
    }

    // A recorder started again on a file that recorded up to a minute ago goes
    // on from it: the same status is not "first seen" again (every window
    // restart wrote each group's first verdict anew, and the report's timeline
    // listed them as changes); after a longer gap it is.
    void restartedRecorderGoesOn()
    {
        const QString path = file(QStringLiteral("goes-on.sqlite"));
        HistorySettings settings;
        settings.path = path;
        settings.owner = QStringLiteral("t");
        auto snapshot = [](qint64 t, Health status) {
            SnapshotData d;
            d.takenAtMs = t;
            StreamSnapshot s;
            s.key = kKey.stream;
            GroupSnapshot g;
            g.name = kKey.group;
            g.lag = 7;
            g.health.status = status;
            s.groups.append(g);
            d.streams.append(s);
            return Snapshot(std::move(d));
        };
        const auto events = [&] {
            HistoryDatabase db(path, true);
            QString error;
            QStringList out;
            if (!db.open(&error))
                return QStringList{error};
            for (const StoredEvent &e : db.events(0, kT0 + 3'600'000, &error))
                out << fillText(QStringLiteral("%1 %2 %3"), (e.atMs - kT0) / 1000, e.kind, healthName(e.status.value_or(Health::Ok)));
            return out;
        };
        {
            HistoryRecorder first(settings);
            first.open();
            for (int i = 0; i < 5; ++i)
                first.record(snapshot(kT0 + i * 1000LL, Health::Crit));
            first.stop();
        }
        {
            HistoryRecorder again(settings);
            again.open();
            again.record(snapshot(kT0 + 6'000, Health::Crit)); // as the file last says: no event
            again.record(snapshot(kT0 + 7'000, Health::Warn)); // a change
            again.stop();
        }
        QCOMPARE(events(), (QStringList{QStringLiteral("0 first_seen crit"), QStringLiteral("7 status warn")}));
        {
            HistoryRecorder later(settings);
            later.open();
            later.record(snapshot(kT0 + 600'000, Health::Warn)); // ten minutes unwatched: seen anew
            later.stop();
        }
        QCOMPARE(events().last(), QStringLiteral("600 first_seen warn"));
    }

    // Two weeks of 2 min buckets for 50 groups, then a day of retention and a
    // small cap: the oldest coarse data goes first and the file shrinks.
    void retentionAndSizeCap()
    {
        const QString path = file(QStringLiteral("cap.sqlite"));
        HistoryDatabase db(path);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        const qint64 now = kT0;
        // Synthetic: one poll per 10 minutes over 14 days, 50 groups.
        for (qint64 t = now - 14 * 86'400'000LL; t <= now; t += 600'000) {
            QList<RecordedGroup> groups;
            for (int g = 0; g < 50; ++g)
                groups.append({GroupKey{"s" + QByteArray::number(g), "g"}, pointAt(t, float(g), 1)});
            QVERIFY2(db.writePoll(t, groups, {}, &error), qPrintable(error));
        }
        QVERIFY(db.flushOpenBuckets(&error));
        QCOMPARE(*db.recordedSinceMs() <= now - 13 * 86'400'000LL, true);
        QVERIFY(db.prune(now, 14, 0, &error));
        QVERIFY(*db.recordedSinceMs() >= now - 14 * 86'400'000LL - 3'600'000);
        QVERIFY(db.prune(now, 2, 0, &error)); // two days kept
        QVERIFY2(*db.recordedSinceMs() >= now - 2 * 86'400'000LL - 3'600'000, qPrintable(QString::number(now - *db.recordedSinceMs())));
        const qint64 before = db.usedBytes();
        QVERIFY(db.prune(now, 2, before / 2, &error));
        QVERIFY2(db.usedBytes() <= before / 2, qPrintable(fillText(QStringLiteral("%1 > %2"), db.usedBytes(), before / 2)));
        // The newest data stays: the cap takes from the oldest end.
        QCOMPARE(db.series(GroupKey{"s1", "g"}, now - 600'000, now, &error).isEmpty(), false);
    }

    // The queues' series: one row per 10 s bucket (its last value), read back
    // equal; thinned to one per 2 min after a day, gone after the retention;
    // a file without the tables (an older Pelscope's, opened read-only) has
    // no past and no error.
    void queueSeriesBucketThinAndExpire()
    {
        const QString path = file(QStringLiteral("queues.sqlite"));
        HistoryDatabase db(path);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        const QueueSeriesKey key{QStringLiteral("delayed"), QByteArray("delayed\0queue", 13)};
        const qint64 now = kT0 - kT0 % 120'000;
        const auto point = [](qint64 at, float due) {
            QueuePoint p;
            p.atMs = at;
            p.values[0] = 100;
            p.values[1] = due;
            p.values[2] = std::numeric_limits<float>::quiet_NaN();
            return p;
        };
        // Three days ago, two days ago (4 minutes of 10 s buckets), and the last minute, two polls a bucket.
        for (qint64 base : {now - 3 * 86'400'000LL, now - 2 * 86'400'000LL, now - 60'000})
            for (qint64 t = base; t < base + (base == now - 60'000 ? 60'000 : 240'000); t += 5'000)
                QVERIFY2(db.writeQueuePoints({{key, point(t, float(t % 60'000) / 1000.0f)}}, &error), qPrintable(error));
        QList<QueuePoint> recent = db.queueSeries(key, now - 60'000, now, &error);
        QCOMPARE(recent.size(), 6);
        QCOMPARE(recent.first().atMs, now - 60'000);
        QCOMPARE(recent.first().values[1], 5.0f); // the bucket's last poll (t + 5 s)
        QVERIFY(std::isnan(recent.first().values[2]));
        QCOMPARE(db.queueSeries(key, now - 2 * 86'400'000LL, now - 2 * 86'400'000LL + 240'000, &error).size(), 24);
        QVERIFY2(db.prune(now, 2, 0, &error), qPrintable(error)); // two days kept
        QCOMPARE(db.queueSeries(key, now - 4 * 86'400'000LL, now - 2 * 86'400'000LL - 1, &error).size(), 0);
        const QList<QueuePoint> thinned = db.queueSeries(key, now - 2 * 86'400'000LL, now - 2 * 86'400'000LL + 240'000, &error);
        QCOMPARE(thinned.size(), 2); // one per 2 min
        QCOMPARE(db.queueSeries(key, now - 60'000, now, &error).size(), 6);
        QVERIFY(error.isEmpty());
        // The claim activity's series has no key (an empty one, not NULL).
        const QueueSeriesKey activity{QStringLiteral("activity"), {}};
        for (int i = 0; i < 2; ++i)
            QVERIFY2(db.writeQueuePoints({{activity, point(now - 20'000 + i * 10'000, 40.0f + float(i))}}, &error), qPrintable(error));
        const QList<QueuePoint> acks = db.queueSeries(activity, now - 60'000, now, &error);
        QCOMPARE(acks.size(), 2);
        QCOMPARE(acks.at(1).values[1], 41.0f);
        db.close();

        // A file of an earlier Pelscope: no queue tables.
        const QString old = file(QStringLiteral("old.sqlite"));
        {
            HistoryDatabase writer(old);
            QVERIFY(writer.open(&error));
        }
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("drop"));
            raw.setDatabaseName(old);
            QVERIFY(raw.open());
            QSqlQuery(raw).exec(QStringLiteral("DROP TABLE queue_points"));
            QSqlQuery(raw).exec(QStringLiteral("DROP TABLE queue_series"));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("drop"));
        HistoryDatabase reader(old, true);
        QVERIFY2(reader.open(&error), qPrintable(error));
        QCOMPARE(reader.queueSeries(key, 0, now, &error).size(), 0);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void troubleIsSaidNotCrashed()
    {
        QString error;
        // Not a database at all.
        const QString junk = file(QStringLiteral("junk.sqlite"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, 'x'));
        f.close();
        HistoryDatabase a(junk);
        QVERIFY(!a.open(&error));
        QVERIFY2(error.contains(QStringLiteral("damaged or not a Pelscope history")), qPrintable(error));

        // A newer schema.
        const QString newer = file(QStringLiteral("newer.sqlite"));
        {
            HistoryDatabase db(newer);
            QVERIFY(db.open(&error));
        }
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bump"));
            raw.setDatabaseName(newer);
            QVERIFY(raw.open());
            QSqlQuery(raw).exec(QStringLiteral("UPDATE meta SET value = '99' WHERE key = 'schema'"));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("bump"));
        HistoryDatabase b(newer);
        QVERIFY(!b.open(&error));
        QVERIFY2(error.contains(QStringLiteral("newer Pelscope (schema 99")), qPrintable(error));

        // Someone else's database.
        const QString foreign = file(QStringLiteral("foreign.sqlite"));
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
            raw.setDatabaseName(foreign);
            QVERIFY(raw.open());
            QSqlQuery(raw).exec(QStringLiteral("CREATE TABLE invoices(id INTEGER)"));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
        HistoryDatabase c(foreign);
        QVERIFY(!c.open(&error));
        QVERIFY2(error.contains(QStringLiteral("something else")), qPrintable(error));
        // ... refused unchanged: it was switched to WAL before the refusal.
        QVERIFY(!QFile::exists(foreign + QStringLiteral("-wal")));
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign2"));
            raw.setDatabaseName(foreign);
            QVERIFY(raw.open());
            QSqlQuery mode(raw);
            QVERIFY(mode.exec(QStringLiteral("PRAGMA journal_mode")) && mode.next());
            QCOMPARE(mode.value(0).toString(), QStringLiteral("delete"));
            mode.finish();
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("foreign2"));

        // A directory nobody may write (skipped as root, who may write anywhere).
        if (geteuid() != 0) {
            const QString locked = file(QStringLiteral("locked"));
            QDir().mkpath(locked);
            QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
            HistoryDatabase d(locked + QStringLiteral("/h.sqlite"));
            QVERIFY(!d.open(&error));
            QVERIFY(!error.isEmpty());
        }
        // The recorder says so and carries on: the state has the problem, no writing.
        HistorySettings s;
        s.path = junk;
        s.owner = QStringLiteral("t");
        HistoryRecorder r(s);
        r.open();
        QVERIFY(!r.state().open && !r.state().writing);
        QVERIFY(r.state().problem.contains(QStringLiteral("damaged")));
        r.record(Snapshot(SnapshotData{})); // no crash, nothing written
    }

    // Issue 26, item 5: a symbolic link planted at the history's path (or its
    // -wal) is not followed: nothing is created at its target.
    void symlinkIsNotFollowed()
    {
        QString error;
        const QString target = file(QStringLiteral("elsewhere.sqlite"));
        const QString path = file(QStringLiteral("planted.sqlite"));
        QVERIFY(QFile::link(target, path));
        HistoryDatabase db(path);
        QVERIFY(!db.open(&error));
        QVERIFY2(error.contains(QStringLiteral("symbolic link")), qPrintable(error));
        QVERIFY(!QFile::exists(target));

        const QString real = file(QStringLiteral("wal-planted.sqlite"));
        QVERIFY(QFile::link(target, real + QStringLiteral("-wal")));
        HistoryDatabase wal(real);
        QVERIFY(!wal.open(&error));
        QVERIFY2(error.contains(QStringLiteral("-wal is a symbolic link")), qPrintable(error));
        QVERIFY(!QFile::exists(target));

        // A new file is the owner's only.
        HistoryDatabase fresh(file(QStringLiteral("fresh/h.sqlite")));
        QVERIFY2(fresh.open(&error), qPrintable(error));
        QCOMPARE(QFileInfo(file(QStringLiteral("fresh/h.sqlite"))).permissions() & 0x7777, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser);
    }

    // A file whose creation stopped after `meta(schema=1)`: the recorder said
    // "not writing:  holds this history's lease" (nobody) forever. Now
    // reading says it is half-built, and a writer completes it.
    void halfBuiltFileIsCompleted()
    {
        const QString path = file(QStringLiteral("half.sqlite"));
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("half"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery(raw).exec(QStringLiteral("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)"));
            QSqlQuery(raw).exec(QStringLiteral("INSERT INTO meta VALUES ('schema', '1')"));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("half"));
        QString error;
        HistoryDatabase reader(path, true);
        QVERIFY(!reader.open(&error));
        QVERIFY2(error.contains(QStringLiteral("half-built: the table groups is missing")), qPrintable(error));

        HistorySettings s;
        s.path = path;
        s.owner = QStringLiteral("recorder");
        HistoryRecorder recorder(s);
        recorder.open();
        QVERIFY2(recorder.state().open && recorder.state().writing, qPrintable(recorder.state().problem + recorder.state().holder));
        recorder.stop();
        HistoryDatabase again(path, true);
        QVERIFY2(again.open(&error), qPrintable(error));
    }

    // A status event keeps its reasons as data (code, template, values) and
    // its English text; a file written before the reasons column reads as
    // before (its text), and a writer adds the column without a new schema.
    void reasonsReadBackAndOldFilesKeepTheirText()
    {
        const QString path = file(QStringLiteral("before-reasons.sqlite"));
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            for (const char *sql : {"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)", "INSERT INTO meta VALUES ('schema', '1')",
                                    "CREATE TABLE groups(id INTEGER PRIMARY KEY, stream BLOB NOT NULL, grp BLOB NOT NULL, UNIQUE(stream, grp))",
                                    "CREATE TABLE points(tier INTEGER NOT NULL, gid INTEGER NOT NULL, t INTEGER NOT NULL, lag REAL, pending REAL, idle REAL, "
                                    "in_rate REAL, out_rate REAL, alive REAL, total REAL, behind REAL, idle_upper REAL, max_dlv REAL, status INTEGER, "
                                    "PRIMARY KEY(tier, t, gid)) WITHOUT ROWID",
                                    "CREATE TABLE events(id INTEGER PRIMARY KEY, t INTEGER NOT NULL, gid INTEGER, kind TEXT NOT NULL, status INTEGER, text TEXT NOT NULL)",
                                    "CREATE TABLE lease(id INTEGER PRIMARY KEY CHECK (id = 1), owner TEXT NOT NULL, heartbeat_ms INTEGER NOT NULL)",
                                    "INSERT INTO groups VALUES (1, 'orders', 'ship')",
                                    "INSERT INTO events(t, gid, kind, status, text) VALUES (1780000000000, 1, 'status', 2, '지연 20 ≥ 10')"})
                QVERIFY2(QSqlQuery(raw).exec(QString::fromUtf8(sql)), sql);
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("old"));
        QString error;
        {
            HistoryDatabase reader(path, true);
            QVERIFY2(reader.open(&error), qPrintable(error));
            const QList<StoredEvent> events = reader.events(0, kT0 * 2, &error);
            QCOMPARE(events.size(), 1);
            QVERIFY(events.first().reasons.isEmpty());
            QCOMPARE(joinReasons(events.first().why(), QStringLiteral("; ")), QStringLiteral("지연 20 ≥ 10"));
        }
        const QList<Reason> reasons{healthReason("lag", "lag %1 ≥ %2 unread entries", {ReasonArg::count(20), ReasonArg::count(10)}),
                                    healthReason("consumer_stalled", "%1 holds %2 entries idle %3 ≥ %4",
                                                 {ReasonArg::name(QByteArray("w\x00%2F", 5)), ReasonArg::count(3), ReasonArg::duration(60'000),
                                                  ReasonArg::duration(30'000)})};
        {
            HistoryDatabase writer(path, false);
            QVERIFY2(writer.open(&error), qPrintable(error));
            StoredEvent e{kT0 + 1, kKey, QStringLiteral("status"), Health::Warn, joinReasons(reasons, QStringLiteral("; "), ReasonLanguage::English), reasons, {}};
            QVERIFY2(writer.writeEvent(e, &error), qPrintable(error));
        }
        HistoryDatabase again(path, true);
        QVERIFY2(again.open(&error), qPrintable(error));
        const QList<StoredEvent> events = again.events(0, kT0 * 2, &error);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events.first().text, QStringLiteral("지연 20 ≥ 10"));
        QVERIFY(events.last().reasons == reasons);
        QCOMPARE(events.last().text, QStringLiteral("lag 20 ≥ 10 unread entries; w\\x00%2F holds 3 entries idle 1m00s ≥ 30s"));
        QCOMPARE(events.last().reasons.at(1).args.at(0).value.toByteArray(), QByteArray("w\x00%2F", 5));
    }

    // A recorder restarted right after a crash (systemd: 100 ms) waited for
    // the dead one's heartbeat to go stale (10 s). A holder on this host whose
    // PID is gone, or is no Pelscope program, lets go at once; one on another
    // host, or alive, does not.
    void deadHolderOnThisHostLetsGo()
    {
        const QString path = file(QStringLiteral("crash.sqlite"));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        QString error;
        HistoryDatabase db(path);
        QVERIFY2(db.open(&error), qPrintable(error));
        // Another program's write of the lease, through its own connection.
        const auto holdAs = [&](const QString &owner) {
            {
                QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("holder"));
                raw.setDatabaseName(path);
                QVERIFY(raw.open());
                QSqlQuery q(raw);
                q.prepare(QStringLiteral("INSERT OR REPLACE INTO lease(id, owner, heartbeat_ms) VALUES (1, ?, ?)"));
                q.addBindValue(owner);
                q.addBindValue(now - 100);
                QVERIFY(q.exec());
                q.finish();
                raw.close();
            }
            QSqlDatabase::removeDatabase(QStringLiteral("holder"));
        };
        const QString host = QSysInfo::machineHostName();
        // A PID that is certainly gone: a child that has exited and been reaped.
        QProcess gone;
        gone.start(QStringLiteral("true"));
        QVERIFY(gone.waitForFinished());
        const qint64 deadPid = gone.processId() ? gone.processId() : 999'999;
        holdAs(fillText(QStringLiteral("pelscope-cli record (pid %1 on %2)"), deadPid, host));
        QVERIFY(leaseHolderIsGone(fillText(QStringLiteral("pelscope-cli record (pid %1 on %2)"), deadPid, host)));
        HistoryDatabase::LeaseClaim claim = db.claimLease(QStringLiteral("me"), now, 60'000);
        QVERIFY2(claim.mine && claim.error.isEmpty(), qPrintable(claim.holder + claim.error));

        // Alive but not Pelscope (a reused PID): taken too.
        QProcess sleeper;
        sleeper.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(sleeper.waitForStarted());
        holdAs(fillText(QStringLiteral("pelscope-cli record (pid %1 on %2)"), sleeper.processId(), host));
        QVERIFY(db.claimLease(QStringLiteral("me"), now, 60'000).mine);
        sleeper.kill();
        sleeper.waitForFinished();

        // Another host: its heartbeat is all there is to go by.
        holdAs(fillText(QStringLiteral("pelscope-cli record (pid %1 on %2)"), deadPid, QStringLiteral("other-") + host));
        claim = db.claimLease(QStringLiteral("me"), now, 60'000);
        QVERIFY(!claim.mine);
        QVERIFY2(claim.holder.startsWith(QStringLiteral("pelscope-cli record")), qPrintable(claim.holder));
    }
};

PELSCOPE_UNIT_TEST(TestHistoryDatabase)
#include "tst_history_database.moc"
