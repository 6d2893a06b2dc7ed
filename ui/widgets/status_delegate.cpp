#include "widgets/status_delegate.h"

#include "health_style.h"
#include "itemmodels/group_table_model.h"

#include <QApplication>
#include <QPainter>

namespace pelscope {

void StatusDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    QApplication::style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const HealthStyle style = healthStyle(Health(index.data(GroupTableModel::HealthRole).toInt()));
    const QString label = style.glyph + QLatin1Char(' ') + style.word;
    QFont font = option.font;
    font.setBold(true);
    const QFontMetrics fm(font);
    const int w = fm.horizontalAdvance(label) + 14;
    const int h = fm.height() + 4;
    const QRect pill(option.rect.left() + 4, option.rect.center().y() - h / 2 + 1, w, h);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(style.strong);
    painter->drawRoundedRect(pill, h / 2.0, h / 2.0);
    painter->setPen(Qt::white);
    painter->setFont(font);
    painter->drawText(pill, Qt::AlignCenter, label);
    painter->restore();
}

QSize StatusDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QFont font = option.font;
    font.setBold(true);
    const QFontMetrics fm(font);
    return {fm.horizontalAdvance(QStringLiteral("\u2716 CRIT")) + 24, fm.height() + 10};
}

} // namespace pelscope
