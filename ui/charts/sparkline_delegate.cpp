#include "charts/sparkline_delegate.h"

#include "health_style.h"
#include "itemmodels/group_table_model.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace pelscope {

void SparklineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    QApplication::style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const QList<double> points = index.data(GroupTableModel::SparklineRole).value<QList<double>>();
    const QPointF thresholds = index.data(GroupTableModel::TrendThresholdsRole).toPointF();
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
    // From zero, and never less than the floor high (100 entries of lag, or
    // the warn threshold): a lag that jitters between 0 and 7 is a flat line
    // near the bottom, not a storm; one climbing into the thousands fills the
    // cell. The tooltip has the numbers.
    const double span = std::max({hi, index.data(GroupTableModel::TrendFloorRole).toDouble(), 1.0}) * 1.05;
    const auto yOf = [&](double v) { return area.bottom() - area.height() * v / span; };
    QPainterPath path;
    bool pen = false;
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (std::isnan(points[i])) {
            pen = false; // unknown: a gap, never a zero
            continue;
        }
        const QPointF p(area.left() + area.width() * double(i) / double(points.size() - 1), yOf(points[i]));
        if (pen)
            path.lineTo(p);
        else
            path.moveTo(p);
        pen = true;
    }
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option.state & QStyle::State_Selected;
    // The thresholds the rules hold this measure to, where they fall in the picture.
    const auto threshold = [&](double at, Health level) {
        if (at <= 0 || at > span)
            return;
        painter->setPen(QPen(healthStyle(level).strong, 1.0, Qt::DashLine));
        painter->drawLine(QPointF(area.left(), yOf(at)), QPointF(area.right(), yOf(at)));
    };
    threshold(thresholds.x(), Health::Warn);
    threshold(thresholds.y(), Health::Crit);
    painter->setPen(QPen(selected ? option.palette.highlightedText().color() : option.palette.text().color(), 1.4));
    painter->drawPath(path);
    painter->restore();
}

} // namespace pelscope
