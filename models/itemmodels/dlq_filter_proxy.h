// Narrows the loaded dead letters: text in any field, a category or reason,
// and a time window (newer than now − N). Sorting by the model's SortRole.
#pragma once

#include <QSortFilterProxyModel>

namespace pelscope {

class DlqFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum class Scope { AnyField, Category, Reason, Id };

    explicit DlqFilterProxy(QObject *parent = nullptr);

    void setFilter(Scope scope, const QString &text, qint64 sinceMs);
    Scope scope() const { return m_scope; }
    QString text() const { return m_text; }
    bool isFiltering() const { return !m_text.isEmpty() || m_sinceMs > 0; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    Scope m_scope = Scope::AnyField;
    QString m_text;
    qint64 m_sinceMs = 0;
};

} // namespace pelscope
