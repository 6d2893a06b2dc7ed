// The window's process as a user starts and stops it: --help and --version
// answer without a display; SIGTERM and SIGINT to `pelscope --demo` stop the
// demo's redis-server and remove its directory, as closing the window does.
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

bool alive(qint64 pid)
{
    return pid > 0 && ::kill(pid_t(pid), 0) == 0;
}

} // namespace

class TestGuiProcess : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Before: "pelscope --help" aborted without a display (QApplication first).
    void helpAndVersionWithoutADisplay()
    {
        for (const QString &flag : {QStringLiteral("--help"), QStringLiteral("--version")}) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove(QStringLiteral("DISPLAY"));
            env.remove(QStringLiteral("WAYLAND_DISPLAY"));
            env.remove(QStringLiteral("QT_QPA_PLATFORM"));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(PELSCOPE_GUI_PATH), {flag});
            QVERIFY(p.waitForFinished(10000));
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QCOMPARE(p.exitCode(), 0);
            const QByteArray out = p.readAllStandardOutput();
            QVERIFY2(flag == QLatin1String("--help") ? out.contains("--demo") && out.contains("--url") : out.contains(PELSCOPE_VERSION),
                     out.constData());
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
};

QTEST_GUILESS_MAIN(TestGuiProcess)
#include "tst_gui_process.moc"
