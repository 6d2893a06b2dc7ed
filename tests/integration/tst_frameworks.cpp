// The job frameworks teams run, each with its own producer and real worker
// processes (tests/frameworks/<name>/scenario.*) on a real redis-server, an
// incident caused on purpose (the worker SIGKILLed holding jobs, nothing
// moving due jobs), and Pelscope's reading compared with the framework's own
// API (the scenario's `truth`). `check` must never say OK during the outage.
#include "cli_process.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>

using namespace pelscope;
using namespace pelscope::test;

namespace {

QString scenarioDir(const char *framework)
{
    return QDir(QStringLiteral(PELSCOPE_FRAMEWORKS_DIR)).filePath(QString::fromLatin1(framework));
}

ProcessRun cli(const QStringList &args)
{
    return runProcess(QStringLiteral(PELSCOPE_CLI_PATH), args);
}

QJsonObject lastJsonLine(const QByteArray &out)
{
    const QList<QByteArray> lines = out.trimmed().split('\n');
    return lines.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(lines.last()).object();
}

// The snapshot's job queue row of `framework` named `name` (prefix too when given).
QJsonObject jobRow(const QJsonObject &snapshot, const QString &framework, const QString &name, const QString &prefix = {})
{
    for (const QJsonValue &v : snapshot.value(QLatin1String("job_systems")).toObject().value(QLatin1String("queues")).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QLatin1String("framework")).toString() == framework && o.value(QLatin1String("name")).toString() == name
            && (prefix.isEmpty() || o.value(QLatin1String("prefix")).toString() == prefix))
            return o;
    }
    return {};
}

// A framework's worker, in its own process group, so SIGKILL takes its
// children too (RQ forks a work horse per job).
class Worker
{
public:
    ~Worker() { kill(); }
    bool start(const QString &program, const QStringList &args, const QString &dir)
    {
        m_process.setProgram(program);
        m_process.setArguments(args);
        m_process.setWorkingDirectory(dir);
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.setChildProcessModifier([] { ::setpgid(0, 0); });
        m_process.start();
        return m_process.waitForStarted(10000);
    }
    // Waits until a line of its output starts with `prefix`.
    bool waitForLine(const QByteArray &prefix, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            m_out += m_process.readAll();
            for (const QByteArray &line : m_out.split('\n'))
                if (line.startsWith(prefix))
                    return true;
            if (m_process.state() == QProcess::NotRunning)
                return false;
            m_process.waitForReadyRead(200);
        }
        return false;
    }
    void kill()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        ::kill(-pid_t(m_process.processId()), SIGKILL);
        m_process.waitForFinished(5000);
    }
    QByteArray output() { return m_out += m_process.readAll(); }

private:
    QProcess m_process;
    QByteArray m_out;
};

bool waitUntil(const std::function<bool()> &condition, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (condition())
            return true;
        QTest::qWait(100);
    }
    return condition();
}

} // namespace

