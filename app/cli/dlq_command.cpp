// `pelscope-cli dlq list|show|requeue`: dead-letter streams from the console.
// list and show only read; requeue writes, after a plan and a "yes".
#include "cli_commands.h"
#include "cli_values.h"
#include "write_support.h"

#include "actions/dlq_finder.h"
#include "actions/dlq_write_kind.h"
#include "snapshot/format.h"
#include "snapshot/stream_id.h"
#include "text/fill_text.h"
#include "redis/stream_entry.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <cstdio>

namespace pelscope {

namespace {


DlqFinderConfig finderConfig(const QCommandLineParser &parser, QString *error)
{
    DlqFinderConfig config;
    for (const QString &m : parser.values(QStringLiteral("dlq-map"))) {
        const qsizetype eq = m.indexOf(QLatin1Char('='));
        if (eq <= 0 || eq == m.size() - 1) {
            *error = QStringLiteral("--dlq-map expects DLQ=SOURCE, got '%1'").arg(m);
            return config;
        }
        config.mappings.append({m.left(eq).toUtf8(), m.mid(eq + 1).toUtf8()});
    }
    config.match = parser.value(QStringLiteral("match")).toUtf8();
    if (parser.isSet(QStringLiteral("count"))) {
        bool ok = false;
        config.sampleSize = parser.value(QStringLiteral("count")).toInt(&ok);
        if (!ok || config.sampleSize < 1)
            *error = QStringLiteral("invalid --count '%1'").arg(parser.value(QStringLiteral("count")));
    }
    return config;
}

int runDlqList(const CliSettings &settings, const QCommandLineParser &parser)
{
    QString usage;
    const DlqFinderConfig config = finderConfig(parser, &usage);
    if (!usage.isEmpty()) {
        printErrLine(usage);
        return kExitRefused;
    }
    DlqFinder finder(settings.connection, config);
    QList<DlqInfo> dlqs;
    RedisError failure;
    QObject::connect(&finder, &DlqFinder::finished, &finder, [&](const QList<DlqInfo> &found, const RedisError &e) {
        dlqs = found;
        failure = e;
        QCoreApplication::exit(0);
    });
    QTimer::singleShot(0, &finder, [&finder] { finder.start(); });
    QCoreApplication::exec();
    if (failure.isError()) {
        printErrLine(failure.message);
        return kExitRefused;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const DlqInfo &d : std::as_const(dlqs)) {
            QJsonObject o;
            putBytes(o, QStringLiteral("key"), d.key);
            putBytes(o, QStringLiteral("source"), d.source);
            o.insert(QLatin1String("source_from"), d.sourceMapped ? QStringLiteral("mapping") : QStringLiteral("name"));
            o.insert(QLatin1String("exists"), d.exists);
            o.insert(QLatin1String("length"), double(d.length));
            o.insert(QLatin1String("sampled"), double(d.sampled));
            QJsonArray categories;
            for (const auto &c : d.categories) {
                QJsonObject co;
                if (c.first.isEmpty())
                    co.insert(QLatin1String("category"), QJsonValue::Null); // entries without the field
                else
                    putBytes(co, QStringLiteral("category"), c.first);
                // Where it was read from: "category", else the error text's field (numbers folded to #).
                if (const QByteArray from = d.categoryFields.value(c.first); from.isEmpty())
                    co.insert(QLatin1String("field"), QJsonValue::Null);
                else
                    putBytes(co, QStringLiteral("field"), from);
                co.insert(QLatin1String("entries"), double(c.second));
                categories.append(co);
            }
            o.insert(QLatin1String("categories"), categories);
            o.insert(QLatin1String("newest_id"), d.newestId.isEmpty() ? QJsonValue() : QJsonValue(QString::fromLatin1(d.newestId)));
            o.insert(QLatin1String("newest_entry_ms"), d.newestMs ? QJsonValue(double(*d.newestMs)) : QJsonValue());
            list.append(o);
        }
        QJsonObject doc{{QLatin1String("schema"), QStringLiteral("pelscope.dlq_list/1")},
                        {QLatin1String("sample_size"), config.sampleSize},
                        {QLatin1String("dead_letter_streams"), list}};
        std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
        return kExitDone;
    }
    if (dlqs.isEmpty()) {
        printOutLine(QStringLiteral("no dead-letter streams found (conventions: %1; map others with --dlq-map DLQ=SOURCE)")
                         .arg(QString::fromUtf8(config.conventions.join(", "))));
        return kExitDone;
    }
    QList<QStringList> rows{{QStringLiteral("DLQ"), QStringLiteral("SOURCE"), QStringLiteral("LENGTH"), QStringLiteral("NEWEST ENTRY"),
                             QStringLiteral("CATEGORIES (newest %1)").arg(config.sampleSize)}};
    for (const DlqInfo &d : std::as_const(dlqs)) {
        QStringList categories;
        for (const auto &c : d.categories)
            categories << fillText(QStringLiteral("%1 %2"), c.first.isEmpty() ? QStringLiteral("(none)") : textValue(c.first), c.second);
        rows.append({textValue(d.key), textValue(d.source) + (d.sourceMapped ? QStringLiteral(" (mapped)") : QString()),
                     d.exists ? QString::number(d.length) : QStringLiteral("(missing)"), d.newestMs ? isoTime(*d.newestMs) : QStringLiteral("-"),
                     categories.join(QStringLiteral(", "))});
    }
    QList<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList &row : std::as_const(rows))
        for (qsizetype i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    for (const QStringList &row : std::as_const(rows)) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i)
            line += (i == 2 ? row[i].rightJustified(widths[i]) : row[i].leftJustified(i + 1 < row.size() ? widths[i] : 0)) + QStringLiteral("  ");
        printOutLine(line.trimmed());
    }
    return kExitDone;
}

