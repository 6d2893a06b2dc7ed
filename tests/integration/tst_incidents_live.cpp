// Incidents on a real server, through the front door: `pelscope-cli watch
// --json-lines` polls a real redis-server while this test is the pipeline —
// a producer, a consumer that reads in batches and works between them, a
// consumer that dies holding entries, an operator's XCLAIM and a slow ack.
// The thresholds are scaled down (seconds, not minutes) so the incidents fit
// in a test; the rules and the dwell are the shipped code.
#include "cli_process.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "text/fill_text.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace pelscope;
using namespace pelscope::test;

namespace {

// The group's verdict of each line watch printed.
struct Seen
{
    qint64 atMs = 0;
    QString status;
    QJsonObject group;
};

QJsonObject findGroup(const QJsonObject &doc, const QString &stream, const QString &group)
{
    for (const QJsonValue &s : doc.value(QStringLiteral("streams")).toArray())
        if (s.toObject().value(QStringLiteral("key")).toString() == stream)
            for (const QJsonValue &g : s.toObject().value(QStringLiteral("groups")).toArray())
                if (g.toObject().value(QStringLiteral("name")).toString() == group)
                    return g.toObject();
    return {};
}

// pelscope-cli watch, read line by line while the test's event loop runs the pipeline.
class Watch
{
public:
    Watch(const QString &url, const QStringList &extra)
    {
        QStringList args{QStringLiteral("watch"), QStringLiteral("--json-lines"), QStringLiteral("--url"), url,
                         QStringLiteral("--interval"), QStringLiteral("250ms"), QStringLiteral("--stream"), QStringLiteral("orders")};
        m_process.start(QStringLiteral(PELSCOPE_CLI_PATH), args + extra);
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process, [this] {
            m_buffer += m_process.readAllStandardOutput();
            qsizetype nl;
            while ((nl = m_buffer.indexOf('\n')) >= 0) {
                const QJsonObject doc = QJsonDocument::fromJson(m_buffer.left(nl)).object();
                m_buffer.remove(0, nl + 1);
                m_docs.append(doc);
            }
        });
    }
    ~Watch()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
    }
    QList<Seen> seen(const QString &group) const
    {
        QList<Seen> out;
        for (const QJsonObject &d : m_docs) {
            const QJsonObject g = findGroup(d, QStringLiteral("orders"), group);
            if (!g.isEmpty())
                out.append({qint64(d.value(QStringLiteral("taken_at_ms")).toDouble()), g.value(QStringLiteral("status")).toString(), g});
        }
        return out;
    }
    QString errors() { return QString::fromUtf8(m_process.readAllStandardError()); }
    QList<QJsonObject> documents() const { return m_docs; }

private:
    QProcess m_process;
    QByteArray m_buffer;
    QList<QJsonObject> m_docs;
};

void runFor(qint64 ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QTest::qWait(50);
}

int statusChanges(const QList<Seen> &seen, qsizetype from)
{
    int changes = 0;
    for (qsizetype i = std::max<qsizetype>(from, 1); i < seen.size(); ++i)
        changes += seen[i].status != seen[i - 1].status;
    return changes;
}

} // namespace

class TestIncidentsLive : public QObject
{
    Q_OBJECT

