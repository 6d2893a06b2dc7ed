// The dead letters the DLQ browser has loaded, newest first. Pages are
// appended as the operator scrolls back; a re-read of the newest page merges
// (new entries on top, vanished ones removed) so selection and scroll survive
// while the DLQ changes underneath.
#pragma once

#include "snapshot/dlq_layout.h"
#include "polling/entry_reader.h"

#include <QAbstractTableModel>
#include <QHash>

namespace pelscope {

struct DlqEntry
{
    QByteArray id;
    qint64 ms = 0;       // time part of the ID
    StreamFields fields; // values cut at EntryReader::kPageValueCap
    qint64 bytes = 0;    // full size of names and values
};

class DlqEntryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Id, Time, Category, Reason, Deliveries, SourceId, Fields, Size, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, EntryIdRole };

    explicit DlqEntryModel(QObject *parent = nullptr);

    void setLayout(const DlqLayout &layout) { m_layout = layout; }
    // A page from EntryReader::readPage: the first page merges, later ones append.
    void applyPage(const EntryPage &page);
    void clear();
    // Rows whose entries are known to be gone (requeued, deleted).
    void removeIds(const QList<QByteArray> &ids);

    const DlqEntry *entry(int row) const;
    const DlqEntry *entryById(const QByteArray &id) const;
    QByteArray oldestId() const { return m_entries.isEmpty() ? QByteArray() : m_entries.last().id; }
    bool hasMore() const { return m_more; }
    int loaded() const { return int(m_entries.size()); }

    // The first value of any of `names` (e.g. category), empty when none.
    static QByteArray valueOf(const StreamFields &fields, const QList<QByteArray> &names);

    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_entries.size()); }
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void merge(const QList<DlqEntry> &newest);
    void rebuildIndex();
    QString preview(const StreamFields &fields) const;

    DlqLayout m_layout;
    QList<DlqEntry> m_entries; // by ID, newest first
    QHash<QByteArray, int> m_rowOf;
    bool m_more = false;
};

} // namespace pelscope
