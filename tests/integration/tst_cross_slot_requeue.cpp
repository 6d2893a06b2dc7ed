// A DLQ in another cluster slot (and node) than its source, requeued while
// both nodes keep killing our connections: every entry exactly once in the
// source, byte for byte and in order, the DLQ empty, the path said up front.
#include "actions/cross_slot_requeue_job.h"
#include "cli_process.h"
#include "poll_once.h"
#include "values/key_slot.h"
#include "redis_cluster.h"
#include "redis/stream_entry.h"
#include "text/fill_text.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace pelscope;
using namespace pelscope::test;

namespace {

using Run = ProcessRun;

// Every entry of a stream as "field=value;..." lines, values in hex: byte-exact.
QByteArray dump(RedisOracle &db, const QByteArray &key)
{
    QByteArray out;
    const RedisReply range = db.command({"XRANGE", key, "-", "+"}); // kept: elements() refers into it
    for (const RedisReply &e : range.elements()) {
        for (const RedisReply &f : e.at(1).elements())
            out += f.bytes().toHex() + ';';
        out += '\n';
    }
    return out;
}

} // namespace

class TestCrossSlotRequeue : public QObject
{
    Q_OBJECT
private:
    RedisCluster m_cluster{3};
    QTemporaryDir m_dir;

