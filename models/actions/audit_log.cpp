#include "audit_log.h"

#include "../snapshot/format.h"
#include "../storage/app_dirs.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QSysInfo>

namespace pelscope {

AuditLog::AuditLog(QString path)
    : m_path(path.isEmpty() ? defaultPath() : std::move(path))
{}

QString AuditLog::defaultPath()
{
    // PELSCOPE_AUDIT_LOG moves the trail (tests, or a shared log directory).
    if (QString env = qEnvironmentVariable("PELSCOPE_AUDIT_LOG"); !env.isEmpty())
        return env;
    return QDir(appDataDir()).filePath(QStringLiteral("audit.jsonl"));
}

QString AuditLog::actor()
{
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("USERNAME");
    return user + QLatin1Char('@') + QSysInfo::machineHostName();
}

bool AuditLog::ensureWritable(QString *refusal) const
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QFile probe(m_path);
    if (probe.open(QIODevice::Append | QIODevice::WriteOnly))
        return true;
    if (refusal)
        *refusal = QStringLiteral("refusing to write: the audit log %1 cannot be written (%2)").arg(m_path, probe.errorString());
    return false;
}

bool AuditLog::recordAttempt(AuditRecord record, QString *refusal)
{
    record.outcome = QStringLiteral("attempt");
    QString error;
    if (append(record, &error))
        return true;
    if (refusal)
        *refusal = QStringLiteral("refusing to write: %1 (no audit trail, no write; nothing of this batch was sent)").arg(error);
    return false;
}

bool AuditLog::append(const AuditRecord &r, QString *error)
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QFile f(m_path);
    if (!f.open(QIODevice::Append | QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("cannot write the audit log %1: %2").arg(m_path, f.errorString());
        return false;
    }
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QJsonObject o;
    o.insert(QLatin1String("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    o.insert(QLatin1String("actor"), actor());
    o.insert(QLatin1String("connection"), r.connection);
    o.insert(QLatin1String("action"), r.action);
    o.insert(QLatin1String("key"), displayBytes(r.key));
    if (!r.group.isEmpty())
        o.insert(QLatin1String("group"), displayBytes(r.group));
    if (!r.target.isEmpty())
        o.insert(QLatin1String("target"), displayBytes(r.target));
    QJsonArray ids;
    for (const QByteArray &id : r.ids)
        ids.append(QString::fromLatin1(id));
    o.insert(QLatin1String("ids"), ids);
    if (!r.newIds.isEmpty()) {
        QJsonArray newIds;
        for (const QByteArray &id : r.newIds)
            newIds.append(QString::fromLatin1(id));
        o.insert(QLatin1String("new_ids"), newIds);
    }
    o.insert(QLatin1String("outcome"), r.outcome);
    const QByteArray line = QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
    if (f.write(line) != line.size() || !f.flush()) {
        if (error)
            *error = QStringLiteral("cannot write the audit log %1: %2").arg(m_path, f.errorString());
        return false;
    }
    return true;
}

} // namespace pelscope