int runDlqShow(const CliSettings &settings, const QCommandLineParser &parser, const QByteArray &dlq)
{
    int count = 10;
    if (parser.isSet(QStringLiteral("count"))) {
        bool ok = false;
        count = parser.value(QStringLiteral("count")).toInt(&ok);
        if (!ok || count < 1) {
            printErrLine(QStringLiteral("invalid --count '%1'").arg(parser.value(QStringLiteral("count"))));
            return kExitRefused;
        }
    }
    RedisError error;
    const RedisBatch batch{{"TYPE", dlq}, {"XLEN", dlq}, {"XREVRANGE", dlq, "+", "-", "COUNT", QByteArray::number(count)}};
    const RedisReplies replies = readOnce(settings.connection, batch, &error);
    for (int i = 0; !error.isError() && i < replies.size(); ++i)
        if (replies.at(i).isError())
            error = describeReplyError(batch.at(i), replies.at(i));
    if (error.isError()) {
        printErrLine(error.message);
        return kExitRefused;
    }
    if (replies.value(0).bytes() != "stream") {
        printErrLine(QStringLiteral("there is no stream named %1").arg(quotedBytes(dlq)));
        return kExitRefused;
    }
    QString why;
    const auto source = DlqFinder::sourceOf(dlq, finderConfig(parser, &why));
    const qint64 length = replies.value(1).integer();
    const QList<RedisReply> entries = replies.value(2).elements();

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const RedisReply &entry : entries) {
            QJsonObject e;
            const QByteArray id = entry.at(0).bytes();
            e.insert(QLatin1String("id"), QString::fromLatin1(id));
            if (const auto sid = StreamId::parse(id))
                e.insert(QLatin1String("time_ms"), double(sid->ms));
            QJsonArray fields; // an array: field order matters and names may repeat
            for (const auto &fv : fieldsOf(entry)) {
                QJsonObject f;
                putBytes(f, QStringLiteral("name"), fv.first);
                putBytes(f, QStringLiteral("value"), capped(fv.second));
                if (fv.second.size() > kValueCap) {
                    f.insert(QLatin1String("value_truncated"), true);
                    f.insert(QLatin1String("value_size"), double(fv.second.size()));
                }
                fields.append(f);
            }
            e.insert(QLatin1String("fields"), fields);
            list.append(e);
        }
        QJsonObject doc{{QLatin1String("schema"), QStringLiteral("pelscope.dlq_entries/1")},
                        {QLatin1String("length"), double(length)},
                        {QLatin1String("entries"), list}};
        putBytes(doc, QStringLiteral("key"), dlq);
        if (source)
            putBytes(doc, QStringLiteral("source"), source->first);
        std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
        return kExitDone;
    }
    printOutLine(fillText(QStringLiteral("%1: %2 entries%3; newest %4 shown, newest first"), textValue(dlq), length,
                          source ? QStringLiteral(" (source: %1)").arg(textValue(source->first)) : QString(), entries.size()));
    for (const RedisReply &entry : entries) {
        const QByteArray id = entry.at(0).bytes();
        const auto sid = StreamId::parse(id);
        printOutLine(QString());
        printOutLine(QString::fromLatin1(id) + (sid ? QStringLiteral("  ") + isoTime(qint64(sid->ms)) : QString()));
        for (const auto &fv : fieldsOf(entry)) {
            QString line = QStringLiteral("  %1: %2").arg(textValue(fv.first), textValue(capped(fv.second)));
            if (fv.second.size() > kValueCap)
                line += fillText(QStringLiteral(" ... [cut: %1 bytes in all, the first %2 shown]"), fv.second.size(), capped(fv.second).size());
            printOutLine(line);
        }
    }
    return kExitDone;
}

