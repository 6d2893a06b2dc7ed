#include "report_files.h"

#include "text/display_text.h"
#include "text/fill_text.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>
#include <QTemporaryFile>

namespace pelscope {

namespace {

constexpr qsizetype kPartChars = 60; // a stem is two parts: far below any file system's 255

// Printable ASCII that no file system or zip tool minds, the rest as %XX.
QString filePart(const QByteArray &bytes)
{
    QString out;
    for (const char c : bytes) {
        const uchar u = uchar(c);
        if ((u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '-' || u == '_' || u == '.')
            out += QLatin1Char(c);
        else
            out += QStringLiteral("%%1").arg(u, 2, 16, QLatin1Char('0'));
    }
    return out.left(kPartChars);
}

QByteArray csvField(const QString &text)
{
    QString t = text;
    return '"' + t.replace(QLatin1Char('"'), QStringLiteral("\"\"")).toUtf8() + '"';
}

} // namespace

ReportFolder::ReportFolder(QString target)
    : m_target(QDir::cleanPath(std::move(target)))
{
    const QFileInfo info(m_target);
    if (info.exists() && !(info.isDir() && !info.isSymLink() && QDir(m_target).isEmpty())) {
        m_error = fillText(QStringLiteral("%1 is not empty: give a new or empty folder (nothing was written)"), m_target);
        return;
    }
    const QString parent = info.absolutePath();
    if (!QDir().mkpath(parent)) {
        m_error = fillText(QStringLiteral("cannot create %1"), parent);
        return;
    }
    // QTemporaryDir makes it 0700.
    m_staging = std::make_unique<QTemporaryDir>(QDir(parent).filePath(QStringLiteral(".%1.partial-XXXXXX").arg(info.fileName())));
    if (!m_staging->isValid()) {
        m_error = fillText(QStringLiteral("cannot create a folder in %1: %2"), parent, m_staging->errorString());
        m_staging.reset();
    }
}

ReportFolder::~ReportFolder() = default; // QTemporaryDir removes what it still owns

QString ReportFolder::path() const
{
    return m_staging ? m_staging->path() : QString();
}

QString ReportFolder::commit()
{
    if (!m_staging)
        return m_error;
    const QString staging = m_staging->path();
    for (QDirIterator it(staging, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
        it.next();
        const bool dir = it.fileInfo().isDir();
        QFile::setPermissions(it.filePath(), dir ? QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                 : QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    // An empty folder the operator chose is replaced (rename will not replace
    // a folder); one that filled up meanwhile is left alone and refused.
    const QFileInfo target(m_target);
    if (target.exists() && target.isDir() && QDir(m_target).isEmpty())
        QDir().rmdir(m_target);
    if (!QDir().rename(staging, m_target)) {
        const QString why = fillText(QStringLiteral("cannot move the finished report to %1 (it exists now, or the folder is not writable): "
                                                    "nothing was left behind"),
                                     m_target);
        m_staging.reset();
        return why;
    }
    m_staging->setAutoRemove(false);
    m_staging.reset();
    return {};
}

QString writeNewFile(const QString &path, const std::function<QString(const QString &tmpPath)> &write)
{
    if (QFileInfo::exists(path) || QFileInfo(path).isSymLink())
        return fillText(QStringLiteral("%1 exists: nothing was written over it"), path);
    QTemporaryFile tmp(path + QStringLiteral(".partial-XXXXXX")); // 0600
    if (!tmp.open())
        return fillText(QStringLiteral("cannot write %1: %2"), path, tmp.errorString());
    tmp.close();
    if (const QString failed = write(tmp.fileName()); !failed.isEmpty())
        return failed; // the temporary file goes with `tmp`
    QFile::setPermissions(tmp.fileName(), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // QFile::rename never replaces an existing file.
    if (!QFile::rename(tmp.fileName(), path))
        return fillText(QStringLiteral("%1 exists now: nothing was written over it"), path);
    tmp.setAutoRemove(false);
    return {};
}

GroupFileNames::GroupFileNames(const Snapshot &snapshot)
{
    QSet<QString> taken; // lower case: a zip opened on macOS or Windows folds case
    for (const StreamSnapshot &st : snapshot->streams)
        for (const GroupSnapshot &g : st.groups) {
            const GroupKey key{st.key, g.name};
            if (m_stems.contains(key))
                continue;
            const QString base = fillText(QStringLiteral("%1__%2"), filePart(st.key), filePart(g.name));
            QString stem = base;
            for (int n = 2; taken.contains(stem.toLower()); ++n)
                stem = fillText(QStringLiteral("%1~%2"), base, n);
            taken.insert(stem.toLower());
            m_stems.insert(key, stem);
            m_order.append(key);
        }
}

QByteArray GroupFileNames::indexCsv(const QString &extension) const
{
    QByteArray out = "file,stream,group\n";
    for (const GroupKey &key : m_order)
        out += csvField(m_stems.value(key) + extension) + ',' + csvField(displayBytes(key.stream)) + ',' + csvField(displayBytes(key.group)) + '\n';
    return out;
}

} // namespace pelscope
