#include "sparkline_delegate.h"

#include "itemmodels/group_table_model.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace pelscope {

void SparklineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    QApplication::style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const QList<double> points = index.data(GroupTableModel::SparklineRole).value<QList<double>>();
    double lo = 0, hi = 0;
    int known = 0;
    for (double v : points)
        if (!std::isnan(v)) {
            // Scaled to its own range: the shape (climbing, draining) is what matters here.
            hi = known ? std::max(hi, v) : v;
            lo = known ? std::min(lo, v) : v;
            ++known;
        }
    if (known < 2)
        return;
    const QRectF area = QRectF(option.rect).adjusted(4, 4, -4, -4);
    if (hi == lo) { // flat: draw it across the middle
        lo -= 1;
        hi += 1;
    }
    const double span = hi - lo;
    QPainterPath path;
    bool pen = false;
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (std::isnan(points[i])) {
            pen = false; // unknown lag: a gap, never a zero
            continue;
        }
        const QPointF p(area.left() + area.width() * double(i) / double(points.size() - 1),
                        area.bottom() - area.height() * (points[i] - lo) / span);
        if (pen)
            path.lineTo(p);
        else
            path.moveTo(p);
        pen = true;
    }
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option.state & QStyle::State_Selected;
    painter->setPen(QPen(selected ? option.palette.highlightedText().color() : QColor(0xd3, 0x54, 0x00), 1.4));
    painter->drawPath(path);
    painter->restore();
}

} // namespace pelscope
