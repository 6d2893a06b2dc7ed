// The local audit trail: one JSON line per write outcome, appended to
// audit.jsonl in the data directory (who, where, what, which IDs, result).
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace pelscope {

// The stream in the monitored Redis where write scripts record what they
// moved, unless the operator names another.
inline const QByteArray kDefaultAuditStream = QByteArrayLiteral("pelscope:audit");

struct AuditRecord
{
    QString connection; // redacted URL
    QString action;     // requeue, move_to_dlq, claim, ack, delete
    QByteArray key;     // the DLQ or source stream
    QByteArray group;   // the consumer group the write acted on (claim, ack, to-dlq, a consumer's deletion)
    QByteArray target;  // where entries went
    QList<QByteArray> ids;
    QString outcome; // attempt (before the batch), requeued, already_gone, failed: ..., refused: ...
    QList<QByteArray> newIds;
};

class AuditLog
{
public:
    // Empty path: the default, $PELSCOPE_AUDIT_LOG when set, else
    // <AppLocalDataLocation>/audit.jsonl.
    explicit AuditLog(QString path = {});
    QString path() const { return m_path; }
    // Returns false (and says why) when the file cannot be written; callers
    // refuse to write to Redis without an audit trail.
    bool append(const AuditRecord &record, QString *error = nullptr);
    // Checked before any write to Redis: no audit trail, no write. The
    // message is the refusal to show.
    bool ensureWritable(QString *refusal) const;
    // Written before every batch that changes data (outcome "attempt"): a
    // log that can be opened but not written (a full disk) stops the job
    // before the batch, not after it moved entries with no record.
    bool recordAttempt(AuditRecord record, QString *refusal);
    static QString defaultPath();
    static QString actor(); // user@host

private:
    QString m_path;
};

} // namespace pelscope
