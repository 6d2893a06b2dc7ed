// The write actions on a group's pending entries (claim to a consumer,
// acknowledge, move to the DLQ), as buttons under the pending table. It
// asks the operator for the details, then hands the request to the
// WriteController, which shows the exact commands and runs it.
#pragma once

#include "snapshot/snapshot.h"

#include <QWidget>

class QItemSelectionModel;
class QPushButton;

namespace pelscope {

class WriteController;

class PendingActionsBar : public QWidget
{
    Q_OBJECT
public:
    PendingActionsBar(WriteController *writes, QItemSelectionModel *selection, int idRole, QWidget *parent = nullptr);

    void setGroup(const QByteArray &stream, const QByteArray &group, const Snapshot &snapshot);
    void setClaimGuardMs(qint64 ms) { m_guardMs = ms; }

    QPushButton *claimButton() const { return m_claim; }
    QPushButton *ackButton() const { return m_ack; }
    QPushButton *toDlqButton() const { return m_toDlq; }

private:
    QString scope() const;
    QList<QByteArray> selectedIds() const;
    QByteArray defaultDlq() const;
    void updateButtons();
    void claim();
    void ack();
    void toDlq();

    WriteController *m_writes;
    QItemSelectionModel *m_selection;
    int m_idRole;
    QByteArray m_stream, m_group;
    Snapshot m_snapshot;
    qint64 m_guardMs = 60'000;
    QPushButton *m_claim;
    QPushButton *m_ack;
    QPushButton *m_toDlq;
};

} // namespace pelscope