class TestFrameworks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // BullMQ 5 (npm, the version in tests/frameworks/bullmq/package-lock.json):
    // a worker SIGKILLed with 5 jobs active, its locks expired; delayed jobs
    // due with no worker to promote them; a poison job in failed; a paused
    // queue; a second deployment under another prefix.
    void bullmqWorkerKilledHoldingJobs()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString dir = scenarioDir("bullmq");
        QVERIFY2(QFile::exists(dir + QStringLiteral("/node_modules/bullmq/package.json")),
                 "BullMQ is not installed: ./dev deps runs npm ci in tests/frameworks/bullmq");
        const QString node = QStringLiteral("node");
        const QString script = dir + QStringLiteral("/scenario.mjs");
        ProcessRun produced = runProcess(node, {script, QStringLiteral("produce"), server.url(), QStringLiteral("20")});
        QVERIFY2(produced.exitCode == 0, produced.err.constData());
        produced = runProcess(node, {script, QStringLiteral("produce"), server.url(), QStringLiteral("12"), QStringLiteral("--prefix"), QStringLiteral("myapp")});
        QVERIFY2(produced.exitCode == 0, produced.err.constData());

        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        Worker worker;
        QVERIFY(worker.start(node, {script, QStringLiteral("worker"), server.url(), QStringLiteral("mail"), QStringLiteral("--lock-duration"), QStringLiteral("2000")}, dir));
        QVERIFY2(worker.waitForLine("ready", 20000), worker.output().constData());
        QVERIFY2(waitUntil([&] { return db.command({"LLEN", "bull:mail:active"}).integer() >= 5 && worker.output().contains("\nfailed"); }, 20000),
                 worker.output().constData());
        worker.kill();
        // The locks expire lockDuration after the last renewal.
        QVERIFY(waitUntil([&] { return db.command({"KEYS", "bull:mail:*:lock"}).size() == 0; }, 10000));

        const ProcessRun truthRun = runProcess(node, {script, QStringLiteral("truth"), server.url(), QStringLiteral("mail")});
        QVERIFY2(truthRun.exitCode == 0, truthRun.err.constData());
        const QJsonObject truth = lastJsonLine(truthRun.out);
        const QJsonObject counts = truth.value(QLatin1String("counts")).toObject();
        qint64 lockless = 0;
        for (const QJsonValue &a : truth.value(QLatin1String("active")).toArray())
            lockless += !a.toObject().value(QLatin1String("lock")).toBool();
        QCOMPARE(lockless, 5);

        const ProcessRun snap = cli({QStringLiteral("snapshot"), QStringLiteral("--url"), server.url(), QStringLiteral("--json")});
        QVERIFY2(snap.exitCode == 0, snap.err.constData());
        const QJsonObject mail = jobRow(QJsonDocument::fromJson(snap.out).object(), QStringLiteral("bullmq"), QStringLiteral("mail"), QStringLiteral("bull"));
        QVERIFY2(!mail.isEmpty(), snap.out.constData());
        // BullMQ's getJobCounts and Pelscope's reading of the same keys.
        const auto count = [&](const char *k) { return counts.value(QLatin1String(k)).toInteger(); };
        QCOMPARE(mail.value(QLatin1String("waiting")).toInteger(), count("wait") + count("paused") + count("prioritized"));
        QCOMPARE(mail.value(QLatin1String("active")).toInteger(), count("active"));
        QCOMPARE(mail.value(QLatin1String("scheduled")).toInteger(), count("delayed"));
        QCOMPARE(mail.value(QLatin1String("failed")).toInteger(), count("failed"));
        QCOMPARE(mail.value(QLatin1String("orphaned")).toInteger(), lockless);
        qint64 overdue = 0;
        for (const QJsonValue &d : truth.value(QLatin1String("delayed")).toArray())
            overdue += d.toObject().value(QLatin1String("overdue")).toBool();
        QVERIFY(overdue >= 1); // the 2 s reminders
        QCOMPARE(mail.value(QLatin1String("overdue")).toInteger(), overdue);
        QCOMPARE(mail.value(QLatin1String("newest_failure")).toString(),
                 truth.value(QLatin1String("newestFailed")).toObject().value(QLatin1String("failedReason")).toString());
        QCOMPARE(mail.value(QLatin1String("version")).toString(), truth.value(QLatin1String("version")).toString());
        QCOMPARE(mail.value(QLatin1String("status")).toString(), QStringLiteral("crit"));
        // The oldest waiting job's age, from its own timestamp: BullMQ's within the seconds between the two reads.
        const qint64 ours = mail.value(QLatin1String("oldest_waiting_ms")).toInteger(-1);
        const qint64 theirs = truth.value(QLatin1String("oldestWaiting")).toObject().value(QLatin1String("ageMs")).toInteger(-1);
        QVERIFY2(ours >= theirs && ours - theirs < 10000, qPrintable(QStringLiteral("%1 vs %2").arg(ours).arg(theirs)));
        // The paused queue, and the other prefix's queues, are rows of their own.
        QVERIFY(jobRow(QJsonDocument::fromJson(snap.out).object(), QStringLiteral("bullmq"), QStringLiteral("archive"), QStringLiteral("bull"))
                    .value(QLatin1String("paused")).toBool());
        QVERIFY(!jobRow(QJsonDocument::fromJson(snap.out).object(), QStringLiteral("bullmq"), QStringLiteral("mail"), QStringLiteral("myapp")).isEmpty());
        // BullMQ's delayed keys are not a plain delayed queue "due in 31,600 years".
        QVERIFY(QJsonDocument::fromJson(snap.out).object().value(QLatin1String("delayed_queues")).toArray().isEmpty());

        const ProcessRun check = cli({QStringLiteral("check"), QStringLiteral("--url"), server.url()});
        QCOMPARE(check.exitCode, 2);
        QVERIFY2(check.out.contains("CRIT BullMQ mail: 5 active job(s) whose lock is gone"), check.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestFrameworks)
#include "tst_frameworks.moc"
