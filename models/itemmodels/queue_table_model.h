// The delayed queues, reliable lists and job frameworks' queues of one
// connection, a row each: the
// same status pill and reasons as the groups, sorted worst first by the view's
// proxy (SortRole). Rows are matched by kind and key and updated in place.
#pragma once

#include "group_table_model.h"
#include "keyed_table_model.h"
#include "snapshot/snapshot.h"

namespace pelscope {

class QueueTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column { Status, Kind, Queue, Size, Waiting, Oldest, NextDue, Why, ColumnCount };
    enum Role {
        SortRole = GroupTableModel::SortRole,
        HealthRole = GroupTableModel::HealthRole, // what StatusDelegate paints
        KeyRole = Qt::UserRole + 40,              // QByteArray: the main key; a job queue's jobQueueId()
        IsListRole,                               // bool: a reliable list (else a delayed queue)
        ProcessingKeyRole,                        // QByteArray: a reliable list's processing list
        IsJobRole,                                // bool: a job framework's queue or set
    };

    explicit QueueTableModel(QObject *parent = nullptr);
    void applySnapshot(const Snapshot &snapshot);
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    // Cells past ColumnCount: health, sort values (size, waiting, oldest), tooltip.
    enum Extra { HealthCell = ColumnCount, SizeValue, WaitingValue, OldestValue, Tooltip, ProcessingKeyCell };
};

} // namespace pelscope
