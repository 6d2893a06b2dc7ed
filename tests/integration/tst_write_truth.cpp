// What a write says is what happened, on a real server (issue "truth at
// every write"): with the audit stream of the wrong type every write refuses
// before its first write and leaves every key byte for byte as it was; when
// the audit record itself fails after the data moved, the outcome says what
// moved and that the record failed (exit 1), never "refused" (exit 3).
#include "cli_process.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include "actions/write_job.h"
#include "text/display_text.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

// The largest stream ID: an XADD with '*' to a stream holding it fails
// ("The stream has exhausted the last possible ID"), a real server's own
// error, after the type and permission checks passed.
const QByteArray kLastPossibleId = "18446744073709551615-18446744073709551615";

} // namespace

class TestWriteTruth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QString error;
        m_server = std::make_unique<RedisServer>();
        QVERIFY2(m_server->start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server->url()));
        QVERIFY(m_tmp.isValid());
        QFile::remove(m_tmp.filePath(QStringLiteral("audit.jsonl"))); // each test reads its own trail
        const qint64 now = m_db.command({"TIME"}).at(0).toInt().value_or(0);
        // A reliable list with three stuck items, a delayed queue with a late
        // task, a dead-letter stream with two letters for "orders" (read by a
        // group), and a group holding two pending entries.
        for (int i = 1; i <= 3; ++i)
            m_db.command({"LPUSH", "jobs:processing", "{\"id\":" + QByteArray::number(i) + ",\"timestamp\":" + QByteArray::number(now - 900) + "}"});
        m_db.command({"LPUSH", "jobs", "waiting"});
        m_db.command({"ZADD", "delayed", QByteArray::number(now - 60), "task:late"});
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "$", "MKSTREAM"});
        m_db.command({"XADD", "orders:dlq", "*", "payload", "a", "source_stream", "orders"});
        m_db.command({"XADD", "orders:dlq", "*", "payload", "b", "source_stream", "orders"});
        m_db.command({"XADD", "orders", "1-1", "n", "1"});
        m_db.command({"XADD", "orders", "1-2", "n", "2"});
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", "2", "STREAMS", "orders", ">"});
    }
    void cleanup() { m_server.reset(); }

    void auditOfTheWrongTypeRefusesEveryWriteBeforeItsFirstWrite()
    {
        m_db.command({"SET", "pelscope:audit", "not a stream"});
        const QByteArray before = dumpAll();
        const QList<QStringList> writes{
            {QStringLiteral("queue"), QStringLiteral("requeue"), QStringLiteral("jobs"), QStringLiteral("--older-than"), QStringLiteral("5m")},
            {QStringLiteral("queue"), QStringLiteral("delete"), QStringLiteral("jobs"), QStringLiteral("--older-than"), QStringLiteral("5m")},
            {QStringLiteral("queue"), QStringLiteral("run-now"), QStringLiteral("delayed"), QStringLiteral("--item"), QStringLiteral("task:late")},
            {QStringLiteral("queue"), QStringLiteral("delete"), QStringLiteral("delayed"), QStringLiteral("--item"), QStringLiteral("task:late")},
            {QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all")},
            {QStringLiteral("pending"), QStringLiteral("to-dlq"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--id"),
             QStringLiteral("1-1"), QStringLiteral("--id"), QStringLiteral("1-2")},
        };
        for (const QStringList &write : writes) {
            const ProcessRun r = cli(write);
            const QByteArray said = r.out + r.err;
            QVERIFY2(r.exitCode == 3,
                     qPrintable(write.join(QLatin1Char(' ')) + QStringLiteral(": exit %1\n").arg(r.exitCode) + QString::fromUtf8(said)));
            QVERIFY2(said.contains("pelscope:audit is a string, not a stream (checked before writing: nothing was written)"),
                     qPrintable(write.join(QLatin1Char(' ')) + QLatin1Char('\n') + QString::fromUtf8(said)));
            QVERIFY2(dumpAll() == before, qPrintable(write.join(QLatin1Char(' ')) + QStringLiteral(" changed data")));
        }
        // The local trail says refused for each, never a success.
        const QByteArray trail = localTrail();
        QVERIFY2(!trail.contains("\"outcome\":\"requeued\"") && !trail.contains("\"outcome\":\"moved\""), trail.constData());
    }

    void auditFailingAfterTheMoveIsReportedAsWritten()
    {
        m_db.command({"XADD", "pelscope:audit", kLastPossibleId, "action", "full"});
        const ProcessRun queue =
            cli({QStringLiteral("queue"), QStringLiteral("requeue"), QStringLiteral("jobs"), QStringLiteral("--older-than"), QStringLiteral("5m")});
        QVERIFY2(queue.exitCode == 1, queue.out + queue.err);
        QVERIFY2(queue.out.startsWith("moved 3 items back to \"jobs\" from \"jobs:processing\""), queue.out.constData());
        QVERIFY2(queue.err.contains("the audit record failed: ERR The stream has exhausted the last possible ID"), queue.err.constData());
        QCOMPARE(m_db.command({"LLEN", "jobs"}).integer(), 4); // what the outcome says is what the server holds
        QCOMPARE(m_db.command({"LLEN", "jobs:processing"}).integer(), 0);

        const ProcessRun dlq = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all")});
        QVERIFY2(dlq.exitCode == 1, dlq.out + dlq.err);
        QVERIFY2(dlq.err.contains("the audit record failed after the entries moved"), dlq.err.constData());
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 0);
        QCOMPARE(m_db.command({"XLEN", "orders"}).integer(), 4);
        QVERIFY2(dlq.out.contains("requeued 2"), dlq.out.constData());

        const ProcessRun moved = cli({QStringLiteral("pending"), QStringLiteral("to-dlq"), QStringLiteral("orders"), QStringLiteral("ship"),
                                      QStringLiteral("--id"), QStringLiteral("1-1")});
        QVERIFY2(moved.exitCode == 1, moved.out + moved.err);
        QVERIFY2(moved.err.contains("the audit record failed after the entries moved"), moved.err.constData());
        QCOMPARE(m_db.command({"XPENDING", "orders", "ship"}).at(0).integer(), 1);
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 1);

        // The local audit log has the moves and the failed record.
        const QByteArray trail = localTrail();
        QVERIFY2(trail.contains("the audit record failed"), trail.constData());
        QVERIFY2(!trail.contains("\"outcome\":\"refused"), trail.constData());
    }

    // The claim's confirmation (pending claim --dry-run prints it) names
    // what runs, whatever the names hold: no placeholder substituted into a
    // name, none left over, every number where it belongs.
    void claimConfirmationIsTheCommands_data()
    {
        QTest::addColumn<QString>("tail");  // appended to each name
        QTest::addColumn<QString>("shown"); // how the plan shows it
        QTest::newRow("percent-1") << QStringLiteral("%1") << QStringLiteral("%1");
        QTest::newRow("url-encoded") << QStringLiteral("%2F") << QStringLiteral("%2F");
        QTest::newRow("hash-tag") << QStringLiteral("{tag}") << QStringLiteral("{tag}");
        QTest::newRow("braces-and-percent") << QStringLiteral("{%3}%4") << QStringLiteral("{%3}%4");
        QTest::newRow("rtl-mark") << QStringLiteral("\u200f") << QStringLiteral("\\u200f");
        QTest::newRow("long") << QString(1000, QLatin1Char('n')) << QString(1000, QLatin1Char('n'));
    }
    void claimConfirmationIsTheCommands()
    {
        QFETCH(QString, tail);
        QFETCH(QString, shown);
        const QByteArray stream = "jobs" + tail.toUtf8(), group = "g" + tail.toUtf8(), owner = "w" + tail.toUtf8(), to = "x" + tail.toUtf8() + "y";
        m_db.command({"XGROUP", "CREATE", stream, group, "$", "MKSTREAM"});
        for (int i = 0; i < 40; ++i)
            m_db.command({"XADD", stream, "*", "n", QByteArray::number(i)});
        m_db.command({"XREADGROUP", "GROUP", group, owner, "COUNT", "40", "STREAMS", stream, ">"});
        const ProcessRun r = cli({QStringLiteral("pending"), QStringLiteral("claim"), QString::fromUtf8(stream), QString::fromUtf8(group),
                                  QStringLiteral("--consumer"), QString::fromUtf8(owner), QStringLiteral("--to"), QString::fromUtf8(to),
                                  QStringLiteral("--min-idle"), QStringLiteral("0"), QStringLiteral("--dry-run")});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        const QString plan = QString::fromUtf8(r.out);
        const QString s = QStringLiteral("\"jobs") + shown + QLatin1Char('"'), g = QStringLiteral("\"g") + shown + QLatin1Char('"'),
                      w = QStringLiteral("\"w") + shown + QLatin1Char('"'), x = QStringLiteral("\"x") + shown + QStringLiteral("y\"");
        const QStringList expected{
            QStringLiteral("Consumer ") + w + QStringLiteral(" holds 40 pending entries (read at "),
            QStringLiteral("40 of them are idle at least 0ms and would move to ") + x + QStringLiteral("; the other 0 stay with ") + w
                + QLatin1Char('.'),
            QStringLiteral("Claim pending entries of group ") + g + QStringLiteral(" of stream ") + s + QStringLiteral(" on redis://127.0.0.1:"),
            QStringLiteral("  what:  the entries of consumer ") + w
                + QStringLiteral(" idle at least 0ms: it holds 40, 40 of them idle that long now"),
            QStringLiteral("  to:    consumer ") + x,
            QStringLiteral("  how:   XCLAIM ") + s + QLatin1Char(' ') + g + QLatin1Char(' ') + x
                + QStringLiteral(" 0 <ids> JUSTID; entries idle less than 0ms stay with their owner"),
        };
        for (const QString &line : expected)
            QVERIFY2(plan.contains(line), qPrintable(QStringLiteral("missing: ") + line + QStringLiteral("\n--- plan:\n") + plan));
        // Nothing substituted: with the names taken out, no %N is left.
        QString rest = plan;
        rest.remove(shown);
        QVERIFY2(!rest.contains(QRegularExpression(QStringLiteral("%\\d"))), qPrintable(plan));
        QCOMPARE(m_db.command({"XPENDING", stream, group}).at(3).at(0).at(0).bytes(), owner); // a dry run writes nothing
    }

    // The dead-letter requeue's plan (dlq requeue --dry-run) is the
    // commands, rendered from the same bytes: after the real run the target
    // holds exactly what each XADD line said, in order, and the XDEL lines
    // name the DLQ's IDs. Hostile key names; field names and values hold a
    // NUL, bytes that are not UTF-8, quotes and %N.
    void dlqPlanIsTheCommands_data()
    {
        QTest::addColumn<QString>("tail");
        QTest::newRow("percent-1") << QStringLiteral("%1");
        QTest::newRow("url-encoded") << QStringLiteral("%2F");
        QTest::newRow("hash-tag") << QStringLiteral("{tag}");
        QTest::newRow("braces-and-percent") << QStringLiteral("{%3}%4");
        QTest::newRow("rtl-mark") << QStringLiteral("\u200f");
        QTest::newRow("quote") << QStringLiteral("\"q\"");
        QTest::newRow("long") << QString(1000, QLatin1Char('n'));
    }
    void dlqPlanIsTheCommands()
    {
        QFETCH(QString, tail);
        const QByteArray t = tail.toUtf8();
        const QByteArray target = "orders" + t, dlq = "dead" + t;
        m_db.command({"XGROUP", "CREATE", target, "g" + t, "$", "MKSTREAM"});
        for (int i = 0; i < 3; ++i)
            m_db.command({"XADD", dlq, "*", "f" + t + QByteArray("\0\xff", 2), "v%1" + t + QByteArray::number(i), "n\"" + t, QByteArray("\x80\0", 2)});
        const RedisReply letters = m_db.command({"XRANGE", dlq, "-", "+"});
        const QStringList args{QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--all"), QStringLiteral("--to"),
                               QString::fromUtf8(target)};
        const ProcessRun dry = cli(args + QStringList{QStringLiteral("--dry-run")});
        QVERIFY2(dry.exitCode == 0, dry.out + dry.err);
        QStringList plan = QString::fromUtf8(dry.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(plan.takeLast(), QStringLiteral("dry run: would requeue 3, already gone 0, failed 0"));
        QStringList xdel;
        for (const RedisReply &letter : letters.elements())
            xdel << QStringLiteral("XDEL ") + quotedForPlan(dlq) + QLatin1Char(' ') + QString::fromLatin1(letter.at(0).bytes());
        QCOMPARE(plan.size(), 6);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(plan.at(2 * i + 1), xdel.at(i));

        const ProcessRun run = cli(args);
        QVERIFY2(run.exitCode == 0, run.out + run.err);
        QVERIFY2(run.out.split('\n').contains("requeued 3, already gone 0, failed 0"), run.out.constData());
        QCOMPARE(m_db.command({"XLEN", dlq}).integer(), 0);
        // What the server holds now, rendered the plan's way, is the plan.
        const RedisReply landed = m_db.command({"XRANGE", target, "-", "+"});
        QCOMPARE(landed.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QString xadd = QStringLiteral("XADD ") + quotedForPlan(target) + QStringLiteral(" *");
            const QList<RedisReply> fields = landed.at(i).at(1).elements();
            for (qsizetype f = 0; f + 1 < fields.size(); f += 2) // a long value is cut, and says how long it is
                xadd += QLatin1Char(' ') + quotedForPlan(fields.at(f).bytes()) + QLatin1Char(' ') + valueForPlan(fields.at(f + 1).bytes());
            QCOMPARE(plan.at(2 * i), xadd);
        }
        // Nothing substituted: with the names taken out, no %N is left.
        QString rest = plan.join(QLatin1Char('\n'));
        rest.remove(QString::fromUtf8(displayBytes(t).toUtf8()));
        rest.remove(QStringLiteral("v%1"));
        if (tail.size() > kPlanValueBytes)
            QVERIFY2(rest.contains(QStringLiteral("...(%1 bytes)").arg(1004)), qPrintable(rest));
        QVERIFY2(!rest.contains(QRegularExpression(QStringLiteral("%\\d"))), qPrintable(rest));
    }

private:
    ProcessRun cli(QStringList args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), m_tmp.filePath(QStringLiteral("audit.jsonl")));
        args << QStringLiteral("--yes") << QStringLiteral("--url") << m_server->url();
        return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), args, env, 60000);
    }
    QByteArray localTrail() const
    {
        QFile f(m_tmp.filePath(QStringLiteral("audit.jsonl")));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    // Every key's type and serialized value, sorted by key.
    QByteArray dumpAll()
    {
        QList<QByteArray> keys;
        const RedisReply all = m_db.command({"KEYS", "*"}); // kept: elements() refers into it
        for (const RedisReply &k : all.elements())
            keys.append(k.bytes());
        std::sort(keys.begin(), keys.end());
        QByteArray out;
        for (const QByteArray &k : keys)
            out += k + '=' + m_db.command({"DUMP", k}).bytes().toHex() + '\n';
        return out;
    }

    std::unique_ptr<RedisServer> m_server;
    RedisOracle m_db;
    QTemporaryDir m_tmp;
};

QTEST_GUILESS_MAIN(TestWriteTruth)
#include "tst_write_truth.moc"
