// The window's process as a user starts and stops it: --help and --version
// answer without a display; SIGTERM and SIGINT to `pelscope --demo` stop the
// demo's redis-server and remove its directory, as closing the window does;
// 2,000 groups on a real server cost the window little memory per group and
// it still quits at once.
#include "group_fixtures.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {

// The demo directories under a private TMPDIR: pelscope-demo-XXXXXX.
QStringList demoDirs(const QString &tmp)
{
    return QDir(tmp).entryList({QStringLiteral("pelscope-demo-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
}

// The redis-server whose command line names `dir` (the demo's --dir), from /proc.
qint64 serverIn(const QString &dir)
{
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number)
            continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (!cmdline.open(QIODevice::ReadOnly))
            continue;
        const QByteArray args = cmdline.readAll();
        if (args.startsWith("redis-server") || args.contains("/redis-server"))
            if (args.contains(dir.toUtf8()))
                return pid;
    }
    return 0;
}

// Running: a zombie waiting for a parent (or an init that does not reap, as
// in some containers) to collect it has ended.
bool alive(qint64 pid)
{
    if (pid <= 0 || ::kill(pid_t(pid), 0) != 0)
        return false;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    return close < 0 || line.mid(close + 2, 1) != "Z";
}

// VmRSS of a running process, in KB (0 when gone).
qint64 rssKb(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return 0;
}

struct WindowRun
{
    qint64 peakKb = 0;
    qint64 quitMs = 0;
    bool ok = false;
};

// The window on `url` for `seconds`, its RSS sampled every 100 ms, then SIGTERM.
WindowRun runWindow(const QString &url, int seconds)
{
    WindowRun run;
    QTemporaryDir home;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PELSCOPE_GUI_PATH), {QStringLiteral("--url"), url});
    if (!p.waitForStarted())
        return run;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < seconds * 1000LL && p.state() == QProcess::Running) {
        run.peakKb = std::max(run.peakKb, rssKb(p.processId()));
        QTest::qWait(100);
    }
    if (p.state() != QProcess::Running)
        return run;
    ::kill(pid_t(p.processId()), SIGTERM);
    clock.restart();
    run.ok = p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit;
    run.quitMs = clock.elapsed();
    return run;
}

} // namespace

