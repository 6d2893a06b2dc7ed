#include "reason.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "format.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <optional>

namespace pelscope {

ReasonArg ReasonArg::note(const Reason &reason)
{
    return {Kind::Note, QVariant::fromValue(reason)};
}

ReasonArg ReasonArg::notes(const QList<Reason> &reasons)
{
    return {Kind::Notes, QVariant::fromValue(reasons)};
}

bool Reason::operator==(const Reason &other) const
{
    if (code != other.code || context != other.context || text != other.text || args.size() != other.args.size())
        return false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const ReasonArg &a = args.at(i), &b = other.args.at(i);
        if (a.kind != b.kind)
            return false;
        switch (a.kind) {
        case ReasonArg::Kind::Note:
            if (!(a.value.value<Reason>() == b.value.value<Reason>()))
                return false;
            break;
        case ReasonArg::Kind::Notes:
            if (a.value.value<QList<Reason>>() != b.value.value<QList<Reason>>())
                return false;
            break;
        default:
            if (a.value != b.value)
                return false;
        }
    }
    return true;
}

Reason Reason::verbatim(const QString &text)
{
    return Reason{"text", {}, "%1", {ReasonArg::text(text)}};
}

Reason Reason::joined(const QByteArray &code, const QList<Reason> &parts)
{
    Reason r;
    for (const Reason &part : parts) {
        if (part.isEmpty())
            continue;
        r.args << ReasonArg::note(part);
        r.text += '%' + QByteArray::number(r.args.size());
    }
    if (!r.args.isEmpty())
        r.code = code;
    return r;
}

