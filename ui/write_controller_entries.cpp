// WriteController, the pending-entries half: claim, acknowledge and move
// to the DLQ, and deleting a consumer, through the one write flow
// (models/actions/write_flow.h) the console runs too. Dead letters are
// write_controller.cpp.
#include "write_controller.h"

#include "actions/consumer_delete_kind.h"
#include "actions/pending_write_kind.h"
#include "text/display_text.h"
#include "text/fill_text.h"

namespace pelscope {

// Through the one write flow (pending_write_kind.h), the console's too.
void WriteController::pendingAction(const PendingActionRequest &request, const QString &scope, QWidget *parent)
{
    runFlow(std::make_shared<PendingWriteKind>(request), scope, parent, [this, request](const WriteFlow &flow) {
        Q_EMIT groupWritten(request.stream, request.group);
        Q_EMIT pendingActionFinished(flow.outcome());
    });
}

// Only a consumer that held nothing at the last poll is offered; the
// script checks again when it runs (write flow: consumer_delete_kind.h).
void WriteController::deleteConsumer(const ConsumerDeleteRequest &request, qint64 holds, const QString &scope, QWidget *parent)
{
    auto kind = std::make_shared<ConsumerDeleteKind>(request);
    if (holds > 0) {
        showOutcome(parent, kind->title(),
                    fillText(tr("%1 held %2 pending entries at the last poll; deleting it would drop them unprocessed. Claim them to another "
                                "consumer first (select them in the pending table, or use \"Claim all from…\")."),
                             displayBytes(request.consumer), holds),
                    true);
        return;
    }
    runFlow(kind, scope, parent, [this, request](const WriteFlow &flow) {
        Q_EMIT groupWritten(request.stream, request.group);
        Q_EMIT consumerDeleted(flow.outcome());
    });
}

} // namespace pelscope