    RedisServer m_server;
    RedisOracle m_redis;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
        QVERIFY(m_redis.connectTcp(QStringLiteral("127.0.0.1"), m_server.port()));
    }

    void init() { m_redis.command({"FLUSHALL"}); }

    // A group that only gets worse, read by a consumer that takes 10 entries
    // and works on them for 2 s: at each batch the group moves and its
    // "behind" is read again a poll later. CRIT from the first CRIT poll to
    // the end, one incident start, and rates that say 5/s read, not 0 or 40.
    void batchReaderHoldsStill()
    {
        m_redis.command({"XGROUP", "CREATE", "orders", "analytics", "$", "MKSTREAM"});
        Watch watch(m_server.url(), {QStringLiteral("--threshold"), QStringLiteral("behind_warn=1s"), QStringLiteral("--threshold"),
                                     QStringLiteral("behind_crit=3s"), QStringLiteral("--threshold"), QStringLiteral("lag_warn=20"),
                                     QStringLiteral("--threshold"), QStringLiteral("lag_crit=1000000")});
        QTimer producer; // 10 entries a second, in two writes
        QObject::connect(&producer, &QTimer::timeout, &producer, [&] {
            for (int i = 0; i < 5; ++i)
                m_redis.command({"XADD", "orders", "*", "order", "x"});
        });
        producer.start(500);
        QTimer reader; // 10 every 2 s: 5/s, half the input
        QObject::connect(&reader, &QTimer::timeout, &reader, [&] {
            const RedisReply r = m_redis.command({"XREADGROUP", "GROUP", "analytics", "worker", "COUNT", "10", "STREAMS", "orders", ">"});
            for (const RedisReply &stream : r.elements())
                for (const RedisReply &e : stream.at(1).elements())
                    m_redis.command({"XACK", "orders", "analytics", e.at(0).bytes()});
        });
        reader.start(2000);
        runFor(30'000);
        producer.stop();
        reader.stop();
        const QList<Seen> seen = watch.seen(QStringLiteral("analytics"));
        QVERIFY2(seen.size() >= 100, qPrintable(watch.errors()));
        qsizetype firstCrit = -1;
        for (qsizetype i = 0; i < seen.size(); ++i)
            if (seen[i].status == QLatin1String("crit")) {
                firstCrit = i;
                break;
            }
        QVERIFY2(firstCrit >= 0 && firstCrit < seen.size() / 3, "the group never went CRIT early enough");
        // The scenario hits the gap it is about: polls whose "behind" is the previous reading.
        int carried = 0;
        for (const Seen &s : seen)
            carried += !s.group.value(QStringLiteral("oldest_unread_read_at_ms")).isNull();
        QVERIFY2(carried >= 5, qPrintable(QString::number(carried)));
        // What one poll alone said (the verdicts before issue 45) beside what is shown.
        int evidenceChanges = 0;
        for (qsizetype i = firstCrit + 1; i < seen.size(); ++i)
            evidenceChanges += seen[i].group.value(QStringLiteral("incident")).toObject().value(QStringLiteral("evidence"))
                               != seen[i - 1].group.value(QStringLiteral("incident")).toObject().value(QStringLiteral("evidence"));
        qInfo("%lld polls: %d status changes shown, %d changes of the per-poll verdict", qlonglong(seen.size() - firstCrit),
              statusChanges(seen, firstCrit + 1), evidenceChanges);
        QCOMPARE(statusChanges(seen, firstCrit + 1), 0);
        const double since = seen[firstCrit].group.value(QStringLiteral("since_ms")).toDouble();
        QVERIFY(since > 0);
        for (qsizetype i = firstCrit; i < seen.size(); ++i)
            QCOMPARE(seen[i].group.value(QStringLiteral("since_ms")).toDouble(), since);
        // Out over the window: 5/s (10 each 2 s), never 0 or 40 once it spans 10 s.
        for (qsizetype i = firstCrit; i < seen.size(); ++i) {
            const QJsonObject rate = seen[i].group.value(QStringLiteral("out_rate")).toObject();
            if (rate.value(QStringLiteral("window_ms")).toDouble() < 10'000)
                continue;
            const double perS = rate.value(QStringLiteral("per_s")).toDouble();
            QVERIFY2(perS > 3.5 && perS < 6.5, qPrintable(fillText(QStringLiteral("poll %1: out %2/s"), i, perS)));
        }
    }

    // The drain forecast on real traffic (issue 50): 10 entries a second in;
    // "billing" reads 20 a second from a backlog of 1,200, "audit" 5 a second,
    // "archive" nothing. After 30 s of polls: billing draining with an ETA
    // within 35 % of the server's own pace, audit growing, archive never a
    // finite ETA.
    void drainForecastOnRealTraffic()
    {
        m_redis.command({"XGROUP", "CREATE", "orders", "billing", "$", "MKSTREAM"});
        m_redis.command({"XGROUP", "CREATE", "orders", "audit", "$"});
        m_redis.command({"XGROUP", "CREATE", "orders", "archive", "$"});
        QList<RedisCommand> backlog;
        for (int i = 0; i < 1'200; ++i)
            backlog.append({"XADD", "orders", "*", "order", QByteArray::number(i)});
        m_redis.pipeline(backlog);
        const auto lagOf = [&](const QByteArray &group) {
            const RedisReply groups = m_redis.command({"XINFO", "GROUPS", "orders"});
            for (const RedisReply &g : groups.elements())
                if (g.field("name").bytes() == group)
                    return g.field("lag").toInt().value_or(-1);
            return qint64(-1);
        };
        Watch watch(m_server.url(), {});
        QTimer producer;
        QObject::connect(&producer, &QTimer::timeout, &producer, [&] {
            m_redis.pipeline({{"XADD", "orders", "*", "order", "x"}, {"XADD", "orders", "*", "order", "y"}});
        });
        const auto readBy = [&](const QByteArray &group, int count) {
            const RedisReply r = m_redis.command({"XREADGROUP", "GROUP", group, "w", "COUNT", QByteArray::number(count), "STREAMS", "orders", ">"});
            for (const RedisReply &stream : r.elements())
                for (const RedisReply &e : stream.at(1).elements())
                    m_redis.command({"XACK", "orders", group, e.at(0).bytes()});
        };
        QTimer consumers;
        int beat = 0;
        QObject::connect(&consumers, &QTimer::timeout, &consumers, [&] {
            readBy("billing", 4);
            if (++beat % 4 == 0)
                readBy("audit", 4);
        });
        QElapsedTimer clock;
        runFor(1'000);
        const qint64 lagStart = lagOf("billing");
        clock.start();
        producer.start(200);
        consumers.start(200);
        runFor(36'000);
        producer.stop();
        consumers.stop();
        const qint64 lagEnd = lagOf("billing");
        const double elapsedS = double(clock.elapsed()) / 1000.0;
        const double trueNet = double(lagStart - lagEnd) / elapsedS;
        QVERIFY2(trueNet > 3 && lagEnd > 200, qPrintable(fillText(QStringLiteral("lag %1 → %2 in %3 s"), lagStart, lagEnd, elapsedS)));
        const double trueEtaS = double(lagEnd) / trueNet;

        const QList<Seen> billing = watch.seen(QStringLiteral("billing"));
        QVERIFY2(billing.size() > 100, qPrintable(watch.errors()));
        const QJsonObject drain = billing.last().group.value(QStringLiteral("drain")).toObject();
        QCOMPARE(drain.value(QStringLiteral("state")).toString(), QStringLiteral("draining"));
        const double etaS = drain.value(QStringLiteral("eta_s")).toDouble();
        qInfo("billing: eta %.0f s, the server's pace says %.0f s (lag %lld, %.1f fewer a second)", etaS, trueEtaS, qlonglong(lagEnd), trueNet);
        QVERIFY2(std::abs(etaS - trueEtaS) <= 0.35 * trueEtaS, qPrintable(fillText(QStringLiteral("eta %1 s, true %2 s"), etaS, trueEtaS)));
        // A state within 30 s of polls (and a little for the last poll's timing).
        qsizetype firstState = -1;
        for (qsizetype i = 0; i < billing.size() && firstState < 0; ++i)
            if (billing[i].group.value(QStringLiteral("drain")).toObject().value(QStringLiteral("state")).toString() != QLatin1String("unknown"))
                firstState = i;
        QVERIFY(firstState > 0);
        QVERIFY2(billing[firstState].atMs - billing.first().atMs <= 32'000, "no state after 30 s of polls");

        const QList<Seen> audit = watch.seen(QStringLiteral("audit"));
        QCOMPARE(audit.last().group.value(QStringLiteral("drain")).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("growing"));
        for (const Seen &s : watch.seen(QStringLiteral("archive")))
            QVERIFY2(s.group.value(QStringLiteral("drain")).toObject().value(QStringLiteral("eta_s")).isNull(), "a finite ETA for a group that reads nothing");
    }

    // A dead-letter stream's newest is the newest entry still in it: after
    // the newest dead letters are requeued (deleted), the header and the JSON
    // said the deleted one's time (issue 45).
    void deadLetterNewestAfterDeletes()
    {
        const RedisReply time = m_redis.command({"TIME"});
        const qint64 now = time.at(0).toInt().value_or(0) * 1000;
        m_redis.command({"XGROUP", "CREATE", "orders", "billing", "$", "MKSTREAM"});
        const QByteArray old = QByteArray::number(now - 2 * 86'400'000LL) + "-0"; // two days old
        m_redis.command({"XADD", "orders:dlq", old, "error", "timeout"});
        m_redis.command({"XADD", "orders:dlq", "*", "error", "poison"});
        const auto newestOf = [](const QJsonObject &doc) {
            for (const QJsonValue &d : doc.value(QStringLiteral("dead_letter_streams")).toArray())
                if (d.toObject().value(QStringLiteral("key")).toString() == QLatin1String("orders:dlq"))
                    return d.toObject().value(QStringLiteral("newest_entry_ms"));
            return QJsonValue(QJsonValue::Undefined);
        };
        Watch watch(m_server.url(), {QStringLiteral("--stream"), QStringLiteral("orders:dlq")});
        QTRY_VERIFY_WITH_TIMEOUT(!watch.seen(QStringLiteral("billing")).isEmpty(), 10000);
        const RedisReply newest = m_redis.command({"XREVRANGE", "orders:dlq", "+", "-", "COUNT", "1"});
        const QByteArray newestId = newest.at(0).at(0).bytes();
        m_redis.command({"XDEL", "orders:dlq", newestId}); // requeued: gone
        runFor(2'000);
        // The one-shot snapshot and the watch's latest poll alike: the two-day-old entry.
        const ProcessRun run = runProcess(QStringLiteral(PELSCOPE_CLI_PATH), {QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("--url"), m_server.url(),
                                                                              QStringLiteral("--stream"), QStringLiteral("orders"), QStringLiteral("--stream"),
                                                                              QStringLiteral("orders:dlq")});
        QCOMPARE(qint64(newestOf(QJsonDocument::fromJson(run.out).object()).toDouble()), now - 2 * 86'400'000LL);
        const QList<QJsonObject> docs = watch.documents();
        QVERIFY(!docs.isEmpty());
        QCOMPARE(qint64(newestOf(docs.last()).toDouble()), now - 2 * 86'400'000LL);
    }

    // Annotations (issue 50, item 3): `annotate` marks a moment in the
    // connection's history, for a group or the whole connection; history
    // --json lists them, names escaped; the report lists them in the window
    // and in the incident they fall in.
    void annotationsInHistoryAndReport()
    {
        m_redis.command({"XGROUP", "CREATE", "orders", "ship", "$", "MKSTREAM"});
        for (int i = 0; i < 20; ++i)
            m_redis.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        QTemporaryDir dir;
        const QStringList common{QStringLiteral("--url"), m_server.url(), QStringLiteral("--history-dir"), dir.path(), QStringLiteral("--threshold"),
                                 QStringLiteral("lag_warn=5"), QStringLiteral("--threshold"), QStringLiteral("lag_crit=10")};
        QProcess recorder;
        recorder.start(QStringLiteral(PELSCOPE_CLI_PATH), common + QStringList{QStringLiteral("record"), QStringLiteral("--interval"), QStringLiteral("200ms")});
        QVERIFY(recorder.waitForStarted());
        runFor(2'000);
        const QString odd = QStringLiteral("deploy 1.4.2 %1 %2F {x} \u202Eevil");
        const ProcessRun mark = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                           common + QStringList{QStringLiteral("annotate"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--text"), odd});
        QVERIFY2(mark.exitCode == 0, mark.err.constData());
        const ProcessRun wide = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                           common + QStringList{QStringLiteral("annotate"), QStringLiteral("--text"), QStringLiteral("restarted billing")});
        QVERIFY2(wide.exitCode == 0, wide.err.constData());
        const ProcessRun empty = runProcess(QStringLiteral(PELSCOPE_CLI_PATH), common + QStringList{QStringLiteral("annotate"), QStringLiteral("--text"), QStringLiteral(" ")});
        QCOMPARE(empty.exitCode, 3); // nothing to mark: refused, nothing written
        runFor(1'000);
        recorder.terminate();
        QVERIFY(recorder.waitForFinished(10'000));

        const ProcessRun history = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                              common + QStringList{QStringLiteral("history"), QStringLiteral("orders"), QStringLiteral("ship"), QStringLiteral("--json")});
        QVERIFY2(history.exitCode == 0, history.err.constData());
        const QJsonArray notes = QJsonDocument::fromJson(history.out).object().value(QStringLiteral("annotations")).toArray();
        QCOMPARE(notes.size(), 2);
        const QJsonObject first = notes.at(0).toObject();
        QCOMPARE(first.value(QStringLiteral("text")).toString(), odd);
        QCOMPARE(first.value(QStringLiteral("source")).toString(), QStringLiteral("pelscope-cli"));
        QCOMPARE(first.value(QStringLiteral("stream")).toString(), QStringLiteral("orders"));
        QCOMPARE(first.value(QStringLiteral("group")).toString(), QStringLiteral("ship"));
        QVERIFY(notes.at(1).toObject().value(QStringLiteral("group")).isNull());

        const QString out = dir.filePath(QStringLiteral("report"));
        const ProcessRun report = runProcess(QStringLiteral(PELSCOPE_CLI_PATH), common + QStringList{QStringLiteral("report"), QStringLiteral("--out"), out});
        QVERIFY2(report.exitCode == 0, report.err.constData());
        QFile summaryFile(out + QStringLiteral("/summary.md"));
        QVERIFY(summaryFile.open(QIODevice::ReadOnly));
        const QString summary = QString::fromUtf8(summaryFile.readAll());
        const qsizetype incident = summary.indexOf(QStringLiteral("### orders / ship: CRIT at its worst"));
        QVERIFY2(incident > 0, qPrintable(summary));
        QVERIFY2(summary.indexOf(QStringLiteral(" annotation (pelscope-cli): deploy 1.4.2 %1 %2F {x}"), incident) > incident, qPrintable(summary));
        QVERIFY2(summary.indexOf(QStringLiteral(" annotation (pelscope-cli): restarted billing"), incident) > incident, qPrintable(summary));
        const qsizetype section = summary.indexOf(QStringLiteral("## Annotations in the window"));
        QVERIFY2(section > 0 && summary.indexOf(QStringLiteral("pelscope-cli on orders / ship: deploy 1.4.2"), section) > section, qPrintable(summary));
        QVERIFY2(!summary.contains(QChar(0x202E)), "a bidi override reached the report"); // escaped where it is shown
    }

    // Opened on an incident already under way: the oldest unread entry was
    // added 10 minutes ago (its ID says so), so the trouble began when it
    // crossed behind_warn, not at the first poll.
    void sinceDerivedFromTheData()
    {
        const RedisReply time = m_redis.command({"TIME"});
        const qint64 now = time.at(0).toInt().value_or(0) * 1000;
        const QByteArray oldId = QByteArray::number(now - 600'000) + "-0";
        m_redis.command({"XADD", "orders", oldId, "order", "old"});
        m_redis.command({"XADD", "orders", "*", "order", "new"});
        m_redis.command({"XGROUP", "CREATE", "orders", "late", "0"});
        const ProcessRun run = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                          {QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("--url"), m_server.url(),
                                           QStringLiteral("--stream"), QStringLiteral("orders")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject g = findGroup(QJsonDocument::fromJson(run.out).object(), QStringLiteral("orders"), QStringLiteral("late"));
        QCOMPARE(g.value(QStringLiteral("status")).toString(), QStringLiteral("crit"));
        const QJsonObject incident = g.value(QStringLiteral("incident")).toObject();
        QCOMPARE(incident.value(QStringLiteral("since_basis")).toString(), QStringLiteral("derived"));
        QCOMPARE(incident.value(QStringLiteral("derived_from")).toString(), QStringLiteral("behind"));
        // Exact: the entry's time plus behind_warn (60 s by default).
        QCOMPARE(qint64(g.value(QStringLiteral("since_ms")).toDouble()), now - 600'000 + 60'000);
        // check says it in words too, with the runbook [runbooks] gives its reason.
        QTemporaryDir dir;
        QFile config(dir.filePath(QStringLiteral("pelscope.ini")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("[runbooks]\nbehind = https://wiki.example/runbooks/behind\n");
        config.close();
        const ProcessRun check = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                            {QStringLiteral("check"), QStringLiteral("--url"), m_server.url(), QStringLiteral("--stream"), QStringLiteral("orders"),
                                             QStringLiteral("--config"), config.fileName()});
        QVERIFY2(check.out.contains("since about ") && check.out.contains("(runbook: https://wiki.example/runbooks/behind)"), check.out.constData());
        const ProcessRun json = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                           {QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("--url"), m_server.url(), QStringLiteral("--stream"),
                                            QStringLiteral("orders"), QStringLiteral("--config"), config.fileName()});
        QCOMPARE(findGroup(QJsonDocument::fromJson(json.out).object(), QStringLiteral("orders"), QStringLiteral("late")).value(QStringLiteral("runbook")).toString(),
                 QStringLiteral("https://wiki.example/runbooks/behind"));
    }

    // A consumer dies holding 30 entries; an operator claims them to a live
    // consumer, which acknowledges them 3 a second. The poll after the claim
    // alone says OK (the claim reset the entries' idle); the group stays
    // "recovering" until the last one is acknowledged, then OK after the dwell.
    void aClaimThenASlowAck()
    {
        m_redis.command({"XGROUP", "CREATE", "orders", "shipping", "$", "MKSTREAM"});
        for (int i = 0; i < 30; ++i)
            m_redis.command({"XADD", "orders", "*", "order", QByteArray::number(i)});
        m_redis.command({"XREADGROUP", "GROUP", "shipping", "shipping-2", "COUNT", "30", "STREAMS", "orders", ">"}); // then dies
        m_redis.command({"XGROUP", "CREATECONSUMER", "orders", "shipping", "shipping-1"});
        Watch watch(m_server.url(), {QStringLiteral("--threshold"), QStringLiteral("oldest_idle_warn=2s"), QStringLiteral("--threshold"),
                                     QStringLiteral("oldest_idle_crit=4s"), QStringLiteral("--threshold"), QStringLiteral("consumer_idle_warn=2s"),
                                     QStringLiteral("--threshold"), QStringLiteral("recover_after=3s")});
        runFor(6'000);
        QList<Seen> seen = watch.seen(QStringLiteral("shipping"));
        QVERIFY2(!seen.isEmpty() && seen.last().status == QLatin1String("crit"), qPrintable(watch.errors()));
        const qsizetype beforeClaim = seen.size();
        // The operator's claim: every entry shipping-2 holds, to shipping-1.
        QList<QByteArray> ids;
        const RedisReply held = m_redis.command({"XPENDING", "orders", "shipping", "-", "+", "100", "shipping-2"});
        for (const RedisReply &e : held.elements())
            ids << e.at(0).bytes();
        QCOMPARE(ids.size(), 30);
        RedisCommand claim{"XCLAIM", "orders", "shipping", "shipping-1", "0"};
        for (const QByteArray &id : ids)
            claim << id;
        m_redis.command(claim);
        runFor(2'000);
        // shipping-1 works through them: 3 acknowledged a second.
        qsizetype acked = 0;
        QTimer acker;
        QObject::connect(&acker, &QTimer::timeout, &acker, [&] {
            for (int i = 0; i < 3 && acked < ids.size(); ++i)
                m_redis.command({"XACK", "orders", "shipping", ids[acked++]});
        });
        acker.start(1000);
        runFor(12'000);
        acker.stop();
        QCOMPARE(acked, ids.size());
        runFor(5'000);
        seen = watch.seen(QStringLiteral("shipping"));
        // From the claim until the last ack, never OK and said to be recovering.
        bool sawRecovering = false;
        qsizetype firstOk = -1;
        for (qsizetype i = beforeClaim; i < seen.size(); ++i) {
            const bool recovering = seen[i].group.value(QStringLiteral("incident")).toObject().value(QStringLiteral("recovering")).toBool();
            sawRecovering |= recovering;
            if (seen[i].status == QLatin1String("ok") && firstOk < 0)
                firstOk = i;
            if (firstOk < 0)
                QVERIFY2(seen[i].status != QLatin1String("ok"), "OK before the claimed entries were acknowledged");
        }
        QVERIFY(sawRecovering);
        QVERIFY2(firstOk > 0, "never OK after the last ack and the dwell");
        // OK came after the last ack plus the dwell, not before.
        qsizetype lastRecovering = -1;
        for (qsizetype i = beforeClaim; i < seen.size(); ++i)
            if (seen[i].group.value(QStringLiteral("incident")).toObject().value(QStringLiteral("recovering")).toBool())
                lastRecovering = i;
        QVERIFY(lastRecovering > 0 && lastRecovering < firstOk);
        QVERIFY2(seen[firstOk].atMs - seen[lastRecovering].atMs >= 3'000, "OK before recover_after without the evidence");
        // The incident's start never moved: the claim did not begin a new one.
        const double since = seen[beforeClaim - 1].group.value(QStringLiteral("since_ms")).toDouble();
        for (qsizetype i = beforeClaim; i < firstOk; ++i)
            QCOMPARE(seen[i].group.value(QStringLiteral("since_ms")).toDouble(), since);
    }
};

QTEST_GUILESS_MAIN(TestIncidentsLive)
#include "tst_incidents_live.moc"
