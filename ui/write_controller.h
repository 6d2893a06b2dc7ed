// Everything the window does before and while it changes data: the
// per-connection write switch (read-only at every start), the ACL verdicts
// that disable buttons with a reason, and the run of a write: dry run, the
// exact commands confirmed by the operator, the job on a worker thread with
// progress and cancel, the outcome. Pages ask here; they never write.
#pragma once

#include "actions/consumer_delete_job.h"
#include "actions/pending_action_job.h"
#include "actions/permission_probe.h"
#include "actions/requeue_job.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QThread>

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
    bool writesEnabled() const { return m_enabled; }
    bool isBusy() const { return m_busy; } // a write (or its dry run) is running
    // From each snapshot: on a Redis Cluster the window does not write yet
    // (pelscope-cli dlq requeue picks the atomic or the ledger path there).
    void setServerMode(const QString &mode);

    // Asks (a production connection must be named back), then enables.
    void requestEnable();
    void setWritesEnabled(bool on);

    // Why `action` cannot run on `scope` now, empty when it can: read-only,
    // or the ACL said no. Verdicts are asked once per scope and connection.
    QString blocker(const QString &scope, const QString &action) const;
    void checkPermissions(const QString &scope, const QList<PermissionCheck> &checks);

    // Dry run, confirmation with the exact commands, the run, the outcome.
    void requeue(RequeueRequest request, const QString &scope, QWidget *parent);
    void pendingAction(PendingActionRequest request, const QString &scope, QWidget *parent);
    // Only when it holds nothing; `holds`: its pending count as last polled.
    void deleteConsumer(const ConsumerDeleteRequest &request, qint64 holds, const QString &scope, QWidget *parent);

    QString auditLogPath() const;

Q_SIGNALS:
    void writesEnabledChanged(bool enabled);
    void permissionsChanged();
    void requeueFinished(const pelscope::RequeueResult &result, const QList<QByteArray> &ids);
    void pendingActionFinished(const pelscope::PendingActionResult &result);
    void consumerDeleted(const pelscope::ConsumerDeleteResult &result);
    // One line for the status bar.
    void message(const QString &text);

private:
    void runRequeue(const RequeueRequest &request, const QString &scope, QWidget *parent);
    void runPending(const PendingActionRequest &request, const QString &scope, QWidget *parent);
    QProgressDialog *progressDialog(const QString &title, QWidget *parent, QObject *job);
    void noteRefusal(const QString &scope, const QString &action, RedisError::Kind kind, const QString &error);
    void showOutcome(QWidget *parent, const QString &title, const QString &text, bool failed);
    template<typename Job>
    void moveToWorker(Job *job);

    QWidget *m_window;
    QThread m_thread;
    ConnectionOptions m_options;
    QString m_label;
    bool m_production = false;
    bool m_enabled = false;
    bool m_busy = false;
    bool m_cluster = false;
    quint64 m_connectionNumber = 0;
    QHash<QString, PermissionVerdicts> m_verdicts; // by scope
};

} // namespace pelscope
