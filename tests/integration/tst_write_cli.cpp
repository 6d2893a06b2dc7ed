// pelscope-cli's dead-letter and pending-entry commands as an operator's
// script runs them: values equal to what the server says, refusal without a
// terminal, byte-exact requeue, a read-only ACL user, exact PEL and DLQ results.
#include "redis_oracle.h"
#include "cli_process.h"
#include "redis_server.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

using Run = ProcessRun;

const QList<QByteArray> kMonitorAcl =
    QByteArray("ACL SETUSER pelscope-monitor on >mon-pass resetkeys %R~* resetchannels -@all +ping +info +hello +client|setname "
               "+client|id +select +scan +type +time +xinfo +xpending +xrange +xrevrange +xlen +zcard +zcount +zrange +zrangebyscore +llen +lrange +lindex +exists +pttl +hget +hmget +hgetall +hlen +scard +sscan +smembers +zrevrange +role +readonly +cluster|info "
               "+cluster|slots +cluster|shards +cluster|nodes")
        .split(' ');

QByteArray fieldValue(const QJsonObject &f, const char *name)
{
    const QString b64 = QLatin1String(name) + QLatin1String("_base64");
    return f.contains(b64) ? QByteArray::fromBase64(f[b64].toString().toLatin1()) : f[QLatin1String(name)].toString().toUtf8();
}

} // namespace

class TestWriteCli : public QObject
{
    Q_OBJECT
private:
    RedisServer m_server;
    RedisOracle m_db;
    QTemporaryDir m_tmp;

