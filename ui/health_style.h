// Colours, glyphs and words for a health status (never colour alone, so the
// colour-blind read it too), and the banners' tones. Both follow the system
// palette: a dark palette gets deep tints and light accents, so nothing is
// light-on-light or dark-on-dark.
#pragma once

#include "profiles/connection_profile_store.h"
#include "snapshot/snapshot.h"

#include <QColor>
#include <QIcon>
#include <QPalette>
#include <QString>

namespace pelscope {

struct HealthStyle
{
    QColor strong; // pill, text accents
    QColor tint;   // row background
    QString glyph; // ✖ ▲ ✔
    QString word;  // CRIT WARN OK: the status as a badge (pills, markers), in the window's language (위험 경고 정상)
    QString name;  // crit warn ok: the status in running text ("✖ 2 crit"), in the window's language
};

HealthStyle healthStyle(Health h);

// A connection profile's tag as a colour: red, amber, green; invalid for None.
QColor colorTagColor(ConnectionProfile::ColorTag tag);

// A bell struck through, in the palette's text colour: a group or queue whose
// desktop notifications are muted. Drawn, so no emoji font is needed.
QIcon mutedIcon();

// The application palette's window colour is dark.
bool isDarkPalette();

// Banner tones: Danger (writes enabled, auth/TLS/permission errors), Trouble
// (connection lost, timeouts, loading: it may come back by itself), Notice
// (paused). Returns a QLabel style sheet.
enum class BannerTone { Danger, Trouble, Notice };
QString bannerStyleSheet(BannerTone tone);
// A colour for inline rich-text warnings ("<span style='color:…'>").
QString warningTextColor();
QString dimTextColor();

// WCAG 2 contrast ratio of two opaque colours (1 to 21; text wants 4.5).
double contrastRatio(const QColor &a, const QColor &b);
// A secondary-text colour for `palette`: dimmer than its text, yet at least
// 4.5:1 against both its base and its window colour. A platform's dark palette
// often leaves PlaceholderText at a light theme's half-transparent black,
// which vanishes on dark backgrounds.
QColor readableDimColor(const QPalette &palette);
// Sets the application palette's PlaceholderText to readableDimColor(): the
// placeholders of every line edit and the charts' notes follow.
void makePaletteReadable();
// A dark palette (KDE Breeze Dark's colours) for the Fusion style: `pelscope
// --dark` on a desktop without a dark theme, and the dark screenshots.
QPalette darkPalette();

} // namespace pelscope
