// Whether a write may run now on one connection, decided below any widget:
// the write switch (read-only at every new connection), the ACL verdicts per
// scope (asked once with ACL DRYRUN, a real NOPERM from a write kept), the
// server mode (a cluster refuses what its slots cannot hold), and the
// connection's generation from its WriteSession, so an answer that arrives
// for an earlier connection is dropped. The window's WriteController asks
// here before it shows a button enabled or runs a flow.
#pragma once

#include "permission_probe.h"
#include "write_flow.h"

#include <QHash>
#include <QObject>

namespace pelscope {

class WriteGate : public QObject
{
    Q_OBJECT
public:
    explicit WriteGate(WriteSession &session, QObject *parent = nullptr);

    // A new connection (the session's already set): read-only again, verdicts forgotten.
    void reset();
    bool writesEnabled() const { return m_enabled; }
    void setWritesEnabled(bool on);
    // The generation the switch was asked to open for: an answer for another is ignored.
    quint64 generation() const { return m_session.generation(); }
    void enableFor(quint64 generation);

    void setServerMode(const QString &mode);
    bool isCluster() const { return m_cluster; }

    // Why `action` cannot run on `scope` now, empty when it can: the ACL said
    // no, another write is running, or read-only.
    QString blocker(const QString &scope, const QString &action) const;
    // Asks the ACL once per scope (on the session's writer thread).
    void checkPermissions(const QString &scope, const QList<PermissionCheck> &checks);
    // A write refused with NOPERM: that action stays denied on that scope.
    void noteRefusal(const QString &scope, const QString &action, RedisError::Kind kind, const QString &error);

Q_SIGNALS:
    void writesEnabledChanged(bool enabled);
    void permissionsChanged();

private:
    WriteSession &m_session;
    bool m_enabled = false;
    bool m_cluster = false;
    QHash<QString, PermissionVerdicts> m_verdicts; // by scope
};

} // namespace pelscope
