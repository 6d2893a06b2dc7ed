// Why a rule judged what it judged, kept as data: a stable code, the English
// template (the translation's source text) and the values that fill it. The
// rules make Reasons; only an edge renders one to text — the window in its
// language (tr), the CLI, the JSON, the exporter and the report in English —
// so a history recorded by a Korean window replays in English in an English
// one, and reasons can be filtered and counted by code.
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace pelscope {

struct Reason;

// One value of a reason, rendered by its kind: a count with separators, a
// duration in words, a name escaped (displayBytes), text as it is, or a
// nested reason (a note: "lag unknown: <why>") or list of them.
struct ReasonArg
{
    enum class Kind : quint8 { Count, Number, DurationMs, Name, Text, Note, Notes };
    Kind kind = Kind::Text;
    QVariant value; // qint64, QByteArray, QString, Reason or QList<Reason>

    static ReasonArg count(qint64 n) { return {Kind::Count, QVariant::fromValue(n)}; }
    static ReasonArg number(qint64 n) { return {Kind::Number, QVariant::fromValue(n)}; }
    static ReasonArg duration(qint64 ms) { return {Kind::DurationMs, QVariant::fromValue(ms)}; }
    static ReasonArg name(const QByteArray &bytes) { return {Kind::Name, QVariant::fromValue(bytes)}; }
    static ReasonArg text(const QString &text) { return {Kind::Text, QVariant::fromValue(text)}; }
    static ReasonArg note(const Reason &reason);
    static ReasonArg notes(const QList<Reason> &reasons);
};

struct Reason
{
    QByteArray code;     // stable, for machines: "oldest_idle", "lag_unknown"
    QByteArray context;  // the translation context of `text`
    QByteArray text;     // the English template, %1… for args (QT_TRANSLATE_NOOP at the rule)
    QList<ReasonArg> args;

    bool isEmpty() const { return code.isEmpty(); }
    bool operator==(const Reason &other) const;
    // Text as it stands in old history files (before reasons were data).
    static Reason verbatim(const QString &text);
    // One sentence made of parts, each a reason (empty ones render nothing).
    static Reason joined(const QByteArray &code, const QList<Reason> &parts);
};

enum class ReasonLanguage { Window, English };

// The reason's sentence: its template translated (Window) or not (English),
// every placeholder filled in one pass.
QString renderReason(const Reason &reason, ReasonLanguage language = ReasonLanguage::Window);
QStringList renderReasons(const QList<Reason> &reasons, ReasonLanguage language = ReasonLanguage::Window);
QString joinReasons(const QList<Reason> &reasons, const QString &separator,
                    ReasonLanguage language = ReasonLanguage::Window);

// {"code", "args": [...], "text": English}; args as numbers (counts,
// durations in ms), names as escaped text, notes as objects of the same form.
QJsonObject reasonJson(const Reason &reason);
QJsonArray reasonsJson(const QList<Reason> &reasons);
// What history files keep: code, context, template and args, all of them
// (reasonJson() without the rendered text). Reads back the same Reason.
QJsonObject reasonStored(const Reason &reason);
Reason reasonFromStored(const QJsonObject &object);
QByteArray storeReasons(const QList<Reason> &reasons);
// A stored list, or old files' "; "-joined text as one verbatim reason.
QList<Reason> loadReasons(const QByteArray &stored);

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::Reason)
