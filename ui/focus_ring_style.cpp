#include "focus_ring_style.h"

#include <QApplication>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace pelscope {

namespace {

bool keyboardFocused(const QStyleOption *option)
{
    return (option->state & QStyle::State_HasFocus) && (option->state & QStyle::State_KeyboardFocusChange);
}

void drawRing(const QStyleOption *option, QPainter *painter, int inset)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QPen pen(option->palette.color(QPalette::Active, QPalette::Highlight), 2);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(QRectF(option->rect).adjusted(inset, inset, -inset, -inset), 3, 3);
    painter->restore();
}

} // namespace

void FocusRingStyle::drawControl(ControlElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawControl(element, option, painter, widget);
    if ((element == CE_PushButton || element == CE_CheckBox || element == CE_RadioButton) && keyboardFocused(option))
        drawRing(option, painter, 1);
}

void FocusRingStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option, QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if ((control == CC_ComboBox || control == CC_SpinBox || control == CC_ToolButton) && keyboardFocused(option))
        drawRing(option, painter, 1);
}

void FocusRingStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const
{
    if (element == PE_FrameFocusRect && (option->state & State_KeyboardFocusChange)) {
        // A table's current cell, a link in a label: dotted and 1 px in most styles.
        drawRing(option, painter, 1);
        return;
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
}

void installFocusRing()
{
    // A proxy owns its base: a fresh instance of the style in use.
    QStyle *base = QStyleFactory::create(QApplication::style()->name());
    QApplication::setStyle(new FocusRingStyle(base));
}

} // namespace pelscope
