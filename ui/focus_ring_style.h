// Where the keyboard is, plain to see in any palette (issue 48: "the focus
// ring is almost invisible"): a proxy over the platform's own style that
// draws a 2 px ring in the palette's highlight colour around the control
// that has the keyboard's focus — buttons, check boxes, combo and spin boxes,
// tool buttons — and a 2 px focus rectangle where the style drew a dotted
// one (a table's current cell, a label's link). Only after a key moved the
// focus (State_KeyboardFocusChange), as the platforms do: a click draws none.
#pragma once

#include <QProxyStyle>

namespace pelscope {

class FocusRingStyle : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;
    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option, QPainter *painter, const QWidget *widget) const override;
    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const override;
};

// Wraps the application's current style (the platform's, or Fusion) in a FocusRingStyle.
void installFocusRing();

} // namespace pelscope
