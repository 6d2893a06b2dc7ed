// pelscope-cli against what an attacker or bad luck sends: a fake server for
// replies Redis never gives (giant announcements, endless cursors, wrong
// types, negative counts, an error before any command), real servers for
// hostile names, blind ACL users, missing sockets and bad options. Each one
// must end with a clear message within its deadline, never print a raw
// control byte, never spend memory the reply only announced.
#include "hostile_server.h"
#include "cli_process.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>
#include <sys/stat.h>

using namespace pelscope;
using namespace pelscope::test;

namespace {

using Run = ProcessRun;

Run cli(const QStringList &args, int timeoutMs = 30000)
{
    return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), args, QProcessEnvironment::systemEnvironment(), timeoutMs);
}

// The largest resident set any finished child reached, in MB.
long childrenPeakMb()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_maxrss / 1024;
}

QByteArray groupsReply(const QList<QList<QByteArray>> &groups)
{
    QList<QByteArray> out;
    for (const QList<QByteArray> &fields : groups)
        out << HostileServer::array(fields);
    return HostileServer::array(out);
}

// No byte that drives a terminal may reach one: ESC, BEL, CR, other C0
// controls but newline and tab, DEL, and the bidi override U+202E.
bool hasRawControls(const QByteArray &text)
{
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && u != '\n' && u != '\t') || u == 0x7f)
            return true;
    }
    return text.contains("\xe2\x80\xae");
}

} // namespace

class TestHostile : public QObject
{
    Q_OBJECT
private:
    RedisServer m_server;
    RedisOracle m_db;

