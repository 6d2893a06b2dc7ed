// WriteController's writes to delayed queues, reliable lists and the job
// frameworks' own keys: through the one write flow
// (models/actions/write_flow.h, queue_write_kind.h, job_repair_kind.h), the
// same the console runs.
#include "write_controller.h"

#include "actions/job_repair_kind.h"
#include "actions/queue_write_kind.h"

namespace pelscope {

void WriteController::queueWrite(const QueueWriteRequest &request, const QString &scope, QWidget *parent)
{
    if (isCluster()) {
        // The probe does not read queues on a cluster yet either; a script
        // needs both lists in one slot and the master that holds them.
        showOutcome(parent, QueueWriteKind(request).title(),
                    tr("Nothing was written: queue writes from the window are not supported on Redis Cluster yet."), true);
        return;
    }
    runFlow(std::make_shared<QueueWriteKind>(request), scope, parent, [this](const WriteFlow &flow) { Q_EMIT queueWriteFinished(flow.outcome()); });
}

void WriteController::jobRepair(const JobRepairRequest &request, const QString &scope, QWidget *parent)
{
    if (isCluster()) {
        // The frameworks keep a queue's keys in one slot only when told to
        // (BullMQ's {hash tag} prefix); the readers do not read clusters yet.
        showOutcome(parent, jobRepairTitle(request), tr("Nothing was written: framework repairs are not supported on Redis Cluster yet."), true);
        return;
    }
    runFlow(std::make_shared<JobRepairKind>(request), scope, parent, [this](const WriteFlow &flow) { Q_EMIT jobRepairFinished(flow.outcome()); });
}

} // namespace pelscope
