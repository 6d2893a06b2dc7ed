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

namespace {

// "48 (+3)": the DLQ's length and what it gained over the growth window.
QString dlqText(const DeadLetterSnapshot *d)
{
    if (!d)
        return QStringLiteral("—");
    QString text = d->length ? formatCount(*d->length) : QStringLiteral("?");
    if (d->growth.value_or(0) > 0)
        text += QStringLiteral(" (+%1)").arg(formatCount(*d->growth));
    return text;
}

QString oldestIdleText(const GroupSnapshot &g)
{
    if (!g.oldestIdleMs)
        return g.pending.value_or(0) == 0 ? QStringLiteral("—") : QStringLiteral("?");
    QString text = formatDuration(*g.oldestIdleMs);
    // A range when the head ID's timestamp allows much more than we saw.
    if (g.oldestIdleUpperMs && *g.oldestIdleUpperMs > *g.oldestIdleMs + 1000 && !g.pelScanComplete)
        text += QStringLiteral(" – ") + formatDuration(*g.oldestIdleUpperMs);
    return text;
}

} // namespace

GroupTableModel::GroupTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

std::optional<double> GroupTableModel::latest(const GroupKey &key, int metric) const
{
    if (!m_history || m_snapshot.isNull())
        return std::nullopt;
    const qint64 now = m_snapshot->takenAtMs;
    const SeriesWindow w = m_history->read([&](const HistoryStore &h) { return h.window(key, Metric(metric), now - 30'000, now, 64); });
    for (qsizetype i = w.v.size() - 1; i >= 0; --i)
        if (!std::isnan(w.v[i]))
            return w.v[i];
    return std::nullopt;
}

QString GroupTableModel::displayText(int row, int column) const
{
    const StreamSnapshot &s = streamAt(row);
    const GroupSnapshot &g = groupAt(row);
    switch (column) {
    case Status: return healthName(g.health.status);
    case Since: {
        // "14m", or "≥ 14m" when it already had this status as recording began.
        const auto since = sinceOf(row);
        if (!since)
            return QStringLiteral("—");
        const qint64 ms = std::max<qint64>(0, m_snapshot->takenAtMs - since->atMs);
        if (ms < 1000 && !since->atLeast) // changed at this poll: "0ms" read as a measurement
            return QCoreApplication::translate("pelscope::GroupTableModel", "just now");
        const QString d = formatDuration(ms);
        return since->atLeast ? QStringLiteral("≥ ") + d : d;
    }
    case Connection: return m_connectionLabel;
    case Node: return s.node.isEmpty() ? QStringLiteral("—") : s.node;
    case Stream: return displayBytes(s.key);
    case Group: return displayBytes(g.name);
    case Lag: return g.lag ? formatCount(*g.lag) : QCoreApplication::translate("pelscope::GroupTableModel", "unknown");
    case Behind: return g.oldestUnreadAgeMs ? formatDuration(*g.oldestUnreadAgeMs) : QStringLiteral("—");
    case Pending: return g.pending ? formatCount(*g.pending) : QStringLiteral("?");
    case OldestIdle: return oldestIdleText(g);
    case Consumers: {
        // How many, and how many of them hold old work (the health verdict's
        // stalled consumers: what the PEL proves, not a guess from idle).
        const QString consumers = g.consumers ? formatCount(*g.consumers) : QStringLiteral("?");
        if (g.health.stalled.isEmpty())
            return consumers;
        return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 (%2 stalled)"), consumers, g.health.stalled.size());
    }
    case MaxDeliveries: return g.maxDeliveryCount ? QString::number(*g.maxDeliveryCount) : QStringLiteral("—");
    case InRate:
    case OutRate: {
        const auto v = latest(m_rows.at(row).key, int(column == InRate ? Metric::InRate : Metric::OutRate));
        return v ? QString::number(*v, 'f', *v < 10 ? 1 : 0) + QStringLiteral("/s") : QStringLiteral("—");
    }
    case DeadLetters: return dlqText(deadLettersOf(s.key));
    case Trend: return {}; // drawn by a delegate from SparklineRole
    case ReadAge: {
        const qint64 age = m_snapshot->takenAtMs - s.readAtMs;
        return s.readAtMs <= 0 ? QStringLiteral("—") : age <= 0 ? QCoreApplication::translate("pelscope::GroupTableModel", "now") : formatDuration(age) + QCoreApplication::translate("pelscope::GroupTableModel", " ago");
    }
    case Reasons: return joinReasons(g.health.reasons, QStringLiteral("; "));
    default: return {};
    }
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
    QList<int> roles{Qt::DisplayRole, Qt::ToolTipRole, SortRole, ReasonsRole, SparklineRole, DeadConsumersRole, DeadLetterKeyRole};
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
    case InRate: return latest(m_rows.at(row).key, int(Metric::InRate)).value_or(-1);
    case OutRate: return latest(m_rows.at(row).key, int(Metric::OutRate)).value_or(-1);
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
    default: return displayText(row, column);
    }
}

void GroupTableModel::refreshHistoryColumns()
{
    if (m_rows.isEmpty())
        return;
    Q_EMIT dataChanged(index(0, Since), index(int(m_rows.size()) - 1, Since), {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
    Q_EMIT dataChanged(index(0, InRate), index(int(m_rows.size()) - 1, Trend),
                     {Qt::DisplayRole, SortRole, SparklineRole, TrendThresholdsRole, TrendFloorRole, Qt::ToolTipRole});
}

GroupTableModel::TrendSeries GroupTableModel::trendSeries(int row) const
{
    TrendSeries out;
    const HealthTrend &t = groupAt(row).health.trend;
    Metric metric = Metric::Lag;
    double unit = 1; // thresholds' units per series unit
    switch (t.measure) {
    case HealthTrend::Measure::Lag:
        out.name = QCoreApplication::translate("pelscope::GroupTableModel", "lag");
        out.format = [](double v) { return formatCount(qint64(v)); };
        out.floor = 100; // a lag jittering between 0 and 7 is a flat line near the bottom, not a storm
        break;
    case HealthTrend::Measure::OldestIdle:
    case HealthTrend::Measure::Behind:
        metric = t.measure == HealthTrend::Measure::OldestIdle ? Metric::OldestIdleSeconds : Metric::BehindSeconds;
        out.name = t.measure == HealthTrend::Measure::OldestIdle ? QCoreApplication::translate("pelscope::GroupTableModel", "oldest pending idle")
                                                                 : QCoreApplication::translate("pelscope::GroupTableModel", "behind");
        out.format = [](double v) { return formatDuration(qint64(v * 1000.0)); };
        unit = 1000; // the thresholds are ms, the series seconds
        break;
    }
    out.warnAt = t.warnAt / unit;
    out.critAt = t.critAt / unit;
    out.floor = std::max(out.floor, out.warnAt); // the warn line is always in the picture
    if (m_history) {
        const qint64 now = m_snapshot->takenAtMs;
        const GroupKey &key = m_rows.at(row).key;
        out.values = m_history->read([&](const HistoryStore &h) { return h.window(key, metric, now - 15LL * 60'000, now, 90).v; });
    }
    return out;
}

// "oldest pending idle now 6m; lowest 4m, highest 6m over 15 minutes; rising; warn at 1m, crit at 5m".
QString GroupTableModel::sparklineWords(int row) const
{
    if (!m_history)
        return {};
    const TrendSeries series = trendSeries(row);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, first = std::nan(""), last = std::nan("");
    for (double x : series.values)
        if (!std::isnan(x)) {
            lo = std::min(lo, x);
            hi = std::max(hi, x);
            if (std::isnan(first))
                first = x;
            last = x;
        }
    if (hi < lo)
        return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 over the last 15 minutes: not known yet"), series.name);
    const QString trend = last > first ? QCoreApplication::translate("pelscope::GroupTableModel", "rising")
                          : last < first ? QCoreApplication::translate("pelscope::GroupTableModel", "falling")
                                         : QCoreApplication::translate("pelscope::GroupTableModel", "flat");
    return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 now %2; lowest %3, highest %4 over 15 minutes; %5; warn at %6, crit at %7"),
                    series.name, series.format(last), series.format(lo), series.format(hi), trend, series.format(series.warnAt),
                    series.format(series.critAt));
}

std::optional<StatusSince> GroupTableModel::sinceOf(int row) const
{
    if (!m_history)
        return std::nullopt;
    const GroupKey &key = m_rows.at(row).key;
    const Health status = groupAt(row).health.status;
    return m_history->read([&](const HistoryStore &h) { return h.statusSince(key, status); });
}

QString GroupTableModel::toolTip(int row, int column) const
{
    const StreamSnapshot &s = streamAt(row);
    const GroupSnapshot &g = groupAt(row);
    switch (column) {
    case Status:
    case Reasons: return g.health.reasons.isEmpty() ? QCoreApplication::translate("pelscope::GroupTableModel", "No rule is broken") : joinReasons(g.health.reasons, QStringLiteral("\n"));
    case Since: {
        const auto since = sinceOf(row);
        if (!since)
            return QCoreApplication::translate("pelscope::GroupTableModel", "No status change recorded for this group yet");
        const QString at = QDateTime::fromMSecsSinceEpoch(since->atMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        return since->atLeast
                   ? fillText(QCoreApplication::translate("pelscope::GroupTableModel",
                                                          "%1 at least since %2: it already was when recording began, so it may have started earlier"),
                              healthName(g.health.status).toUpper(), at)
                   : fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 since %2"), healthName(g.health.status).toUpper(), at);
    }
    case Node: return s.stale ? QCoreApplication::translate("pelscope::GroupTableModel", "This node did not answer the last poll: the values are from an earlier tick") : QString();
    case Lag: return g.lag ? QString() : renderReason(g.lagNote);
    case Behind:
        return g.oldestUnreadAgeMs
                   ? QCoreApplication::translate("pelscope::GroupTableModel", "The oldest entry not yet delivered to the group was added %1 ago").arg(formatDuration(*g.oldestUnreadAgeMs))
                   : g.oldestUnreadNote;
    case DeadLetters: {
        const DeadLetterSnapshot *d = deadLettersOf(s.key);
        if (!d)
            return QCoreApplication::translate("pelscope::GroupTableModel", "No dead-letter stream found for this stream");
        return QCoreApplication::translate("pelscope::GroupTableModel", "%1: %2 entries%3; Enter on this cell browses them")
            .arg(displayBytes(d->key), d->length ? formatCount(*d->length) : QStringLiteral("?"),
                 d->growth ? QCoreApplication::translate("pelscope::GroupTableModel", ", +%1 in the last %2").arg(formatCount(*d->growth), formatDuration(d->growthWindowMs)) : QString());
    }
    case Trend: {
        // The sparkline is drawn from zero with a floor: here are its numbers.
        const QString words = sparklineWords(row);
        return words.isEmpty() ? QString()
                               : fillText(QCoreApplication::translate("pelscope::GroupTableModel",
                                                                      "%1. Drawn from 0, with the warn (amber) and crit (red) lines; the "
                                                                      "measure is the one that explains the status, lag when the group is OK."),
                                          words);
    }
    case ReadAge:
        return s.readAtMs <= 0
                   ? QString()
                   : fillText(QCoreApplication::translate(
                                  "pelscope::GroupTableModel",
                                  "Read at %1 (server time). %2 of %3 groups are read each poll, in turn: each at least every %4 polls."),
                              QDateTime::fromMSecsSinceEpoch(s.readAtMs).toString(QStringLiteral("HH:mm:ss")),
                              formatCount(m_snapshot->stats.groupsRead), formatCount(m_snapshot->stats.groupsKnown), m_snapshot->stats.refreshTicks);
    case OldestIdle:
        return g.pelSampled ? QCoreApplication::translate("pelscope::GroupTableModel", "Lower bound from the %1 entries inspected; upper bound from the oldest entry's ID").arg(g.pelInspected)
                            : QString();
    default: return {};
    }
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
                                  QT_TR_NOOP("Dead letters"),
                                  QT_TR_NOOP("Trend, 15 min"),
                                  QT_TR_NOOP("Read"),
                                  QT_TR_NOOP("Why")};
    // What each column means, on hover: the numbers are the server's, said plainly.
    static const char *tips[] = {
        QT_TR_NOOP("The group's health: CRIT, WARN or OK by the rules in Why. Sorted worst first."),
        QT_TR_NOOP("How long the group has had this status, from the recorded status changes. \"≥\": it already had it when recording began."),
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
        QT_TR_NOOP("Entries added to the stream per second, over the last polls."),
        QT_TR_NOOP("Entries the group read per second, over the last polls."),
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
