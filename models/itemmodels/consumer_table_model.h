// The consumers of one group: pending, idle, inactive and a state an operator
// can act on (active, idle, dead: holding entries and idle past the threshold).
#pragma once

#include "keyed_table_model.h"
#include "snapshot/snapshot.h"

#include <QHash>

namespace pelscope {

class ConsumerTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column { Name, Pending, Idle, Inactive, State, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, StalledRole, NameRole, PendingRole };
    // Stalled: the group's verdict names it as holding entries idle past
    // consumer_idle_warn (HealthVerdict::stalled), whatever its own idle says.
    enum class ConsumerState { Active, Idle, Stalled, Never };

    explicit ConsumerTableModel(QObject *parent = nullptr);
    // A different group: the one reset. The same group: updated in place.
    void setGroup(const QByteArray &stream, const QByteArray &group, const GroupSnapshot *snapshot);
    ConsumerState stateOf(const ConsumerSnapshot &c) const;

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QByteArray m_groupKey;
    QHash<QByteArray, ConsumerSnapshot> m_consumers;
    QHash<QByteArray, StalledConsumer> m_stalled; // by name, from the group's verdict
};

QString consumerStateName(ConsumerTableModel::ConsumerState s);

} // namespace pelscope