int runRequeue(const CliSettings &settings, const QCommandLineParser &parser, const QByteArray &dlq, const QStringList &trailing)
{
    RequeueRequest request;
    request.dlq = dlq;
    request.maxConsecutiveFailures = kCliMaxConsecutiveFailures;
    const bool all = parser.isSet(QStringLiteral("all"));
    const bool byId = parser.isSet(QStringLiteral("id"));
    const bool byMatch = parser.isSet(QStringLiteral("match"));
    if (int(all) + int(byId) + int(byMatch) != 1) {
        printErrLine(QStringLiteral("dlq requeue: choose exactly one of --all, --id ID ..., --match FIELD=VALUE"));
        return kExitRefused;
    }
    if (!trailing.isEmpty() && !byId) {
        printErrLine(QStringLiteral("dlq requeue: unexpected argument '%1'").arg(trailing.first()));
        return kExitRefused;
    }
    if (byId) {
        request.select = RequeueRequest::Select::Ids;
        if (const QString e = collectIds(parser.values(QStringLiteral("id")), trailing, request.ids); !e.isEmpty()) {
            printErrLine(e);
            return kExitRefused;
        }
    } else if (byMatch) {
        const QString m = parser.value(QStringLiteral("match"));
        const qsizetype eq = m.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            printErrLine(QStringLiteral("--match expects FIELD=VALUE, got '%1'").arg(m));
            return kExitRefused;
        }
        request.select = RequeueRequest::Select::Match;
        request.matchField = m.left(eq).toUtf8();
        request.matchValue = m.mid(eq + 1).toUtf8();
    }
    QString usage;
    const DlqFinderConfig config = finderConfig(parser, &usage);
    if (parser.isSet(QStringLiteral("to")))
        request.target = parser.value(QStringLiteral("to")).toUtf8();
    if (parser.isSet(QStringLiteral("rate"))) {
        bool ok = false;
        request.ratePerSecond = parser.value(QStringLiteral("rate")).toDouble(&ok);
        if (!ok || request.ratePerSecond <= 0)
            usage = QStringLiteral("invalid --rate '%1' (entries per second)").arg(parser.value(QStringLiteral("rate")));
    }
    if (!usage.isEmpty()) {
        printErrLine(usage);
        return kExitRefused;
    }
    // The kind plans the path for --to, else a --dlq-map's source, else the one
    // the DLQ's name says; on a cluster that decides atomic, the ledger, or refused.
    auto kind = std::make_shared<DlqWriteKind>(std::move(request), config, QStringLiteral("name the target with --to for the cross-slot path"));
    return runWriteFlow(settings.connection, kind, parser.isSet(QStringLiteral("yes")), parser.isSet(QStringLiteral("dry-run")));
}

} // namespace

int runDlq(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args)
{
    const QString sub = args.value(0);
    if (sub == QLatin1String("list") && args.size() == 1)
        return runDlqList(settings, parser);
    if (sub == QLatin1String("show") && args.size() == 2)
        return runDlqShow(settings, parser, args.at(1).toUtf8());
    if (sub == QLatin1String("requeue") && args.size() >= 2)
        return runRequeue(writeSettings(settings), parser, args.at(1).toUtf8(), args.mid(2));
    printErrLine(QStringLiteral("usage: dlq list | dlq show DLQ [--count N] [--json] | dlq requeue DLQ (--all | --id ID ... | --match FIELD=VALUE) "
                                "[--to STREAM] [--dry-run] [--rate N] [--yes]"));
    return kExitRefused;
}

} // namespace pelscope
