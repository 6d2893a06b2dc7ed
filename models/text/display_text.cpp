#include "display_text.h"

#include <QStringDecoder>

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
    if (u < 0x80)
        out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
    else
        out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
}

QString escaped(const QString &text, bool keepLayout, bool doubleBackslash)
{
    QString out;
    out.reserve(text.size());
    for (auto it = text.cbegin(); it != text.cend(); ++it) {
        char32_t u = it->unicode();
        if (it->isHighSurrogate() && it + 1 != text.cend() && (it + 1)->isLowSurrogate()) {
            out += *it;
            out += *++it;
            continue;
        }
        if (keepLayout && (u == '\n' || u == '\t')) {
            out += QChar(u);
        } else if (isControl(u) || isBidiOrBreak(u) || it->isSurrogate()) {
            appendEscape(out, u);
        } else if (u == '\\' && doubleBackslash) {
            out += QLatin1String("\\\\");
        } else {
            out += *it;
        }
    }
    return out;
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
        return escaped(QString::fromUtf8(bytes), false, true);
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
    return displayBytes(bytes) == QString::fromUtf8(bytes) && isValidUtf8(bytes);
}

QString terminalSafe(const QString &text)
{
    return escaped(text, true, false);
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
