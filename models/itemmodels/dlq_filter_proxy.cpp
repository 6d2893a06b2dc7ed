#include "dlq_filter_proxy.h"

#include "../snapshot/format.h"
#include "dlq_entry_model.h"

namespace pelscope {

DlqFilterProxy::DlqFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(DlqEntryModel::SortRole);
}

void DlqFilterProxy::setFilter(Scope scope, const QString &text, qint64 sinceMs)
{
    m_scope = scope;
    m_text = text;
    m_sinceMs = sinceMs;
    invalidateFilter();
}

bool DlqFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    const auto *model = static_cast<const DlqEntryModel *>(sourceModel());
    const DlqEntry *e = model->entry(sourceRow);
    if (!e)
        return false;
    if (m_sinceMs > 0 && e->ms < m_sinceMs)
        return false;
    if (m_text.isEmpty())
        return true;
    switch (m_scope) {
    case Scope::Category: return displayBytes(DlqEntryModel::valueOf(e->fields, {"category"})) == m_text;
    case Scope::Reason: return displayBytes(DlqEntryModel::valueOf(e->fields, {"reason", "error"})).contains(m_text, Qt::CaseInsensitive);
    case Scope::Id: return QString::fromLatin1(e->id).startsWith(m_text);
    case Scope::AnyField:
        for (const auto &[name, value] : e->fields)
            if (displayBytes(value).contains(m_text, Qt::CaseInsensitive) || displayBytes(name).contains(m_text, Qt::CaseInsensitive))
                return true;
        return QString::fromLatin1(e->id).contains(m_text);
    }
    return true;
}

bool DlqFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant a = left.data(sortRole()), b = right.data(sortRole());
    if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
        return a.toString() < b.toString();
    return a.toDouble() < b.toDouble();
}

} // namespace pelscope
