#include "group_table_model.h"

#include "history/shared_history_store.h"
#include "snapshot/format.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QPointF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelscope {


GroupTableModel::GroupTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

GroupTableModel::LastRead &GroupTableModel::lastRead(const GroupKey &key) const
{
    // Rows gone from the server leave theirs behind: bounded by a fresh start.
    if (m_lastRead.size() > 2 * m_rows.size() + 64)
        m_lastRead.clear();
    return m_lastRead[key];
}

const DeadLetterSnapshot *GroupTableModel::deadLettersOf(const QByteArray &stream) const
{
    const auto it = m_deadLetterOf.constFind(stream);
    return it == m_deadLetterOf.cend() ? nullptr : &m_snapshot->deadLetters.at(*it);
}

void GroupTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_deadLetterOf.clear();
    m_lastRead.clear();
    m_snapshot = {};
    endResetModel();
}

void GroupTableModel::setConnectionLabel(const QString &label)
{
    if (label == m_connectionLabel)
        return;
    m_connectionLabel = label;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, Connection), index(int(m_rows.size()) - 1, Connection), {Qt::DisplayRole, SortRole});
}

void GroupTableModel::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1), {StaleRole, Qt::ForegroundRole});
}

void GroupTableModel::removeVanishedRows(const QHash<GroupKey, std::pair<int, int>> &incoming)
{
    // From the end, a run of vanished rows at a time: one signal per run.
    for (int last = int(m_rows.size()) - 1; last >= 0; --last) {
        if (incoming.contains(m_rows.at(last).key))
            continue;
        int first = last;
        while (first > 0 && !incoming.contains(m_rows.at(first - 1).key))
            --first;
        beginRemoveRows({}, first, last);
        m_rows.remove(first, last - first + 1);
        endRemoveRows();
        last = first;
    }
}

// The same streams and groups in the same places as the rows point to (most
// polls): the rows stay as they are, no index of 10,000 keys is built.
bool GroupTableModel::sameLayout(const SnapshotData &d) const
{
    qsizetype groups = 0;
    for (const StreamSnapshot &s : d.streams)
        groups += s.groups.size();
    if (groups != m_rows.size())
        return false;
    return std::all_of(m_rows.cbegin(), m_rows.cend(), [&](const Row &row) {
        if (row.stream >= d.streams.size() || row.group >= d.streams.at(row.stream).groups.size())
            return false;
        const StreamSnapshot &s = d.streams.at(row.stream);
        return s.key == row.key.stream && s.groups.at(row.group).name == row.key.group;
    });
}

void GroupTableModel::applySnapshot(const Snapshot &snapshot)
{
    if (!m_snapshot.isNull() && !m_rows.isEmpty() && sameLayout(snapshot.data())) {
        bool stateChanged = false;
        for (const Row &row : std::as_const(m_rows)) {
            const StreamSnapshot &was = m_snapshot->streams.at(row.stream), &now = snapshot->streams.at(row.stream);
            stateChanged = stateChanged || was.stale != now.stale || was.groups.at(row.group).health.status != now.groups.at(row.group).health.status;
        }
        adoptSnapshot(snapshot);
        signalValues(int(m_rows.size()), stateChanged);
        return;
    }
    // Where each group is in the new snapshot (a group listed twice: the first).
    QHash<GroupKey, std::pair<int, int>> incoming;
    const SnapshotData &d = snapshot.data();
    for (int si = 0; si < d.streams.size(); ++si)
        for (int gi = 0; gi < d.streams.at(si).groups.size(); ++gi)
            incoming.insert(GroupKey{d.streams.at(si).key, d.streams.at(si).groups.at(gi).name}, {si, gi});
    removeVanishedRows(incoming);

    // The rows that stay point into the new snapshot; was a status, a
    // staleness or a dead consumer count changed (the overview re-sorts then)?
    bool stateChanged = false;
    for (Row &row : m_rows) {
        const auto [si, gi] = incoming.take(row.key);
        const StreamSnapshot &was = m_snapshot->streams.at(row.stream);
        const GroupSnapshot &before = was.groups.at(row.group);
        const StreamSnapshot &now = d.streams.at(si);
        const GroupSnapshot &after = now.groups.at(gi);
        stateChanged = stateChanged || before.health.status != after.health.status || was.stale != now.stale;
        row = Row{GroupKey{now.key, after.name}, si, gi};
    }
    const int kept = int(m_rows.size());
    adoptSnapshot(snapshot);

    if (!incoming.isEmpty()) { // new groups, in the snapshot's order
        QList<Row> added;
        for (int si = 0; si < d.streams.size(); ++si)
            for (int gi = 0; gi < d.streams.at(si).groups.size(); ++gi) {
                GroupKey key{d.streams.at(si).key, d.streams.at(si).groups.at(gi).name};
                const auto it = incoming.constFind(key);
                if (it != incoming.cend() && *it == std::pair{si, gi})
                    added.append(Row{std::move(key), si, gi});
            }
        beginInsertRows({}, kept, kept + int(added.size()) - 1);
        m_rows.append(added);
        endInsertRows();
    }
    signalValues(kept, stateChanged);
}

