// Deleting one consumer as a WriteKind (write_flow.h): routed to the master
// that holds the stream on a cluster (with an audit stream in its slot, or
// refused), shown as the one script's commands rendered from the call the
// job sends, run as ConsumerDeleteJob.
#pragma once

#include "consumer_delete_job.h"
#include "write_flow.h"

namespace pelscope {

class ConsumerDeleteKind : public WriteKind
{
public:
    explicit ConsumerDeleteKind(ConsumerDeleteRequest request);

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
    ConsumerDeleteRequest m_request;
};

} // namespace pelscope
