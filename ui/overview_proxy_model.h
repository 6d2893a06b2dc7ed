// Sorting (numeric, worst first by default), the Ctrl+F filter over stream and
// group names, and the health tint of each row.
#pragma once

#include <QSortFilterProxyModel>

namespace pelscope {

class OverviewProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit OverviewProxyModel(QObject *parent = nullptr);
    QVariant data(const QModelIndex &index, int role) const override;
    // Values no longer current are greyed (the server stopped answering).
    void setStale(bool stale);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    bool m_stale = false;
};

} // namespace pelscope
