// Write actions on one consumer of a group: claim all its pending entries to
// another consumer (XCLAIM with the idle guard, selected by owner), and
// delete it once it holds nothing. Same confirmation path as every write.
#pragma once

#include "snapshot/snapshot.h"

#include <QWidget>

class QItemSelectionModel;
class QPushButton;

namespace pelscope {

class WriteController;

class ConsumerActionsBar : public QWidget
{
    Q_OBJECT
public:
    ConsumerActionsBar(WriteController *writes, QItemSelectionModel *selection, QWidget *parent = nullptr);

    void setGroup(const QByteArray &stream, const QByteArray &group, const Snapshot &snapshot);
    void setClaimGuardMs(qint64 ms) { m_guardMs = ms; }

    QPushButton *claimAllButton() const { return m_claimAll; }
    QPushButton *deleteButton() const { return m_delete; }

private:
    QString scope() const;
    QByteArray selectedConsumer(qint64 *pending = nullptr) const;
    void updateButtons();
    void claimAll();
    void deleteConsumer();

    WriteController *m_writes;
    QItemSelectionModel *m_selection;
    QByteArray m_stream, m_group;
    Snapshot m_snapshot;
    qint64 m_guardMs = 60'000;
    QPushButton *m_claimAll;
    QPushButton *m_delete;
};

} // namespace pelscope
