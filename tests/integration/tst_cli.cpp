// pelscope-cli as scripts use it: JSON schema, Nagios exit codes, watch across
// a server restart, and exit code 3 with one line on bad input.
#include "redis_oracle.h"
#include "cli_process.h"
#include "redis_server.h"
#include "profiles/connection_profile_store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDateTime>
#include <QElapsedTimer>
#include <QProcess>
#include "text/text_columns.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

using Run = ProcessRun;

Run cli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(), int timeoutMs = 30000)
{
    return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), args, env, timeoutMs);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private:
    RedisServer m_server;
    RedisOracle m_db;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server.url()));
    }
    void init() { m_db.command({"FLUSHALL"}); }

    void snapshotJsonFollowsTheSchema()
    {
        for (int i = 0; i < 5; ++i)
            m_db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", "2", "STREAMS", "orders", ">"});

        const Run r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("snapshot"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError perr;
        const QJsonObject doc = QJsonDocument::fromJson(r.out, &perr).object();
        QCOMPARE(perr.error, QJsonParseError::NoError);
        QCOMPARE(doc[QStringLiteral("schema")].toString(), QStringLiteral("pelscope.snapshot/1"));
        const qint64 serverNow = m_db.command({"TIME"}).at(0).toInt().value() * 1000;
        QVERIFY(qAbs(qint64(doc[QStringLiteral("taken_at_ms")].toDouble()) - serverNow) < 5000);
        QCOMPARE(doc[QStringLiteral("server")].toObject()[QStringLiteral("mode")].toString(), QStringLiteral("standalone"));
        QCOMPARE(doc[QStringLiteral("server")].toObject()[QStringLiteral("version")].toString(), m_server.version());
        const QJsonObject stream = doc[QStringLiteral("streams")].toArray().at(0).toObject();
        QCOMPARE(stream[QStringLiteral("key")].toString(), QStringLiteral("orders"));
        QCOMPARE(stream[QStringLiteral("length")].toInt(), 5);
        QVERIFY(!stream.contains(QStringLiteral("key_base64")));
        const QJsonObject group = stream[QStringLiteral("groups")].toArray().at(0).toObject();
        for (const char *field : {"name", "consumers", "pending", "last_delivered_id", "entries_read", "lag", "lag_note", "pending_min_id",
                                  "pending_max_id", "oldest_pending_idle_ms", "oldest_pending_idle_upper_ms", "pel_inspected", "pel_scan_complete",
                                  "delivery_counts", "consumer_list", "status", "reasons"})
            QVERIFY2(group.contains(QLatin1String(field)), field);
        QCOMPARE(group[QStringLiteral("pending")].toInt(), 2);
        QCOMPARE(group[QStringLiteral("lag")].toInt(), 3);
        QVERIFY(group[QStringLiteral("lag_note")].isNull());
        QCOMPARE(group[QStringLiteral("delivery_counts")].toObject()[QStringLiteral("1")].toInt(), 2);
        QCOMPARE(group[QStringLiteral("status")].toString(), QStringLiteral("ok"));
    }

    void checkFollowsNagiosConventions()
    {
        // Nothing to watch is UNKNOWN, not OK (issue 27): a stream without a
        // group, nothing else. It said "PELSCOPE OK - 0 critical, 0 warning, 0 ok groups".
        m_db.command({"XADD", "no-group", "*", "a", "1"});
        Run nothing = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("check")});
        QCOMPARE(nothing.exitCode, 3);
        QVERIFY2(nothing.out.startsWith("PELSCOPE UNKNOWN - cannot see everything: nothing to watch: no stream with a consumer group and no queue "
                                        "was found (1 streams without groups)"),
                 nothing.out.constData());
        m_db.command({"DEL", "no-group"});

        m_db.command({"XADD", "s", "*", "a", "1"});
        m_db.command({"XGROUP", "CREATE", "s", "g", "$"});
        Run r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("check")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("PELSCOPE OK"));

        m_db.command({"XADD", "s", "*", "a", "2"});
        const RedisReply read = m_db.command({"XREADGROUP", "GROUP", "g", "dead-worker", "STREAMS", "s", ">"});
        m_db.command({"XCLAIM", "s", "g", "dead-worker", "0", read.at(0).at(1).at(0).at(0).bytes(), "IDLE", "1200000"});
        r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("check")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.startsWith("PELSCOPE CRITICAL"), r.out.constData());
        QVERIFY(r.out.contains("oldest pending idle 20m"));
        // --json: the same verdict, and only the JSON on stdout (issue 28,
        // item 10: the Nagios line came with it).
        const Run json = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("check"), QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 2);
        QJsonParseError parseError;
        const QJsonObject verdict = QJsonDocument::fromJson(json.out, &parseError).object();
        QVERIFY2(parseError.error == QJsonParseError::NoError && !json.out.contains("PELSCOPE"), json.out.constData());
        QCOMPARE(verdict.value(QLatin1String("schema")).toString(), QStringLiteral("pelscope.check/1"));
        QCOMPARE(verdict.value(QLatin1String("status")).toString(), QStringLiteral("CRITICAL"));
        QCOMPARE(verdict.value(QLatin1String("exit_code")).toInt(), 2);
        QCOMPARE(verdict.value(QLatin1String("groups")).toObject().value(QLatin1String("crit")).toInt(), 1);
        QCOMPARE(verdict.value(QLatin1String("total_pending")).toInt(), m_db.command({"XPENDING", "s", "g"}).at(0).integer());
        QVERIFY2(verdict.value(QLatin1String("problems")).toArray().at(0).toString().contains(QLatin1String("oldest pending idle 20m")),
                 json.out.constData());
        // And as data: the subject, and its reasons' codes and values.
        const QJsonObject finding = verdict.value(QLatin1String("findings")).toArray().at(0).toObject();
        QCOMPARE(finding.value(QLatin1String("kind")).toString(), QStringLiteral("group"));
        QCOMPARE(finding.value(QLatin1String("stream")).toString(), QStringLiteral("s"));
        QCOMPARE(finding.value(QLatin1String("group")).toString(), QStringLiteral("g"));
        QCOMPARE(finding.value(QLatin1String("status")).toString(), QStringLiteral("CRIT"));
        QStringList codes;
        for (const QJsonValue &reason : finding.value(QLatin1String("reasons")).toArray())
            codes << reason.toObject().value(QLatin1String("code")).toString();
        QVERIFY2(codes.contains(QStringLiteral("oldest_idle")), qPrintable(codes.join(QLatin1Char(','))));

        r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("--threshold"), QStringLiteral("oldest_idle_crit=1h"),
                 QStringLiteral("--threshold"), QStringLiteral("consumer_idle_warn=2h"), QStringLiteral("check")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.startsWith("PELSCOPE WARNING"));

        r = cli({QStringLiteral("--url"), QStringLiteral("redis://127.0.0.1:%1").arg(RedisServer::freePort()), QStringLiteral("check")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.out.startsWith("PELSCOPE UNKNOWN - connection refused"));
    }

    void errorsExitThreeWithOneLine()
    {
        RedisServer locked(RedisServer::Options{false, true, {QStringLiteral("--requirepass"), QStringLiteral("pw")}, false, {}});
        QString error;
        QVERIFY2(locked.start(&error), qPrintable(error));
        const QString url = QStringLiteral("redis://:bad-secret@127.0.0.1:%1").arg(locked.port());
        Run r = cli({QStringLiteral("--url"), url, QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains("authentication failed: wrong password"), r.err.constData());
        QVERIFY(!r.err.contains("bad-secret"));

        // REDISCLI_AUTH supplies the password, as with redis-cli.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("REDISCLI_AUTH"), QStringLiteral("pw"));
        r = cli({QStringLiteral("--url"), QStringLiteral("redis://127.0.0.1:%1").arg(locked.port()), QStringLiteral("snapshot")}, env);
        QCOMPARE(r.exitCode, 0);

        r = cli({QStringLiteral("--url"), QStringLiteral("http://nope"), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains("unsupported scheme"));
        r = cli({QStringLiteral("frobnicate")});
        QCOMPARE(r.exitCode, 3);
        r = cli({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("pelscope-cli "));
    }

    void frozenServerFailsWithinTheDeadline()
    {
        RedisServer frozen;
        QString error;
        QVERIFY2(frozen.start(&error), qPrintable(error));
        frozen.freeze();
        QElapsedTimer clock;
        clock.start();
        const Run r = cli({QStringLiteral("--url"), frozen.url(), QStringLiteral("--timeout"), QStringLiteral("1s"), QStringLiteral("snapshot")});
        const qint64 took = clock.elapsed();
        frozen.thaw();
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(took < 5000, qPrintable(QString::number(took)));
        QVERIFY2(r.err.contains("no reply") || r.err.contains("within"), r.err.constData());
    }

    // `watch | head -5`, and the recorder's reader gone: both polled on for
    // as long as they ran (issue 47, item 7). They stop within a moment now.
    void watchAndRecordStopWhenNobodyReads()
    {
        m_db.command({"XADD", "live", "*", "a", "1"});
        QTemporaryDir history;
        for (const QStringList &command : {QStringList{QStringLiteral("watch"), QStringLiteral("--json-lines")},
                                           QStringList{QStringLiteral("record"), QStringLiteral("--history-dir"), history.path()}}) {
            // As a shell runs `pelscope-cli … | head -c 1`: head reads a byte and goes.
            QProcess run, head;
            run.setStandardOutputProcess(&head);
            head.start(QStringLiteral("head"), {QStringLiteral("-c"), QStringLiteral("1")});
            run.start(QStringLiteral(PELSCOPE_CLI_PATH),
                      QStringList{QStringLiteral("--url"), m_server.url(), QStringLiteral("--interval"), QStringLiteral("200ms")} + command);
            QVERIFY(run.waitForStarted() && head.waitForStarted());
            if (command.first() == QLatin1String("watch")) {
                QVERIFY(head.waitForFinished(10000));
            } else {
                head.kill(); // the recorder prints nothing on stdout: its reader simply goes
                QVERIFY(head.waitForFinished(5000));
            }
            QVERIFY2(run.waitForFinished(5000), qPrintable(command.first()));
            QCOMPARE(run.exitStatus(), QProcess::NormalExit);
            QCOMPARE(run.exitCode(), 0);
        }
    }

    // 250 Sidekiq queues and a cap of 200: check said "OK … 200 ok queues",
    // exit 0; the cap was only in the JSON's poll.warning (issue 46). A check
    // that cannot read every queue says so and is not OK.
    void queuesPastTheCapAreNotOk()
    {
        // 250 Sidekiq queues, the 250th by name burning: 30 jobs waiting 10
        // minutes and no process. The first 200 by name were read and the
        // rest never: "OK … 200 ok queues" (issue 46). Now each is judged.
        RedisBatch fill;
        for (int i = 0; i < 250; ++i)
            fill.append({"SADD", "queues", "q" + QByteArray::number(1000 + i)});
        const QByteArray enqueued = QByteArray::number(double(QDateTime::currentMSecsSinceEpoch()) / 1000.0 - 600.0, 'f', 3);
        for (int i = 0; i < 30; ++i)
            fill.append({"LPUSH", "queue:q1249",
                         R"({"class":"Mailer","args":[],"queue":"q1249","jid":"j)" + QByteArray::number(i) + R"(","enqueued_at":)" + enqueued + "}"});
        m_db.pipeline(fill);
        Run check = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("check")});
        QCOMPARE(check.exitCode, 2);
        QVERIFY2(check.out.contains("CRIT Sidekiq q1249: 30 job(s) waiting and no worker serves the queue"), check.out.constData());
        QVERIFY2(check.out.contains("1 critical, 0 warning, 249 ok queues") || check.out.contains("1 critical, 0 warning, 253 ok queues"), check.out.constData());

        // 1,500: more than a one-shot reads (1,200): it says which it did not reach.
        m_db.command({"DEL", "queue:q1249"});
        fill.clear();
        for (int i = 250; i < 1500; ++i)
            fill.append({"SADD", "queues", "q" + QByteArray::number(1000 + i)});
        m_db.pipeline(fill);
        check = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("check")});
        QCOMPARE(check.exitCode, 3);
        QVERIFY2(check.out.contains("cannot see everything: discovery incomplete (1500 Sidekiq queues: ") && check.out.contains(" not read yet"),
                 check.out.constData());
        // Watched, every queue is read within ⌈1500 ÷ 200⌉ polls, and then all are judged.
        const Run watch = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("watch"), QStringLiteral("--json-lines"), QStringLiteral("--interval"),
                               QStringLiteral("100ms"), QStringLiteral("--ticks"), QStringLiteral("20")});
        QCOMPARE(watch.exitCode, 0);
        const QJsonObject last = QJsonDocument::fromJson(watch.out.trimmed().split('\n').last()).object();
        int queues = 0;
        for (const QJsonValue &row : last.value(QLatin1String("job_systems")).toObject().value(QLatin1String("queues")).toArray())
            queues += row.toObject().value(QLatin1String("key")).toString().startsWith(QLatin1String("queue:q"));
        QCOMPARE(queues, 1500);
        QVERIFY2(last.value(QLatin1String("poll")).toObject().value(QLatin1String("warning")).toString().isEmpty(), watch.out.right(2000).constData());
    }

    // Korean and emoji names: the columns counted as a terminal draws them
    // (UTF-16 units put every column after 주문처리 four to the left).
    void koreanNamesKeepTheColumnsAligned()
    {
        for (const QByteArray &stream : {QByteArray("orders"), QByteArray("주문처리"), QByteArray("\xf0\x9f\x94\xa5hot")}) {
            m_db.command({"XGROUP", "CREATE", stream, "작업자", "$", "MKSTREAM"});
            m_db.command({"XADD", stream, "*", "a", "1"});
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("COLUMNS"), QStringLiteral("80"));
        const Run r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("snapshot")}, env);
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() >= 4, r.out.constData());
        const QString header = lines.first();
        const qsizetype lagEnd = columnsOf(QStringView(header).left(header.indexOf(QStringLiteral("LAG")) + 3));
        for (const QString &line : lines.mid(1, 3)) {
            const qsizetype one = line.indexOf(QStringLiteral(" 1 ")) + 2; // the LAG, right-aligned under its header
            QCOMPARE(columnsOf(QStringView(line).left(one)), lagEnd);
        }
    }

    void watchSurvivesARestart()
    {
        m_db.command({"XADD", "live", "*", "a", "1"});
        QProcess watch;
        watch.start(QStringLiteral(PELSCOPE_CLI_PATH),
                    {QStringLiteral("--url"), m_server.url(), QStringLiteral("watch"), QStringLiteral("--json-lines"), QStringLiteral("--interval"),
                     QStringLiteral("200ms"), QStringLiteral("--ticks"), QStringLiteral("12")});
        QVERIFY(watch.waitForStarted());
        QByteArray seen;
        QTRY_VERIFY_WITH_TIMEOUT((seen += watch.readAllStandardOutput()).count('\n') >= 1 || watch.state() != QProcess::Running, 10000);

        QString error;
        QVERIFY2(m_server.restart(&error), qPrintable(error)); // same port, empty dataset
        QVERIFY(m_db.connectUrl(m_server.url()));
        m_db.command({"XADD", "after-restart", "*", "a", "1"});

        QVERIFY(watch.waitForFinished(30000));
        QCOMPARE(watch.exitCode(), 0);
        const QByteArray out = watch.readAllStandardOutput();
        const QByteArray err = watch.readAllStandardError();
        QVERIFY2(err.contains("reconnecting"), err.constData());
        QVERIFY2(err.contains("reconnected"), err.constData());
        const QList<QByteArray> lines = out.trimmed().split('\n');
        const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(last[QStringLiteral("streams")].toArray().at(0).toObject()[QStringLiteral("key")].toString(), QStringLiteral("after-restart"));
    }

    // At 80 columns no row wraps: names capped, columns dropped in the stated
    // order, WHY cut; --wide shows everything. Colour: off when piped or with
    // NO_COLOR, forced with --color=always, off with --no-color.
    void tableFitsTheTerminal()
    {
        const QByteArray longName = "orders-" + QByteArray(60, 'x');
        for (int i = 0; i < 3; ++i)
            m_db.command({"XADD", longName, "*", "n", QByteArray::number(i)});
        m_db.command({"XGROUP", "CREATE", longName, "a-consumer-group-with-a-long-name", "0"});
        m_db.command({"XREADGROUP", "GROUP", "a-consumer-group-with-a-long-name", "w", "STREAMS", longName, ">"});
        const QStringList base{QStringLiteral("--url"), m_server.url(), QStringLiteral("--threshold"), QStringLiteral("oldest_idle_warn=0s"),
                               QStringLiteral("snapshot")};
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("COLUMNS"), QStringLiteral("80"));
        env.remove(QStringLiteral("NO_COLOR"));
        Run r = cli(base, env);
        QCOMPARE(r.exitCode, 0);
        for (const QByteArray &line : r.out.split('\n'))
            QVERIFY2(QString::fromUtf8(line).size() <= 80, line.constData());
        QVERIFY2(!r.out.contains("MAX DLV") && r.out.contains("WHY") && r.out.contains("STATUS"), r.out.constData());
        QVERIFY(!r.out.contains('\x1b')); // piped: no colour
        // The cut WHY said again in full under the table, wrapped within 80
        // columns (issue 28, item 10): it read "oldest pending idle…".
        QVERIFY2(r.out.contains("WHY, in full:\n  WARN " + longName.left(40)), r.out.constData());
        QVERIFY2(r.out.contains("≥ 0ms"), r.out.constData());
        r = cli(base + QStringList{QStringLiteral("--wide")}, env);
        QVERIFY2(r.out.contains(longName) && r.out.contains("MAX DLV"), r.out.constData());
        r = cli(base + QStringList{QStringLiteral("--color=always")}, env);
        QVERIFY2(r.out.contains("\x1b[33m") && r.out.contains("\x1b[0m"), r.out.constData());
        r = cli(base + QStringList{QStringLiteral("--color=always"), QStringLiteral("--no-color")}, env);
        QVERIFY(!r.out.contains('\x1b'));
        env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        r = cli(base + QStringList{QStringLiteral("--color=auto")}, env);
        QVERIFY(!r.out.contains('\x1b'));
        r = cli(base + QStringList{QStringLiteral("--color=sometimes")}, env);
        QCOMPARE(r.exitCode, 3);

        // watch too, its header included (it ran to 102 columns, issue 48).
        env.remove(QStringLiteral("NO_COLOR"));
        r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("watch"), QStringLiteral("--ticks"), QStringLiteral("2"), QStringLiteral("--interval"),
                 QStringLiteral("200ms")},
                env);
        QCOMPARE(r.exitCode, 0);
        for (const QByteArray &line : r.out.split('\n'))
            QVERIFY2(QString::fromUtf8(line).size() <= 80, line.constData());
        QVERIFY2(r.out.startsWith("pelscope watch  " + m_server.url().toUtf8()) && r.out.contains("round trip(s)"), r.out.constData());
    }

    // Two profiles of one name (issue 47, item 7): "prod" with an invisible
    // character is refused, "café" typed two ways is one profile, and a file
    // edited to hold one name twice lists it once, the first, as --profile
    // finds it.
    void oneNameIsOneProfile()
    {
        QTemporaryDir home;
        const QString file = home.filePath(QStringLiteral("config/pelscope/pelscope.conf"));
        ConnectionProfileStore store(nullptr, QStringLiteral("pelscope"), file);
        ConnectionProfile p;
        p.url = m_server.url();
        p.name = QStringLiteral("prod");
        QCOMPARE(store.save(p), QString());
        p.name = QStringLiteral("prod\u200b");
        const QString refused = store.save(p);
        QVERIFY2(refused.contains(QStringLiteral("invisible")) && refused.contains(QStringLiteral("prod\\u200b")), qPrintable(refused));
        p.name = QStringLiteral("caf\u00e9");
        QCOMPARE(store.save(p), QString());
        p.name = QStringLiteral("cafe\u0301 "); // decomposed, with a space
        p.streams = {QStringLiteral("orders")};
        QCOMPARE(store.save(p), QString());
        QStringList names;
        for (const ConnectionProfile &x : store.profiles())
            names << x.name;
        QCOMPARE(names, (QStringList{QStringLiteral("caf\u00e9"), QStringLiteral("prod")}));
        QCOMPARE(store.profile(QStringLiteral("cafe\u0301"))->streams, QStringList{QStringLiteral("orders")});
        {
            QSettings edit(file, QSettings::IniFormat);
            edit.beginWriteArray(QStringLiteral("connections/profiles"));
            const QStringList urls{m_server.url(), QStringLiteral("redis://127.0.0.1:1")};
            for (int i = 0; i < 2; ++i) {
                edit.setArrayIndex(i);
                edit.setValue(QStringLiteral("name"), QStringLiteral("dup"));
                edit.setValue(QStringLiteral("url"), urls.at(i));
            }
            edit.endArray();
        }
        QCOMPARE(store.profiles().size(), 1);
        QCOMPARE(store.profile(QStringLiteral("dup"))->url, m_server.url());
    }

    // Streams without a consumer group are one line, not one row each (RQ's
    // 3,000 result streams were 3,000 rows); a dead-letter stream is listed.
    // --profile NAME: the connection the window saved (its settings file
    // under $XDG_CONFIG_HOME), what it watches and its thresholds; a name
    // that is not saved, or one that needs a password nobody can give, is
    // said in one line.
    void savedProfileFromTheCommandLine()
    {
        for (int i = 0; i < 5; ++i)
            m_db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", "2", "STREAMS", "orders", ">"});
        m_db.command({"XADD", "other", "*", "n", "1"});
        m_db.command({"XGROUP", "CREATE", "other", "g", "0"});

        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("unix:path=") + home.filePath(QStringLiteral("no-bus")));
        env.remove(QStringLiteral("REDISCLI_AUTH"));
        ConnectionProfileStore store(nullptr, QStringLiteral("pelscope"), home.filePath(QStringLiteral("config/pelscope/pelscope.conf")));
        ConnectionProfile profile;
        profile.name = QStringLiteral("prod %1 {x}");
        profile.url = m_server.url();
        profile.streams = {QStringLiteral("orders")};
        profile.thresholds = {QStringLiteral("lag_warn=1"), QStringLiteral("lag_crit=2")};
        QCOMPARE(store.save(profile), QString());
        ConnectionProfile needsPassword = profile;
        needsPassword.name = QStringLiteral("as app");
        needsPassword.user = QStringLiteral("app");
        QCOMPARE(store.save(needsPassword), QString());

        const Run r = cli({QStringLiteral("--profile"), profile.name, QStringLiteral("snapshot"), QStringLiteral("--json")}, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonArray streams = QJsonDocument::fromJson(r.out).object()[QStringLiteral("streams")].toArray();
        QCOMPARE(streams.size(), 1); // the profile's streams, not SCAN's
        const QJsonObject group = streams.at(0).toObject()[QStringLiteral("groups")].toArray().at(0).toObject();
        QCOMPARE(group[QStringLiteral("status")].toString(), QStringLiteral("crit")); // lag 3 against the profile's lag_crit=2
        QCOMPARE(group[QStringLiteral("reasons")].toArray().at(0).toObject()[QStringLiteral("code")].toString(), QStringLiteral("lag"));
        QCOMPARE(group[QStringLiteral("reasons")].toArray().at(0).toObject()[QStringLiteral("args")].toArray(), (QJsonArray{3.0, 2.0}));

        // A --threshold flag still wins over the profile's.
        const Run flag = cli({QStringLiteral("--profile"), profile.name, QStringLiteral("--threshold"), QStringLiteral("lag_crit=10"),
                              QStringLiteral("--threshold"), QStringLiteral("lag_warn=5"), QStringLiteral("check")},
                             env);
        QVERIFY2(flag.exitCode == 0, flag.out.constData());

        const Run missing = cli({QStringLiteral("--profile"), QStringLiteral("nope"), QStringLiteral("snapshot")}, env);
        QCOMPARE(missing.exitCode, 3);
        QVERIFY2(missing.err.contains("no saved profile named nope; saved: as app, prod %1 {x}"), missing.err.constData());
        const Run both = cli({QStringLiteral("--profile"), profile.name, QStringLiteral("--url"), m_server.url(), QStringLiteral("snapshot")}, env);
        QCOMPARE(both.exitCode, 3);
        QVERIFY2(both.err.contains("--profile and --url"), both.err.constData());
        const Run user = cli({QStringLiteral("--profile"), needsPassword.name, QStringLiteral("snapshot")}, env);
        QCOMPARE(user.exitCode, 3);
        QVERIFY2(user.err.contains("profile as app connects as app, and the keychain"), user.err.constData());
        QVERIFY2(user.ms < 15000, qPrintable(QString::number(user.ms)));
    }

    void streamsWithoutGroupsAreOneLine()
    {
        m_db.command({"XADD", "jobs", "*", "n", "1"});
        m_db.command({"XGROUP", "CREATE", "jobs", "workers", "0"});
        for (int i = 0; i < 40; ++i)
            m_db.command({"XADD", "rq:results:" + QByteArray::number(i), "*", "status", "ok"});
        m_db.command({"XADD", "jobs:dlq", "*", "payload", "x"});
        const Run r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("snapshot"), QStringLiteral("--wide")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("(40 streams without consumer groups)") && r.out.contains("not groups, so not judged; e.g. rq:results:"),
                 r.out.constData());
        QCOMPARE(r.out.count("(no groups)"), 1); // jobs:dlq, listed by name
        QVERIFY2(r.out.contains("jobs:dlq"), r.out.constData());
        QVERIFY2(r.out.split('\n').size() < 15, r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
