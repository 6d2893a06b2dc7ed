#include "child_process.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <QProcess>

#include <spdlog/spdlog.h>

#ifdef Q_OS_UNIX
#include <csignal>
#include <unistd.h>
#endif
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

namespace pelscope {

namespace {

constexpr char kOwnerFile[] = "owner.pid";

} // namespace

void tieToPelscope(QProcess *process, bool ownGroup)
{
#ifdef Q_OS_UNIX
    const pid_t parent = ::getpid();
    process->setChildProcessModifier([parent, ownGroup] {
        if (ownGroup)
            ::setpgid(0, 0);
#ifdef Q_OS_LINUX
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) // Pelscope died before the line above
            ::_exit(127);
#endif
    });
#else
    Q_UNUSED(process);
    Q_UNUSED(ownGroup);
#endif
}

bool writeDemoOwner(const QString &dir)
{
    QFile f(QDir(dir).filePath(QLatin1String(kOwnerFile)));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(QByteArray::number(QCoreApplication::applicationPid())) > 0;
}

int removeOrphanedDemoDirs(const QString &tempDir)
{
    int removed = 0;
#ifdef Q_OS_UNIX
    const QDir tmp(tempDir);
    for (const QString &name : tmp.entryList({QStringLiteral("pelscope-demo-*")}, QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks)) {
        QDir dir(tmp.filePath(name));
        if (QFileInfo(dir.path()).ownerId() != ::getuid())
            continue; // someone else's: not ours to judge
        QFile owner(dir.filePath(QLatin1String(kOwnerFile)));
        if (!owner.open(QIODevice::ReadOnly))
            continue; // no owner written (an older Pelscope, or one starting now): left alone
        bool number = false;
        const qint64 pid = owner.read(32).trimmed().toLongLong(&number);
        owner.close();
        if (!number || pid <= 0 || ::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
            continue; // its owner runs (or cannot be told)
        if (dir.removeRecursively()) {
            ++removed;
            spdlog::info("removed the demo directory {} left by a Pelscope that is gone (pid {})", dir.path().toStdString(), pid);
        }
    }
#else
    Q_UNUSED(tempDir);
#endif
    return removed;
}

} // namespace pelscope
