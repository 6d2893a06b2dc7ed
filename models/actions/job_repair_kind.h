// A job framework's own repair (job_repair.h) as a WriteKind (write_flow.h):
// planned by a dry run of the very JobRepairJob that will run, shown as the
// framework operation it mirrors and the script's commands per job. The
// window's job queue page and `pelscope-cli job retry` both run this.
#pragma once

#include "job_repair_job.h"
#include "write_flow.h"

namespace pelscope {

// The outcome in one line, the same for the window and the console:
// "retried 30 failed jobs of bull:mail:failed, 4 left (their error does not
// match)". `dryRun`: "would retry ...".
QString describeJobRepair(const JobRepairRequest &request, const WriteOutcome &outcome, bool dryRun);

class JobRepairKind : public WriteKind
{
public:
    explicit JobRepairKind(JobRepairRequest request);
    const JobRepairRequest &request() const { return m_request; }

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
    JobRepairRequest m_request;
};

} // namespace pelscope
