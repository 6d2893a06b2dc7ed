// The inverse of displayBytes() (models/text/display_text.h), as a test
// oracle: a name shown on screen, in a label or a file name maps back to
// exactly one byte string, so two different keys can never be shown alike.
// Header-only, for the unit tests and the fuzz targets.
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace pelscope::test {

namespace detail {

inline std::optional<uint> hexAt(const QString &s, qsizetype at, int digits)
{
    if (at + digits > s.size())
        return std::nullopt;
    bool ok = false;
    const uint v = s.mid(at, digits).toUInt(&ok, 16);
    return ok ? std::optional<uint>(v) : std::nullopt;
}

} // namespace detail

// Null when `shown` is not something displayBytes() can produce.
inline std::optional<QByteArray> bytesFromDisplay(const QString &shown)
{
    // \xNN with NN ≥ 80 marks a name that is not UTF-8: escaped byte by byte.
    bool binary = false;
    for (qsizetype i = 0; i + 1 < shown.size(); ++i) {
        if (shown.at(i) != QLatin1Char('\\'))
            continue;
        if (shown.at(i + 1) == QLatin1Char('x'))
            if (const auto v = detail::hexAt(shown, i + 2, 2); v && *v >= 0x80)
                binary = true;
        ++i; // the escaped character is not the start of another escape
    }
    QByteArray bytes;
    QString text;
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const QChar c = shown.at(i);
        if (c != QLatin1Char('\\')) {
            if (binary && (c.unicode() < 0x20 || c.unicode() >= 0x7f))
                return std::nullopt;
            binary ? void(bytes.append(char(c.unicode()))) : void(text.append(c));
            continue;
        }
        if (++i >= shown.size())
            return std::nullopt;
        const QChar e = shown.at(i);
        if (e == QLatin1Char('\\')) {
            binary ? void(bytes.append('\\')) : void(text.append(QLatin1Char('\\')));
        } else if (e == QLatin1Char('x')) {
            const auto v = detail::hexAt(shown, i + 1, 2);
            if (!v)
                return std::nullopt;
            binary ? void(bytes.append(char(*v))) : void(text.append(QChar(char16_t(*v))));
            i += 2;
        } else if (!binary && e == QLatin1Char('u')) {
            const auto v = detail::hexAt(shown, i + 1, 4);
            if (!v)
                return std::nullopt;
            text.append(QChar(char16_t(*v)));
            i += 4;
        } else if (!binary && e == QLatin1Char('U')) {
            const auto v = detail::hexAt(shown, i + 1, 8);
            if (!v || *v <= 0xFFFF || *v > 0x10FFFF)
                return std::nullopt;
            const char32_t u = *v;
            text.append(QString::fromUcs4(&u, 1));
            i += 8;
        } else if (!binary && (e == QLatin1Char('n') || e == QLatin1Char('r') || e == QLatin1Char('t'))) {
            text.append(e == QLatin1Char('n') ? QLatin1Char('\n') : e == QLatin1Char('r') ? QLatin1Char('\r') : QLatin1Char('\t'));
        } else {
            return std::nullopt;
        }
    }
    return binary ? bytes : text.toUtf8();
}

// The inverse of a Prometheus label value's escaping (\\, \", \n).
inline std::optional<QString> fromPrometheusLabelValue(const QString &value)
{
    QString out;
    for (qsizetype i = 0; i < value.size(); ++i) {
        const QChar c = value.at(i);
        if (c == QLatin1Char('"') || c == QLatin1Char('\n'))
            return std::nullopt; // never raw in a label value
        if (c != QLatin1Char('\\')) {
            out.append(c);
            continue;
        }
        if (++i >= value.size())
            return std::nullopt;
        const QChar e = value.at(i);
        if (e == QLatin1Char('\\') || e == QLatin1Char('"'))
            out.append(e);
        else if (e == QLatin1Char('n'))
            out.append(QLatin1Char('\n'));
        else
            return std::nullopt;
    }
    return out;
}

} // namespace pelscope::test
