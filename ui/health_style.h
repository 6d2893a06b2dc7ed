// Colours, glyphs and words for a health status: never colour alone, so the
// colour-blind read it too.
#pragma once

#include "snapshot/snapshot.h"

#include <QColor>
#include <QString>

namespace pelscope {

struct HealthStyle
{
    QColor strong;  // pill, text accents
    QColor tint;    // row background
    QString glyph;  // ✖ ▲ ✔
    QString word;   // CRIT WARN OK
};

HealthStyle healthStyle(Health h);

} // namespace pelscope
