// One row per stream/group, updated in place from each snapshot: rows are
// matched by (stream, group) so selection, sort and scroll survive updates.
#pragma once

#include "snapshot/snapshot.h"

#include <QAbstractTableModel>

namespace pelscope {

class GroupTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Status, Stream, Group, Lag, Pending, OldestIdle, Consumers, MaxDeliveries, Reasons, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // numeric value to sort by
        HealthRole,                  // int(Health)
        StreamKeyRole,               // QByteArray
        GroupNameRole,               // QByteArray
        ReasonsRole,                 // QStringList
    };

    explicit GroupTableModel(QObject *parent = nullptr);

    void applySnapshot(const Snapshot &snapshot);
    void clear(); // connection changed: the only reset
    const Snapshot &snapshot() const { return m_snapshot; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QByteArray stream;
        GroupSnapshot group;
        QList<QVariant> display; // cached per column, to diff cheaply
    };
    static QList<QVariant> displayValues(const StreamSnapshot &s, const GroupSnapshot &g);
    QVariant sortValue(const Row &row, int column) const;

    QList<Row> m_rows;
    Snapshot m_snapshot;
};

} // namespace pelscope
