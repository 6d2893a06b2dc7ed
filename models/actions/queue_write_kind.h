// Writes to delayed queues and reliable lists as a WriteKind (write_flow.h):
// planned by a dry run of the very QueueWriteJob that will run, shown as its
// commands, told in describeQueueWrite's words. The window's queue page and
// `pelscope-cli queue requeue|delete|run-now|reschedule` both run this.
#pragma once

#include "queue_write_job.h"
#include "write_flow.h"

namespace pelscope {

class QueueWriteKind : public WriteKind
{
public:
    explicit QueueWriteKind(QueueWriteRequest request);
    const QueueWriteRequest &request() const { return m_request; }

    QString title() const override;
    QString aclAction() const override;
    PreparedWrite prepare(const ConnectionOptions &writeOptions) const override;
    WritePreview preview(const PreparedWrite &prepared) const override;
    QStringList dryRunLines(const PreparedWrite &prepared) const override;
    std::unique_ptr<WriteJob> job(const PreparedWrite &prepared, const WriteDecision &decision) const override;
    QString progressText(const WriteCounts &counts) const override;
    QString outcomeText(const WriteOutcome &outcome) const override;
    WriteRecord record(const WriteOutcome &outcome, const QString &auditPath, const QString &afterwards) const override;

private:
    QueueWriteRequest m_request;
};

} // namespace pelscope
