#include "machine_info.h"

#include "exporter_runner.h"
#include "redis_server.h"

#include "charts/qcp.h"

#include <QDateTime>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSysInfo>
#include <QThread>

namespace pelscope::bench {

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString run(const QString &program, const QStringList &args)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(10'000) || p.exitCode() != 0)
        return {};
    return QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
}

} // namespace

QString loadAverage()
{
    return QString::fromLatin1(readFile(QStringLiteral("/proc/loadavg"))).section(QLatin1Char(' '), 0, 2);
}

MachineInfo collectMachineInfo(const QString &sourceDir)
{
    MachineInfo m;
    m.cores = QThread::idealThreadCount();
    for (const QByteArray &line : readFile(QStringLiteral("/proc/cpuinfo")).split('\n'))
        if (line.startsWith("model name")) {
            m.cpuModel = QString::fromLatin1(line.mid(line.indexOf(':') + 1).trimmed());
            break;
        }
    const auto mem = QRegularExpression(QStringLiteral("MemTotal:\\s+(\\d+)")).match(QString::fromLatin1(readFile(QStringLiteral("/proc/meminfo"))));
    m.ramGiB = mem.captured(1).toDouble() / (1024.0 * 1024.0);
    m.os = QSysInfo::prettyProductName();
    m.kernel = QSysInfo::kernelVersion();
    m.qt = QString::fromLatin1(qVersion());
    m.qcustomplot = QStringLiteral(QCUSTOMPLOT_VERSION_STR);
    const QString server = test::RedisServer::executable();
    const auto v = QRegularExpression(QStringLiteral("v=(\\S+)")).match(run(server, {QStringLiteral("--version")}));
    m.redisVersion = v.hasMatch() ? v.captured(1) : QStringLiteral("?");
    m.exporterVersion = ExporterRunner::version();
    m.commit =
        run(QStringLiteral("git"), {QStringLiteral("-C"), sourceDir, QStringLiteral("rev-parse"), QStringLiteral("--short"), QStringLiteral("HEAD")});
    if (!m.commit.isEmpty()
        && !run(QStringLiteral("git"),
                {QStringLiteral("-C"), sourceDir, QStringLiteral("status"), QStringLiteral("--porcelain"), QStringLiteral("--untracked-files=no")})
                .isEmpty())
        m.commit += QStringLiteral(" (with uncommitted changes)");
    m.date = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    m.loadAtStart = loadAverage();
    return m;
}

} // namespace pelscope::bench
