#include "group_table_model.h"

#include "history/history_store.h"
#include "snapshot/format.h"

#include <cmath>
#include <limits>

#include <QSet>

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

int deadConsumers(const GroupSnapshot &g)
{
    int dead = 0;
    for (const ConsumerSnapshot &c : g.consumerList)
        if (c.pending > 0 && c.idleMs && *c.idleMs >= 300'000)
            ++dead;
    return dead;
}

} // namespace

GroupTableModel::GroupTableModel(QObject *parent)
    : KeyedTableModel(parent)
{}

const GroupTableModel::Row &GroupTableModel::rowAt(int row) const
{
    static const Row none;
    const auto it = m_rowData.constFind(keyAt(row));
    return it == m_rowData.cend() ? none : *it;
}

std::optional<double> GroupTableModel::latest(const QByteArray &stream, const QByteArray &group, int metric) const
{
    if (!m_history || m_snapshot.isNull())
        return std::nullopt;
    const qint64 now = m_snapshot->takenAtMs;
    const SeriesWindow w = m_history->window(GroupKey{stream, group}, Metric(metric), now - 30'000, now, 64);
    for (qsizetype i = w.v.size() - 1; i >= 0; --i)
        if (!std::isnan(w.v[i]))
            return w.v[i];
    return std::nullopt;
}

QList<QVariant> GroupTableModel::displayValues(const StreamSnapshot &s, const GroupSnapshot &g) const
{
    QString consumers = g.consumers ? QString::number(*g.consumers) : QStringLiteral("?");
    if (!g.consumerList.isEmpty()) {
        int alive = 0;
        for (const ConsumerSnapshot &c : g.consumerList)
            alive += c.idleMs && *c.idleMs < 60'000;
        consumers = QStringLiteral("%1 / %2").arg(alive).arg(g.consumerList.size());
    }
    if (const int dead = deadConsumers(g))
        consumers += QStringLiteral(" (%1 dead)").arg(dead);
    auto rate = [&](Metric m) {
        const auto v = latest(s.key, g.name, int(m));
        return v ? QString::number(*v, 'f', *v < 10 ? 1 : 0) + QStringLiteral("/s") : QStringLiteral("—");
    };
    return {
        healthName(g.health.status),
        m_connectionLabel,
        s.node.isEmpty() ? QStringLiteral("—") : s.node,
        displayBytes(s.key),
        displayBytes(g.name),
        g.lag ? formatCount(*g.lag) : QStringLiteral("unknown"),
        g.oldestUnreadAgeMs ? formatDuration(*g.oldestUnreadAgeMs) : QStringLiteral("—"),
        g.pending ? formatCount(*g.pending) : QStringLiteral("?"),
        oldestIdleText(g),
        consumers,
        g.maxDeliveryCount ? QString::number(*g.maxDeliveryCount) : QStringLiteral("—"),
        rate(Metric::InRate),
        rate(Metric::OutRate),
        dlqText(deadLettersOf(s.key)),
        // Changes every poll so the sparkline repaints; drawn by a delegate.
        QStringLiteral("%1@%2").arg(g.lag.value_or(-1)).arg(m_snapshot.isNull() ? 0 : m_snapshot->takenAtMs),
        g.health.reasons.join(QStringLiteral("; ")),
    };
}

const DeadLetterSnapshot *GroupTableModel::deadLettersOf(const QByteArray &stream) const
{
    if (m_snapshot.isNull())
        return nullptr;
    for (const DeadLetterSnapshot &d : m_snapshot->deadLetters)
        if (d.source == stream)
            return &d;
    return nullptr;
}

void GroupTableModel::clear()
{
    resetRows({});
    m_rowData.clear();
    m_snapshot = {};
}

void GroupTableModel::setConnectionLabel(const QString &label)
{
    if (label == m_connectionLabel)
        return;
    m_connectionLabel = label;
    setColumn(Connection, label, {Qt::DisplayRole, SortRole});
}

void GroupTableModel::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    signalColumns(0, ColumnCount - 1, {StaleRole, Qt::ForegroundRole});
}

