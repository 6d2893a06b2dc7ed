#include "consumer_table_model.h"

#include "snapshot/format.h"
#include "text/fill_text.h"

namespace pelscope {

QString consumerStateName(ConsumerTableModel::ConsumerState s)
{
    switch (s) {
    case ConsumerTableModel::ConsumerState::Active: return ConsumerTableModel::tr("active");
    case ConsumerTableModel::ConsumerState::Idle: return ConsumerTableModel::tr("idle");
    case ConsumerTableModel::ConsumerState::Stalled: return ConsumerTableModel::tr("stalled");
    case ConsumerTableModel::ConsumerState::Never: return ConsumerTableModel::tr("never active");
    }
    return {};
}

ConsumerTableModel::ConsumerTableModel(QObject *parent)
    : KeyedTableModel(parent)
{}

ConsumerTableModel::ConsumerState ConsumerTableModel::stateOf(const ConsumerSnapshot &c) const
{
    const qint64 idle = c.idleMs.value_or(0);
    if (m_stalled.contains(c.name))
        return ConsumerState::Stalled;
    if (c.inactiveMs && *c.inactiveMs < 0 && c.pending == 0)
        return ConsumerState::Never;
    return idle >= 60'000 ? ConsumerState::Idle : ConsumerState::Active;
}

void ConsumerTableModel::setGroup(const QByteArray &stream, const QByteArray &group, const GroupSnapshot *snapshot)
{
    const QByteArray groupKey = stream + '\0' + group;
    QList<RowCells> rows;
    QHash<QByteArray, ConsumerSnapshot> consumers;
    m_stalled.clear();
    if (snapshot)
        for (const StalledConsumer &s : snapshot->health.stalled)
            m_stalled.insert(s.name, s);
    if (snapshot) {
        for (const ConsumerSnapshot &c : snapshot->consumerList) {
            consumers.insert(c.name, c);
            QString inactive = QStringLiteral("—");
            if (c.inactiveMs)
                inactive = *c.inactiveMs < 0 ? tr("never") : formatDuration(*c.inactiveMs);
            rows.append({c.name,
                         {elidedName(c.name, kCellNameCap), formatCount(c.pending), c.idleMs ? formatDuration(*c.idleMs) : QStringLiteral("?"), inactive,
                          consumerStateName(stateOf(c))}});
        }
    }
    if (groupKey != m_groupKey) {
        m_groupKey = groupKey;
        m_consumers = consumers;
        resetRows(rows);
        return;
    }
    m_consumers = consumers;
    applyRows(rows, {Qt::DisplayRole, SortRole, StalledRole});
}

QVariant ConsumerTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ConsumerSnapshot c = m_consumers.value(keyAt(index.row()));
    switch (role) {
    case Qt::DisplayRole: return cell(index.row(), index.column());
    case SortRole:
        switch (index.column()) {
        case Pending: return double(c.pending);
        case Idle: return double(c.idleMs.value_or(-1));
        case Inactive: return double(c.inactiveMs.value_or(-2));
        case State: return int(stateOf(c));
        default: return cell(index.row(), index.column());
        }
    case StalledRole: return stateOf(c) == ConsumerState::Stalled;
    case NameRole: return keyAt(index.row());
    case PendingRole: return c.pending;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue((index.column() >= Pending && index.column() <= Inactive ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (const auto s = m_stalled.constFind(c.name); s != m_stalled.cend())
            return fillText(tr("Holds %1 pending entries, idle %2 (as the pending entries list shows): crashed, or busy and not reading. "
                               "Its entries wait for XCLAIM/XAUTOCLAIM."),
                            formatCount(s->pending), formatDuration(s->idleMs));
        // Redis 7.2+: idle counts from its last attempt, inactive from its
        // last successful read or claim. Asking often while reading nothing
        // is alive, not dead.
        if (c.idleMs && c.inactiveMs && *c.idleMs < 60'000 && *c.inactiveMs >= 60'000)
            return tr("Keeps asking (last attempt %1 ago) but has read nothing for %2: nothing new for it, or it reads only new "
                      "entries (>) while its %3 pending entries wait.")
                .arg(formatDuration(*c.idleMs), formatDuration(*c.inactiveMs), formatCount(c.pending));
        return {};
    default: return {};
    }
}

QVariant ConsumerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == Idle)
        return tr("Since the consumer's last attempt to read or claim (XINFO CONSUMERS idle), whether it got anything or not.");
    if (role == Qt::ToolTipRole && section == Inactive)
        return tr("Since the consumer last read or claimed an entry (XINFO CONSUMERS inactive). Redis 7.2, Valkey 7.2 and later "
                  "report it; older servers do not, shown as —.");
    if (role != Qt::DisplayRole)
        return {};
    static const char *const names[] = {QT_TR_NOOP("Consumer"), QT_TR_NOOP("Pending"), QT_TR_NOOP("Idle"), QT_TR_NOOP("Inactive"), QT_TR_NOOP("State")};
    return tr(names[section]);
}

} // namespace pelscope
