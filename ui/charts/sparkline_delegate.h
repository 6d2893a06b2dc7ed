// Draws a group's lag over the last 15 minutes inside its table cell.
#pragma once

#include <QStyledItemDelegate>

namespace pelscope {

class SparklineDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace pelscope
