// Claim, acknowledge and move to the DLQ as a WriteKind (write_flow.h):
// routed by the planner (the stream's master on a cluster), planned by one
// read (readPendingPlan: the numbers of the confirmation and its commands),
// run as PendingActionJob, told per entry on the console and in one line in
// the window, with where claimed entries are now read afterwards.
#pragma once

#include "pending_action_job.h"
#include "write_flow.h"

namespace pelscope {

class PendingWriteKind : public WriteKind
{
public:
    explicit PendingWriteKind(PendingActionRequest request);

    QString title() const override;
    QString aclAction() const override;
    PreparedWrite prepare(const ConnectionOptions &writeOptions) const override;
    WritePreview preview(const PreparedWrite &prepared) const override;
    QStringList dryRunLines(const PreparedWrite &prepared) const override;
    std::unique_ptr<WriteJob> job(const PreparedWrite &prepared, const WriteDecision &decision) const override;
    QString progressText(const WriteCounts &counts) const override;
    QString outcomeText(const WriteOutcome &outcome) const override;
    QStringList reportLines(const WriteOutcome &outcome) const override;
    QString afterwards(const PreparedWrite &prepared, const WriteOutcome &outcome) const override;
    WriteRecord record(const WriteOutcome &outcome, const QString &auditPath, const QString &afterwards) const override;

private:
    PendingActionRequest m_request;
};

} // namespace pelscope