void GroupTableModel::adoptSnapshot(const Snapshot &snapshot)
{
    m_snapshot = snapshot;
    m_deadLetterOf.clear();
    for (int i = 0; i < snapshot->deadLetters.size(); ++i)
        m_deadLetterOf.insert(snapshot->deadLetters.at(i).source, i);
}

// Values and the history columns move every poll: one signal for the rows
// that were there. A view repaints what it shows, a proxy maps it once.
void GroupTableModel::signalValues(int rows, bool stateChanged)
{
    if (rows <= 0)
        return;
    QList<int> roles{Qt::DisplayRole, Qt::ToolTipRole, SortRole, ReasonsRole, SparklineRole, TrendChangeRole, DeadConsumersRole, DeadLetterKeyRole};
    if (stateChanged)
        roles << HealthRole << StaleRole;
    Q_EMIT dataChanged(index(0, 0), index(rows - 1, ColumnCount - 1), roles);
}

int GroupTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GroupTableModel::sortValue(int row, int column) const
{
    const GroupSnapshot &g = groupAt(row);
    switch (column) {
    case Status:
        // Worst first: status, then how long the oldest entry has waited, then lag.
        return double(int(g.health.status)) * 1e15 + double(std::min<qint64>(g.oldestIdleMs.value_or(0), 999'999'999'999LL)) * 10 + (g.lag ? 0 : 1);
    case Since: {
        const auto since = sinceOf(row);
        return since ? double(m_snapshot->takenAtMs - since->atMs) : -1.0;
    }
    case Lag: return g.lag ? double(*g.lag) : -1.0;
    case Behind: return double(g.oldestUnreadAgeMs.value_or(-1));
    case Pending: return double(g.pending.value_or(-1));
    case OldestIdle: return double(g.oldestIdleMs.value_or(-1));
    case Consumers: return double(g.consumers.value_or(-1));
    case MaxDeliveries: return double(g.maxDeliveryCount.value_or(-1));
    case InRate: return streamAt(row).inRate ? streamAt(row).inRate->perSecond : -1.0;
    case OutRate: return g.outRate ? g.outRate->perSecond : -1.0;
    case Drain: {
        // Soonest to clear first, then steady, then growing (fastest last), unknown at the end.
        const DrainForecast &d = g.health.drain;
        switch (d.state) {
        case DrainForecast::State::Draining: return double(d.etaMs.value_or(0));
        case DrainForecast::State::Steady: return 1e15;
        case DrainForecast::State::Growing: return 2e15 + d.perSecond;
        case DrainForecast::State::Unknown: break;
        }
        return 4e15;
    }
    case DeadLetters: {
        const DeadLetterSnapshot *dl = deadLettersOf(streamAt(row).key);
        return dl ? double(dl->length.value_or(0)) + double(dl->growth.value_or(0)) * 1e-6 : -1.0;
    }
    case Trend: { // how near the trend's measure is to its crit threshold
        const HealthTrend &t = g.health.trend;
        const std::optional<qint64> now = t.measure == HealthTrend::Measure::OldestIdle ? g.oldestIdleMs
                                          : t.measure == HealthTrend::Measure::Behind   ? g.oldestUnreadAgeMs
                                                                                        : g.lag;
        return now && t.critAt > 0 ? double(*now) / t.critAt : -1.0;
    }
    case ReadAge: return double(streamAt(row).readAtMs > 0 ? m_snapshot->takenAtMs - streamAt(row).readAtMs : -1);
    case Reasons: return joinReasons(g.health.reasons, QStringLiteral("; ")); // not the trend's words: a sort would read every row's history
    default: return displayText(row, column);
    }
}

void GroupTableModel::refreshHistoryColumns()
{
    if (m_rows.isEmpty())
        return;
    Q_EMIT dataChanged(index(0, Since), index(int(m_rows.size()) - 1, Since), {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
    Q_EMIT dataChanged(index(0, InRate), index(int(m_rows.size()) - 1, Reasons),
                     {Qt::DisplayRole, SortRole, SparklineRole, TrendThresholdsRole, TrendFloorRole, TrendChangeRole, Qt::ToolTipRole});
}

void GroupTableModel::setMuted(const QSet<GroupKey> &muted)
{
    if (muted == m_muted)
        return;
    m_muted = muted;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, Group), index(int(m_rows.size()) - 1, Group), {Qt::DisplayRole, Qt::ToolTipRole, MutedRole});
}

QVariant GroupTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    switch (role) {
    case Qt::DisplayRole: return displayText(row, index.column()); // the mute mark is the view's icon (MutedRole): no emoji font needed
    case Qt::ToolTipRole: {
        QString tip = toolTip(row, index.column());
        if (index.column() == Group && m_muted.contains(m_rows.at(row).key))
            tip = tip.isEmpty() ? tr("Desktop notifications muted") : tip + tr("\nDesktop notifications muted");
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case MutedRole: return m_muted.contains(m_rows.at(row).key);
    case Qt::AccessibleTextRole:
        // The sparkline is a picture: a screen reader hears its numbers.
        if (index.column() == Trend)
            return sparklineWords(row);
        if (index.column() == Group && m_muted.contains(m_rows.at(row).key))
            return fillText(tr("%1, desktop notifications muted"), displayText(row, index.column()));
        return {};
    case Qt::TextAlignmentRole:
        if ((index.column() >= Lag && index.column() <= DeadLetters) || index.column() == ReadAge)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole: return sortValue(row, index.column());
    case HealthRole: return int(groupAt(row).health.status);
    case StreamKeyRole: return streamAt(row).key;
    case GroupNameRole: return groupAt(row).name;
    case ReasonsRole: return renderReasons(groupAt(row).health.reasons);
    case StaleRole: return m_stale || streamAt(row).stale;
    case DeadLetterKeyRole: {
        const DeadLetterSnapshot *d = deadLettersOf(streamAt(row).key);
        return d ? d->key : QByteArray();
    }
    case DeadConsumersRole: return int(groupAt(row).health.stalled.size());
    case SparklineRole: return QVariant::fromValue(trendSeries(row).values);
    case TrendThresholdsRole: {
        const TrendSeries series = trendSeries(row);
        return QPointF(series.warnAt, series.critAt);
    }
    case TrendFloorRole: return trendSeries(row).floor;
    case TrendChangeRole: return trendChangeWords(row);
    default: return {};
    }
}

QVariant GroupTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    static const char *names[] = {QT_TR_NOOP("Status"),
                                  QT_TR_NOOP("For"),
                                  QT_TR_NOOP("Connection"),
                                  QT_TR_NOOP("Node"),
                                  QT_TR_NOOP("Stream"),
                                  QT_TR_NOOP("Group"),
                                  QT_TR_NOOP("Lag"),
                                  QT_TR_NOOP("Behind"),
                                  QT_TR_NOOP("Pending"),
                                  QT_TR_NOOP("Oldest pending idle"),
                                  QT_TR_NOOP("Consumers"),
                                  QT_TR_NOOP("Max deliveries"),
                                  QT_TR_NOOP("In"),
                                  QT_TR_NOOP("Out"),
                                  QT_TR_NOOP("Drains"),
                                  QT_TR_NOOP("Dead letters"),
                                  QT_TR_NOOP("Trend, 15 min"),
                                  QT_TR_NOOP("Read"),
                                  QT_TR_NOOP("Why")};
    // What each column means, on hover: the numbers are the server's, said plainly.
    static const char *tips[] = {
        QT_TR_NOOP("The group's health: CRIT, WARN or OK by the rules in Why. Sorted worst first."),
        QT_TR_NOOP("How long the group's incident has lasted: since it left OK, as watched or recorded. \"≈\": dated by the data (an entry's idle "
                   "or ID against its threshold) because it already was when watching began; \"≥\": at least that long, the data cannot say."),
        QT_TR_NOOP("The connection (profile name or address) the group belongs to."),
        QT_TR_NOOP("Redis Cluster: the master holding the stream (stale when it did not answer)."),
        QT_TR_NOOP("The stream key."),
        QT_TR_NOOP("The consumer group."),
        // clang-format off
        QT_TR_NOOP("Entries added to the stream that the group has not read yet (XINFO GROUPS lag). \"unknown\" when Redis cannot count them; hover for why."),
        // clang-format on
        QT_TR_NOOP(
            "How far behind in time: the age of the oldest entry the group has not been delivered yet (from its ID). — when nothing is unread."),
        QT_TR_NOOP("Entries delivered to a consumer and not acknowledged yet (the PEL)."),
        QT_TR_NOOP("How long the oldest pending entry has waited since its last delivery. A range a..b when the PEL is too large to read whole."),
        QT_TR_NOOP("The group's consumers; \"(N stalled)\": holding pending entries idle past consumer_idle_warn (5 minutes by default), as the pending entries list shows."),
        QT_TR_NOOP("The highest delivery count among pending entries: an entry delivered again and again is likely poison."),
        QT_TR_NOOP("Entries added to the stream per second, over the last minute of polls (rate_window)."),
        QT_TR_NOOP("Entries delivered to the group per second, over the last minute of polls (rate_window)."),
        QT_TR_NOOP("Will the lag clear by itself: when, at the pace of the last minute (a fit of lag over the polls); \"growing\" when it "
                   "will not at this pace; \"steady\" when as much goes out as comes in; — with why when it cannot say."),
        QT_TR_NOOP("The stream's dead-letter stream: its length and recent growth. Enter on the cell opens it."),
        QT_TR_NOOP("The measure that explains the status (oldest pending idle, behind, or lag) over the last 15 minutes, drawn from 0 "
                   "with its warn and crit lines; lag when the group is OK. Hover a cell for its numbers."),
        QT_TR_NOOP("How long ago the row's values were read. Shown when there are more groups than one poll reads: streams are then read in "
                   "turn, each at least every few polls, and the others keep their last values."),
        QT_TR_NOOP("Every rule the group breaks, in words. The selected row's reasons are also shown in full under the table."),
    };
    if (role == Qt::DisplayRole)
        return tr(names[section]);
    if (role == Qt::ToolTipRole)
        return tr(tips[section]);
    return {};
}

} // namespace pelscope