    QString auditPath() const { return m_tmp.filePath(QStringLiteral("audit.jsonl")); }
    int auditLines() const
    {
        QFile f(auditPath());
        if (!f.open(QIODevice::ReadOnly))
            return 0;
        int n = 0; // outcome records; not the "attempt" record written before each batch
        for (const QByteArray &line : f.readAll().split('\n'))
            n += !line.isEmpty() && !line.contains("\"outcome\":\"attempt\"");
        return n;
    }
    // stdin is closed: no terminal, as in cron or CI.
    Run cli(QStringList args, const QString &url = {}, QProcessEnvironment env = QProcessEnvironment())
    {
        if (env.isEmpty()) {
            env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), auditPath());
        }
        args.prepend(url.isEmpty() ? m_server.url() : url);
        args.prepend(QStringLiteral("--url"));
        return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), args, env, 60000);
    }
    // Dead letters in the operators' layout; every 4th one binary.
    void deadLetters(const QByteArray &dlq, int n, const QList<QByteArray> &categories = {"validation", "timeout", "validation"})
    {
        QList<RedisCommand> fixture;
        for (int i = 0; i < n; ++i) {
            QByteArray payload = "{\"order\":" + QByteArray::number(i) + "}";
            if (i % 4 == 0)
                payload = QByteArray("\x00\xff\xfe\r\n", 5) + QByteArray::number(i);
            RedisCommand c{"XADD", dlq, "*", "payload", payload, "msg", "m" + QByteArray::number(i)};
            if (i % 5 != 4) // some without a category
                c += QList<QByteArray>{"category", categories[i % categories.size()]};
            c += QList<QByteArray>{"reason", "r", "delivery_count", "3"};
            fixture.append(c);
        }
        m_db.pipeline(fixture);
    }
    void pendingOrders(int n)
    {
        for (int i = 0; i < n; ++i)
            m_db.command({"XADD", "orders", QByteArray::number(i + 1) + "-0", "order", QByteArray::number(i), "bin", QByteArray("\xff\x00", 2)});
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "STREAMS", "orders", ">"});
    }
    QByteArray pelDump()
    {
        QByteArray out;
        const RedisReply reply = m_db.command({"XPENDING", "orders", "ship", "-", "+", "100"});
        for (const RedisReply &e : reply.elements())
            out += e.at(0).bytes() + ' ' + e.at(1).bytes() + ' ' + QByteArray::number(e.at(3).integer()) + ';';
        return out;
    }
    QByteArray rangeDump(const QByteArray &key)
    {
        QByteArray out;
        const RedisReply reply = m_db.command({"XRANGE", key, "-", "+"});
        for (const RedisReply &e : reply.elements()) {
            out += e.at(0).bytes() + '{';
            for (const RedisReply &f : e.at(1).elements())
                out += f.bytes().toHex() + ',';
            out += '}';
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
        QVERIFY(m_db.connectUrl(m_server.url()));
    }
    void init()
    {
        m_db.command({"FLUSHALL"});
        QFile::remove(auditPath());
    }

    void dlqListEqualsTheServer()
    {
        deadLetters("orders:dlq", 40);
        deadLetters("dlq:payments", 3, {"fraud"});
        deadLetters("failed-jobs", 2); // no convention: only by --dlq-map
        m_db.command({"XADD", "orders", "*", "a", "1"});
        m_db.command({"SET", "plain:dlq", "not a stream"});
        const Run r = cli({QStringLiteral("dlq"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--count"), QStringLiteral("10"),
                           QStringLiteral("--dlq-map"), QStringLiteral("failed-jobs=jobs")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc[QStringLiteral("schema")].toString(), QStringLiteral("pelscope.dlq_list/1"));
        const QJsonArray list = doc[QStringLiteral("dead_letter_streams")].toArray();
        QCOMPARE(list.size(), 3);
        const QHash<QString, QString> sources{{QStringLiteral("dlq:payments"), QStringLiteral("payments")},
                                              {QStringLiteral("failed-jobs"), QStringLiteral("jobs")},
                                              {QStringLiteral("orders:dlq"), QStringLiteral("orders")}};
        for (const QJsonValue &v : list) {
            const QJsonObject d = v.toObject();
            const QByteArray key = d[QStringLiteral("key")].toString().toUtf8();
            QCOMPARE(d[QStringLiteral("source")].toString(), sources.value(QString::fromUtf8(key)));
            QCOMPARE(qint64(d[QStringLiteral("length")].toDouble()), m_db.command({"XLEN", key}).integer());
            // Categories over the newest 10, counted here from the server's own answer.
            const RedisReply newest = m_db.command({"XREVRANGE", key, "+", "-", "COUNT", "10"});
            QHash<QString, int> expected;
            QHash<QString, QString> from; // which field each cause was read from
            for (const RedisReply &e : newest.elements()) {
                // Its category, else its reason (these have no digits to fold).
                QString category, reason;
                for (qsizetype i = 0; i + 1 < e.at(1).size(); i += 2) {
                    if (e.at(1).at(i).bytes() == "category")
                        category = QString::fromUtf8(e.at(1).at(i + 1).bytes());
                    if (e.at(1).at(i).bytes() == "reason")
                        reason = QString::fromUtf8(e.at(1).at(i + 1).bytes());
                }
                const QString cause = !category.isEmpty() ? category : !reason.isEmpty() ? reason : QStringLiteral("(null)");
                ++expected[cause];
                from[cause] = !category.isEmpty() ? QStringLiteral("category") : !reason.isEmpty() ? QStringLiteral("reason") : QStringLiteral("(null)");
            }
            QHash<QString, int> actual;
            QHash<QString, QString> actualFrom;
            for (const QJsonValue &c : d[QStringLiteral("categories")].toArray()) {
                const QJsonValue name = c.toObject()[QStringLiteral("category")];
                const QString cause = name.isNull() ? QStringLiteral("(null)") : name.toString();
                actual[cause] = c.toObject()[QStringLiteral("entries")].toInt();
                const QJsonValue field = c.toObject()[QStringLiteral("field")];
                actualFrom[cause] = field.isNull() ? QStringLiteral("(null)") : field.toString();
            }
            QCOMPARE(actual, expected);
            QCOMPARE(actualFrom, from);
            QCOMPARE(d[QStringLiteral("sampled")].toInt(), int(newest.size()));
            const QByteArray newestId = newest.at(0).at(0).bytes();
            QCOMPARE(d[QStringLiteral("newest_id")].toString().toLatin1(), newestId);
            QCOMPARE(qint64(d[QStringLiteral("newest_entry_ms")].toDouble()), newestId.split('-').first().toLongLong());
        }
        const Run text = cli({QStringLiteral("dlq"), QStringLiteral("list")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("orders:dlq") && text.out.contains("validation") && !text.out.contains("failed-jobs"), text.out.constData());
    }

    void dlqShowEqualsTheServer()
    {
        deadLetters("orders:dlq", 8);
        const QByteArray big(70000, 'x');
        m_db.command({"XADD", "orders:dlq", "*", "payload", big + QByteArray("\xff", 1), "category", "huge"});
        const Run r = cli({QStringLiteral("dlq"), QStringLiteral("show"), QStringLiteral("orders:dlq"), QStringLiteral("--count"),
                           QStringLiteral("5"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(qint64(doc[QStringLiteral("length")].toDouble()), m_db.command({"XLEN", "orders:dlq"}).integer());
        const QJsonArray entries = doc[QStringLiteral("entries")].toArray();
        const RedisReply truth = m_db.command({"XREVRANGE", "orders:dlq", "+", "-", "COUNT", "5"});
        QCOMPARE(entries.size(), int(truth.size()));
        for (int i = 0; i < entries.size(); ++i) {
            const QJsonObject e = entries[i].toObject();
            QCOMPARE(e[QStringLiteral("id")].toString().toLatin1(), truth.at(i).at(0).bytes());
            const QJsonArray fields = e[QStringLiteral("fields")].toArray();
            QCOMPARE(qsizetype(fields.size()) * 2, truth.at(i).at(1).size());
            for (int k = 0; k < fields.size(); ++k) {
                const QJsonObject f = fields[k].toObject();
                QCOMPARE(fieldValue(f, "name"), truth.at(i).at(1).at(2 * k).bytes());
                const QByteArray value = truth.at(i).at(1).at(2 * k + 1).bytes();
                if (i == 0 && k == 0) { // the 70 KB value: cut, and said so
                    QVERIFY(f[QStringLiteral("value_truncated")].toBool());
                    QCOMPARE(qint64(f[QStringLiteral("value_size")].toDouble()), value.size());
                    QCOMPARE(fieldValue(f, "value"), value.left(64 * 1024));
                } else {
                    QCOMPARE(fieldValue(f, "value"), value); // byte-exact, base64 where binary
                }
            }
        }
        const Run text =
            cli({QStringLiteral("dlq"), QStringLiteral("show"), QStringLiteral("orders:dlq"), QStringLiteral("--count"), QStringLiteral("9")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("payload: \\x00\\xff\\xfe\\x0d\\x0a0"));
        QVERIFY(text.out.contains("[cut: 70001 bytes in all, the first 65536 shown]"));
        QCOMPARE(cli({QStringLiteral("dlq"), QStringLiteral("show"), QStringLiteral("nope")}).exitCode, 3);
    }

    void requeueWithoutTerminalOrYesChangesNothing()
    {
        deadLetters("orders:dlq", 10);
        const QByteArray before = rangeDump("orders:dlq");
        const Run r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("--yes"), r.err.constData());
        QCOMPARE(rangeDump("orders:dlq"), before);
        QCOMPARE(m_db.command({"EXISTS", "orders"}).integer(), 0);
        QCOMPARE(auditLines(), 0);
        // Selections are exclusive; a bad one is refused the same way.
        QCOMPARE(cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all"), QStringLiteral("--id"),
                      QStringLiteral("1-0"), QStringLiteral("--yes")})
                     .exitCode,
                 3);
        QCOMPARE(rangeDump("orders:dlq"), before);
    }

    void requeueWithYesMovesEverythingByteExact()
    {
        deadLetters("orders:dlq", 30);
        const RedisReply before = m_db.command({"XRANGE", "orders:dlq", "-", "+"});
        // A dry run first: it says what it would do and writes nothing.
        Run r = cli(
            {QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all"), QStringLiteral("--dry-run")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("dry run: would requeue 30, already gone 0, failed 0"));
        QCOMPARE(m_db.command({"EXISTS", "orders"}).integer(), 0);

        m_db.command({"XGROUP", "CREATE", "orders", "workers", "$", "MKSTREAM"}); // requeue delivers only into streams that are read
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all"), QStringLiteral("--yes"),
                 QStringLiteral("--rate"), QStringLiteral("1000")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.split('\n').contains("requeued 30, already gone 0, failed 0"), r.out.constData());
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 0);
        const RedisReply after = m_db.command({"XRANGE", "orders", "-", "+"});
        QCOMPARE(after.size(), 30);
        for (int i = 0; i < 30; ++i) {
            QList<QByteArray> expected{"payload", before.at(i).at(1).at(1).bytes(), "msg", before.at(i).at(1).at(3).bytes()};
            QList<QByteArray> actual;
            for (const RedisReply &f : after.at(i).at(1).elements())
                actual.append(f.bytes());
            QCOMPARE(actual, expected);
        }
        QCOMPARE(auditLines(), 30);

        // By ID, one of them already gone: reported, not an error.
        deadLetters("orders:dlq", 2);
        const QByteArray id = m_db.command({"XRANGE", "orders:dlq", "-", "+"}).at(0).at(0).bytes();
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--id"), QString::fromLatin1(id),
                 QStringLiteral("1-1"), QStringLiteral("--to"), QStringLiteral("elsewhere"), QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.split('\n').contains("requeued 1, already gone 1, failed 0"), r.out.constData());
        QCOMPARE(m_db.command({"XLEN", "elsewhere"}).integer(), 1);
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 1);
    }

    // "No audit trail, no write" per batch: a log that opens but cannot be
    // written (a full disk) stops the run before its first batch. Before,
    // 50 entries moved with no local record.
    void fullDiskUnderTheAuditLogMovesNothing()
    {
        deadLetters("orders:dlq", 50);
        m_db.command({"XGROUP", "CREATE", "orders", "workers", "$", "MKSTREAM"});
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), QStringLiteral("/dev/full"));
        const Run r =
            cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all"), QStringLiteral("--yes")},
                {}, env);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("no audit trail, no write"), r.err.constData());
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 50);
        QCOMPARE(m_db.command({"XLEN", "orders"}).integer(), 0);
    }

    // Without PELSCOPE_AUDIT_LOG the CLI's trail is where the README says,
    // beside the window's: <data>/pelscope/pelscope/audit.jsonl.
    void defaultAuditLogIsTheWindows()
    {
        deadLetters("orders:dlq", 2);
        m_db.command({"XGROUP", "CREATE", "orders", "workers", "$", "MKSTREAM"});
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("PELSCOPE_AUDIT_LOG"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("share")));
        const Run r =
            cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all"), QStringLiteral("--yes")},
                {}, env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::exists(home.filePath(QStringLiteral("share/pelscope/pelscope/audit.jsonl"))));
        QVERIFY(!QFile::exists(home.filePath(QStringLiteral("share/pelscope-cli"))));
    }

    void readOnlyUserGetsExitThreeAndNothingChanges()
    {
        QCOMPARE(m_db.command(kMonitorAcl).bytes(), QByteArray("OK"));
        const QString url = QStringLiteral("redis://pelscope-monitor:mon-pass@127.0.0.1:%1").arg(m_server.port());
        deadLetters("orders:dlq", 5);
        pendingOrders(3);
        const QByteArray dlqBefore = rangeDump("orders:dlq");
        const QByteArray pelBefore = pelDump();
        QCOMPARE(cli({QStringLiteral("dlq"), QStringLiteral("list")}, url).exitCode, 0); // reading is allowed

        const QList<QPair<QStringList, QByteArray>> writes{
            {{QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all")}, "'evalsha'"},
            {{QStringLiteral("pending"), QStringLiteral("ack"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--id"),
              QStringLiteral("1-0")},
             "'xack'"},
            {{QStringLiteral("pending"), QStringLiteral("claim"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--id"),
              QStringLiteral("1-0"), QStringLiteral("--to"), QStringLiteral("x"), QStringLiteral("--min-idle"), QStringLiteral("0")},
             "'xclaim'"},
            {{QStringLiteral("pending"), QStringLiteral("to-dlq"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--id"),
              QStringLiteral("1-0")},
             "'evalsha'"},
        };
        for (const auto &w : writes) {
            const Run r = cli(w.first + QStringList{QStringLiteral("--yes")}, url);
            QCOMPARE(r.exitCode, 3);
            QVERIFY2(r.err.contains("permission missing") && r.err.contains(w.second), r.err.constData());
        }
        // A user allowed EVALSHA but not what the script calls: named all the same.
        m_db.command(QByteArray("ACL SETUSER no-xadd on >op ~* resetchannels -@all +ping +info +role +hello +client|setname +type +xinfo +xpending "
                                "+xrange +xrevrange +xlen +evalsha +script|load +xack +xdel")
                         .split(' '));
        const Run r = cli({QStringLiteral("pending"), QStringLiteral("to-dlq"), QStringLiteral("orders"), QStringLiteral("ship"),
                           QStringLiteral("--id"), QStringLiteral("1-0"), QStringLiteral("--yes")},
                          QStringLiteral("redis://no-xadd:op@127.0.0.1:%1").arg(m_server.port()));
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("permission missing for XADD"), r.err.constData());
        QCOMPARE(rangeDump("orders:dlq"), dlqBefore);
        QCOMPARE(pelDump(), pelBefore);
        m_db.command({"ACL", "DELUSER", "pelscope-monitor", "no-xadd"});
    }

    // The permission goes away in the middle of a run: 150 entries were
    // requeued, then a batch met NOPERM, and the run exited 3, the code for
    // "nothing was changed" (issue 47, item 6). It exits 1 and says how many.
    void permissionLostMidRunIsNotNothingChanged()
    {
        m_db.command(QByteArray("ACL SETUSER mid-run on >op ~* resetchannels +@all").split(' '));
        deadLetters("orders:dlq", 400);
        m_db.command({"XGROUP", "CREATE", "orders", "workers", "$", "MKSTREAM"});
        QProcess run;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), auditPath());
        run.setProcessEnvironment(env);
        run.start(QStringLiteral(PELSCOPE_CLI_PATH),
                  {QStringLiteral("--url"), QStringLiteral("redis://mid-run:op@127.0.0.1:%1").arg(m_server.port()), QStringLiteral("dlq"),
                   QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all"), QStringLiteral("--yes"), QStringLiteral("--rate"),
                   QStringLiteral("200")});
        QVERIFY(run.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(m_db.command({"XLEN", "orders"}).integer() >= 150, 20000);
        m_db.command(QByteArray("ACL SETUSER mid-run -xadd").split(' '));
        QVERIFY(run.waitForFinished(30000));
        const QByteArray out = run.readAllStandardOutput(), err = run.readAllStandardError();
        const qint64 moved = m_db.command({"XLEN", "orders"}).integer();
        QVERIFY2(moved >= 150 && moved < 400, qPrintable(QString::number(moved)));
        QCOMPARE(run.exitCode(), 1);
        QVERIFY2(out.contains("requeued " + QByteArray::number(moved) + ","), out.constData());
        QVERIFY2(err.contains("XADD"), err.constData());
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 400 - moved);
        m_db.command({"ACL", "DELUSER", "mid-run"});
    }

    // Pelscope's own round trip keeps the payload whole (issue 47): an order
    // whose own fields are named category, error, group, consumer, reason and
    // source_stream goes to the DLQ and back into `orders`, the stream it
    // came from, with every one of its fields byte for byte and nothing else;
    // the payload's source_stream ("inventory") names no target.
    void payloadFieldsNamedLikeMetadataSurviveTheRoundTrip()
    {
        m_db.command({"XGROUP", "CREATE", "orders", "ship", "$", "MKSTREAM"});
        const QList<QByteArray> payload{"order_id", "7",      "category", "books", "error",         "none so far",  "group", "vip",
                                        "consumer", "retail", "reason",   "gift",  "source_stream", "inventory",    "blob",  QByteArray("\x00\xff", 2)};
        RedisCommand add{"XADD", "orders", "*"};
        add += payload;
        const QByteArray id = m_db.command(add).bytes();
        m_db.command({"XREADGROUP", "GROUP", "ship", "w1", "COUNT", "1", "STREAMS", "orders", ">"});
        m_db.command({"XGROUP", "CREATE", "inventory", "stock", "$", "MKSTREAM"}); // read too: a wrong target would be accepted

        Run r = cli({QStringLiteral("pending"), QStringLiteral("to-dlq"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--id"),
                     QString::fromLatin1(id), QStringLiteral("--category"), QStringLiteral("poison"), QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 0);
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QStringLiteral("orders:dlq"), QStringLiteral("--all"), QStringLiteral("--yes")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(m_db.command({"XLEN", "orders:dlq"}).integer(), 0);
        QCOMPARE(m_db.command({"XLEN", "inventory"}).integer(), 0);
        const RedisReply back = m_db.command({"XRANGE", "orders", "(" + id, "+"});
        QCOMPARE(back.size(), 1);
        QList<QByteArray> fields;
        for (const RedisReply &f : back.at(0).at(1).elements())
            fields.append(f.bytes());
        QCOMPARE(fields, payload);
    }

    void pendingCommandsLeaveExactlyTheExpectedPelAndDlq()
    {
        pendingOrders(5);
        m_db.command({"XCLAIM", "orders", "ship", "w1", "0", "1-0", "2-0", "IDLE", "600000", "JUSTID"});
        m_db.command({"XACK", "orders", "ship", "3-0"}); // settled by a worker after the operator picked it
        Run r = cli({QStringLiteral("pending"), QStringLiteral("to-dlq"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--id"),
                     QStringLiteral("3-0"), QStringLiteral("4-0"), QStringLiteral("--category"), QStringLiteral("poison"), QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("3-0  not_pending") && r.out.split('\n').contains("moved 1, not pending 1, failed 0"), r.out.constData());
        const RedisReply dlq = m_db.command({"XRANGE", "orders:dlq", "-", "+"});
        QCOMPARE(dlq.size(), 1);
        QList<QByteArray> fields;
        for (const RedisReply &f : dlq.at(0).at(1).elements())
            fields.append(f.bytes());
        QCOMPARE(fields.mid(0, 6), (QList<QByteArray>{"order", "3", "bin", QByteArray("\xff\x00", 2), "pelscope:category", "poison"}));
        QCOMPARE(fields.mid(8), (QList<QByteArray>{"pelscope:delivery_count", "1", "pelscope:source_stream", "orders", "pelscope:source_id", "4-0",
                                                   "pelscope:group", "ship", "pelscope:consumer", "w1"}));

        // The guard: 5-0 was delivered just now, 1-0 ten minutes ago.
        r = cli({QStringLiteral("pending"), QStringLiteral("claim"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--to"),
                 QStringLiteral("rescuer"), QStringLiteral("--min-idle"), QStringLiteral("5m"), QStringLiteral("--id"), QStringLiteral("1-0"),
                 QStringLiteral("--id"), QStringLiteral("5-0"), QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("1-0  claimed") && r.out.contains("5-0  not_claimed (owner w1"), r.out.constData());
        QVERIFY(r.out.split('\n').contains("claimed 1, not claimed 1, not pending 0, failed 0"));
        QCOMPARE(pelDump(), QByteArray("1-0 rescuer 1;2-0 w1 1;5-0 w1 1;"));

        r = cli({QStringLiteral("pending"), QStringLiteral("claim"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--to"),
                 QStringLiteral("rescuer"), QStringLiteral("--min-idle"), QStringLiteral("5m"), QStringLiteral("--consumer"), QStringLiteral("w1"),
                 QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.split('\n').contains("claimed 1, not claimed 0, not pending 0, failed 0"));
        QCOMPARE(pelDump(), QByteArray("1-0 rescuer 1;2-0 rescuer 1;5-0 w1 1;"));

        r = cli({QStringLiteral("pending"), QStringLiteral("ack"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--id"),
                 QStringLiteral("2-0,3-0")});
        QCOMPARE(r.exitCode, 3); // no terminal, no --yes
        r = cli({QStringLiteral("pending"), QStringLiteral("ack"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--id"),
                 QStringLiteral("2-0,3-0"), QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.split('\n').contains("acknowledged 1, not pending 1, failed 0"));
        QCOMPARE(pelDump(), QByteArray("1-0 rescuer 1;5-0 w1 1;"));
        QCOMPARE(auditLines(), 2 + 2 + 1 + 2);
    }
};

QTEST_GUILESS_MAIN(TestWriteCli)
#include "tst_write_cli.moc"
