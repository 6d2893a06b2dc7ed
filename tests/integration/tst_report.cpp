// pelscope-cli report against a real redis-server (with a password): every
// file of the folder is checked against what the server holds, dead letters
// leave their payloads out unless asked, and the password is nowhere in it.
#include "cli_process.h"
#include "group_fixtures.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
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

} // namespace

class TestReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void reportIsTheServersAndHasNoSecrets()
    {
        RedisServer server(RedisServer::Options{false, true, {QStringLiteral("--requirepass"), QStringLiteral("s3cret-pw")}, false});
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
            f.write(R"({"action":"requeue","outcome":"requeued","time":"2020-01-01T00:00:00.000Z"})"
                    "\n");
            f.write(QStringLiteral(R"({"action":"claim","outcome":"claimed","time":"%1"})")
                        .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs))
                        .toUtf8()
                    + "\n");
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
        QVERIFY2(summary.contains("- claim (claimed): 1") && !summary.contains("requeue (requeued)"), summary.constData());

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
        QCOMPARE(auditLines.size(), 1); // the line inside the window only

        // Nothing of the password, nor of the payloads, anywhere in the folder.
        QDirIterator it(out, QDir::Files, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            const QByteArray bytes = readAll(it.next());
            ++files;
            QVERIFY2(!bytes.contains("s3cret-pw"), qPrintable(it.filePath()));
            QVERIFY2(!bytes.contains("-secret"), qPrintable(it.filePath()));
        }
        QCOMPARE(files, 5);

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
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
