// pelscope-cli report against a real redis-server (with a password): every
// file of the folder is checked against what the server holds, dead letters
// leave their payloads out unless asked, and the password is nowhere in it.
#include "cli_process.h"
#include "group_fixtures.h"
#include "history/history_database.h"
#include "poll_once.h"
#include "redis_oracle.h"
#include "values/connection_options.h"
#include "redis_server.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QSet>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace pelscope;
using namespace pelscope::test;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// One line of the audit log, as AuditLog writes it.
QByteArray auditLine(const QString &action, const QString &outcome, const QString &time, const QString &connection, const QStringList &ids = {},
                     const QJsonObject &where = {})
{
    QJsonObject o{{QStringLiteral("action"), action},           {QStringLiteral("outcome"), outcome},
                  {QStringLiteral("time"), time},               {QStringLiteral("connection"), connection},
                  {QStringLiteral("ids"), QJsonArray::fromStringList(ids)}};
    for (auto it = where.begin(); it != where.end(); ++it) // key, group, target
        o.insert(it.key(), it.value());
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

QString now()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

// The name a connection's writes carry in the audit log.
QString auditName(const QString &url)
{
    return parseRedisUrl(url).options->redactedUrl();
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void reportIsTheServersAndHasNoSecrets()
    {
        RedisServer server(RedisServer::Options{false, true, {QStringLiteral("--requirepass"), QStringLiteral("s3cret-pw")}, false, {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QString url = server.url();
        url.replace(QStringLiteral("redis://"), QStringLiteral("redis://:s3cret-pw@"));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QCOMPARE(db.command({"AUTH", "s3cret-pw"}).bytes(), QByteArray("OK"));
        addShipIncident(db, 3); // lag 20, 10 held, three dead letters

        QTemporaryDir dir;
        const QString audit = dir.filePath(QStringLiteral("audit.jsonl"));
        {
            QFile f(audit);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(auditLine(QStringLiteral("requeue"), QStringLiteral("requeued"), QStringLiteral("2020-01-01T00:00:00.000Z"), auditName(url)));
            f.write(auditLine(QStringLiteral("claim"), QStringLiteral("claimed"), now(), auditName(url), {QStringLiteral("1-0")},
                              {{QStringLiteral("key"), QStringLiteral("orders")}, {QStringLiteral("group"), QStringLiteral("ship")},
                               {QStringLiteral("target"), QStringLiteral("worker-1")}}));
            // Another connection's write, in the same shared log: not this report's (issue 28, item 6).
            f.write(auditLine(QStringLiteral("claim"), QStringLiteral("claimed"), now(), QStringLiteral("redis://other-host:6379"),
                              {QStringLiteral("2-0")}));
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), audit);
        const QStringList common{QStringLiteral("--url"),       url, QStringLiteral("--history-dir"), dir.path(), QStringLiteral("--threshold"),
                                 QStringLiteral("lag_warn=5"),  QStringLiteral("--threshold"),    QStringLiteral("lag_crit=10"),
                                 QStringLiteral("--threshold"), QStringLiteral("consumer_idle_warn=1s")};

        // A recorder first, so the report has a past to draw from.
        QProcess recorder;
        recorder.setProcessEnvironment(env);
        recorder.start(QStringLiteral(PELSCOPE_CLI_PATH), common + QStringList{QStringLiteral("record"), QStringLiteral("--interval"), QStringLiteral("200ms")});
        QVERIFY(recorder.waitForStarted());
        QTest::qWait(2500);
        ::kill(pid_t(recorder.processId()), SIGTERM);
        QVERIFY(recorder.waitForFinished(10000));

        const QString out = dir.filePath(QStringLiteral("report"));
        const ProcessRun run = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                          common + QStringList{QStringLiteral("report"), QStringLiteral("--out"), out, QStringLiteral("--count"), QStringLiteral("2")},
                                          env);
        QVERIFY2(run.exitCode == 0, run.err.constData());

        const QByteArray summary = readAll(out + QStringLiteral("/summary.md"));
        // The recorder first saw the group already CRIT: the trouble began before it.
        QVERIFY2(summary.contains("| CRIT | orders | ship | at least since "), summary.constData());
        QVERIFY2(summary.contains("lag 20"), summary.constData());
        QVERIFY2(summary.contains("**worker-3** holds 10"), summary.constData());
        QVERIFY2(summary.contains("orders:dlq (source orders): 3 entries; validation 2"), summary.constData()); // the newest 2
        // Each write names its stream and group (issue 45: it said "claim (claimed): 1").
        QVERIFY2(summary.contains("claim (claimed) on orders / ship: 1 → worker-1") && !summary.contains("requeue (requeued)"), summary.constData());
        // The timeline as incidents: the group CRIT since at least the recorder's
        // first sight of it, with its reasons (issue 28, item 6; issue 45), and
        // the claim made during it.
        const qsizetype incidents = summary.indexOf("## Incidents in the window (recorded)");
        const qsizetype ship = summary.indexOf("### orders / ship: CRIT at its worst, still open", incidents);
        QVERIFY2(incidents > 0 && ship > incidents && summary.indexOf("- Began at least by ", ship) > ship && summary.indexOf("lag 20", ship) > ship
                     && summary.indexOf(" write: claim (claimed) on orders / ship: 1 entries → ", ship) > ship,
                 summary.constData());

        const QJsonObject snapshot = QJsonDocument::fromJson(readAll(out + QStringLiteral("/snapshot.json"))).object();
        QCOMPARE(snapshot.value(QLatin1String("schema")).toString(), QStringLiteral("pelscope.snapshot/1"));
        const RedisReply g = db.command({"XINFO", "GROUPS", "orders"}).at(0);
        QJsonObject group;
        for (const QJsonValue &st : snapshot.value(QLatin1String("streams")).toArray())
            if (st.toObject().value(QLatin1String("key")).toString() == QLatin1String("orders"))
                group = st.toObject().value(QLatin1String("groups")).toArray().at(0).toObject();
        QCOMPARE(qint64(group.value(QLatin1String("lag")).toDouble()), g.field("lag").integer());
        QCOMPARE(qint64(group.value(QLatin1String("pending")).toDouble()), g.field("pending").integer());

        const QList<QByteArray> csv = readAll(out + QStringLiteral("/groups/orders__ship.csv")).split('\n');
        QVERIFY2(csv.size() >= 4, qPrintable(QString::number(csv.size()))); // header and the recorded polls
        QVERIFY(csv.first().startsWith("time,lag,pending"));
        QVERIFY2(csv.at(1).contains(",20,10,"), csv.at(1).constData());

        const QList<QByteArray> letters = readAll(out + QStringLiteral("/dead-letters.jsonl")).trimmed().split('\n');
        QCOMPARE(letters.size(), 2);
        const QJsonObject newest = QJsonDocument::fromJson(letters.first()).object();
        QCOMPARE(newest.value(QLatin1String("fields")).toObject().value(QLatin1String("reason")).toString(), QStringLiteral("negative amount"));
        QVERIFY(!newest.value(QLatin1String("fields")).toObject().contains(QLatin1String("payload")));
        QCOMPARE(newest.value(QLatin1String("payload_bytes_left_out")).toDouble(), 16.0);

        const QList<QByteArray> auditLines = readAll(out + QStringLiteral("/audit.jsonl")).trimmed().split('\n');
        QCOMPARE(auditLines.size(), 1); // the line of this connection inside the window only

        // Nothing of the password, nor of the payloads, anywhere in the folder.
        QDirIterator it(out, QDir::Files, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            const QByteArray bytes = readAll(it.next());
            ++files;
            QVERIFY2(!bytes.contains("s3cret-pw"), qPrintable(it.filePath()));
            QVERIFY2(!bytes.contains("-secret"), qPrintable(it.filePath()));
        }
        QCOMPARE(files, 6); // summary, snapshot, dead letters, audit, groups/index.csv, one group

        // Asked for: the payloads; a folder that is not empty: refused.
        const QString withPayloads = dir.filePath(QStringLiteral("report2"));
        const ProcessRun second = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                             common + QStringList{QStringLiteral("report"), QStringLiteral("--out"), withPayloads,
                                                                  QStringLiteral("--include-payloads")},
                                             env);
        QCOMPARE(second.exitCode, 0);
        QVERIFY(readAll(withPayloads + QStringLiteral("/dead-letters.jsonl")).contains("card=4333-secret"));
        const ProcessRun again = runProcess(QStringLiteral(PELSCOPE_CLI_PATH), common + QStringList{QStringLiteral("report"), QStringLiteral("--out"), out}, env);
        QCOMPARE(again.exitCode, 3);
        QVERIFY2(again.err.contains("is not empty"), again.err.constData());
    }

    // "Since" as the window's "For" column says it: from the recorded polls,
    // also when the recording holds no status events (a history written by an
    // earlier version, or the demo's simulated past), and the timeline shows
    // the change the polls hold. Before: "at least since" the first event, or
    // "not recorded", while the window said "for 1m".
    void sinceAndTimelineFromTheRecordedPolls()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        addShipIncident(db, 1); // lag 20: CRIT at lag_crit=10

        QTemporaryDir dir;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 critFrom = now - 60'000;
        {
            HistoryDatabase history(historyPathFor(optionsFor(server.url()), dir.path()));
            QVERIFY2(history.open(&error), qPrintable(error));
            for (qint64 t = now - 180'000; t < now - 5'000; t += 5'000) {
                RecordedGroup g;
                g.key = GroupKey{"orders", "ship"};
                g.point.atMs = t;
                std::fill(std::begin(g.point.values), std::end(g.point.values), 0.0f);
                g.point.values[int(Metric::Lag)] = t < critFrom ? 7 : 20;
                g.point.status = t < critFrom ? Health::Warn : Health::Crit;
                QVERIFY2(history.writePoll(t, {g}, {}, &error), qPrintable(error));
            }
            QVERIFY2(history.flushOpenBuckets(&error), qPrintable(error));
        }
        const QString out = dir.filePath(QStringLiteral("report"));
        const ProcessRun run = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                          {QStringLiteral("--url"), server.url(), QStringLiteral("--history-dir"), dir.path(), QStringLiteral("--threshold"),
                                           QStringLiteral("lag_warn=5"), QStringLiteral("--threshold"), QStringLiteral("lag_crit=10"), QStringLiteral("report"),
                                           QStringLiteral("--out"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray summary = readAll(out + QStringLiteral("/summary.md"));
        qint64 firstCrit = now - 180'000;
        while (firstCrit < critFrom)
            firstCrit += 5'000; // the first poll recorded CRIT
        const QByteArray since = QDateTime::fromMSecsSinceEpoch(firstCrit, Qt::UTC).toString(Qt::ISODate).toUtf8();
        QVERIFY2(summary.contains("| CRIT | orders | ship | " + since + " |"), (since + "\n" + summary).constData());
        // One incident: WARN from the first recorded poll, CRIT from the change.
        const qsizetype ship = summary.indexOf("### orders / ship: CRIT at its worst, still open");
        QVERIFY2(ship > 0 && summary.indexOf("- Worst (CRIT) from " + since, ship) > ship, summary.constData());
    }

    // Issue 26, item 4, against a real server and real files. Before: "7
    // group series" written as 5 files (names joined with "__" and cut at
    // 120 characters), a queue item's body (sk_live_SECRET) copied from the
    // audit log into a 0644 audit.jsonl, a failed report's groups/ folder
    // refusing the retry as "not empty".
    void reportFilesAreOneToOneAndPrivate()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        // Seven groups whose names collide when joined with "__", differ only
        // past 120 characters, or only in case.
        const QByteArray longName(130, 'x');
        const QList<QPair<QByteArray, QByteArray>> groups{{"a__b", "c"},
                                                          {"a", "b__c"},
                                                          {"s", longName + "1"},
                                                          {"s", longName + "2"},
                                                          {"s", "Ship"},
                                                          {"s", "ship"},
                                                          {"s", "%1{x}\x80"}};
        for (const auto &[stream, group] : groups) {
            db.command({"XADD", stream, "*", "n", "1"});
            db.command({"XGROUP", "CREATE", stream, group, "0"});
        }
        QTemporaryDir dir;
        const QString audit = dir.filePath(QStringLiteral("audit.jsonl"));
        {
            QFile f(audit);
            QVERIFY(f.open(QIODevice::WriteOnly));
            // A queue requeue of six items, one a secret token; a claim by stream ID.
            QStringList items{QStringLiteral("{\"token\":\"sk_live_SECRET\"}")};
            for (int i = 1; i < 6; ++i)
                items << QStringLiteral("{\"id\":%1}").arg(i);
            f.write(auditLine(QStringLiteral("queue_requeue"), QStringLiteral("requeued"), now(), auditName(server.url()), items,
                              {{QStringLiteral("key"), QStringLiteral("processing")}, {QStringLiteral("target"), QStringLiteral("myqueue")}}));
            f.write(auditLine(QStringLiteral("claim"), QStringLiteral("claimed"), now(), auditName(server.url()), {QStringLiteral("1700000000000-0")}));
            f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), audit);
        const auto report = [&](const QString &url, const QString &out, const QStringList &more = {}) {
            return runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                              QStringList{QStringLiteral("--url"), url, QStringLiteral("--history-dir"), dir.path(), QStringLiteral("--timeout"),
                                          QStringLiteral("2s"), QStringLiteral("report"), QStringLiteral("--out"), out}
                                  + more,
                              env);
        };

        // A recorder first: the group series come from the history file.
        QProcess recorder;
        recorder.setProcessEnvironment(env);
        recorder.start(QStringLiteral(PELSCOPE_CLI_PATH), {QStringLiteral("--url"), server.url(), QStringLiteral("--history-dir"), dir.path(),
                                                           QStringLiteral("record"), QStringLiteral("--interval"), QStringLiteral("200ms")});
        QVERIFY(recorder.waitForStarted());
        QTest::qWait(1500);
        ::kill(pid_t(recorder.processId()), SIGTERM);
        QVERIFY(recorder.waitForFinished(10000));
        const QStringList before = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);

        // Redis down: it fails, and leaves nothing behind; the retry runs.
        const QString out = dir.filePath(QStringLiteral("report"));
        const ProcessRun down = report(QStringLiteral("redis://127.0.0.1:1"), out);
        QVERIFY(down.exitCode != 0);
        QVERIFY2(!QFileInfo::exists(out), qPrintable(out));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), before);
        const ProcessRun run = report(server.url(), out);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("7 group series"), run.out.constData());

        // Seven files, and an index naming each one's stream and group as the
        // window shows them.
        const QStringList csvs = QDir(out + QStringLiteral("/groups")).entryList({QStringLiteral("*.csv")}, QDir::Files);
        QCOMPARE(csvs.size(), 7 + 1);
        const QList<QByteArray> index = readAll(out + QStringLiteral("/groups/index.csv")).trimmed().split('\n');
        QCOMPARE(index.size(), 1 + 7);
        QSet<QByteArray> named;
        for (const QByteArray &row : index.mid(1)) {
            const QByteArray file = row.left(row.indexOf(',')).replace('"', "");
            QVERIFY2(csvs.contains(QString::fromUtf8(file)), row.constData());
            named.insert(file.toLower());
        }
        QCOMPARE(named.size(), 7); // not even two that differ only in case
        QVERIFY2(index.contains(R"("a__b__c.csv","a","b__c")") && index.contains(R"("a__b__c~2.csv","a__b","c")"), index.join('\n').constData());
        QVERIFY2(index.join('\n').contains(R"("s","%1{x}\x80")"), index.join('\n').constData());

        // Private: the folder 0700, every file 0600; no queue item without the flag.
        QCOMPARE(QFileInfo(out).permissions() & 0x7777, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadUser
                                                          | QFileDevice::WriteUser | QFileDevice::ExeUser);
        for (QDirIterator it(out, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            it.next();
            QCOMPARE(it.fileInfo().permissions() & 0x7777, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser);
            QVERIFY2(!readAll(it.filePath()).contains("sk_live_SECRET"), qPrintable(it.filePath()));
        }
        const QList<QByteArray> auditLines = readAll(out + QStringLiteral("/audit.jsonl")).trimmed().split('\n');
        QCOMPARE(auditLines.size(), 2);
        QCOMPARE(QJsonDocument::fromJson(auditLines.at(0)).object().value(QLatin1String("items_left_out")).toInt(), 6);
        // Counted by the items it moved, not as one action (it said 1).
        QVERIFY2(readAll(out + QStringLiteral("/summary.md")).contains(": queue_requeue (requeued) on "), readAll(out + QStringLiteral("/summary.md")).constData());
        QVERIFY2(readAll(out + QStringLiteral("/summary.md")).contains("queue_requeue (requeued) on processing: 6 → myqueue"), readAll(out + QStringLiteral("/summary.md")).constData());
        QCOMPARE(QJsonDocument::fromJson(auditLines.at(1)).object().value(QLatin1String("ids")).toArray().at(0).toString(),
                 QStringLiteral("1700000000000-0")); // a stream ID is no payload

        // Asked for, the item is there, still 0600.
        const QString with = dir.filePath(QStringLiteral("with-payloads"));
        QCOMPARE(report(server.url(), with, {QStringLiteral("--include-payloads")}).exitCode, 0);
        QVERIFY(readAll(with + QStringLiteral("/audit.jsonl")).contains("sk_live_SECRET"));
        QCOMPARE(QFileInfo(with + QStringLiteral("/audit.jsonl")).permissions() & 0x7777, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser);

        // An empty folder the operator made is used; a file there is refused and kept.
        const QString empty = dir.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty));
        QCOMPARE(report(server.url(), empty).exitCode, 0);
        QVERIFY(QFileInfo::exists(empty + QStringLiteral("/summary.md")));
        const QString file = dir.filePath(QStringLiteral("a-file"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("mine");
        }
        QCOMPARE(report(server.url(), file).exitCode, 3);
        QCOMPARE(readAll(file), QByteArray("mine"));
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
