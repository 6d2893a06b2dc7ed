#include "dlq_entry_model.h"

#include "snapshot/dlq_layout.h"

#include "snapshot/format.h"
#include "snapshot/stream_id.h"

#include <QDateTime>
#include <QLocale>
#include <QSet>

namespace pelscope {

namespace {

const QList<QByteArray> kCategory{"category"};
const QList<QByteArray> kReason{"reason", "error"};
const QList<QByteArray> kDeliveries{"delivery_count", "deliveries"};
const QList<QByteArray> kSourceId{"source_id"};

QList<DlqEntry> entriesOf(const EntryPage &page)
{
    QList<DlqEntry> out;
    out.reserve(page.entries.size());
    for (qsizetype i = 0; i < page.entries.size(); ++i) {
        const auto &[id, fields] = page.entries[i];
        const auto sid = StreamId::parse(id);
        out.append({id, sid ? qint64(sid->ms) : 0, fields, page.entryBytes.value(i)});
    }
    return out;
}

bool newer(const QByteArray &a, const QByteArray &b)
{
    const auto x = StreamId::parse(a), y = StreamId::parse(b);
    return x && y && *y < *x;
}

} // namespace

DlqEntryModel::DlqEntryModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

QByteArray DlqEntryModel::valueOf(const StreamFields &fields, const QList<QByteArray> &names)
{
    // The application's field, else Pelscope's own of that name (an entry it moved: pelscope:reason).
    for (const QByteArray &name : names)
        if (const QByteArray v = DlqLayout::valueOf(fields, name); !v.isEmpty())
            return v;
    return {};
}

void DlqEntryModel::clear()
{
    beginResetModel();
    m_entries.clear();
    m_rowOf.clear();
    m_more = false;
    endResetModel();
}

void DlqEntryModel::applyPage(const EntryPage &page)
{
    if (!page.error.isEmpty())
        return;
    QList<DlqEntry> incoming = entriesOf(page);
    if (page.first && !m_entries.isEmpty()) {
        merge(incoming);
        if (m_entries.size() <= incoming.size())
            m_more = page.more;
        return;
    }
    // An older page: append what is older than what we hold.
    const QByteArray oldest = oldestId();
    QList<DlqEntry> older;
    for (DlqEntry &e : incoming)
        if (oldest.isEmpty() || newer(oldest, e.id))
            older.append(std::move(e));
    m_more = page.more;
    if (older.isEmpty())
        return;
    beginInsertRows({}, int(m_entries.size()), int(m_entries.size() + older.size() - 1));
    m_entries.append(older);
    rebuildIndex();
    endInsertRows();
}

void DlqEntryModel::merge(const QList<DlqEntry> &newest)
{
    // Within the span the new page covers, entries it lacks are gone.
    if (!newest.isEmpty()) {
        QSet<QByteArray> present;
        for (const DlqEntry &e : newest)
            present.insert(e.id);
        const QByteArray floor = newest.last().id;
        QList<QByteArray> vanished;
        for (const DlqEntry &e : std::as_const(m_entries))
            if (!present.contains(e.id) && (e.id == floor || newer(e.id, floor)))
                vanished.append(e.id);
        removeIds(vanished);
    } else {
        clear();
        return;
    }
    QList<DlqEntry> fresh;
    for (const DlqEntry &e : newest)
        if (m_entries.isEmpty() || newer(e.id, m_entries.first().id))
            fresh.append(e);
    if (fresh.isEmpty())
        return;
    beginInsertRows({}, 0, int(fresh.size() - 1));
    m_entries = fresh + m_entries;
    rebuildIndex();
    endInsertRows();
}

void DlqEntryModel::removeIds(const QList<QByteArray> &ids)
{
    QList<int> rows;
    for (const QByteArray &id : ids)
        if (const auto it = m_rowOf.constFind(id); it != m_rowOf.constEnd())
            rows.append(*it);
    std::sort(rows.begin(), rows.end(), std::greater<>());
    for (int row : rows) {
        beginRemoveRows({}, row, row);
        m_entries.removeAt(row);
        endRemoveRows();
    }
    if (!rows.isEmpty())
        rebuildIndex();
}

void DlqEntryModel::rebuildIndex()
{
    m_rowOf.clear();
    for (int i = 0; i < m_entries.size(); ++i)
        m_rowOf.insert(m_entries[i].id, i);
}

const DlqEntry *DlqEntryModel::entry(int row) const
{
    return row >= 0 && row < m_entries.size() ? &m_entries[row] : nullptr;
}

const DlqEntry *DlqEntryModel::entryById(const QByteArray &id) const
{
    const auto it = m_rowOf.constFind(id);
    return it == m_rowOf.constEnd() ? nullptr : &m_entries[*it];
}

QString DlqEntryModel::preview(const StreamFields &fields) const
{
    QStringList parts;
    for (const auto &[name, value] : fields) {
        if (m_layout.isMetadata(name))
            continue;
        QString v = displayBytes(value.left(120));
        v.replace(QLatin1Char('\n'), QLatin1Char(' '));
        parts << QStringLiteral("%1=%2").arg(displayBytes(name), v);
        if (parts.size() == 4)
            break;
    }
    return parts.join(QStringLiteral("  "));
}

QVariant DlqEntryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const DlqEntry &e = m_entries[index.row()];
    if (role == EntryIdRole)
        return e.id;
    if (role == SortRole) {
        switch (index.column()) {
        case Id:
        case Time: {
            const auto sid = StreamId::parse(e.id);
            return sid ? double(sid->ms) * 1e6 + double(sid->seq) : 0.0;
        }
        case Deliveries: return valueOf(e.fields, kDeliveries).toLongLong();
        case Size: return e.bytes;
        default: return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue((index.column() == Deliveries || index.column() == Size ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Id: return QString::fromLatin1(e.id);
    case Time: return QDateTime::fromMSecsSinceEpoch(e.ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case Category: return displayBytes(valueOf(e.fields, kCategory));
    case Reason: return displayBytes(valueOf(e.fields, kReason));
    case Deliveries: return displayBytes(valueOf(e.fields, kDeliveries));
    case SourceId: return displayBytes(valueOf(e.fields, kSourceId));
    case Fields: return preview(e.fields);
    case Size: return QLocale().formattedDataSize(e.bytes, 1, QLocale::DataSizeTraditionalFormat);
    }
    return {};
}

QVariant DlqEntryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char *const names[] = {QT_TR_NOOP("ID"),         QT_TR_NOOP("Failed at"), QT_TR_NOOP("Category"), QT_TR_NOOP("Reason"),
                                        QT_TR_NOOP("Deliveries"), QT_TR_NOOP("Source ID"), QT_TR_NOOP("Fields"),   QT_TR_NOOP("Size")};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace pelscope
