// Asks the server, before any write, whether this connection's ACL user may
// run what an action needs: one pipelined batch of `ACL DRYRUN user cmd ...`.
// Where ACL DRYRUN is unavailable (Redis < 7, or the user may not run it)
// the verdict is Unknown and the first NOPERM of a real write decides.
#pragma once

#include "../redis/redis_connection.h"

#include <QHash>
#include <QObject>

namespace pelscope {

struct PermissionCheck
{
    QString action;               // "requeue", "delete", "claim", ...
    QList<RedisCommand> commands; // every command the action sends, with its real keys
};

struct PermissionVerdict
{
    enum class State { Unknown, Allowed, Denied };
    State state = State::Unknown;
    QString reason; // Denied: what the server said; Unknown: why we cannot tell
};

using PermissionVerdicts = QHash<QString, PermissionVerdict>;

// The verdicts for `checks` from the replies to permissionBatch(checks).
RedisBatch permissionBatch(const QByteArray &user, const QList<PermissionCheck> &checks);
PermissionVerdicts permissionVerdicts(const QList<PermissionCheck> &checks, const RedisReplies &replies);

class PermissionProbe : public QObject
{
    Q_OBJECT
public:
    PermissionProbe(ConnectionOptions options, QList<PermissionCheck> checks, QObject *parent = nullptr);
    void start();

Q_SIGNALS:
    void finished(const pelscope::PermissionVerdicts &verdicts);

private:
    ConnectionOptions m_options;
    QList<PermissionCheck> m_checks;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::PermissionVerdicts)
