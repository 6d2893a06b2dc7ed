// pelscope-cli watch --on-alert against a real redis-server: the group goes
// CRIT (unread lag over the threshold) and back, and the command receives one
// JSON document on stdin for each, after the status held; the connection in
// it carries no password. A command that fails, and one that hangs past its
// deadline, are said on stderr and never stop the polls.
#include "cli_process.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QElapsedTimer>
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

QList<QJsonObject> documents(const QString &path)
{
    QList<QJsonObject> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (!line.trimmed().isEmpty())
            out.append(QJsonDocument::fromJson(line).object());
    return out;
}

} // namespace

class TestOnAlert : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void commandGetsEachAlertOnce()
    {
        RedisServer server(RedisServer::Options{false, true, {QStringLiteral("--requirepass"), QStringLiteral("s3cret-pw")}, false, {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QString url = server.url();
        url.replace(QStringLiteral("redis://"), QStringLiteral("redis://:s3cret-pw@"));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QCOMPARE(db.command({"AUTH", "s3cret-pw"}).bytes(), QByteArray("OK"));
        QVERIFY(!db.command({"XGROUP", "CREATE", "orders", "ship", "$", "MKSTREAM"}).isError());

        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("alerts.jsonl"));
        QProcess watch;
        watch.start(QStringLiteral(PELSCOPE_CLI_PATH),
                    {QStringLiteral("--url"), url, QStringLiteral("watch"), QStringLiteral("--json-lines"), QStringLiteral("--interval"),
                     QStringLiteral("200ms"), QStringLiteral("--threshold"), QStringLiteral("lag_warn=5"), QStringLiteral("--threshold"),
                     QStringLiteral("lag_crit=10"),
                     // OK shows once the CRIT evidence has been gone this long (60 s as shipped: issue 45).
                     QStringLiteral("--threshold"), QStringLiteral("recover_after=1s"), QStringLiteral("--on-alert"),
                     QStringLiteral("sh -c 'cat >> \"%1\"'").arg(out)});
        QVERIFY(watch.waitForStarted());
        QTest::qWait(1000); // OK for five polls: nothing to tell
        QCOMPARE(documents(out).size(), 0);

        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        QVERIFY2(QTest::qWaitFor([&] { return documents(out).size() >= 1; }, 10000), watch.readAllStandardError().constData());
        QJsonObject raised = documents(out).first();
        QCOMPARE(raised.value(QLatin1String("schema")).toString(), QStringLiteral("pelscope.alert/1"));
        QCOMPARE(raised.value(QLatin1String("kind")).toString(), QStringLiteral("raised"));
        QCOMPARE(raised.value(QLatin1String("stream")).toString(), QStringLiteral("orders"));
        QCOMPARE(raised.value(QLatin1String("group")).toString(), QStringLiteral("ship"));
        QCOMPARE(raised.value(QLatin1String("old_status")).toString(), QStringLiteral("ok"));
        QCOMPARE(raised.value(QLatin1String("new_status")).toString(), QStringLiteral("crit"));
        // Reasons as data: each its code, its values and its English sentence.
        QStringList texts, codes;
        for (const QJsonValue &r : raised.value(QLatin1String("reasons")).toArray()) {
            texts << r[QLatin1String("text")].toString();
            codes << r[QLatin1String("code")].toString();
        }
        const QString reasons = texts.join(u' ');
        QVERIFY2(reasons.contains(QStringLiteral("lag 20")), qPrintable(reasons));
        QVERIFY2(codes.contains(QStringLiteral("lag")), qPrintable(codes.join(u' ')));
        QVERIFY(!raised.value(QLatin1String("connection")).toString().contains(QLatin1String("s3cret-pw")));
        QVERIFY(raised.value(QLatin1String("connection")).toString().startsWith(QLatin1String("redis://")));

        // The consumers catch up: OK again, told once, after it held.
        QTest::qWait(1000); // still CRIT: nothing more
        QCOMPARE(documents(out).size(), 1);
        db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", "100", "STREAMS", "orders", ">"});
        QVERIFY(QTest::qWaitFor([&] { return documents(out).size() >= 2; }, 10000));
        QCOMPARE(documents(out).at(1).value(QLatin1String("kind")).toString(), QStringLiteral("recovered"));
        QTest::qWait(1000);
        QCOMPARE(documents(out).size(), 2);
        ::kill(pid_t(watch.processId()), SIGTERM);
        QVERIFY(watch.waitForFinished(10000));
        QFile all(out);
        QVERIFY(all.open(QIODevice::ReadOnly));
        QVERIFY(!all.readAll().contains("s3cret-pw")); // anywhere
    }

    // A command that fails and one that hangs: said, killed at the deadline,
    // and every poll still printed.
    void failingOrHangingCommandsNeverStopPolling()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XGROUP", "CREATE", "orders", "ship", "$", "MKSTREAM"});
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        db.command({"XGROUP", "CREATE", "payments", "ledger", "$", "MKSTREAM"});
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "payments", "*", "n", QByteArray::number(i)});

        for (const QString &command : {QStringLiteral("sh -c 'exit 3'"), QStringLiteral("sleep 30"), QStringLiteral("/nonexistent/notify")}) {
            QElapsedTimer clock;
            clock.start();
            const ProcessRun run =
                runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                           {QStringLiteral("--url"), server.url(), QStringLiteral("watch"), QStringLiteral("--json-lines"),
                            QStringLiteral("--interval"), QStringLiteral("200ms"), QStringLiteral("--ticks"), QStringLiteral("15"),
                            QStringLiteral("--threshold"), QStringLiteral("lag_warn=5"), QStringLiteral("--threshold"), QStringLiteral("lag_crit=10"),
                            QStringLiteral("--on-alert"), command, QStringLiteral("--on-alert-timeout"), QStringLiteral("500ms")});
            QCOMPARE(run.exitCode, 0);
            QCOMPARE(run.out.count('\n'), 15); // every poll printed
            QVERIFY2(run.err.contains("alert: orders/ship is CRIT") && run.err.contains("alert: payments/ledger is CRIT"), run.err.constData());
            const QByteArray why = command.startsWith(QLatin1String("sh"))      ? QByteArray("sh exited with 3")
                                   : command.startsWith(QLatin1String("sleep")) ? QByteArray("sleep took too long and was killed")
                                                                                : QByteArray("cannot start /nonexistent/notify");
            QVERIFY2(run.err.contains(why), run.err.constData());
            QVERIFY2(clock.elapsed() < 15'000, qPrintable(QString::number(clock.elapsed())));
        }
    }

    // The hook gets no secret, leads its own process group (killed whole at
    // the deadline: no grandchild left with parent 1), its stderr flood is
    // kept to a tail, and shell syntax in the command line is pointed out.
    void hookIsScrubbedAndKilledAsAGroup()
    {
        RedisServer server(RedisServer::Options{false, true, {QStringLiteral("--requirepass"), QStringLiteral("Sup3rS3cr3t")}, false, {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QCOMPARE(db.command({"AUTH", "Sup3rS3cr3t"}).bytes(), QByteArray("OK"));
        db.command({"XGROUP", "CREATE", "orders", "ship", "$", "MKSTREAM"});
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        QTemporaryDir dir;
        const QString envFile = dir.filePath(QStringLiteral("env.txt")), pidFile = dir.filePath(QStringLiteral("pid.txt"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("REDISCLI_AUTH"), QStringLiteral("Sup3rS3cr3t"));
        env.insert(QStringLiteral("MY_DEPLOY_CONFIG"), QStringLiteral("url=redis://:Sup3rS3cr3t@db"));
        env.insert(QStringLiteral("PELSCOPE_HOOK_CHECK"), QStringLiteral("kept"));
        QString url = server.url(); // the password from REDISCLI_AUTH, as the .deb's recorder service gives it
        const auto watch = [&](const QString &command) {
            return runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                              {QStringLiteral("--url"), url, QStringLiteral("watch"), QStringLiteral("--json-lines"), QStringLiteral("--interval"),
                               QStringLiteral("200ms"), QStringLiteral("--ticks"), QStringLiteral("8"), QStringLiteral("--threshold"),
                               QStringLiteral("lag_warn=5"), QStringLiteral("--threshold"), QStringLiteral("lag_crit=10"),
                               QStringLiteral("--on-alert"), command, QStringLiteral("--on-alert-timeout"), QStringLiteral("700ms")},
                              env);
        };
        ProcessRun run = watch(QStringLiteral("sh -c 'env > %1'").arg(envFile));
        QCOMPARE(run.exitCode, 0);
        QFile seen(envFile);
        QVERIFY(seen.open(QIODevice::ReadOnly));
        const QByteArray hookEnv = seen.readAll();
        QVERIFY2(hookEnv.contains("PELSCOPE_HOOK_CHECK=kept"), hookEnv.constData());
        QVERIFY2(!hookEnv.contains("Sup3rS3cr3t") && !hookEnv.contains("REDISCLI_AUTH"), hookEnv.constData());

        run = watch(QStringLiteral("sh -c 'sleep 777 & echo $! > %1; wait'").arg(pidFile));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("sh took too long and was killed"), run.err.constData());
        QFile pid(pidFile);
        QVERIFY(pid.open(QIODevice::ReadOnly));
        const QByteArray sleeper = pid.readAll().trimmed();
        QVERIFY(!sleeper.isEmpty());
        QTRY_VERIFY2_WITH_TIMEOUT(!QFile::exists(QStringLiteral("/proc/") + QString::fromLatin1(sleeper)), "the hook's child outlived it", 5000);

        run = watch(QStringLiteral("sh -c 'head -c 20000000 /dev/zero | tr \\\\0 x >&2; echo THE-END >&2; exit 4'"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("sh exited with 4") && run.err.contains("THE-END"), run.err.right(2000).constData());
        QVERIFY2(run.err.size() < 20'000, qPrintable(QString::number(run.err.size()))); // the tail, not 20 MB

        run = watch(QStringLiteral("cat >> %1").arg(dir.filePath(QStringLiteral("alerts.log"))));
        QVERIFY2(run.err.contains("no shell runs the command, so '>>' reaches cat as an argument"), run.err.constData());
        QVERIFY2(run.err.contains("--alert-log FILE"), run.err.constData());

        // What that first try meant (issue 28, item 5): --alert-log appends
        // each alert as one JSON line, to a file only its owner may read.
        const QString log = dir.filePath(QStringLiteral("alerts.jsonl"));
        run = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                         {QStringLiteral("--url"), url, QStringLiteral("watch"), QStringLiteral("--json-lines"), QStringLiteral("--interval"),
                          QStringLiteral("200ms"), QStringLiteral("--ticks"), QStringLiteral("8"), QStringLiteral("--threshold"), QStringLiteral("lag_warn=5"),
                          QStringLiteral("--threshold"), QStringLiteral("lag_crit=10"), QStringLiteral("--alert-log"), log},
                         env);
        QCOMPARE(run.exitCode, 0);
        QFile alerts(log);
        QVERIFY(alerts.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = alerts.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 1); // held three polls, then raised once
        const QJsonObject alert = QJsonDocument::fromJson(lines.first()).object();
        QCOMPARE(alert.value(QLatin1String("new_status")).toString(), QStringLiteral("crit"));
        QVERIFY2(QString::fromUtf8(lines.first()).contains(QLatin1String("orders")), lines.first().constData());
        QVERIFY(!lines.first().contains("Sup3rS3cr3t"));
        QCOMPARE(alerts.permissions() & 0x7777, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser);
        // A link planted at the path is not followed.
        const QString planted = dir.filePath(QStringLiteral("planted.jsonl"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("elsewhere")), planted));
        run = runProcess(QStringLiteral(PELSCOPE_CLI_PATH), {QStringLiteral("--url"), url, QStringLiteral("watch"), QStringLiteral("--ticks"),
                                                             QStringLiteral("1"), QStringLiteral("--alert-log"), planted},
                         env);
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains("--alert-log: cannot write"), run.err.constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("elsewhere"))));
    }
};

QTEST_GUILESS_MAIN(TestOnAlert)
#include "tst_on_alert.moc"