    QStringList snapshotArgs(const HostileServer &s, const QString &timeout = QStringLiteral("2s"))
    {
        return {QStringLiteral("--url"),   s.url(), QStringLiteral("--timeout"), timeout, QStringLiteral("--stream"), QStringLiteral("orders"),
                QStringLiteral("snapshot")};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server.url()));
    }
    void init() { m_db.command({"FLUSHALL"}); }

    // A sentinel that names port 99999999: it was cut to 16 bits (57599) and
    // that port dialled (issue 47, item 7). Refused, and said why.
    void sentinelNamingAPortPastTcpsIsRefused()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        s.setAnswer([](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0).toUpper() == "SENTINEL")
                return HostileReply{HostileServer::array({HostileServer::bulk("127.0.0.1"), HostileServer::bulk("99999999")}), {}, false};
            return std::nullopt;
        });
        const Run r = cli({QStringLiteral("--url"), QStringLiteral("redis+sentinel://127.0.0.1:%1/mymaster").arg(s.port()), QStringLiteral("--timeout"),
                           QStringLiteral("3s"), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("names port 99999999 for the master, not a TCP port"), r.err.constData());
        QVERIFY2(!r.err.contains("57599"), r.err.constData());
    }

    // "$9000000000": the reply is refused at its header, before it is held;
    // before the guard the CLI grew to 1.5 GB until the deadline.
    void giantBulkStringIsRefusedAtItsHeader()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        const QByteArray chunk(1 << 20, 'x');
        s.setAnswer([chunk](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0) == "XINFO" && c.value(1) == "GROUPS")
                return HostileReply{"$9000000000\r\n", [chunk] { return chunk; }};
            return std::nullopt;
        });
        const Run r = cli(snapshotArgs(s, QStringLiteral("5s")));
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("reply to XINFO GROUPS") && r.err.contains("too large") && r.err.contains("8.4 GB"), r.err.constData());
        QVERIFY2(r.ms < 3000, QByteArray::number(r.ms).constData());
        QVERIFY2(childrenPeakMb() < 300, QByteArray::number(childrenPeakMb()).constData());
    }

    void billionElementArrayIsRefusedAtItsHeader()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        QByteArray flood;
        for (int i = 0; i < 100'000; ++i)
            flood += ":1\r\n";
        s.setAnswer([flood](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0) == "XINFO" && c.value(1) == "GROUPS")
                return HostileReply{"*2000000000\r\n", [flood] { return flood; }};
            return std::nullopt;
        });
        const Run r = cli(snapshotArgs(s, QStringLiteral("5s")));
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("reply to XINFO GROUPS") && r.err.contains("2000000000 elements"), r.err.constData());
        QVERIFY2(r.ms < 3000, QByteArray::number(r.ms).constData());
        QVERIFY2(childrenPeakMb() < 300, QByteArray::number(childrenPeakMb()).constData());
    }

    // Within the caps but never finished: the deadline still ends it (before,
    // an array flood overran a 5 s deadline by 10 s).
    void endlessReplyEndsAtTheDeadline()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        s.setAnswer([](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0) == "XINFO" && c.value(1) == "GROUPS")
                return HostileReply{"*900000\r\n", [] { return QByteArray(":1\r\n"); }};
            return std::nullopt;
        });
        const Run r = cli(snapshotArgs(s, QStringLiteral("1s")));
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("within the deadline"), r.err.constData());
        QVERIFY2(r.ms < 2500, QByteArray::number(r.ms).constData());
    }

    // A cursor that never returns to 0: discovery stops at its budget and
    // says so; check cannot call that OK. Before: 400,000 SCANs in 40 s.
    void endlessScanCursorEndsWithinTheDeadline()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        s.setAnswer([](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0) == "SCAN")
                return HostileReply{"*2\r\n$3\r\n123\r\n*1\r\n$6\r\norders\r\n", {}};
            return std::nullopt;
        });
        const QStringList base{QStringLiteral("--url"), s.url(), QStringLiteral("--timeout"), QStringLiteral("1s")};
        Run r = cli(base + QStringList{QStringLiteral("snapshot"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.ms < 2000, QByteArray::number(r.ms).constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QJsonObject poll = doc[QStringLiteral("poll")].toObject();
        QVERIFY2(poll[QStringLiteral("warning")].toString().contains(QStringLiteral("discovery incomplete")), r.out.constData());
        r = cli(base + QStringList{QStringLiteral("check")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.startsWith("PELSCOPE UNKNOWN") && r.out.contains("discovery incomplete"), r.out.constData());
        // The table says it too, not only the JSON: "(no streams found)" alone would read as the truth.
        r = cli(base + QStringList{QStringLiteral("snapshot")});
        QVERIFY2(r.out.contains("warning: ") && r.out.contains("discovery incomplete"), r.out.constData());
    }

    void wrongReplyTypesSayWhatCame()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        s.setAnswer([](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0) == "SCAN")
                return HostileReply{":5\r\n", {}};
            if (c.value(0) == "XINFO" && c.value(1) == "GROUPS")
                return HostileReply{"+OK\r\n", {}};
            return std::nullopt;
        });
        // SCAN answered with an integer: a message, not "pelscope-cli: ".
        Run r = cli({QStringLiteral("--url"), s.url(), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("unexpected reply to SCAN (an integer"), r.err.constData());
        // XINFO GROUPS answered with a status: an error row, and check is UNKNOWN, not "(no groups)" and OK.
        r = cli(snapshotArgs(s));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("ERROR") && r.out.contains("unexpected reply to XINFO GROUPS (a status reply"), r.out.constData());
        r = cli({QStringLiteral("--url"), s.url(), QStringLiteral("--stream"), QStringLiteral("orders"), QStringLiteral("check")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.startsWith("PELSCOPE UNKNOWN"), r.out.constData());
    }

    // Negative counts are not counts: not shown as OK, and 64-bit values
    // keep every digit in JSON.
    void negativeAndHugeCountsAreNotOk()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        const QByteArray groups =
            groupsReply({{HostileServer::bulk("name"), HostileServer::bulk("g1"), HostileServer::bulk("consumers"), ":1\r\n",
                          HostileServer::bulk("pending"), ":-5\r\n", HostileServer::bulk("last-delivered-id"), HostileServer::bulk("1-0"),
                          HostileServer::bulk("entries-read"), ":9223372036854775807\r\n", HostileServer::bulk("lag"), ":-9223372036854775808\r\n"}});
        s.setAnswer([groups](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0) == "XINFO" && c.value(1) == "GROUPS")
                return HostileReply{groups, {}};
            return std::nullopt;
        });
        Run r = cli(snapshotArgs(s) + QStringList{QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("\"entries_read\": 9223372036854775807"), r.out.constData());
        const QJsonObject g = QJsonDocument::fromJson(r.out)
                                  .object()[QStringLiteral("streams")]
                                  .toArray()
                                  .at(0)
                                  .toObject()[QStringLiteral("groups")]
                                  .toArray()
                                  .at(0)
                                  .toObject();
        QVERIFY(g[QStringLiteral("pending")].isNull());
        QVERIFY(g[QStringLiteral("lag")].isNull());
        QVERIFY2(QJsonDocument(g[QStringLiteral("reasons")].toArray()).toJson().contains("negative value (-5)"), r.out.constData());
        r = cli({QStringLiteral("--url"), s.url(), QStringLiteral("--stream"), QStringLiteral("orders"), QStringLiteral("check")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains("not judged: pending: the server sent a negative value"), r.out.constData());
    }

    // Replies that are not errors yet not values (issue 47, item 7): an
    // XPENDING row whose idle is not a number read as "0ms", an XINFO
    // CONSUMERS entry with pending -3 was "pending: -3", and a group entry
    // without a name a phantom group "". Each is said, none is a value.
    void malformedRepliesAreNotValues()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        const QByteArray groups =
            groupsReply({{HostileServer::bulk("name"), HostileServer::bulk("g1"), HostileServer::bulk("consumers"), ":1\r\n",
                          HostileServer::bulk("pending"), ":2\r\n", HostileServer::bulk("last-delivered-id"), HostileServer::bulk("1-0"),
                          HostileServer::bulk("entries-read"), ":2\r\n", HostileServer::bulk("lag"), ":0\r\n"}});
        const QByteArray nameless =
            groupsReply({{HostileServer::bulk("consumers"), ":0\r\n", HostileServer::bulk("pending"), ":0\r\n", HostileServer::bulk("last-delivered-id"),
                          HostileServer::bulk("0-0"), HostileServer::bulk("lag"), ":0\r\n"}});
        const QByteArray consumers = groupsReply({{HostileServer::bulk("name"), HostileServer::bulk("w1"), HostileServer::bulk("pending"), ":-3\r\n",
                                                   HostileServer::bulk("idle"), ":10\r\n"}});
        const QByteArray pel = HostileServer::array(
            {HostileServer::array({HostileServer::bulk("1-0"), HostileServer::bulk("w1"), HostileServer::bulk("soon"), ":1\r\n"})});
        s.setAnswer([=](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0) == "XINFO" && c.value(1) == "GROUPS")
                return HostileReply{c.value(2) == "nameless" ? nameless : groups, {}, false};
            if (c.value(0) == "XINFO" && c.value(1) == "CONSUMERS")
                return HostileReply{consumers, {}, false};
            if (c.value(0) == "XPENDING" && c.size() > 3)
                return HostileReply{pel, {}, false};
            return std::nullopt;
        });
        const Run r = cli({QStringLiteral("--url"), s.url(), QStringLiteral("--stream"), QStringLiteral("orders"), QStringLiteral("--stream"),
                           QStringLiteral("nameless"), QStringLiteral("snapshot"), QStringLiteral("--json")});
        const QJsonArray streams = QJsonDocument::fromJson(r.out).object()[QStringLiteral("streams")].toArray();
        QCOMPARE(streams.size(), 2);
        for (const QJsonValue &stream : streams) {
            const QJsonObject st = stream.toObject();
            for (const QJsonValue &g : st[QStringLiteral("groups")].toArray())
                QVERIFY2(!g.toObject()[QStringLiteral("name")].toString().isEmpty(), r.out.constData());
            if (st[QStringLiteral("key")].toString() == QLatin1String("nameless"))
                QVERIFY2(st[QStringLiteral("error")].toString().contains(QStringLiteral("without a name")), r.out.constData());
        }
        QVERIFY2(!r.out.contains("-3"), r.out.constData());
        QVERIFY2(r.out.contains("malformed reply to XPENDING") && r.out.contains("malformed reply to XINFO CONSUMERS"), r.out.constData());
        const Run check = cli({QStringLiteral("--url"), s.url(), QStringLiteral("--stream"), QStringLiteral("orders"), QStringLiteral("check")});
        QCOMPARE(check.exitCode, 3); // not judged: UNKNOWN, never OK
    }

    // The server's own reason, not "closed the connection".
    void maxClientsIsSaid()
    {
        HostileServer s;
        QVERIFY(s.start(nullptr));
        s.setGreeting("-ERR max number of clients reached\r\n", true);
        const Run r = cli({QStringLiteral("--url"), s.url(), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("maxclients") && r.err.contains("max number of clients reached"), r.err.constData());
    }

    void missingLagIsNotBlamedOnTheVersion()
    {
        HostileServer s; // says redis_version:7.0.15
        QVERIFY(s.start(nullptr));
        const QByteArray groups =
            groupsReply({{HostileServer::bulk("name"), HostileServer::bulk("g1"), HostileServer::bulk("consumers"), ":0\r\n",
                          HostileServer::bulk("pending"), ":0\r\n", HostileServer::bulk("last-delivered-id"), HostileServer::bulk("0-0")}});
        s.setAnswer([groups](const RedisCommand &c) -> std::optional<HostileReply> {
            if (c.value(0) == "XINFO" && c.value(1) == "GROUPS")
                return HostileReply{groups, {}};
            return std::nullopt;
        });
        const Run r = cli(snapshotArgs(s) + QStringList{QStringLiteral("--json")});
        QVERIFY2(r.out.contains("has no lag field") && !r.out.contains("(< 7.0)"), r.out.constData());
    }

    // Names are data: ESC sequences (clear screen, window title, OSC 52
    // clipboard), CR, a newline forging a row and U+202E all reach the
    // terminal as escapes, in snapshot, watch and a write's dry-run plan.
    void hostileNamesAreEscapedEverywhere()
    {
        const QByteArray evil = "e\xe2\x80\xae\x1b[2J\x1b]0;t\x07\rX\nOK   orders";
        m_db.command({"XADD", evil, "*", "n", "1"});
        m_db.command({"XGROUP", "CREATE", evil, QByteArray("g\x1b[31m\n"), "0"});
        const QString url = m_server.url();
        for (const QStringList &args :
             {QStringList{QStringLiteral("snapshot")}, QStringList{QStringLiteral("watch"), QStringLiteral("--ticks"), QStringLiteral("1")},
              QStringList{QStringLiteral("check")}}) {
            const Run r = cli(QStringList{QStringLiteral("--url"), url} + args);
            QVERIFY2(!hasRawControls(r.out) && !hasRawControls(r.err), (args.join(' ').toUtf8() + ": " + r.out).constData());
            if (args.first() != QLatin1String("check")) {
                QVERIFY2(r.out.contains("e\\u202e\\x1b[2J\\x1b]0;t\\x07\\rX\\n"), r.out.constData());
                QVERIFY2(!r.out.contains("\nOK   orders"), r.out.constData()); // no forged row
            }
        }
        // A crafted source_stream cannot forge the plan: the real target is shown escaped.
        m_db.command({"XADD", "jobs:dlq", "*", "payload", "x", "source_stream", "attacker\"\nXADD \"src\" * \"a\" \"b\""});
        const Run r = cli({QStringLiteral("--url"), url, QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("jobs:dlq"),
                           QStringLiteral("--all"), QStringLiteral("--dry-run")});
        QVERIFY2(!hasRawControls(r.out), r.out.constData());
        QVERIFY2(!r.out.contains("\nXADD \"src\""), r.out.constData());
        QVERIFY2(r.out.contains("attacker\\\"\\nXADD"), r.out.constData());
    }

    // Before: the right error, then no exit.
    void missingOrWrongUnixSocketEndsAtOnce()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("not-a-socket"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
        f.close();
        for (const QString &path : {dir.filePath(QStringLiteral("missing.sock")), file}) {
            for (const QString &command : {QStringLiteral("snapshot"), QStringLiteral("check")}) {
                const Run r = cli({QStringLiteral("--url"), QStringLiteral("unix://") + path, command}, 10000);
                QCOMPARE(r.exitCode, 3);
                QVERIFY2(r.ms < 3000, QByteArray::number(r.ms).constData());
                QVERIFY2((r.out + r.err).contains(path.toUtf8()), (r.out + r.err).constData());
            }
        }
    }

    // A user name alone would have connected as `default`.
    void userWithoutPasswordIsNotDefault()
    {
        const Run r = cli({QStringLiteral("--url"), QStringLiteral("redis://mon@127.0.0.1:%1").arg(m_server.port()), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("without a password") && r.err.contains("--askpass"), r.err.constData());
        const Run r2 = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("--user"), QStringLiteral("mon"), QStringLiteral("snapshot")});
        QCOMPARE(r2.exitCode, 3);
        QVERIFY2(r2.err.contains("without a password"), r2.err.constData());
    }

    void badOptionsSayWhyAndKeepSecrets()
    {
        Run r = cli({QStringLiteral("--url"), QStringLiteral("redis://:p@ss w0rd@127.0.0.1:99999"), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(!r.err.contains("p@ss") && !r.err.contains("w0rd") && r.err.contains("***"), r.err.constData());
        r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("--timeout"), QStringLiteral("2147484s"), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("too long"), r.err.constData());
        r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("--threshold"), QStringLiteral("lag_warn=20000"), QStringLiteral("check")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("lag_warn (20000) is above lag_crit (10000)"), r.err.constData());
        r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("--max-reply-size"), QStringLiteral("lots"), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("--max-reply-size"), r.err.constData());
        // A '#' in the password: QUrl takes the rest for a fragment and
        // quoted it in its error ("fragment = x@127.0.0.1:notaport").
        r = cli({QStringLiteral("--url"), QStringLiteral("redis://:Sup3rS3cr3t#x@127.0.0.1:notaport"), QStringLiteral("snapshot")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(!r.err.contains("Sup3r") && !r.err.contains("S3cr3t") && !r.err.contains("#x") && r.err.contains("***"), r.err.constData());
        // --config naming a FIFO nobody writes: refused at once (it hung
        // `check` past --timeout in QSettings' read).
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe.ini"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        r = cli({QStringLiteral("--url"), m_server.url(), QStringLiteral("--timeout"), QStringLiteral("2s"), QStringLiteral("--config"), fifo,
                 QStringLiteral("check")},
                10000);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("is not a regular file"), r.err.constData());
    }

    // A monitor that cannot see says UNKNOWN and names the permission; the
    // default user gets CRITICAL on the same data. Before: OK, exit 0.
    void blindMonitorSaysUnknown()
    {
        for (int i = 0; i < 3; ++i)
            m_db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "STREAMS", "orders", ">"});
        const QStringList strict{QStringLiteral("--threshold"), QStringLiteral("oldest_idle_warn=0s"), QStringLiteral("--threshold"),
                                 QStringLiteral("oldest_idle_crit=0s")};
        QTest::qWait(20);
        Run r = cli(QStringList{QStringLiteral("--url"), m_server.url(), QStringLiteral("check")} + strict);
        QCOMPARE(r.exitCode, 2);

        const QByteArray base = "on >pw resetkeys resetchannels -@all +ping +info +hello +client|setname +scan +type +time +xrange +xlen +role";
        m_db.command(QByteArray("ACL SETUSER noxinfo " + base + " ~* +xpending").split(' '));
        m_db.command(QByteArray("ACL SETUSER nokeys " + base + " +xinfo +xpending").split(' '));
        m_db.command(QByteArray("ACL SETUSER noxpending " + base + " ~* +xinfo").split(' '));
        for (const auto &[user, named] : QList<QPair<QString, QByteArray>>{{QStringLiteral("noxinfo"), "xinfo"},
                                                                           // the server's own words: Redis 7.0 "no permissions to access one of the
                                                                           // keys used as arguments", Redis 7.2 and Valkey 8 "No permissions to access a key"
                                                                           {QStringLiteral("nokeys"), "NOPERM"},
                                                                           {QStringLiteral("noxpending"), "XPENDING"}}) {
            const QString url = fillText(QStringLiteral("redis://%1:pw@127.0.0.1:%2"), user, m_server.port());
            r = cli(QStringList{QStringLiteral("--url"), url, QStringLiteral("check")});
            QVERIFY2(r.exitCode == 3, (user.toUtf8() + ": " + r.out).constData());
            QVERIFY2(r.out.startsWith("PELSCOPE UNKNOWN - cannot see everything") && r.out.contains(named),
                     (user.toUtf8() + ": " + r.out).constData());
        }
        // Without XPENDING the table says what it could not judge.
        r = cli({QStringLiteral("--url"), QStringLiteral("redis://noxpending:pw@127.0.0.1:%1").arg(m_server.port()), QStringLiteral("snapshot")});
        QVERIFY2(r.out.contains("not judged: oldest pending idle"), r.out.constData());
        m_db.command({"ACL", "DELUSER", "noxinfo", "nokeys", "noxpending"});
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
