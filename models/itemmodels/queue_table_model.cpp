#include "queue_table_model.h"

#include "snapshot/format.h"

namespace pelscope {

namespace {

QString countOr(const std::optional<qint64> &v)
{
    return v ? formatCount(*v) : QStringLiteral("?");
}

double sortValue(const std::optional<qint64> &v)
{
    return v ? double(*v) : -1.0;
}

} // namespace

QueueTableModel::QueueTableModel(QObject *parent)
    : KeyedTableModel(parent)
{}

void QueueTableModel::applySnapshot(const Snapshot &snapshot)
{
    QList<RowCells> rows;
    if (!snapshot.isNull()) {
        for (const DelayedQueueSnapshot &q : snapshot->delayedQueues) {
            const QString status = q.error.isEmpty() ? healthName(q.health.status) : QStringLiteral("error");
            QString tip = QStringLiteral("Delayed queue (sorted set scored by due time%1)%2")
                              .arg(q.scoreUnit.isEmpty() ? QString() : QStringLiteral(", in %1").arg(q.scoreUnit == QLatin1String("ms") ? QStringLiteral("milliseconds") : QStringLiteral("seconds")),
                                   q.discovered ? QStringLiteral(", found by its name") : QString());
            for (const QString &r : q.health.reasons)
                tip += QLatin1Char('\n') + r;
            rows.append({"d\0" + q.key,
                         {status, QStringLiteral("delayed"), displayBytes(q.key), countOr(q.size), QStringLiteral("%1 due").arg(countOr(q.due)),
                          q.oldestOverdueMs ? QStringLiteral("%1 late").arg(formatDuration(*q.oldestOverdueMs)) : QStringLiteral("—"),
                          q.nextDueInMs ? QStringLiteral("in %1").arg(formatDuration(*q.nextDueInMs)) : QStringLiteral("—"),
                          q.error.isEmpty() ? q.health.reasons.join(QStringLiteral("; ")) : q.error, int(q.health.status), sortValue(q.size),
                          sortValue(q.due), sortValue(q.oldestOverdueMs), tip, QByteArray()}});
        }
        for (const ListQueueSnapshot &q : snapshot->listQueues) {
            const QString status = q.error.isEmpty() ? healthName(q.health.status) : QStringLiteral("error");
            QString oldest = QStringLiteral("—");
            if (q.oldestProcessingAgeMs)
                oldest = formatDuration(*q.oldestProcessingAgeMs);
            else if (q.sampled > 0)
                oldest = QStringLiteral("unknown");
            QString tip = QStringLiteral("Reliable list: workers move items from %1 to %2 and remove them when done%3")
                              .arg(displayBytes(q.key), displayBytes(q.processingKey), q.discovered ? QStringLiteral(" (found by its name)") : QString());
            if (q.sampled > 0)
                tip += QStringLiteral("\nThe oldest %1 processing items read: %2 without a timestamp (unknown age), %3 stuck")
                           .arg(formatCount(q.sampled), formatCount(q.undated), formatCount(q.stuck));
            for (const QString &r : q.health.reasons)
                tip += QLatin1Char('\n') + r;
            rows.append({"l\0" + q.key,
                         {status, QStringLiteral("reliable list"), QStringLiteral("%1 → %2").arg(displayBytes(q.key), displayBytes(q.processingKey)),
                          countOr(q.length), QStringLiteral("%1 processing").arg(countOr(q.processingLength)), oldest, QStringLiteral("—"),
                          q.error.isEmpty() ? q.health.reasons.join(QStringLiteral("; ")) : q.error, int(q.health.status), sortValue(q.length),
                          sortValue(q.processingLength), sortValue(q.oldestProcessingAgeMs), tip, q.processingKey}});
        }
    }
    applyRows(rows, {Qt::DisplayRole, Qt::ToolTipRole, SortRole, HealthRole});
}

QVariant QueueTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    switch (role) {
    case Qt::DisplayRole: return cell(row, index.column());
    case HealthRole: return cell(row, HealthCell);
    case SortRole:
        switch (index.column()) {
        case Status: return cell(row, HealthCell);
        case Size: return cell(row, SizeValue);
        case Waiting: return cell(row, WaitingValue);
        case Oldest: return cell(row, OldestValue);
        default: return cell(row, index.column());
        }
    case KeyRole: return keyAt(row).mid(2);
    case IsListRole: return keyAt(row).startsWith('l');
    case ProcessingKeyRole: return cell(row, ProcessingKeyCell);
    case Qt::ToolTipRole: return cell(row, Tooltip);
    case Qt::TextAlignmentRole: return QVariant::fromValue((index.column() == Size ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant QueueTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Status: return QStringLiteral("Status");
    case Kind: return QStringLiteral("Kind");
    case Queue: return QStringLiteral("Queue");
    case Size: return QStringLiteral("Size");
    case Waiting: return QStringLiteral("Waiting");
    case Oldest: return QStringLiteral("Oldest");
    case NextDue: return QStringLiteral("Next due");
    case Why: return QStringLiteral("Why");
    }
    return {};
}

} // namespace pelscope
