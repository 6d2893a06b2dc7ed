#include "sparkline_delegate.h"

#include "itemmodels/group_table_model.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace pelscope {

namespace {
constexpr double kScaleFloor = 100; // entries
} // namespace

void SparklineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    QApplication::style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const QList<double> points = index.data(GroupTableModel::SparklineRole).value<QList<double>>();
    double hi = 0;
    int known = 0;
    for (double v : points)
        if (!std::isnan(v)) {
            hi = std::max(hi, v);
            ++known;
        }
    if (known < 2)
        return;
    const QRectF area = QRectF(option.rect).adjusted(4, 4, -4, -4);
    // From zero, and never less than kScaleFloor entries high: a lag that
    // jitters between 0 and 7 is a flat line near the bottom, not a storm;
    // one climbing into the thousands fills the cell. The tooltip has the range.
    const double lo = 0;
    const double span = std::max(hi, kScaleFloor);
    QPainterPath path;
    bool pen = false;
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (std::isnan(points[i])) {
            pen = false; // unknown lag: a gap, never a zero
            continue;
        }
        const QPointF p(area.left() + area.width() * double(i) / double(points.size() - 1), area.bottom() - area.height() * (points[i] - lo) / span);
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
