// Text with names, values or server messages in it, made in one pass.
//
// QString::arg chained — tmpl.arg(a).arg(b) — substitutes into what the first
// call put in: a key named "jobs%2Fx" or a consumer named "w%1" turns into
// another name, and a confirmation stops being the commands that run. One
// multi-argument arg() replaces every placeholder of the template at once and
// never looks inside what it put in. fillText() is that call for arguments of
// any type: numbers as QString::number writes them (what arg(int) and
// arg(double) write by default). tests/structure/check_arg_chains.py fails the
// build's tests on a chained arg().
#pragma once

#include <QString>

#include <concepts>
#include <type_traits>

namespace pelscope {

namespace fill_detail {
inline QString text(const QString &s)
{
    return s;
}
inline QString text(QStringView s)
{
    return s.toString();
}
inline QString text(QLatin1String s)
{
    return QString(s);
}
inline QString text(QChar c)
{
    return QString(c);
}
inline QString text(const char *utf8)
{
    return QString::fromUtf8(utf8);
}
template<typename T>
requires(std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>) QString text(T v)
{
    return QString::number(v);
}
inline QString text(double v)
{
    return QString::number(v);
}
} // namespace fill_detail

// tmpl with %1, %2, … replaced by args in one pass (QString::arg's rules: the
// lowest placeholder number takes the first argument).
template<typename... Args>
QString fillText(const QString &tmpl, const Args &...args)
{
    return tmpl.arg(fill_detail::text(args)...);
}

} // namespace pelscope
