// pelscope-cli queue list|show: the delayed queues and reliable lists
// (docs/QUEUES.md) from the console, read-only. `list` is the snapshot's
// queue table; `show` reads one queue's items, the oldest (or the most
// overdue) first, with their times as dates and ages.
#include "cli_commands.h"
#include "cli_values.h"
#include "snapshot_table.h"
#include "write_support.h"

#include "probe/queue_probe.h"
#include "snapshot/format.h"
#include "snapshot/snapshot_json.h"
#include "text/fill_text.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace pelscope {

namespace {

int runQueueList(const CliSettings &settings, const QCommandLineParser &parser)
{
    const bool json = parser.isSet(QStringLiteral("json"));
    return pollOnce(
        settings,
        [&](const Snapshot &s) {
            if (json) {
                const QJsonObject all = snapshotToJson(s);
                QJsonObject doc{{QLatin1String("schema"), QStringLiteral("pelscope.queues/1")},
                                {QLatin1String("delayed_queues"), all.value(QLatin1String("delayed_queues"))},
                                {QLatin1String("list_queues"), all.value(QLatin1String("list_queues"))}};
                std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
                return kExitDone;
            }
            const QList<SnapshotTable::Line> lines = renderQueueLines(s.data(), TableLayout{terminalColumns(stdout), parser.isSet(QStringLiteral("wide"))});
            if (lines.isEmpty())
                printOutLine(QStringLiteral("(no delayed queues or reliable lists: name them with --delayed-queue / --list-queue, or see docs/QUEUES.md "
                                            "for the names that are found)"));
            for (qsizetype i = 1; i < lines.size(); ++i) // without the blank line that separates them from the groups
                printOutLine(lines.at(i).text);
            return kExitDone;
        },
        [](const RedisError &e) { printErrLine(e.message); });
}

// "8m12s ago" / "in 3m" / "now".
QString relative(qint64 atMs, qint64 nowMs)
{
    const qint64 d = atMs - nowMs;
    if (std::llabs(d) < 1000)
        return QStringLiteral("now");
    return d < 0 ? QStringLiteral("%1 ago").arg(formatDuration(-d)) : QStringLiteral("in %1").arg(formatDuration(d));
}

int runQueueShow(const CliSettings &settings, const QCommandLineParser &parser, const QByteArray &key)
{
    int count = 20;
    if (parser.isSet(QStringLiteral("count"))) {
        bool ok = false;
        count = parser.value(QStringLiteral("count")).toInt(&ok);
        if (!ok || count < 1 || count > 10'000) {
            printErrLine(QStringLiteral("invalid --count '%1' (1 to 10000)").arg(parser.value(QStringLiteral("count"))));
            return kExitRefused;
        }
    }
    RedisError error;
    const RedisReplies kind = readOnce(settings.connection, {{"TYPE", key}, {"TIME"}}, &error);
    if (!error.isError() && kind.value(0).isError())
        error = describeReplyError({"TYPE"}, kind.value(0));
    if (error.isError()) {
        printErrLine(error.message);
        return kExitRefused;
    }
    const QByteArray type = kind.value(0).bytes();
    const RedisReply t = kind.value(1);
    const qint64 nowMs = t.at(0).toInt().value_or(0) * 1000 + t.at(1).toInt().value_or(0) / 1000;
    const bool delayed = type == "zset";
    if (!delayed && type != "list") {
        printErrLine(type == "none" ? QStringLiteral("there is no key named %1").arg(quotedBytes(key))
                                    : QStringLiteral("%1 is a %2, not a sorted set (delayed queue) or a list").arg(quotedBytes(key), QString::fromLatin1(type)));
        return kExitRefused;
    }
    // A delayed queue: the earliest due first. A list: its oldest end (the
    // right, where LMOVE ... LEFT and LPUSH put the newest on the left).
    const RedisBatch batch = delayed ? RedisBatch{{"ZCARD", key}, {"ZRANGE", key, "0", QByteArray::number(count - 1), "WITHSCORES"}}
                                     : RedisBatch{{"LLEN", key}, {"LRANGE", key, QByteArray::number(-count), "-1"}};
    const RedisReplies replies = readOnce(settings.connection, batch, &error);
    for (int i = 0; !error.isError() && i < replies.size(); ++i)
        if (replies.at(i).isError())
            error = describeReplyError(batch.at(i), replies.at(i));
    if (error.isError()) {
        printErrLine(error.message);
        return kExitRefused;
    }
    const qint64 size = replies.value(0).integer();
    struct Item
    {
        QByteArray value;
        std::optional<qint64> atMs; // due (delayed) or enqueued (list)
        std::optional<double> score;
    };
    QList<Item> items;
    const QList<RedisReply> elements = replies.value(1).elements(); // a copy: value() returns a temporary
    QString unit;
    if (delayed) {
        QList<double> scores;
        for (qsizetype i = 0; i + 1 < elements.size(); i += 2) {
            bool ok = false;
            const double score = elements.at(i + 1).bytes().toDouble(&ok);
            Item item{elements.at(i).bytes(), std::nullopt, ok && std::isfinite(score) ? std::optional(score) : std::nullopt};
            if (item.score)
                scores << *item.score;
            items.append(item);
        }
        // The unit as the probe decides it: the scores near the server's clock say which.
        ScoreUnit u = settings.probe.queues.scoreUnit;
        if (u == ScoreUnit::Auto)
            u = scoreUnitFrom(scores, nowMs);
        if (u != ScoreUnit::Auto)
            for (Item &item : items)
                if (item.score && std::fabs(*item.score) < 1e15)
                    item.atMs = u == ScoreUnit::Milliseconds ? qint64(*item.score) : qint64(*item.score * 1000.0);
        unit = scoreUnitText(u);
    } else {
        for (qsizetype i = elements.size() - 1; i >= 0; --i) // oldest first
            items.append({elements.at(i).bytes(), QueueProbe::itemTimeMs(elements.at(i).bytes(), settings.probe.queues.timestampFields), std::nullopt});
    }

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const Item &item : std::as_const(items)) {
            QJsonObject o;
            putBytes(o, QStringLiteral("value"), capped(item.value));
            if (item.value.size() > kValueCap) {
                o.insert(QLatin1String("value_truncated"), true);
                o.insert(QLatin1String("value_size"), double(item.value.size()));
            }
            if (item.score)
                o.insert(QLatin1String("score"), *item.score);
            o.insert(delayed ? QLatin1String("due_ms") : QLatin1String("timestamp_ms"), item.atMs ? QJsonValue(double(*item.atMs)) : QJsonValue());
            list.append(o);
        }
        QJsonObject doc{{QLatin1String("schema"), QStringLiteral("pelscope.queue_items/1")},
                        {QLatin1String("kind"), delayed ? QStringLiteral("delayed") : QStringLiteral("list")},
                        {QLatin1String("size"), double(size)},
                        {QLatin1String("server_time_ms"), double(nowMs)},
                        {QLatin1String("items"), list}};
        if (delayed)
            doc.insert(QLatin1String("score_unit"), unit);
        putBytes(doc, QStringLiteral("key"), key);
        std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
        return kExitDone;
    }
    printOutLine(delayed ? fillText(QStringLiteral("%1: delayed queue of %2 items (scores in %3); the %4 earliest due shown, earliest first"),
                                    textValue(key), formatCount(size),
                                    unit == QLatin1String("ms")  ? QStringLiteral("milliseconds")
                                    : unit == QLatin1String("s") ? QStringLiteral("seconds")
                                                                 : QStringLiteral("an unknown unit: no score is a time near the server's"),
                                    items.size())
                         : fillText(QStringLiteral("%1: list of %2 items; the %3 oldest shown (its right end), oldest first"), textValue(key),
                                    formatCount(size), items.size()));
    for (const Item &item : std::as_const(items)) {
        QString when;
        if (item.atMs)
            when = QStringLiteral("%1 (%2)").arg(isoTime(*item.atMs), delayed ? QStringLiteral("due %1").arg(relative(*item.atMs, nowMs))
                                                                                : relative(*item.atMs, nowMs));
        else
            when = !delayed       ? QStringLiteral("no timestamp: age unknown")
                   : !item.score  ? QStringLiteral("score not a number")
                   : unit.isEmpty() ? fillText(QStringLiteral("score %1, unit unknown"), *item.score)
                                    : fillText(QStringLiteral("score %1, not a time"), *item.score);
        QString line = QStringLiteral("%1  %2").arg(when, textValue(capped(item.value)));
        if (item.value.size() > kValueCap)
            line += fillText(QStringLiteral(" ... [cut: %1 bytes in all, the first %2 shown]"), item.value.size(), capped(item.value).size());
        printOutLine(line);
    }
    return kExitDone;
}

} // namespace

int runQueue(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args)
{
    const QString sub = args.value(0);
    if (sub == QLatin1String("list") && args.size() == 1)
        return runQueueList(settings, parser);
    if (sub == QLatin1String("show") && args.size() == 2)
        return runQueueShow(settings, parser, args.at(1).toUtf8());
    static const QStringList writes{QStringLiteral("requeue"), QStringLiteral("delete"), QStringLiteral("run-now"), QStringLiteral("reschedule")};
    if (writes.contains(sub) && args.size() == 2)
        return runQueueWrite(writeSettings(settings), parser, sub, args.at(1));
    printErrLine(QStringLiteral("usage: queue list [--json] | queue show KEY [--count N] [--json] | queue requeue LIST (--older-than DURATION "
                                "[--include-undated] | --item VALUE ...) [--limit N] | queue delete KEY (--item VALUE ... | --older-than DURATION) | "
                                "queue run-now ZSET --item MEMBER ... | queue reschedule ZSET --item MEMBER ... (--at TIME | --in DURATION); "
                                "writes take [--dry-run] [--yes]"));
    return kExitRefused;
}

} // namespace pelscope