class TestGuiProcess : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Before: "pelscope --help" aborted without a display (QApplication first).
    void helpAndVersionWithoutADisplay()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        for (const QString &flag : {QStringLiteral("--help"), QStringLiteral("--version")}) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(PELSCOPE_GUI_PATH), {flag});
            QVERIFY(p.waitForFinished(10000));
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QCOMPARE(p.exitCode(), 0);
            const QByteArray out = p.readAllStandardOutput();
            QVERIFY2(flag == QLatin1String("--help") ? out.contains("--demo") && out.contains("--url") : out.contains(PELSCOPE_VERSION),
                     out.constData());
        }
        // Anything that needs a window (--self-test included) says why it cannot, exit 4, no abort in Qt (issue 48).
        for (const QStringList &args : {QStringList{QStringLiteral("--self-test")}, QStringList{QStringLiteral("--demo")}}) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(PELSCOPE_GUI_PATH), args);
            QVERIFY(p.waitForFinished(10000));
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QCOMPARE(p.exitCode(), 4);
            const QByteArray err = p.readAllStandardError();
            QVERIFY2(err.contains("no display to open a window on") && err.contains("QT_QPA_PLATFORM=offscreen"), err.constData());
        }
    }

    void signalsStopTheDemoCleanly_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGINT") << int(SIGINT);
    }
    void signalsStopTheDemoCleanly()
    {
        QFETCH(int, signal);
        QTemporaryDir tmp;
        QTemporaryDir home;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), tmp.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(PELSCOPE_GUI_PATH), {QStringLiteral("--demo")});
        QVERIFY(p.waitForStarted());
        // The demo's server is up, in its directory.
        QString dir;
        qint64 serverPid = 0;
        QVERIFY(QTest::qWaitFor(
            [&] {
                const QStringList dirs = demoDirs(tmp.path());
                if (dirs.isEmpty())
                    return false;
                dir = tmp.filePath(dirs.first());
                serverPid = serverIn(dir);
                return alive(serverPid);
            },
            20000));
        QTest::qWait(500);
        ::kill(pid_t(p.processId()), signal);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(p.waitForFinished(10000));
        QVERIFY2(clock.elapsed() < 5000, QByteArray::number(clock.elapsed()).constData());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY(QTest::qWaitFor([&] { return !alive(serverPid); }, 5000));
        QVERIFY2(!QDir(dir).exists(), qPrintable(dir));
    }

    // No child outlives Pelscope (issue 34): SIGKILL leaves no chance to
    // clean up, yet the demo's redis-server dies with it (PR_SET_PDEATHSIG),
    // and the next start removes the directory it left.
    void sigkillLeavesNoServerAndTheNextStartTidies()
    {
        QTemporaryDir tmp;
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), tmp.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        // Started as a desktop starts it: a session of its own, its output
        // nowhere (setsid execs it in place, so the pid is Pelscope's).
        QProcess p;
        p.setProcessEnvironment(env);
        p.setStandardOutputFile(QProcess::nullDevice());
        p.setStandardErrorFile(QProcess::nullDevice());
        p.start(QStringLiteral("setsid"), {QStringLiteral(PELSCOPE_GUI_PATH), QStringLiteral("--demo")});
        QVERIFY(p.waitForStarted());
        QString dir;
        qint64 serverPid = 0;
        QVERIFY(QTest::qWaitFor(
            [&] {
                const QStringList dirs = demoDirs(tmp.path());
                if (dirs.isEmpty())
                    return false;
                dir = tmp.filePath(dirs.first());
                serverPid = serverIn(dir);
                return alive(serverPid);
            },
            20000));
        QTest::qWait(3000); // the demo running, not starting
        ::kill(pid_t(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(5000));
        QElapsedTimer clock;
        clock.start();
        QVERIFY2(QTest::qWaitFor([&] { return !alive(serverPid); }, 5000), "the demo's redis-server outlived a SIGKILLed Pelscope");
        qInfo("the demo's redis-server was gone %lld ms after Pelscope's SIGKILL", clock.elapsed());
        QVERIFY(QDir(dir).exists()); // nobody could remove it ...

        QProcess next; // ... until the next demo starts
        next.setProcessEnvironment(env);
        next.start(QStringLiteral(PELSCOPE_GUI_PATH), {QStringLiteral("--demo"), QStringLiteral("--quit-after"), QStringLiteral("3")});
        QVERIFY(next.waitForFinished(30000));
        QVERIFY2(!QDir(dir).exists(), qPrintable(dir));
        QVERIFY(demoDirs(tmp.path()).isEmpty()); // and its own went when it quit
    }

    // Issue 15: 10 groups, then 2,000 on the same server; the window's peak
    // RSS grows by little per group (it was ~870 KB before) and SIGTERM ends
    // it within a second or so either way.
    void manyGroupsStaySmallAndQuitPromptly()
    {
        pelscope::test::RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        pelscope::test::RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QVERIFY(pelscope::test::addScaleGroups(db, "small:", 10).isEmpty());
        const WindowRun small = runWindow(server.url(), 8);
        QVERIFY(small.ok);
        QVERIFY(pelscope::test::addScaleGroups(db, "big:", 1990).isEmpty());
        QCOMPARE(db.command({"DBSIZE"}).integer(), 2000);
        const WindowRun big = runWindow(server.url(), 8);
        QVERIFY(big.ok);
        const double perGroupKb = double(big.peakKb - small.peakKb) / 1990.0;
        qInfo("peak RSS: 10 groups %lld KB, 2,000 groups %lld KB: %.1f KB per group; SIGTERM to exit %lld ms and %lld ms", small.peakKb, big.peakKb,
              perGroupKb, small.quitMs, big.quitMs);
        QVERIFY2(perGroupKb <= 150, qPrintable(QString::number(perGroupKb)));
        QVERIFY2(big.quitMs <= 2000, qPrintable(QString::number(big.quitMs)));
    }
};

QTEST_GUILESS_MAIN(TestGuiProcess)
#include "tst_gui_process.moc"
