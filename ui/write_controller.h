// What the window shows before and while it changes data: the dialog that
// opens the write switch, and the run of a write through the one flow — dry
// run, the exact commands confirmed by the operator, the job on a worker
// thread with progress and cancel, the outcome. Whether a write may run (the
// switch, the ACL verdicts, the server mode, the connection's generation) is
// decided below it, by the WriteGate (models/actions/write_gate.h). Pages ask
// here; they never write.
#pragma once

#include "actions/annotation_share.h"
#include "actions/consumer_delete_job.h"
#include "actions/job_repair.h"
#include "actions/pending_action_job.h"
#include "actions/permission_probe.h"
#include "actions/queue_write_job.h"
#include "actions/requeue_job.h"
#include "actions/write_flow.h"
#include "actions/write_gate.h"
#include "actions/write_record.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QThread>

#include <functional>
#include <optional>

class QProgressDialog;
class QWidget;

namespace pelscope {

class WriteController : public QObject
{
    Q_OBJECT
public:
    explicit WriteController(QWidget *window);
    ~WriteController() override;

    // A new connection: read-only again, verdicts forgotten. `label` names it
    // to the operator (the profile name, else the address).
    void setConnection(const ConnectionOptions &options, const QString &label, bool production);
    const QString &connectionLabel() const { return m_label; }
    bool isProduction() const { return m_production; }
    bool writesEnabled() const { return m_gate.writesEnabled(); }
    bool isBusy() const { return m_session.isBusy(); } // a write (or its dry run) is running
    // From each snapshot. On a Redis Cluster every write first asks the seed,
    // on the writer thread, which master holds its keys and runs there; a
    // requeue also picks its path (atomic, or the cross-slot ledger, or
    // refused with the reason) and the confirmation says which.
    void setServerMode(const QString &mode);
    bool isCluster() const { return m_gate.isCluster(); }

    // Asks (a production connection must be named back), then enables.
    void requestEnable();
    void setWritesEnabled(bool on);

    // Why `action` cannot run on `scope` now, empty when it can: read-only,
    // or the ACL said no (the gate's rule, models/actions/write_gate.h).
    QString blocker(const QString &scope, const QString &action) const { return m_gate.blocker(scope, action); }
    // Why an edited requeue of one entry from `dlq` to `target` cannot run,
    // on top of blocker(): on a cluster it needs both in one slot.
    QString editBlocker(const QString &scope, const QByteArray &dlq, const QByteArray &target) const;
    void checkPermissions(const QString &scope, const QList<PermissionCheck> &checks) { m_gate.checkPermissions(scope, checks); }

    // Dry run, confirmation with the exact commands, the run, the outcome.
    void requeue(RequeueRequest request, const QString &scope, QWidget *parent);
    void pendingAction(const PendingActionRequest &request, const QString &scope, QWidget *parent);
    // Only when it holds nothing; `holds`: its pending count as last polled.
    void deleteConsumer(const ConsumerDeleteRequest &request, qint64 holds, const QString &scope, QWidget *parent);
    // A delayed queue's or a reliable list's items (write_controller_queues.cpp).
    void queueWrite(const QueueWriteRequest &request, const QString &scope, QWidget *parent);
    // A job framework's own repair (retry failed jobs, restore reservations).
    void jobRepair(const JobRepairRequest &request, const QString &scope, QWidget *parent);
    // An operator's mark added to the annotations stream; `ended(shared)`
    // however the flow ends (declined, refused, failed: shared is false).
    void shareAnnotation(const AnnotationShareRequest &request, QWidget *parent, std::function<void(bool shared)> ended);

    QString auditLogPath() const;

Q_SIGNALS:
    void writesEnabledChanged(bool enabled);
    void permissionsChanged();
    void requeueFinished(const pelscope::WriteOutcome &outcome, const QList<QByteArray> &ids);
    void pendingActionFinished(const pelscope::WriteOutcome &outcome);
    void consumerDeleted(const pelscope::WriteOutcome &outcome);
    void queueWriteFinished(const pelscope::WriteOutcome &outcome);
    void jobRepairFinished(const pelscope::WriteOutcome &outcome);
    // A write on a group's pending entries or consumers ran (or was refused):
    // its consumers are read again at the next poll, not at their cadence.
    void groupWritten(const QByteArray &stream, const QByteArray &group);
    // One line for the status bar.
    void message(const QString &text);
    // Every write that ran, for the results panel (it stays; the status line does not).
    void recorded(const pelscope::WriteRecord &record);

private:
    // The options every connection a job writes on is made from: the primary,
    // whatever read_from says.
    ConnectionOptions writeOptions() const;
    void refuse(QWidget *parent, const QString &title, const QString &summary, const QString &path);
    // A write through the one flow (models/actions/write_flow.h): the dialog
    // asks what the flow shows, a progress dialog while it runs, the outcome
    // said and recorded; `done` after a write ran.
    // Returns the flow (deleted after it finished).
    WriteFlow *runFlow(std::shared_ptr<const WriteKind> kind, const QString &scope, QWidget *parent,
                       std::function<void(const WriteFlow &)> done = {});
    void showOutcome(QWidget *parent, const QString &title, const QString &text, bool failed);

    QWidget *m_window;
    WriteSession m_session{WriteSession::Threads::Writer}; // the writer thread, busy state and connection guard
    WriteGate m_gate{m_session};                          // the switch, the ACL verdicts, the server mode
    ConnectionOptions m_options;
    QString m_label;
    bool m_production = false;
};

} // namespace pelscope
