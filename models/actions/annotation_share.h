// Sharing an operator's mark ("deploy 1.4.2") with the team: one XADD to the
// annotations stream a deploy pipeline writes too (--annotations-stream), as
// a WriteKind (write_flow.h) like every other write: shown as its commands,
// confirmed, run once (a retry after a lost reply finds the mark by its own
// ID and adds nothing), audited. Every Pelscope reading that stream then
// draws it. Routed to the master holding the stream on a cluster.
#pragma once

#include "../snapshot/snapshot.h"
#include "write_flow.h"
#include "write_job.h"

namespace pelscope {

struct AnnotationShareRequest
{
    QByteArray key;           // the annotations stream
    QString text;
    QByteArray stream, group; // the group it is about; empty: the whole connection
    qint64 atMs = 0;          // the moment it marks
    QString author;           // who marks it (the operator's login)
    QByteArray markId;        // made once per request: how a retry knows its own mark
    qint64 maxLen = 10'000;   // the annotations stream stays this long, about
    QByteArray auditStream = kDefaultAuditStream;
    qint64 auditMaxLen = 100'000;
    QString auditLogPath; // empty: the default file
    int maxAttempts = 20;

    // A request with a fresh mark ID and the login as author.
    static AnnotationShareRequest make(QByteArray key, QString text, qint64 atMs, QByteArray stream = {}, QByteArray group = {});
    // The mark as a reader of the stream will see it.
    PublishedAnnotation published() const;
};

// The script call the job sends; the confirmation renders its commands from it.
struct AnnotationShareCall
{
    QList<QByteArray> keys; // the annotations stream, the audit stream
    QList<QByteArray> args;
};
AnnotationShareCall annotationShareCall(const AnnotationShareRequest &request);
QStringList annotationSharePlan(const AnnotationShareRequest &request);

// counts.done 1 when added, counts.gone 1 when an earlier attempt had added
// it; movedIds holds {mark ID, the entry's ID}.
class AnnotationShareJob : public WriteJob
{
    Q_OBJECT
public:
    AnnotationShareJob(ConnectionOptions options, AnnotationShareRequest request, QObject *parent = nullptr);

private:
    void begin() override;
    void resume() override;
    void finishing() override;

    ConnectionOptions m_options;
    AnnotationShareRequest m_request;
    RedisConnection *m_connection = nullptr;
};

class AnnotationShareKind : public WriteKind
{
public:
    explicit AnnotationShareKind(AnnotationShareRequest request);

    QString title() const override;
    QString aclAction() const override { return QStringLiteral("share_annotation"); }
    PreparedWrite prepare(const ConnectionOptions &writeOptions) const override;
    WritePreview preview(const PreparedWrite &prepared) const override;
    QStringList dryRunLines(const PreparedWrite &prepared) const override;
    std::unique_ptr<WriteJob> job(const PreparedWrite &prepared, const WriteDecision &decision) const override;
    QString progressText(const WriteCounts &counts) const override;
    QString outcomeText(const WriteOutcome &outcome) const override;
    WriteRecord record(const WriteOutcome &outcome, const QString &auditPath, const QString &afterwards) const override;

private:
    AnnotationShareRequest m_request;
};

} // namespace pelscope
