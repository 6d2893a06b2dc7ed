#include "json_edit.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstring>

namespace pelscope {

namespace {
qsizetype skipSpace(const QByteArray &s, qsizetype i)
{
    while (i < s.size() && std::strchr(" \t\r\n", s.at(i)) && s.at(i) != '\0')
        ++i;
    return i;
}

// `i` at a '"': the index after its closing quote, or -1.
qsizetype skipString(const QByteArray &s, qsizetype i)
{
    for (++i; i < s.size(); ++i) {
        if (s.at(i) == '\\')
            ++i;
        else if (s.at(i) == '"')
            return i + 1;
    }
    return -1;
}

// `i` at a value: the index after it, or -1.
qsizetype skipValue(const QByteArray &s, qsizetype i)
{
    i = skipSpace(s, i);
    if (i >= s.size())
        return -1;
    const char c = s.at(i);
    if (c == '"')
        return skipString(s, i);
    if (c == '{' || c == '[') {
        int depth = 0;
        while (i < s.size()) {
            const char d = s.at(i);
            if (d == '"') {
                i = skipString(s, i);
                if (i < 0)
                    return -1;
                continue;
            }
            if (d == '{' || d == '[')
                ++depth;
            else if ((d == '}' || d == ']') && --depth == 0)
                return i + 1;
            ++i;
        }
        return -1;
    }
    qsizetype j = i;
    while (j < s.size() && !std::strchr(",}] \t\r\n", s.at(j)))
        ++j;
    return j > i ? j : -1;
}

QByteArray decodedString(const QByteArray &quoted)
{
    if (!quoted.contains('\\'))
        return quoted.mid(1, quoted.size() - 2);
    return QJsonDocument::fromJson("[" + quoted + "]").array().at(0).toString().toUtf8();
}

struct Span
{
    qsizetype begin = -1, end = -1;
};

// In the object opening at `open`, the value of member `key`; begin -1 when absent.
Span memberSpan(const QByteArray &s, qsizetype open, const QByteArray &key)
{
    qsizetype i = skipSpace(s, open + 1);
    while (i < s.size() && s.at(i) == '"') {
        const qsizetype keyEnd = skipString(s, i);
        if (keyEnd < 0)
            return {};
        const QByteArray name = decodedString(s.mid(i, keyEnd - i));
        i = skipSpace(s, keyEnd);
        if (i >= s.size() || s.at(i) != ':')
            return {};
        const qsizetype valueBegin = skipSpace(s, i + 1);
        const qsizetype valueEnd = skipValue(s, valueBegin);
        if (valueEnd < 0)
            return {};
        if (name == key)
            return {valueBegin, valueEnd};
        i = skipSpace(s, valueEnd);
        if (i < s.size() && s.at(i) == ',')
            i = skipSpace(s, i + 1);
    }
    return {};
}

bool isObjectAt(const QByteArray &s, qsizetype i)
{
    return i >= 0 && i < s.size() && s.at(i) == '{';
}

// The object that holds the path's last member: its '{', or -1.
qsizetype parentObject(const QByteArray &json, const QList<QByteArray> &path)
{
    if (path.isEmpty() || !QJsonDocument::fromJson(json).isObject())
        return -1;
    qsizetype open = skipSpace(json, 0);
    for (qsizetype p = 0; p + 1 < path.size(); ++p) {
        const Span span = memberSpan(json, open, path.at(p));
        if (!isObjectAt(json, span.begin))
            return -1;
        open = span.begin;
    }
    return open;
}

} // namespace

std::optional<QByteArray> jsonRawMember(const QByteArray &json, const QList<QByteArray> &path)
{
    const qsizetype open = parentObject(json, path);
    if (open < 0)
        return std::nullopt;
    const Span span = memberSpan(json, open, path.last());
    if (span.begin < 0)
        return std::nullopt;
    return json.mid(span.begin, span.end - span.begin);
}

std::optional<QByteArray> withJsonMember(const QByteArray &json, const QList<QByteArray> &path, const QByteArray &rawValue)
{
    const qsizetype open = parentObject(json, path);
    if (open < 0)
        return std::nullopt;
    QByteArray out = json;
    const Span span = memberSpan(json, open, path.last());
    if (span.begin >= 0) {
        out.replace(span.begin, span.end - span.begin, rawValue);
        return out;
    }
    const bool empty = json.at(skipSpace(json, open + 1)) == '}';
    out.insert(open + 1, QJsonDocument(QJsonArray{QString::fromUtf8(path.last())}).toJson(QJsonDocument::Compact).mid(1).chopped(1) + ':'
                             + rawValue + (empty ? "" : ","));
    return out;
}

std::optional<QByteArray> jsonRawElement(const QByteArray &json, int index)
{
    if (!QJsonDocument::fromJson(json).isArray())
        return std::nullopt;
    qsizetype i = skipSpace(json, skipSpace(json, 0) + 1);
    for (int n = 0; i < json.size() && json.at(i) != ']'; ++n) {
        const qsizetype end = skipValue(json, i);
        if (end < 0)
            return std::nullopt;
        if (n == index)
            return json.mid(i, end - i);
        i = skipSpace(json, end);
        if (i < json.size() && json.at(i) == ',')
            i = skipSpace(json, i + 1);
    }
    return std::nullopt;
}

} // namespace pelscope