void GroupTableModel::applySnapshot(const Snapshot &snapshot)
{
    m_snapshot = snapshot;
    QList<RowCells> rows;
    QSet<QByteArray> keys;
    for (const StreamSnapshot &s : snapshot.data().streams)
        for (const GroupSnapshot &g : s.groups) {
            const QByteArray key = keyOf(s.key, g.name);
            keys.insert(key);
            m_rowData.insert(key, Row{s.key, g, s.stale});
            QList<QVariant> cells = displayValues(s, g);
            // The row's state past the columns: a health or staleness change repaints the row's tint.
            cells << QStringLiteral("%1/%2").arg(int(g.health.status)).arg(s.stale);
            rows.append({key, std::move(cells)});
        }
    applyRows(rows, {Qt::DisplayRole, Qt::ToolTipRole, SortRole, HealthRole, ReasonsRole, StaleRole});
    for (auto it = m_rowData.begin(); it != m_rowData.end();)
        it = keys.contains(it.key()) ? std::next(it) : m_rowData.erase(it);
}

int GroupTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GroupTableModel::sortValue(const Row &row, int index, int column) const
{
    const GroupSnapshot &g = row.group;
    switch (column) {
    case Status:
        // Worst first: status, then how long the oldest entry has waited, then lag.
        return double(int(g.health.status)) * 1e15 + double(std::min<qint64>(g.oldestIdleMs.value_or(0), 999'999'999'999LL)) * 10 + (g.lag ? 0 : 1);
    case Lag: return g.lag ? double(*g.lag) : -1.0;
    case Behind: return double(g.oldestUnreadAgeMs.value_or(-1));
    case Pending: return double(g.pending.value_or(-1));
    case OldestIdle: return double(g.oldestIdleMs.value_or(-1));
    case Consumers: return double(g.consumers.value_or(-1));
    case MaxDeliveries: return double(g.maxDeliveryCount.value_or(-1));
    case InRate: return latest(row.stream, g.name, int(Metric::InRate)).value_or(-1);
    case OutRate: return latest(row.stream, g.name, int(Metric::OutRate)).value_or(-1);
    case DeadLetters: {
        const DeadLetterSnapshot *d = deadLettersOf(row.stream);
        return d ? double(d->length.value_or(0)) + double(d->growth.value_or(0)) * 1e-6 : -1.0;
    }
    case LagTrend: return g.lag ? double(*g.lag) : -1.0;
    default: return cell(index, column);
    }
}

void GroupTableModel::refreshHistoryColumns()
{
    signalColumns(InRate, LagTrend, {Qt::DisplayRole, SortRole, SparklineRole, Qt::ToolTipRole});
}

QVariant GroupTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = rowAt(index.row());
    switch (role) {
    case Qt::DisplayRole: return cell(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == Status || index.column() == Reasons)
            return row.group.health.reasons.isEmpty() ? QStringLiteral("No rule is broken") : row.group.health.reasons.join(QLatin1Char('\n'));
        if (index.column() == Node && row.streamStale)
            return QStringLiteral("This node did not answer the last poll: the values are from an earlier tick");
        if (index.column() == Lag && !row.group.lag)
            return row.group.lagNote;
        if (index.column() == Behind)
            return row.group.oldestUnreadAgeMs ? QStringLiteral("The oldest entry not yet delivered to the group was added %1 ago")
                                                     .arg(formatDuration(*row.group.oldestUnreadAgeMs))
                                               : row.group.oldestUnreadNote;
        if (index.column() == DeadLetters) {
            const DeadLetterSnapshot *d = deadLettersOf(row.stream);
            if (!d)
                return QStringLiteral("No dead-letter stream found for this stream");
            return QStringLiteral("%1: %2 entries%3; Enter on this cell browses them")
                .arg(displayBytes(d->key), d->length ? formatCount(*d->length) : QStringLiteral("?"),
                     d->growth ? QStringLiteral(", +%1 in the last %2").arg(formatCount(*d->growth), formatDuration(d->growthWindowMs)) : QString());
        }
        if (index.column() == LagTrend && m_history && !m_snapshot.isNull()) {
            // The sparkline is drawn from zero with a floor: here are its numbers.
            const qint64 now = m_snapshot->takenAtMs;
            const QList<double> v = m_history->window(GroupKey{row.stream, row.group.name}, Metric::Lag, now - 15LL * 60'000, now, 90).v;
            double lo = std::numeric_limits<double>::infinity(), hi = -lo;
            for (double x : v)
                if (!std::isnan(x)) {
                    lo = std::min(lo, x);
                    hi = std::max(hi, x);
                }
            if (hi < lo)
                return QStringLiteral("Lag over the last 15 minutes: not known yet");
            return QStringLiteral("Lag over the last 15 minutes: from %1 to %2 entries (drawn from 0; a lag under 100 stays near the bottom)")
                .arg(formatCount(qint64(lo)), formatCount(qint64(hi)));
        }
        if (index.column() == OldestIdle && row.group.pelSampled)
            return QStringLiteral("Lower bound from the %1 entries inspected; upper bound from the oldest entry's ID").arg(row.group.pelInspected);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= Lag && index.column() <= DeadLetters)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole: return sortValue(row, index.row(), index.column());
    case HealthRole: return int(row.group.health.status);
    case StreamKeyRole: return row.stream;
    case GroupNameRole: return row.group.name;
    case ReasonsRole: return row.group.health.reasons;
    case StaleRole: return m_stale || row.streamStale;
    case DeadLetterKeyRole: {
        const DeadLetterSnapshot *d = deadLettersOf(row.stream);
        return d ? d->key : QByteArray();
    }
    case DeadConsumersRole: return deadConsumers(row.group);
    case SparklineRole: {
        QList<double> points;
        if (m_history && !m_snapshot.isNull()) {
            const qint64 now = m_snapshot->takenAtMs;
            points = m_history->window(GroupKey{row.stream, row.group.name}, Metric::Lag, now - 15LL * 60'000, now, 90).v;
        }
        return QVariant::fromValue(points);
    }
    default: return {};
    }
}

QVariant GroupTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    static const char *names[] = {QT_TR_NOOP("Status"),    QT_TR_NOOP("Connection"),     QT_TR_NOOP("Node"),
                                  QT_TR_NOOP("Stream"),    QT_TR_NOOP("Group"),          QT_TR_NOOP("Lag"),
                                  QT_TR_NOOP("Behind"),    QT_TR_NOOP("Pending"),        QT_TR_NOOP("Oldest pending idle"),
                                  QT_TR_NOOP("Consumers"), QT_TR_NOOP("Max deliveries"), QT_TR_NOOP("In"),
                                  QT_TR_NOOP("Out"),       QT_TR_NOOP("Dead letters"),   QT_TR_NOOP("Lag, 15 min"),
                                  QT_TR_NOOP("Why")};
    // What each column means, on hover: the numbers are the server's, said plainly.
    static const char *tips[] = {
        QT_TR_NOOP("The group's health: CRIT, WARN or OK by the rules in Why. Sorted worst first."),
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
        QT_TR_NOOP("Consumers active in the last minute / all consumers; \"(N dead)\": holding pending entries and idle 5 minutes or more."),
        QT_TR_NOOP("The highest delivery count among pending entries: an entry delivered again and again is likely poison."),
        QT_TR_NOOP("Entries added to the stream per second, over the last polls."),
        QT_TR_NOOP("Entries the group read per second, over the last polls."),
        QT_TR_NOOP("The stream's dead-letter stream: its length and recent growth. Enter on the cell opens it."),
        QT_TR_NOOP("Lag over the last 15 minutes, drawn from 0; hover a cell for its range."),
        QT_TR_NOOP("Every rule the group breaks, in words. The selected row's reasons are also shown in full under the table."),
    };
    if (role == Qt::DisplayRole)
        return tr(names[section]);
    if (role == Qt::ToolTipRole)
        return tr(tips[section]);
    return {};
}

} // namespace pelscope