    Run cli(const QStringList &args, const QString &url = {})
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PELSCOPE_AUDIT_LOG"), m_dir.filePath(QStringLiteral("cli-audit.jsonl")));
        return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), QStringList{QStringLiteral("--url"), url.isEmpty() ? m_cluster.url(0) : url} + args, env, 60000);
    }

    // A source and its DLQ in different slots, on different masters.
    QPair<QByteArray, QByteArray> crossSlotPair(const QByteArray &stem)
    {
        for (int i = 0; i < 200; ++i) {
            const QByteArray source = stem + QByteArray::number(i);
            const QByteArray dlq = source + ":dlq";
            if (m_cluster.ownerOfKey(source) != m_cluster.ownerOfKey(dlq)) {
                // A source that is read: requeue delivers only into streams with a consumer group.
                m_cluster.oracle(m_cluster.ownerOfKey(source))->command({"XGROUP", "CREATE", source, "workers", "$", "MKSTREAM"});
                return {source, dlq};
            }
        }
        return {};
    }

    // n dead letters: payload (binary) and n, plus metadata that stays behind.
    void deadLetters(const QByteArray &dlq, int n, const QByteArray &sourceField = {})
    {
        auto db = m_cluster.oracle(m_cluster.ownerOfKey(dlq));
        for (int i = 0; i < n; ++i) {
            RedisCommand c{"XADD",     dlq,      "*", "payload", QByteArray("\x00\xff", 2) + QByteArray::number(i), "n", QByteArray::number(i),
                           "category", "timeout"};
            if (!sourceField.isEmpty())
                c << "source_stream" << sourceField;
            QVERIFY(!db->command(c).isError());
        }
    }

    static QByteArray expectedDump(int first, int count)
    {
        QByteArray out;
        for (int i = first; i < first + count; ++i)
            out += QByteArray("payload").toHex() + ';' + (QByteArray("\x00\xff", 2) + QByteArray::number(i)).toHex() + ';' + QByteArray("n").toHex()
                   + ';' + QByteArray::number(i).toHex() + ";\n";
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
    }

    void planSaysWhichPath()
    {
        QCOMPARE(planRequeuePath("{orders}:dlq", "{orders}").path, RequeuePathPlan::Path::Atomic);
        const RequeuePathPlan cross = planRequeuePath("payments:dlq", "payments");
        QCOMPARE(cross.path, RequeuePathPlan::Path::CrossSlotLedger);
        QCOMPARE(cross.ledgerKey, QByteArray("{payments}:pelscope:requeue-ledger"));
        QCOMPARE(keySlot(cross.ledgerKey), keySlot("payments"));
        QCOMPARE(planRequeuePath("x{a}y:dlq", "x{a}y2").path, RequeuePathPlan::Path::Atomic);
        QCOMPARE(planRequeuePath("dlq", "a}b").path, RequeuePathPlan::Path::Refused);
    }

    void requeueAcrossSlotsUnderConnectionKills()
    {
        const QByteArray source = "payments", dlq = "payments:dlq";
        const int sourceNode = m_cluster.ownerOfKey(source), dlqNode = m_cluster.ownerOfKey(dlq);
        QVERIFY(sourceNode != dlqNode);
        auto src = m_cluster.oracle(sourceNode);
        auto dl = m_cluster.oracle(dlqNode);

        const int n = 300;
        QList<QList<QByteArray>> expected;
        QList<RedisCommand> batch;
        for (int i = 0; i < n; ++i) {
            const QByteArray payload = QByteArray("\xff\xfe\0", 3) + QByteArray::number(i) + QByteArray(i % 7, '\0');
            batch.append({"XADD", dlq, "*", "payload", payload, "n", QByteArray::number(i), "category", "timeout", "dlq_reason", "poison",
                          "source_id", "1-" + QByteArray::number(i)});
            expected.append({"payload", payload, "n", QByteArray::number(i)});
        }
        for (const RedisReply &r : dl->pipeline(batch))
            QVERIFY(!r.isError());

        CrossSlotRequeueRequest request;
        request.dlq = dlq;
        request.target = source;
        request.batchSize = 7;
        request.retryDelayMs = 20;
        request.auditLogPath = m_dir.filePath(QStringLiteral("audit.jsonl"));
        ConnectionOptions options = optionsFor(m_cluster.url(0));
        options.reconnectInitialMs = 10; // reconnect between kills
        options.reconnectMaxMs = 50;
        CrossSlotRequeueJob job(options, request);
        QSignalSpy done(&job, &CrossSlotRequeueJob::finished);

        // Each node drops every client but the killer's own every 300 ms, at a random point of a batch (a reply may be
        // lost after its write ran), slower than a retry (20 ms and a reconnect) so that the job can get through.
        qint64 killed = 0;
        int turn = 0;
        QTimer killer;
        const auto killNext = [&] {
            RedisOracle &o = (turn++ % 2) ? *src : *dl;
            killed += o.command({"CLIENT", "KILL", "TYPE", "normal"}).integer();
        };
        connect(&killer, &QTimer::timeout, this, killNext);
        killer.start(150);
        // The timer alone may miss a run that finishes within its first ticks on a fast machine; a kill after every
        // fifth page (the job emits its progress between pages) makes sure the job meets dropped connections.
        int pages = 0;
        connect(&job, &WriteJob::progress, this, [&] {
            if (++pages % 5 == 0)
                killNext();
        });
        job.start();
        // ~15 s alone; a loaded 2-core CI machine with the suite beside it needs more.
        QVERIFY(done.wait(150000));
        killer.stop();

        const WriteOutcome result = done.first().first().value<WriteOutcome>();
        qInfo("requeued %lld across slots (%s -> %s); %lld connections killed, %lld retries, %lld found in the ledger", result.counts.done,
              qPrintable(result.dlqNode), qPrintable(result.sourceNode), killed, result.counts.retries, result.counts.duplicates);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY(result.path.startsWith(QStringLiteral("cross-slot")));
        QCOMPARE(result.sourceNode, m_cluster.address(sourceNode));
        QCOMPARE(result.dlqNode, m_cluster.address(dlqNode));
        QVERIFY(killed > 0);
        QVERIFY(result.counts.retries > 0);
        QCOMPARE(result.counts.done, qint64(n)); // every entry once, also those whose reply was lost
        QVERIFY(result.counts.duplicates <= result.counts.done);
        QCOMPARE(result.counts.failed, 0);
        QCOMPARE(result.counts.gone, 0);

        // Exactly once, byte for byte, in order; nothing left behind.
        const RedisReply landed = src->command({"XRANGE", source, "-", "+"});
        QCOMPARE(landed.size(), n);
        for (int i = 0; i < n; ++i) {
            QList<QByteArray> fields;
            for (const RedisReply &f : landed.at(i).at(1).elements())
                fields << f.bytes();
            QCOMPARE(fields, expected.at(i));
        }
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 0);
        QCOMPARE(src->command({"HLEN", result.ledgerKey}).integer(), n);
        QVERIFY(src->command({"TTL", result.ledgerKey}).integer() > 0);
        // The ledger maps each DLQ entry to the one source entry it became,
        // marked with this run's token.
        QSet<QByteArray> landedIds, ledgerIds;
        for (const RedisReply &e : landed.elements())
            landedIds.insert(e.at(0).bytes());
        const RedisReply ledger = src->command({"HGETALL", result.ledgerKey});
        for (qsizetype i = 1; i < ledger.size(); i += 2)
            ledgerIds.insert(ledger.at(i).bytes().split(' ').value(0));
        QCOMPARE(ledgerIds, landedIds);

        // The audit trail names every entry once.
        QFile audit(request.auditLogPath);
        QVERIFY(audit.open(QIODevice::ReadOnly));
        QSet<QString> audited;
        qint64 ids = 0;
        for (const QByteArray &line : audit.readAll().split('\n')) {
            if (line.isEmpty() || line.contains("\"outcome\":\"attempt\"")) // written before each batch, retries included
                continue;
            for (const QJsonValue &id : QJsonDocument::fromJson(line).object()[QStringLiteral("ids")].toArray()) {
                audited.insert(id.toString());
                ++ids;
            }
        }
        QCOMPARE(ids, n);
        QCOMPARE(audited.size(), n);
    }

    // The state an earlier run leaves when it stopped between the script and
    // the XDEL: the entries are in the source and in the ledger under that
    // run's token, and still in the DLQ. This run takes them out of the DLQ,
    // adds none again, and counts them as the other run's ("already gone"),
    // never as found after a lost reply of its own (issue 47, item 6).
    void earlierRunsEntriesAreTheirs()
    {
        const auto [source, dlq] = crossSlotPair("lost");
        QVERIFY(!source.isEmpty());
        auto src = m_cluster.oracle(m_cluster.ownerOfKey(source));
        auto dl = m_cluster.oracle(m_cluster.ownerOfKey(dlq));
        deadLetters(dlq, 10);
        const RequeuePathPlan plan = planRequeuePath(dlq, source);
        const LuaScript script = LuaScript::fromResource(QStringLiteral(":/lua/cross_slot_requeue.lua"));
        QVERIFY(script.isValid());
        QCOMPARE(src->command(script.load()).bytes(), script.sha());
        const RedisReply entries = dl->command({"XRANGE", dlq, "-", "+", "COUNT", "4"});
        for (const RedisReply &e : entries.elements()) {
            QList<QByteArray> args{e.at(0).bytes() + '\0' + dlq, "604800", "existing", "an-earlier-run"};
            for (const auto &fv : DlqLayout{}.requeuedFields(fieldsOf(e)))
                args << fv.first << fv.second;
            const RedisReply r = src->command(script.evalsha({source, plan.ledgerKey}, args));
            QCOMPARE(r.at(0).bytes(), QByteArray("added"));
        }
        QCOMPARE(src->command({"XLEN", source}).integer(), 4);

        CrossSlotRequeueRequest request;
        request.dlq = dlq;
        request.target = source;
        request.batchSize = 3; // the earlier run's span two pages
        request.auditLogPath = m_dir.filePath(QStringLiteral("lost.jsonl"));
        CrossSlotRequeueJob job(optionsFor(m_cluster.url(0)), request);
        QSignalSpy done(&job, &CrossSlotRequeueJob::finished);
        job.start();
        QVERIFY(done.wait(30000));
        const auto result = done.first().first().value<WriteOutcome>();
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.counts.done, qint64(6));
        QCOMPARE(result.counts.gone, qint64(4));
        QCOMPARE(result.counts.duplicates, qint64(0));
        QCOMPARE(dump(*src, source), expectedDump(0, 10)); // none twice, in order
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 0);
        QCOMPARE(src->command({"HLEN", plan.ledgerKey}).integer(), 10);
        QFile audit(request.auditLogPath);
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QByteArray trail = audit.readAll();
        QCOMPARE(trail.count("already requeued by another run"), 2); // one record per page: 3 + 1
        QCOMPARE(trail.count("found in the ledger %1: added by an attempt whose reply was lost"), 0);
        QVERIFY(!trail.contains("reply was lost"));
    }

    // Two operators requeue the same DLQ at once: each said "requeued 1450"
    // (2,900 for 1,500 entries) and "found in the ledger after a lost reply"
    // with no reply lost (issue 47, item 6). Their counts add up now.
    void twoOperatorsAtOnceAddUp()
    {
        const auto [source, dlq] = crossSlotPair("pair");
        QVERIFY(!source.isEmpty());
        deadLetters(dlq, 1500);
        CrossSlotRequeueRequest request;
        request.dlq = dlq;
        request.target = source;
        request.batchSize = 50;
        request.auditLogPath = m_dir.filePath(QStringLiteral("pair-a.jsonl"));
        CrossSlotRequeueJob first(optionsFor(m_cluster.url(0)), request);
        request.auditLogPath = m_dir.filePath(QStringLiteral("pair-b.jsonl"));
        CrossSlotRequeueJob second(optionsFor(m_cluster.url(1)), request);
        QSignalSpy firstDone(&first, &CrossSlotRequeueJob::finished);
        QSignalSpy secondDone(&second, &CrossSlotRequeueJob::finished);
        first.start();
        second.start();
        QTRY_VERIFY_WITH_TIMEOUT(firstDone.size() == 1 && secondDone.size() == 1, 60000);
        const auto a = firstDone.first().first().value<WriteOutcome>();
        const auto b = secondDone.first().first().value<WriteOutcome>();
        QVERIFY2(a.error.isEmpty() && b.error.isEmpty(), qPrintable(a.error + b.error));
        qInfo("first requeued %lld (gone %lld), second %lld (gone %lld)", a.counts.done, a.counts.gone, b.counts.done, b.counts.gone);
        QCOMPARE(a.counts.done + b.counts.done, qint64(1500));
        QCOMPARE(a.counts.duplicates + b.counts.duplicates, qint64(0)); // no reply was lost
        QVERIFY2(a.counts.gone + b.counts.gone > 0, "the two never met: the test shows nothing"); // they did overlap
        auto src = m_cluster.oracle(m_cluster.ownerOfKey(source));
        auto dl = m_cluster.oracle(m_cluster.ownerOfKey(dlq));
        QCOMPARE(src->command({"XLEN", source}).integer(), 1500);
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 0);
    }

    // The job is destroyed while it still has requests in flight and
    // retries pending (the operator closed the window): nothing runs after.
    void destroyedMidRun()
    {
        const auto [source, dlq] = crossSlotPair("midrun");
        QVERIFY(!source.isEmpty());
        deadLetters(dlq, 200);
        CrossSlotRequeueRequest request;
        request.dlq = dlq;
        request.target = source;
        request.batchSize = 3;
        request.auditLogPath = m_dir.filePath(QStringLiteral("midrun.jsonl"));
        for (int round = 0; round < 5; ++round) {
            auto job = std::make_unique<CrossSlotRequeueJob>(optionsFor(m_cluster.url(0)), request);
            QSignalSpy progress(job.get(), &CrossSlotRequeueJob::progress);
            job->start();
            QVERIFY(progress.wait(10000));
            job.reset();      // mid-page: XRANGE, EVALSHA or XDEL in flight
            QTest::qWait(50); // queued callbacks and timers would run now
        }
        auto src = m_cluster.oracle(m_cluster.ownerOfKey(source));
        auto dl = m_cluster.oracle(m_cluster.ownerOfKey(dlq));
        // Whatever landed is in the ledger, and what left the DLQ landed.
        const qint64 landed = src->command({"XLEN", source}).integer();
        QCOMPARE(src->command({"HLEN", planRequeuePath(dlq, source).ledgerKey}).integer(), landed);
        QVERIFY(dl->command({"XLEN", dlq}).integer() + landed >= 200);
        // A fresh run finishes the job: exactly 200, none twice.
        CrossSlotRequeueJob job(optionsFor(m_cluster.url(0)), request);
        QSignalSpy done(&job, &CrossSlotRequeueJob::finished);
        job.start();
        QVERIFY(done.wait(30000));
        const auto result = done.first().first().value<WriteOutcome>();
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(src->command({"XLEN", source}).integer(), 200);
        QCOMPARE(dump(*src, source), expectedDump(0, 200));
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 0);
    }

    // pelscope-cli on the cluster: the path is said first; dry run, --id and
    // --all on the cross-slot path; the same-slot DLQ stays atomic; an
    // impossible ledger is refused. Checked on the servers themselves.
    void cliRequeueOnCluster()
    {
        const auto [source, dlq] = crossSlotPair("refunds");
        QVERIFY(!source.isEmpty());
        auto src = m_cluster.oracle(m_cluster.ownerOfKey(source));
        auto dl = m_cluster.oracle(m_cluster.ownerOfKey(dlq));
        deadLetters(dlq, 20);
        const QByteArray dlqBefore = dump(*dl, dlq);

        // Dry run: the plan, nothing written.
        Run r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--all"), QStringLiteral("--dry-run")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.startsWith("path: cross-slot"), r.out.constData());
        QVERIFY2(r.out.split('\n').contains("dry run: would requeue 20, already gone 0, failed 0"), r.out.constData());
        QCOMPARE(r.out.count("\nXADD "), 20);
        QCOMPARE(dump(*dl, dlq), dlqBefore);
        QCOMPARE(src->command({"XLEN", source}).integer(), 0);

        // Without a terminal and without --yes: refused, nothing written.
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--all")});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(dump(*dl, dlq), dlqBefore);

        // By ID: two of them, and one that is not there.
        const RedisReply first = dl->command({"XRANGE", dlq, "-", "+", "COUNT", "2"});
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--id"),
                 QString::fromLatin1(first.at(0).at(0).bytes()), QString::fromLatin1(first.at(1).at(0).bytes()), QStringLiteral("1-1"),
                 QStringLiteral("--yes")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.split('\n').contains("requeued 2, already gone 1, failed 0"), r.out.constData());
        QCOMPARE(dump(*src, source), expectedDump(0, 2));
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 18);

        // --all --yes: the rest, in order, byte for byte; the DLQ empty; the ledger holds all 20.
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--all"), QStringLiteral("--yes")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.startsWith("path: cross-slot"), r.out.constData());
        QVERIFY2(r.out.split('\n').contains("requeued 18, already gone 0, failed 0"), r.out.constData());
        QCOMPARE(dump(*src, source), expectedDump(0, 20));
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 0);
        const QByteArray ledger = planRequeuePath(dlq, source).ledgerKey;
        QCOMPARE(src->command({"HLEN", ledger}).integer(), 20);
        const qint64 ttl = src->command({"TTL", ledger}).integer();
        QVERIFY2(ttl > 6 * 86'400 && ttl <= 7 * 86'400, QByteArray::number(ttl).constData());

        // An entry naming another source stream stops an inferred target before it is written.
        deadLetters(dlq, 1, "elsewhere");
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--all"), QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("source_stream"), r.err.constData());
        QCOMPARE(src->command({"XLEN", source}).integer(), 20);
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 1);
        dl->command({"DEL", dlq});

        // No ledger can share the slot of "a}b": refused with the reason, nothing written.
        deadLetters(dlq, 2);
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--all"), QStringLiteral("--to"),
                 QStringLiteral("a}b"), QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.startsWith("path: refusing") && r.err.contains("no ledger key"), (r.out + r.err).constData());
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 2);
        dl->command({"DEL", dlq});

        // Same slot ({returns} and {returns}:dlq): the atomic path, on the DLQ's master.
        const QByteArray tagged = "{returns}", taggedDlq = "{returns}:dlq";
        auto t = m_cluster.oracle(m_cluster.ownerOfKey(tagged));
        t->command({"XGROUP", "CREATE", tagged, "workers", "$", "MKSTREAM"});
        deadLetters(taggedDlq, 5);
        r = cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(taggedDlq), QStringLiteral("--all"), QStringLiteral("--yes")});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(r.out.startsWith("path: atomic"), r.out.constData());
        QVERIFY2(r.out.split('\n').contains("requeued 5, already gone 0, failed 0"), r.out.constData());
        QCOMPARE(dump(*t, tagged), expectedDump(0, 5));
        QCOMPARE(t->command({"XLEN", taggedDlq}).integer(), 0);
        QCOMPARE(t->command({"EXISTS", "{returns}:pelscope:requeue-ledger"}).integer(), 0);
    }

    // The README's operator user for the cross-slot path can do it; without
    // any one of the commands the script calls it is refused before writing.
    void aclOperatorUser()
    {
        const auto [source, dlq] = crossSlotPair("acl");
        QVERIFY(!source.isEmpty());
        auto src = m_cluster.oracle(m_cluster.ownerOfKey(source));
        auto dl = m_cluster.oracle(m_cluster.ownerOfKey(dlq));
        const QByteArray base = "on >op-pass resetkeys ~acl* ~{acl*}:pelscope:requeue-ledger resetchannels -@all +ping +info +hello "
                                "+client|setname +role +cluster|shards +cluster|slots +type +xinfo +xlen +xrange +xdel +evalsha +script|load";
        const QList<QByteArray> scripted{"+xadd", "+hget", "+hset", "+expire"};
        auto setUser = [&](const QByteArray &name, const QList<QByteArray> &extra) {
            for (int i = 0; i < m_cluster.size(); ++i) {
                QList<QByteArray> args = QByteArray("ACL SETUSER " + name + " reset " + base).split(' ');
                args += extra;
                QCOMPARE(m_cluster.oracle(i)->command(args).bytes(), QByteArray("OK"));
            }
        };
        const QString url = QStringLiteral("redis://%1:op-pass@127.0.0.1:%2");
        const QByteArray ledger = planRequeuePath(dlq, source).ledgerKey;
        deadLetters(dlq, 6);
        const QByteArray before = dump(*dl, dlq);
        for (const QByteArray &missing : scripted) {
            QList<QByteArray> extra = scripted;
            extra.removeAll(missing);
            setUser("xslot-partial", extra);
            const Run r =
                cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--all"), QStringLiteral("--yes")},
                    fillText(url, QStringLiteral("xslot-partial"), m_cluster.node(0).port()));
            QVERIFY2(r.exitCode == 3, (missing + ": " + r.out + r.err).constData());
            QVERIFY2(r.err.contains("permission missing") && r.err.toUpper().contains(missing.mid(1).toUpper()),
                     (missing + ": " + r.err).constData());
            QCOMPARE(dump(*dl, dlq), before);
            QCOMPARE(src->command({"XLEN", source}).integer(), 0);
            QCOMPARE(src->command({"EXISTS", ledger}).integer(), 0);
        }
        // ACL DRYRUN agrees for what the script calls on the source's master.
        setUser("xslot-op", scripted);
        for (const RedisCommand &c :
             QList<RedisCommand>{{"XADD", source, "*", "f", "v"}, {"HGET", ledger, "1-1"}, {"HSET", ledger, "1-1", "v"}, {"EXPIRE", ledger, "60"}}) {
            RedisCommand dry{"ACL", "DRYRUN", "xslot-op"};
            dry += c;
            QCOMPARE(src->command(dry).bytes(), QByteArray("OK"));
        }
        const Run r =
            cli({QStringLiteral("dlq"), QStringLiteral("requeue"), QString::fromUtf8(dlq), QStringLiteral("--all"), QStringLiteral("--yes")},
                fillText(url, QStringLiteral("xslot-op"), m_cluster.node(0).port()));
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(r.out.split('\n').contains("requeued 6, already gone 0, failed 0"), r.out.constData());
        QCOMPARE(dump(*src, source), expectedDump(0, 6));
        QCOMPARE(dl->command({"XLEN", dlq}).integer(), 0);
        QCOMPARE(src->command({"HLEN", ledger}).integer(), 6);
        for (int i = 0; i < m_cluster.size(); ++i)
            m_cluster.oracle(i)->command({"ACL", "DELUSER", "xslot-op", "xslot-partial"});
    }
};

QTEST_GUILESS_MAIN(TestCrossSlotRequeue)
#include "tst_cross_slot_requeue.moc"
