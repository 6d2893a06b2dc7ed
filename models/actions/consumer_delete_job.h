// Deletes one consumer from a group, only when it holds no pending entries
// (checked and deleted in one script), on its own connection, audited. The
// script is idempotent, so a lost reply is simply retried.
#pragma once

#include "write_job.h"

namespace pelscope {

struct ConsumerDeleteRequest
{
    QByteArray stream;
    QByteArray group;
    QByteArray consumer;
    QByteArray auditStream = kDefaultAuditStream;
    qint64 auditMaxLen = 100'000;
    QString auditLogPath; // empty: the default file
    int maxAttempts = 20;
};

// The script call the job sends: its keys and arguments. The preview renders
// its commands from the same call (consumerDeletePlan).
struct ConsumerDeleteCall
{
    QList<QByteArray> keys; // the stream, the audit stream
    QList<QByteArray> args; // the group, the consumer, the audit MAXLEN, the actor
};
ConsumerDeleteCall consumerDeleteCall(const ConsumerDeleteRequest &request);
// What that one script does, as commands, for the confirmation.
QStringList consumerDeletePlan(const ConsumerDeleteRequest &request);

// The outcome: counts.done 1 when deleted; holdsPending > 0 when refused
// (nothing changed).
class ConsumerDeleteJob : public WriteJob
{
    Q_OBJECT
public:
    ConsumerDeleteJob(ConnectionOptions options, ConsumerDeleteRequest request, QObject *parent = nullptr);

private:
    void begin() override;
    void resume() override;
    void finishing() override;

    ConnectionOptions m_options;
    ConsumerDeleteRequest m_request;
    RedisConnection *m_connection = nullptr;
};

} // namespace pelscope
