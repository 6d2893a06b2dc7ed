// Dead-letter requeue, delete and edited requeue as a WriteKind
// (write_flow.h): the planner picks the path (one server, atomic on the
// DLQ's master, the cross-slot ledger, or refused), a dry run of the very job
// that will run (RequeueJob or CrossSlotRequeueJob) lists its commands, and
// the outcome is told in the same words in the window and the console. The
// DLQ page and `pelscope-cli dlq requeue` both run this.
#pragma once

#include "cross_slot_requeue_job.h"
#include "dlq_finder.h"
#include "requeue_job.h"
#include "write_flow.h"

namespace pelscope {

class DlqWriteKind : public WriteKind
{
public:
    // The target entries go back to, as the path is planned for: the one the
    // request names, else the one a mapping of `finder` names (both
    // explicit), else the one the DLQ's name says (the browser's own rule:
    // planned for, not written to the request); none: each entry's
    // source_stream decides. `noTargetHint` says, in the front end's words,
    // how to name one ("name the target with --to").
    DlqWriteKind(RequeueRequest request, const DlqFinderConfig &finder, QString noTargetHint);

    QString title() const override;
    QString aclAction() const override;
    PreparedWrite prepare(const ConnectionOptions &writeOptions) const override;
    WritePreview preview(const PreparedWrite &prepared) const override;
    QStringList dryRunLines(const PreparedWrite &prepared) const override;
    std::unique_ptr<WriteJob> job(const PreparedWrite &prepared, const WriteDecision &decision) const override;
    QString progressText(const WriteCounts &counts) const override;
    QString outcomeText(const WriteOutcome &outcome) const override;
    QStringList reportLines(const WriteOutcome &outcome) const override;
    WriteRecord record(const WriteOutcome &outcome, const QString &auditPath, const QString &afterwards) const override;

private:
    bool deleting() const { return m_request.operation == RequeueRequest::Operation::Delete; }
    // "requeued 3, already gone 1, failed 0[, skipped …][, left …][, interrupted]":
    // the line scripts parse; `dryRun`: "dry run: would requeue …".
    QString countsLine(const WriteOutcome &outcome, bool dryRun) const;

    RequeueRequest m_request;
    QByteArray m_pathTarget;
    bool m_targetExplicit = false;
    QString m_noTargetHint;
};

} // namespace pelscope
