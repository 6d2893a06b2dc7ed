// The pending entries the poller inspected this tick (the head of the PEL):
// ID, consumer, idle, delivery count; poison candidates sort first.
#pragma once

#include "keyed_table_model.h"
#include "snapshot/snapshot.h"

#include <QHash>

namespace pelscope {

class PendingTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column { Id, Consumer, Idle, Deliveries, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, PoisonRole, EntryIdRole };

    explicit PendingTableModel(QObject *parent = nullptr);
    void setPoisonThreshold(qint64 deliveries) { m_poison = deliveries; }
    void setGroup(const QByteArray &stream, const QByteArray &group, const GroupSnapshot *snapshot);

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QByteArray m_groupKey;
    QHash<QByteArray, PendingEntry> m_entries;
    qint64 m_poison = 5;
};

} // namespace pelscope
