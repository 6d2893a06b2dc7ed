// Deletes one consumer from a group, only when it holds no pending entries
// (checked and deleted in one script), on its own connection, audited. The
// script is idempotent, so a lost reply is simply retried.
#pragma once

#include "../redis/redis_connection.h"
#include "audit_log.h"
#include "lua_script.h"

#include <QObject>
#include <QTimer>

namespace pelscope {

struct ConsumerDeleteRequest
{
    QByteArray stream;
    QByteArray group;
    QByteArray consumer;
    QByteArray auditStream = "pelscope:audit";
    qint64 auditMaxLen = 100'000;
    QString auditLogPath; // empty: the default file
    int maxAttempts = 20;
};

struct ConsumerDeleteResult
{
    bool deleted = false;
    qint64 holdsPending = 0;  // > 0: refused, nothing changed
    QString error;
    RedisError::Kind errorKind = RedisError::Kind::None;
};

class ConsumerDeleteJob : public QObject
{
    Q_OBJECT
public:
    ConsumerDeleteJob(ConnectionOptions options, ConsumerDeleteRequest request, QObject *parent = nullptr);
    void start();

Q_SIGNALS:
    void finished(const pelscope::ConsumerDeleteResult &result);

private:
    void attempt();
    void finish(const QString &error = {}, RedisError::Kind kind = RedisError::Kind::None);

    ConnectionOptions m_options;
    ConsumerDeleteRequest m_request;
    LuaScript m_script;
    AuditLog m_audit;
    RedisConnection *m_connection = nullptr;
    ConsumerDeleteResult m_result;
    QTimer m_retryTimer{this};
    int m_attempts = 0;
    bool m_done = false;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::ConsumerDeleteResult)
