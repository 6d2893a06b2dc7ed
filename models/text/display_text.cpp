#include "display_text.h"

#include <QStringDecoder>

#include <algorithm>

namespace pelscope {

namespace {

// Characters that change how the text around them is shown: the bidi
// embeddings, overrides, isolates and marks, and the Unicode line breaks.
bool isBidiOrBreak(char32_t u)
{
    return u == 0x061C || u == 0x200E || u == 0x200F || (u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069) || u == 0x2028 || u == 0x2029;
}

bool isControl(char32_t u)
{
    return u < 0x20 || u == 0x7F || (u >= 0x80 && u <= 0x9F);
}

// Characters a reader cannot see or tell from a plain space: the format
// characters (U+200B zero width space, U+200D joiner, U+FEFF, U+00AD, the tag
// characters U+E0000..), every space but U+0020, code points not assigned in
// Qt's Unicode tables, and the letters and marks that render as nothing
// (Hangul fillers, the combining grapheme joiner, variation selectors, the
// Khmer inherent vowels, the blank braille pattern). "orders\u200b" and
// "orders" must never look alike.
bool isInvisible(char32_t u)
{
    if (u < 0x80)
        return false;
    switch (QChar::category(u)) {
    case QChar::Other_Format:
    case QChar::Other_NotAssigned:
    case QChar::Separator_Space:
        return true;
    default:
        break;
    }
    return u == 0x034F || u == 0x115F || u == 0x1160 || u == 0x17B4 || u == 0x17B5 || (u >= 0x180B && u <= 0x180F) || u == 0x2800
        || u == 0x3164 || (u >= 0xFE00 && u <= 0xFE0F) || u == 0xFFA0 || (u >= 0xE0100 && u <= 0xE01EF);
}

void appendEscape(QString &out, char32_t u)
{
    switch (u) {
    case '\n': out += QLatin1String("\\n"); return;
    case '\r': out += QLatin1String("\\r"); return;
    case '\t': out += QLatin1String("\\t"); return;
    default: break;
    }
    // A character from U+0080 up is always \uNNNN: \xNN with NN ≥ 80 is kept
    // for the bytes of a name that is not UTF-8, so the raw byte 0x80 and the
    // character U+0080 never look alike (two streams, one Prometheus series).
    // Beyond U+FFFF it is \UNNNNNNNN (eight digits), so a tag character is
    // never read as four digits and a fifth character.
    if (u < 0x80)
        out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
    else if (u <= 0xFFFF)
        out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
    else
        out += QStringLiteral("\\U%1").arg(uint(u), 8, 16, QLatin1Char('0'));
}

// keepLayout: our own text at an output (newline and tab kept, invisible
// characters left to the names, which were escaped before).
QString escaped(const QString &text, bool keepLayout, bool doubleBackslash)
{
    QString out;
    out.reserve(text.size());
    for (auto it = text.cbegin(); it != text.cend(); ++it) {
        char32_t u = it->unicode();
        if (it->isHighSurrogate() && it + 1 != text.cend() && (it + 1)->isLowSurrogate()) {
            const char32_t pair = QChar::surrogateToUcs4(*it, *(it + 1));
            ++it;
            if (!keepLayout && isInvisible(pair)) {
                appendEscape(out, pair);
            } else {
                out += *(it - 1);
                out += *it;
            }
            continue;
        }
        if (keepLayout && (u == '\n' || u == '\t')) {
            out += QChar(u);
        } else if (isControl(u) || isBidiOrBreak(u) || it->isSurrogate() || (!keepLayout && isInvisible(u))) {
            appendEscape(out, u);
        } else if (u == '\\' && doubleBackslash) {
            out += QLatin1String("\\\\");
        } else {
            out += *it;
        }
    }
    return out;
}

// QString::fromUtf8() drops a byte order mark at the start: "\xef\xbb\xbforders"
// showed as "orders". A name's every byte is shown.
QString decodedKeepingBom(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(bytes);
}

} // namespace

bool isValidUtf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString s = decoder.decode(bytes);
    return !decoder.hasError();
}

QString displayBytes(const QByteArray &bytes)
{
    if (isValidUtf8(bytes))
        return escaped(decodedKeepingBom(bytes), false, true);
    QString out;
    out.reserve(bytes.size());
    for (char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f && u != '\\')
            out += QLatin1Char(c);
        else if (u == '\\')
            out += QStringLiteral("\\\\");
        else // bytes, not characters: every one as \xNN, \r and \n included
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
    }
    return out;
}

QString quotedBytes(const QByteArray &bytes)
{
    return QLatin1Char('"') + displayBytes(bytes) + QLatin1Char('"');
}

QString displayText(const QString &text)
{
    return escaped(text, false, true);
}

bool displaysVerbatim(const QByteArray &bytes)
{
    return displayBytes(bytes) == decodedKeepingBom(bytes) && isValidUtf8(bytes);
}

QString terminalSafe(const QString &text)
{
    return escaped(text, true, false);
}

namespace {

QString elidedMiddle(QStringView text, qsizetype longest)
{
    if (text.size() <= longest)
        return text.toString();
    const qsizetype keep = std::max<qsizetype>(1, (longest - 1) / 2);
    qsizetype head = keep, tail = keep;
    if (text.at(head - 1).isHighSurrogate())
        --head;
    if (text.at(text.size() - tail).isLowSurrogate())
        --tail;
    QString out = text.left(head).toString();
    out += QChar(0x2026);
    out += text.right(tail);
    return out;
}

} // namespace

QString elidedName(const QByteArray &bytes, qsizetype longest)
{
    return elidedMiddle(displayBytes(bytes), longest);
}

QString elidedLongWords(const QString &text, qsizetype longest)
{
    QString out;
    qsizetype start = 0;
    const auto flush = [&](qsizetype end) { out += elidedMiddle(QStringView(text).mid(start, end - start), longest); };
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (!text.at(i).isSpace())
            continue;
        flush(i);
        out += text.at(i);
        start = i + 1;
    }
    flush(text.size());
    return out;
}

QByteArray capped(const QByteArray &value)
{
    if (value.size() <= kValueCap)
        return value;
    qsizetype n = kValueCap;
    if (isValidUtf8(value))
        while (n > 0 && (static_cast<unsigned char>(value.at(n)) & 0xC0) == 0x80)
            --n;
    return value.left(n);
}

} // namespace pelscope
