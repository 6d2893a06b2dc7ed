// The permissions each write action needs, as the exact commands it sends
// with its real keys, for PermissionProbe (ACL DRYRUN) to check beforehand.
#pragma once

#include "permission_probe.h"

namespace pelscope {

namespace WriteAction {
inline const QString Requeue = QStringLiteral("requeue");
inline const QString Delete = QStringLiteral("delete");
inline const QString Claim = QStringLiteral("claim");
inline const QString Ack = QStringLiteral("ack");
inline const QString ToDlq = QStringLiteral("to_dlq");
inline const QString DeleteConsumer = QStringLiteral("delete_consumer");
} // namespace WriteAction

// Requeue (and edited requeue) and delete on one DLQ.
QList<PermissionCheck> dlqWriteChecks(const QByteArray &dlq, const QByteArray &source, const QByteArray &auditStream);
// Claim, acknowledge, move-to-DLQ and delete-consumer on one group.
QList<PermissionCheck> pendingWriteChecks(const QByteArray &stream, const QByteArray &group, const QByteArray &dlq, const QByteArray &auditStream);

} // namespace pelscope
