#include "write_gate.h"

#include "../text/fill_text.h"

#include <QCoreApplication>

namespace pelscope {

WriteGate::WriteGate(WriteSession &session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    qRegisterMetaType<pelscope::PermissionVerdicts>();
}

void WriteGate::reset()
{
    m_verdicts.clear();
    m_cluster = false;
    setWritesEnabled(false);
    Q_EMIT permissionsChanged();
}

void WriteGate::setWritesEnabled(bool on)
{
    if (on == m_enabled)
        return;
    m_enabled = on;
    Q_EMIT writesEnabledChanged(on);
}

void WriteGate::enableFor(quint64 generation)
{
    if (generation == m_session.generation()) // the connection did not change meanwhile
        setWritesEnabled(true);
}

void WriteGate::setServerMode(const QString &mode)
{
    const bool cluster = mode == QLatin1String("cluster");
    if (cluster == m_cluster)
        return;
    m_cluster = cluster;
    Q_EMIT permissionsChanged();
}

QString WriteGate::blocker(const QString &scope, const QString &action) const
{
    const PermissionVerdict v = m_verdicts.value(scope).value(action);
    if (v.state == PermissionVerdict::State::Denied)
        return fillText(QCoreApplication::translate("WriteGate", "The ACL user may not do this: %1"), v.reason);
    if (m_session.isBusy())
        return QCoreApplication::translate("WriteGate", "Another write is running");
    if (!m_enabled)
        return QCoreApplication::translate("WriteGate", "Read-only: enable writes first (Connection ▸ Enable writes)");
    return {};
}

void WriteGate::checkPermissions(const QString &scope, const QList<PermissionCheck> &checks)
{
    if (m_verdicts.contains(scope))
        return;
    m_verdicts.insert(scope, {}); // asked once per scope
    auto *probe = new PermissionProbe(m_session.writeOptions(), checks);
    m_session.adopt(probe);
    const quint64 generation = m_session.generation();
    connect(probe, &PermissionProbe::finished, this, [this, scope, generation, probe](const PermissionVerdicts &verdicts) {
        probe->deleteLater();
        if (generation != m_session.generation())
            return;
        PermissionVerdicts &known = m_verdicts[scope];
        for (auto it = verdicts.begin(); it != verdicts.end(); ++it)
            if (known.value(it.key()).state != PermissionVerdict::State::Denied) // a real NOPERM stays
                known.insert(it.key(), it.value());
        Q_EMIT permissionsChanged();
    });
    QMetaObject::invokeMethod(probe, &PermissionProbe::start, Qt::QueuedConnection);
}

void WriteGate::noteRefusal(const QString &scope, const QString &action, RedisError::Kind kind, const QString &error)
{
    if (kind != RedisError::Kind::NoPermission)
        return;
    m_verdicts[scope].insert(action, {PermissionVerdict::State::Denied, error});
    Q_EMIT permissionsChanged();
}

} // namespace pelscope
