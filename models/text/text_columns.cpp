#include "text_columns.h"

#include <QList>

namespace pelscope {

namespace {

// East Asian Wide and Fullwidth ranges and the emoji blocks (after Markus
// Kuhn's wcwidth(), with the emoji terminals draw two columns wide).
bool isWide(char32_t u)
{
    return (u >= 0x1100 && u <= 0x115F) || u == 0x2329 || u == 0x232A || (u >= 0x2E80 && u <= 0xA4CF && u != 0x303F)
           || (u >= 0xAC00 && u <= 0xD7A3) || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFE10 && u <= 0xFE19) || (u >= 0xFE30 && u <= 0xFE6F)
           || (u >= 0xFF00 && u <= 0xFF60) || (u >= 0xFFE0 && u <= 0xFFE6) || (u >= 0x1F300 && u <= 0x1F64F) || (u >= 0x1F680 && u <= 0x1F6FF)
           || (u >= 0x1F900 && u <= 0x1F9FF) || (u >= 0x1FA70 && u <= 0x1FAFF) || (u >= 0x20000 && u <= 0x2FFFD) || (u >= 0x30000 && u <= 0x3FFFD);
}

} // namespace

int columnsOf(char32_t u)
{
    if (u < 0x20 || (u >= 0x7F && u < 0xA0))
        return 0;
    switch (QChar::category(u)) {
    case QChar::Mark_NonSpacing:
    case QChar::Mark_Enclosing:
    case QChar::Other_Format:
        return 0;
    default:
        break;
    }
    if (u >= 0x1160 && u <= 0x11FF) // Hangul vowels and final consonants join the syllable before them
        return 0;
    return isWide(u) ? 2 : 1;
}

qsizetype columnsOf(QStringView text)
{
    qsizetype n = 0;
    for (const char32_t u : text.toUcs4())
        n += columnsOf(u);
    return n;
}

QString cutToColumns(const QString &text, qsizetype columns)
{
    if (columns <= 0 || columnsOf(text) <= columns)
        return text;
    QString out;
    qsizetype used = 0;
    for (const char32_t u : text.toUcs4()) {
        const int w = columnsOf(u);
        if (used + w > columns - 1)
            break;
        used += w;
        out += QString::fromUcs4(&u, 1);
    }
    out += QChar(0x2026);
    return out;
}

QString padToColumns(const QString &text, qsizetype columns, bool alignRight)
{
    const qsizetype missing = columns - columnsOf(text);
    if (missing <= 0)
        return text;
    const QString spaces(missing, QLatin1Char(' '));
    return alignRight ? spaces + text : text + spaces;
}

} // namespace pelscope
