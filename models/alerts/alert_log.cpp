#include "alert_log.h"

#include "../text/fill_text.h"

#include <QFile>
#include <QJsonDocument>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace pelscope {

AlertLog::AlertLog(QString path, QString connection)
    : m_path(std::move(path))
    , m_connection(std::move(connection))
{}

QString AlertLog::append(const QByteArray &lines) const
{
    // O_APPEND: lines from two programs never interleave mid-line (each is
    // one write); O_NOFOLLOW: a link planted at the path is not followed.
    const int fd = ::open(QFile::encodeName(m_path).constData(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return fillText(QStringLiteral("--alert-log: cannot write %1: %2"), m_path, QString::fromLocal8Bit(std::strerror(errno)));
    qsizetype done = 0;
    while (done < lines.size()) {
        const ssize_t n = ::write(fd, lines.constData() + done, size_t(lines.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const QString why = QString::fromLocal8Bit(std::strerror(errno));
            ::close(fd);
            return fillText(QStringLiteral("--alert-log: cannot write %1: %2"), m_path, why);
        }
        done += n;
    }
    ::close(fd);
    return {};
}

QString AlertLog::check() const
{
    return append({});
}

QString AlertLog::write(const QList<Alert> &alerts) const
{
    QByteArray lines;
    for (const Alert &a : alerts)
        lines += QJsonDocument(alertToJson(a, m_connection)).toJson(QJsonDocument::Compact) + '\n';
    return lines.isEmpty() ? QString() : append(lines);
}

} // namespace pelscope
