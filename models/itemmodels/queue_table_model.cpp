#include "queue_table_model.h"

#include "snapshot/format.h"

#include <QCoreApplication>

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

// A row's identity: the kind ('d' delayed, 'l' list) and the key's bytes, so
// that a delayed queue and a list of the same name are two rows. Built from
// QByteArrays: a "d\0" literal is a C string, and appending a key to it
// stopped at the NUL (the row then lost the key's first byte, and the page
// and its writes went to another key).
QByteArray rowKey(char kind, const QByteArray &key)
{
    return QByteArray(1, kind) + key;
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
            const QString status = q.error.isEmpty() ? healthName(q.health.status) : QCoreApplication::translate("pelscope::QueueTableModel", "error");
            QString tip = QCoreApplication::translate("pelscope::QueueTableModel", "Delayed queue (sorted set scored by due time%1)%2")
                              .arg(q.scoreUnit.isEmpty() ? QString() : QCoreApplication::translate("pelscope::QueueTableModel", ", in %1").arg(q.scoreUnit == QLatin1String("ms") ? QCoreApplication::translate("pelscope::QueueTableModel", "milliseconds") : QCoreApplication::translate("pelscope::QueueTableModel", "seconds")),
                                   q.discovered ? QCoreApplication::translate("pelscope::QueueTableModel", ", found by its name") : QString());
            for (const QString &r : q.health.reasons)
                tip += QLatin1Char('\n') + r;
            rows.append({rowKey('d', q.key),
                         {status, QCoreApplication::translate("pelscope::QueueTableModel", "delayed"), displayBytes(q.key), countOr(q.size), QCoreApplication::translate("pelscope::QueueTableModel", "%1 due").arg(countOr(q.due)),
                          q.oldestOverdueMs ? QCoreApplication::translate("pelscope::QueueTableModel", "%1 late").arg(formatDuration(*q.oldestOverdueMs)) : QStringLiteral("—"),
                          q.nextDueInMs ? QCoreApplication::translate("pelscope::QueueTableModel", "in %1").arg(formatDuration(*q.nextDueInMs))
                          : !q.nextNotTime.isEmpty() ? QCoreApplication::translate("pelscope::QueueTableModel", "never (scored %1)").arg(q.nextNotTime)
                                                     : QStringLiteral("—"),
                          q.error.isEmpty() ? q.health.reasons.join(QStringLiteral("; ")) : q.error, int(q.health.status), sortValue(q.size),
                          sortValue(q.due), sortValue(q.oldestOverdueMs), tip, QByteArray()}});
        }
        for (const ListQueueSnapshot &q : snapshot->listQueues) {
            const QString status = q.error.isEmpty() ? healthName(q.health.status) : QCoreApplication::translate("pelscope::QueueTableModel", "error");
            QString oldest = QStringLiteral("—");
            if (q.oldestProcessingAgeMs)
                oldest = formatDuration(*q.oldestProcessingAgeMs);
            else if (q.sampled > 0)
                oldest = QCoreApplication::translate("pelscope::QueueTableModel", "unknown");
            QString tip = QCoreApplication::translate("pelscope::QueueTableModel", "Reliable list: workers move items from %1 to %2 and remove them when done%3")
                              .arg(displayBytes(q.key), displayBytes(q.processingKey), q.discovered ? QCoreApplication::translate("pelscope::QueueTableModel", " (found by its name)") : QString());
            if (q.sampled > 0)
                tip += QCoreApplication::translate("pelscope::QueueTableModel", "\nThe oldest %1 processing items read: %2 without a timestamp (unknown age), %3 stuck")
                           .arg(formatCount(q.sampled), formatCount(q.undated), formatCount(q.stuck));
            for (const QString &r : q.health.reasons)
                tip += QLatin1Char('\n') + r;
            rows.append({rowKey('l', q.key),
                         {status, QCoreApplication::translate("pelscope::QueueTableModel", "reliable list"), QStringLiteral("%1 → %2").arg(displayBytes(q.key), displayBytes(q.processingKey)),
                          countOr(q.length), QCoreApplication::translate("pelscope::QueueTableModel", "%1 processing").arg(countOr(q.processingLength)), oldest, QStringLiteral("—"),
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
    case KeyRole: return keyAt(row).mid(1);
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
    case Status: return QCoreApplication::translate("pelscope::QueueTableModel", "Status");
    case Kind: return QCoreApplication::translate("pelscope::QueueTableModel", "Kind");
    case Queue: return QCoreApplication::translate("pelscope::QueueTableModel", "Queue");
    case Size: return QCoreApplication::translate("pelscope::QueueTableModel", "Size");
    case Waiting: return QCoreApplication::translate("pelscope::QueueTableModel", "Waiting");
    case Oldest: return QCoreApplication::translate("pelscope::QueueTableModel", "Oldest");
    case NextDue: return QCoreApplication::translate("pelscope::QueueTableModel", "Next due");
    case Why: return QCoreApplication::translate("pelscope::QueueTableModel", "Why");
    }
    return {};
}

} // namespace pelscope
