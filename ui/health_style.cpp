#include "health_style.h"

#include "snapshot/status_words.h"

#include <QApplication>
#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QPixmap>

#include <cmath>

namespace pelscope {

bool isDarkPalette()
{
    return QApplication::palette().color(QPalette::Window).lightness() < 128;
}

QColor colorTagColor(ConnectionProfile::ColorTag tag)
{
    using ColorTag = ConnectionProfile::ColorTag;
    switch (tag) {
    case ColorTag::Production: return QColor(0xd3, 0x2f, 0x2f);
    case ColorTag::Staging: return QColor(0xf5, 0x9e, 0x0b);
    case ColorTag::Dev: return QColor(0x2e, 0x7d, 0x32);
    case ColorTag::None: break;
    }
    return {};
}

HealthStyle healthStyle(Health h)
{
    const bool dark = isDarkPalette();
    switch (h) {
    case Health::Crit:
        return {dark ? QColor(0xef, 0x53, 0x50) : QColor(0xc6, 0x28, 0x28), dark ? QColor(0x4a, 0x1c, 0x1c) : QColor(0xfd, 0xe4, 0xe4),
                QStringLiteral("\u2716"), statusWord(Health::Crit), statusName(Health::Crit)};
    case Health::Warn:
        return {dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xb2, 0x6a, 0x00), dark ? QColor(0x4a, 0x3a, 0x10) : QColor(0xff, 0xf4, 0xd6),
                QStringLiteral("\u25B2"), statusWord(Health::Warn), statusName(Health::Warn)};
    case Health::Ok: break;
    }
    return {dark ? QColor(0x66, 0xbb, 0x6a) : QColor(0x2e, 0x7d, 0x32), QColor(), QStringLiteral("\u2714"), statusWord(Health::Ok), statusName(Health::Ok)};
}

QString bannerStyleSheet(BannerTone tone)
{
    const bool dark = isDarkPalette();
    switch (tone) {
    case BannerTone::Danger: return QStringLiteral("QLabel { background: #b00020; color: white; padding: 6px; font-weight: bold; }");
    case BannerTone::Trouble:
        return dark ? QStringLiteral("QLabel { background: #4a3a10; color: #ffd180; border: 1px solid #8a6d1f; padding: 8px; font-weight: bold; }")
                    : QStringLiteral("QLabel { background: #fff4d6; color: #6b4500; border: 1px solid #e0c070; padding: 8px; font-weight: bold; }");
    case BannerTone::Notice:
        return dark ? QStringLiteral("QLabel { background: #1c3a4a; color: #b3e5fc; padding: 6px; font-weight: bold; }")
                    : QStringLiteral("QLabel { background: #e1f0fa; color: #0d3c61; padding: 6px; font-weight: bold; }");
    }
    return {};
}

QString warningTextColor()
{
    return isDarkPalette() ? QStringLiteral("#ff8a80") : QStringLiteral("#b00020");
}

QString dimTextColor()
{
    return readableDimColor(QApplication::palette()).name();
}

namespace {

double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

QColor mix(const QColor &a, const QColor &b, double t) // t of a, 1 - t of b
{
    return QColor::fromRgbF(float(a.redF() * t + b.redF() * (1 - t)), float(a.greenF() * t + b.greenF() * (1 - t)),
                            float(a.blueF() * t + b.blueF() * (1 - t)));
}

} // namespace

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableDimColor(const QPalette &palette)
{
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    const QColor window = palette.color(QPalette::Window);
    for (double t = 0.55; t < 1.0; t += 0.05) {
        const QColor c = mix(text, base, t);
        if (contrastRatio(c, base) >= 4.5 && contrastRatio(c, window) >= 4.5)
            return c;
    }
    return text;
}

void makePaletteReadable()
{
    QPalette p = QApplication::palette();
    const QColor dim = readableDimColor(p);
    if (p.color(QPalette::PlaceholderText) == dim)
        return;
    p.setColor(QPalette::PlaceholderText, dim); // every group: a widget may read any of them
    QApplication::setPalette(p);
}

QPalette darkPalette()
{
    const QColor window(0x31, 0x36, 0x3b), base(0x23, 0x26, 0x29), text(0xef, 0xf0, 0xf1);
    const QColor disabledText(0x70, 0x7d, 0x8a), highlight(0x3d, 0xae, 0xe9);
    QPalette p(text, window, window.lighter(130), window.darker(150), window.darker(120), text, text, base, window);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, base);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Link, highlight);
    p.setColor(QPalette::LinkVisited, QColor(0x9b, 0x59, 0xb6));
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::PlaceholderText, readableDimColor(p));
    return p;
}

QIcon mutedIcon()
{
    // Asked for on every repaint of a muted row: drawn once per text colour
    // (a palette change, dark or light, draws it again).
    static QColor drawnFor;
    static QIcon icon;
    const QColor ink = QApplication::palette().color(QPalette::Text);
    if (!icon.isNull() && ink == drawnFor)
        return icon;
    drawnFor = ink;
    icon = QIcon();
    for (const int side : {16, 32, 48}) {
        QPixmap pixmap(side, side);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(side / 16.0, side / 16.0);
        // The bell: a dome over a flared rim, and its clapper.
        QPainterPath bell;
        bell.moveTo(3, 12);
        bell.cubicTo(4.5, 10.5, 4.5, 9, 4.5, 7);
        bell.cubicTo(4.5, 4.2, 6, 2.5, 8, 2.5);
        bell.cubicTo(10, 2.5, 11.5, 4.2, 11.5, 7);
        bell.cubicTo(11.5, 9, 11.5, 10.5, 13, 12);
        bell.closeSubpath();
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        p.drawPath(bell);
        p.drawEllipse(QPointF(8, 13.5), 1.4, 1.4);
        // Struck through, with a gap of the background on each side.
        p.setCompositionMode(QPainter::CompositionMode_Clear);
        p.setPen(QPen(Qt::transparent, 3.2, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(2.5, 2.5), QPointF(13.5, 13.5));
        p.setCompositionMode(QPainter::CompositionMode_SourceOver);
        p.setPen(QPen(ink, 1.5, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(2.5, 2.5), QPointF(13.5, 13.5));
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace pelscope
