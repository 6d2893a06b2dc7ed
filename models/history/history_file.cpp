#include "history_file.h"

#include "../text/fill_text.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSysInfo>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace pelscope {

QString historyPathProblem(const QString &path, bool create)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")}) {
        if (QFileInfo(path + suffix).isSymLink())
            return fillText(QStringLiteral("%1 is a symbolic link: not followed (move it away, or choose another --history-dir)"), path + suffix);
    }
    const QFileInfo info(path);
    if (info.exists() && !info.isFile())
        return fillText(QStringLiteral("%1 is not a regular file"), path);
    if (!create || info.exists())
        return {};
    const QString dir = info.absolutePath();
    if (!QDir(dir).exists()) {
        if (!QDir().mkpath(dir))
            return fillText(QStringLiteral("cannot create the folder %1"), dir);
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    const int fd = ::open(QFile::encodeName(path).constData(), O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) // EEXIST: another program made it meanwhile, checked again by SQLite's open
        return fillText(QStringLiteral("cannot create %1: %2"), path, QString::fromLocal8Bit(strerror(errno)));
    if (fd >= 0)
        ::close(fd);
    return QFileInfo(path).isSymLink() ? fillText(QStringLiteral("%1 is a symbolic link: not followed"), path) : QString();
}

QString historyLeaseOwner(const QString &program)
{
    return fillText(QStringLiteral("%1 (pid %2 on %3)"), program, QCoreApplication::applicationPid(), QSysInfo::machineHostName());
}

bool leaseHolderIsGone(const QString &owner)
{
    static const QRegularExpression pattern(QStringLiteral("\\(pid (\\d+) on (.+)\\)$"));
    const QRegularExpressionMatch m = pattern.match(owner);
    if (!m.hasMatch() || m.captured(2) != QSysInfo::machineHostName())
        return false;
    bool ok = false;
    const qint64 pid = m.captured(1).toLongLong(&ok);
    if (!ok || pid <= 1 || pid == QCoreApplication::applicationPid())
        return false;
    if (::kill(pid_t(pid), 0) != 0)
        return errno == ESRCH;
    // Alive: is it still a Pelscope program, or was the PID reused?
    QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
    if (!comm.open(QIODevice::ReadOnly))
        return false;
    return !comm.readAll().startsWith("pelscope");
}

} // namespace pelscope