namespace {

QString argText(const ReasonArg &arg, ReasonLanguage language)
{
    switch (arg.kind) {
    case ReasonArg::Kind::Count: return formatCount(arg.value.toLongLong());
    case ReasonArg::Kind::Number: return QString::number(arg.value.toLongLong());
    case ReasonArg::Kind::DurationMs: return formatDuration(arg.value.toLongLong());
    case ReasonArg::Kind::Name: return displayBytes(arg.value.toByteArray());
    case ReasonArg::Kind::Text: return arg.value.toString();
    case ReasonArg::Kind::Note: return renderReason(arg.value.value<Reason>(), language);
    case ReasonArg::Kind::Notes: return joinReasons(arg.value.value<QList<Reason>>(), QStringLiteral(", "), language);
    }
    return {};
}

// %1…%99 replaced by args[n-1] in one pass: what a substituted value holds
// is never read again (fill_text.h). A placeholder with no arg stays as it is.
QString fillFromList(const QString &tmpl, const QStringList &args)
{
    QString out;
    out.reserve(tmpl.size() + 16 * args.size());
    for (qsizetype i = 0; i < tmpl.size(); ++i) {
        const QChar c = tmpl.at(i);
        if (c == QLatin1Char('%') && i + 1 < tmpl.size() && tmpl.at(i + 1).isDigit()) {
            qsizetype j = i + 1;
            int n = 0;
            while (j < tmpl.size() && tmpl.at(j).isDigit() && j - i <= 2)
                n = n * 10 + tmpl.at(j++).digitValue();
            if (n >= 1 && n <= args.size()) {
                out += args.at(n - 1);
                i = j - 1;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace

QString renderReason(const Reason &reason, ReasonLanguage language)
{
    const QString tmpl = language == ReasonLanguage::Window && !reason.context.isEmpty()
                             ? QCoreApplication::translate(reason.context.constData(), reason.text.constData())
                             : QString::fromUtf8(reason.text);
    QStringList args;
    args.reserve(reason.args.size());
    for (const ReasonArg &arg : reason.args)
        args << argText(arg, language);
    return fillFromList(tmpl, args);
}

QStringList renderReasons(const QList<Reason> &reasons, ReasonLanguage language)
{
    QStringList out;
    out.reserve(reasons.size());
    for (const Reason &r : reasons)
        out << renderReason(r, language);
    return out;
}

QString joinReasons(const QList<Reason> &reasons, const QString &separator, ReasonLanguage language)
{
    return renderReasons(reasons, language).join(separator);
}

namespace {

QJsonValue argJson(const ReasonArg &arg)
{
    switch (arg.kind) {
    case ReasonArg::Kind::Count:
    case ReasonArg::Kind::Number:
    case ReasonArg::Kind::DurationMs: return double(arg.value.toLongLong());
    case ReasonArg::Kind::Name: return displayBytes(arg.value.toByteArray());
    case ReasonArg::Kind::Text: return arg.value.toString();
    case ReasonArg::Kind::Note: return reasonJson(arg.value.value<Reason>());
    case ReasonArg::Kind::Notes: return reasonsJson(arg.value.value<QList<Reason>>());
    }
    return {};
}

const char *kindName(ReasonArg::Kind kind)
{
    switch (kind) {
    case ReasonArg::Kind::Count: return "count";
    case ReasonArg::Kind::Number: return "number";
    case ReasonArg::Kind::DurationMs: return "duration_ms";
    case ReasonArg::Kind::Name: return "name";
    case ReasonArg::Kind::Text: return "text";
    case ReasonArg::Kind::Note: return "note";
    case ReasonArg::Kind::Notes: return "notes";
    }
    return "text";
}

std::optional<ReasonArg::Kind> kindFromName(const QString &name)
{
    for (int k = 0; k <= int(ReasonArg::Kind::Notes); ++k)
        if (name == QLatin1String(kindName(ReasonArg::Kind(k))))
            return ReasonArg::Kind(k);
    return std::nullopt;
}

} // namespace

QJsonObject reasonJson(const Reason &reason)
{
    QJsonArray args;
    for (const ReasonArg &arg : reason.args)
        args.append(argJson(arg));
    return QJsonObject{{QLatin1String("code"), QString::fromUtf8(reason.code)},
                       {QLatin1String("args"), args},
                       {QLatin1String("text"), renderReason(reason, ReasonLanguage::English)}};
}

QJsonArray reasonsJson(const QList<Reason> &reasons)
{
    QJsonArray out;
    for (const Reason &r : reasons)
        out.append(reasonJson(r));
    return out;
}

QJsonObject reasonStored(const Reason &reason)
{
    QJsonArray args;
    for (const ReasonArg &arg : reason.args) {
        QJsonValue v;
        switch (arg.kind) {
        case ReasonArg::Kind::Count:
        case ReasonArg::Kind::Number:
        case ReasonArg::Kind::DurationMs: v = QString::number(arg.value.toLongLong()); break; // exact past 2^53
        case ReasonArg::Kind::Name: v = QString::fromLatin1(arg.value.toByteArray().toBase64()); break;
        case ReasonArg::Kind::Text: v = arg.value.toString(); break;
        case ReasonArg::Kind::Note: v = reasonStored(arg.value.value<Reason>()); break;
        case ReasonArg::Kind::Notes: {
            QJsonArray list;
            for (const Reason &r : arg.value.value<QList<Reason>>())
                list.append(reasonStored(r));
            v = list;
            break;
        }
        }
        args.append(QJsonObject{{QLatin1String("k"), QLatin1String(kindName(arg.kind))}, {QLatin1String("v"), v}});
    }
    return QJsonObject{{QLatin1String("code"), QString::fromUtf8(reason.code)},
                       {QLatin1String("context"), QString::fromUtf8(reason.context)},
                       {QLatin1String("text"), QString::fromUtf8(reason.text)},
                       {QLatin1String("args"), args}};
}

Reason reasonFromStored(const QJsonObject &o)
{
    Reason r;
    r.code = o.value(QLatin1String("code")).toString().toUtf8();
    r.context = o.value(QLatin1String("context")).toString().toUtf8();
    r.text = o.value(QLatin1String("text")).toString().toUtf8();
    for (const QJsonValue &a : o.value(QLatin1String("args")).toArray()) {
        const QJsonObject arg = a.toObject();
        const auto kind = kindFromName(arg.value(QLatin1String("k")).toString());
        const QJsonValue v = arg.value(QLatin1String("v"));
        if (!kind) {
            r.args << ReasonArg::text(v.toString()); // a kind from a newer version: its text, if any
            continue;
        }
        switch (*kind) {
        case ReasonArg::Kind::Count:
        case ReasonArg::Kind::Number:
        case ReasonArg::Kind::DurationMs: r.args << ReasonArg{*kind, QVariant::fromValue(v.toString().toLongLong())}; break;
        case ReasonArg::Kind::Name: r.args << ReasonArg::name(QByteArray::fromBase64(v.toString().toLatin1())); break;
        case ReasonArg::Kind::Text: r.args << ReasonArg::text(v.toString()); break;
        case ReasonArg::Kind::Note: r.args << ReasonArg::note(reasonFromStored(v.toObject())); break;
        case ReasonArg::Kind::Notes: {
            QList<Reason> list;
            for (const QJsonValue &n : v.toArray())
                list << reasonFromStored(n.toObject());
            r.args << ReasonArg::notes(list);
            break;
        }
        }
    }
    return r;
}

QByteArray storeReasons(const QList<Reason> &reasons)
{
    QJsonArray out;
    for (const Reason &r : reasons)
        out.append(reasonStored(r));
    return QJsonDocument(out).toJson(QJsonDocument::Compact);
}

QList<Reason> loadReasons(const QByteArray &stored)
{
    if (stored.isEmpty())
        return {};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(stored, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return {Reason::verbatim(QString::fromUtf8(stored))};
    QList<Reason> out;
    for (const QJsonValue &v : doc.array())
        out << reasonFromStored(v.toObject());
    return out;
}

} // namespace pelscope
