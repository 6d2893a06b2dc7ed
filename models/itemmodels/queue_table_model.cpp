#include "queue_table_model.h"

#include "snapshot/format.h"
#include "snapshot/status_words.h"
#include "text/fill_text.h"

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

// A job framework's queue (or set): its figures by what it holds, as the
// console's table shows them.
std::pair<QByteArray, QList<QVariant>> jobRow(const JobQueueSnapshot &q)
{
    QString size = QStringLiteral("?"), held = QStringLiteral("—"), oldest = QStringLiteral("—");
    const JobFigures f = jobFigures(q);
    const std::optional<qint64> &sizeValue = f.size, &heldValue = f.held, &oldestValue = f.oldestMs;
    switch (f.holds) {
    case JobFigures::Holds::Waiting:
        if (q.active)
            held = fillText(QCoreApplication::translate("pelscope::QueueTableModel", "%1 active"), formatCount(*q.active));
        if (q.oldestWaitingMs)
            oldest = formatDuration(*q.oldestWaitingMs);
        else if (q.notTakenForMs)
            oldest = fillText(QCoreApplication::translate("pelscope::QueueTableModel", "≥ %1 (nothing taken)"), formatDuration(*q.notTakenForMs));
        break;
    case JobFigures::Holds::Scheduled:
        held = fillText(QCoreApplication::translate("pelscope::QueueTableModel", "%1 due"), countOr(q.overdue));
        if (q.oldestOverdueMs)
            oldest = fillText(QCoreApplication::translate("pelscope::QueueTableModel", "%1 late"), formatDuration(*q.oldestOverdueMs));
        break;
    case JobFigures::Holds::Failed: held = QCoreApplication::translate("pelscope::QueueTableModel", "dead letters"); break;
    case JobFigures::Holds::Reserved:
        held = fillText(QCoreApplication::translate("pelscope::QueueTableModel", "%1 reserved"), formatCount(*q.active));
        if (q.oldestOrphanedMs)
            oldest = formatDuration(*q.oldestOrphanedMs);
        break;
    case JobFigures::Holds::Workers: held = QCoreApplication::translate("pelscope::QueueTableModel", "workers alive"); break;
    case JobFigures::Holds::Nothing: break;
    }
    if (sizeValue)
        size = formatCount(*sizeValue);
    QStringList tip{fillText(QCoreApplication::translate("pelscope::QueueTableModel", "%1 (key %2)%3"), jobQueueTitle(q), displayBytes(q.key),
                             q.version.isEmpty() ? QString() : fillText(QStringLiteral(", %1"), q.version))};
    if (!q.newestFailure.isEmpty())
        tip << fillText(QCoreApplication::translate("pelscope::QueueTableModel", "Newest failure: %1"), q.newestFailure);
    tip += renderReasons(q.health.reasons);
    const QString status = q.error.isEmpty() ? statusWord(q.health.status) : QCoreApplication::translate("pelscope::QueueTableModel", "error");
    return {QByteArray(1, 'j') + jobQueueId(q),
            {status, frameworkName(q.framework), jobQueueTitle(q).section(QLatin1Char(' '), 1), size, held, oldest, QStringLiteral("—"),
             q.error.isEmpty() ? joinReasons(q.health.reasons, QStringLiteral("; ")) : q.error, int(q.health.status), sortValue(sizeValue),
             sortValue(heldValue), sortValue(oldestValue), tip.join(QLatin1Char('\n')), QByteArray()}};
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
            const QString status = q.error.isEmpty() ? statusWord(q.health.status) : QCoreApplication::translate("pelscope::QueueTableModel", "error");
            QString tip = QCoreApplication::translate("pelscope::QueueTableModel", "Delayed queue (sorted set scored by due time%1)%2")
                              .arg(q.scoreUnit.isEmpty() ? QString() : QCoreApplication::translate("pelscope::QueueTableModel", ", in %1").arg(q.scoreUnit == QLatin1String("ms") ? QCoreApplication::translate("pelscope::QueueTableModel", "milliseconds") : QCoreApplication::translate("pelscope::QueueTableModel", "seconds")),
                                   q.discovered ? QCoreApplication::translate("pelscope::QueueTableModel", ", found by its name") : QString());
            for (const QString &r : renderReasons(q.health.reasons))
                tip += QLatin1Char('\n') + r;
            rows.append({rowKey('d', q.key),
                         {status, QCoreApplication::translate("pelscope::QueueTableModel", "delayed"), elidedName(q.key, kCellNameCap), countOr(q.size), QCoreApplication::translate("pelscope::QueueTableModel", "%1 due").arg(countOr(q.due)),
                          q.oldestOverdueMs ? QCoreApplication::translate("pelscope::QueueTableModel", "%1 late").arg(formatDuration(*q.oldestOverdueMs)) : QStringLiteral("—"),
                          q.nextDueInMs ? QCoreApplication::translate("pelscope::QueueTableModel", "in %1").arg(formatDuration(*q.nextDueInMs))
                          : !q.nextNotTime.isEmpty() ? QCoreApplication::translate("pelscope::QueueTableModel", "never (scored %1)").arg(q.nextNotTime)
                                                     : QStringLiteral("—"),
                          q.error.isEmpty() ? joinReasons(q.health.reasons, QStringLiteral("; ")) : q.error, int(q.health.status), sortValue(q.size),
                          sortValue(q.due), sortValue(q.oldestOverdueMs), tip, QByteArray()}});
        }
        for (const ListQueueSnapshot &q : snapshot->listQueues) {
            const QString status = q.error.isEmpty() ? statusWord(q.health.status) : QCoreApplication::translate("pelscope::QueueTableModel", "error");
            QString oldest = QStringLiteral("—");
            if (q.oldestProcessingAgeMs)
                oldest = formatDuration(*q.oldestProcessingAgeMs);
            else if (q.sampled > 0)
                oldest = QCoreApplication::translate("pelscope::QueueTableModel", "unknown");
            const bool plain = q.processingKey.isEmpty();
            QString tip = plain ? fillText(QCoreApplication::translate("pelscope::QueueTableModel", "Plain list: workers pop items from %1"), displayBytes(q.key))
                                : fillText(QCoreApplication::translate("pelscope::QueueTableModel", "Reliable list: workers move items from %1 to %2 and remove them when done%3"),
                                           displayBytes(q.key), displayBytes(q.processingKey),
                                           q.discovered ? QCoreApplication::translate("pelscope::QueueTableModel", " (found by its name)") : QString());
            if (q.sampled > 0)
                tip += QCoreApplication::translate("pelscope::QueueTableModel", "\nThe oldest %1 processing items read: %2 without a timestamp (unknown age), %3 stuck")
                           .arg(formatCount(q.sampled), formatCount(q.undated), formatCount(q.stuck));
            for (const QString &r : renderReasons(q.health.reasons))
                tip += QLatin1Char('\n') + r;
            rows.append({rowKey('l', q.key),
                         {status, plain ? QCoreApplication::translate("pelscope::QueueTableModel", "list") : QCoreApplication::translate("pelscope::QueueTableModel", "reliable list"),
                          plain ? elidedName(q.key, kCellNameCap) : fillText(QStringLiteral("%1 → %2"), elidedName(q.key, kCellNameCap), elidedName(q.processingKey, kCellNameCap)), countOr(q.length),
                          plain ? QStringLiteral("—") : QCoreApplication::translate("pelscope::QueueTableModel", "%1 processing").arg(countOr(q.processingLength)), oldest, QStringLiteral("—"),
                          q.error.isEmpty() ? joinReasons(q.health.reasons, QStringLiteral("; ")) : q.error, int(q.health.status), sortValue(q.length),
                          sortValue(q.processingLength), sortValue(q.oldestProcessingAgeMs), tip, q.processingKey}});
        }
        for (const JobQueueSnapshot &q : snapshot->jobQueues) {
            auto [key, cells] = jobRow(q);
            rows.append({std::move(key), std::move(cells)});
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
    case IsJobRole: return keyAt(row).startsWith('j');
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
