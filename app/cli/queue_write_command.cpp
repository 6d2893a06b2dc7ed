// pelscope-cli queue requeue|delete|run-now|reschedule: the writes to delayed
// queues and reliable lists (docs/QUEUES.md), through the one write flow the
// window runs (models/actions/queue_write_kind.h): the exact commands planned
// from what the server holds (a dry run of the same job), shown, confirmed
// with "yes" (or --yes without a terminal), audited.
#include "cli_commands.h"
#include "cli_values.h"
#include "write_support.h"

#include "actions/queue_write_kind.h"
#include "snapshot/format.h"
#include "text/fill_text.h"

namespace pelscope {

namespace {


using Operation = QueueWriteRequest::Operation;

// The reliable list a name means: "MAIN=PROCESSING"; a list pair the
// settings name (by either list); a processing list by the naming rules
// (X:processing, processing:X, X-processing); or a main list with exactly one
// such sibling on the server. Empty main: not found (error says why).
QPair<QByteArray, QByteArray> resolveList(const CliSettings &settings, const QString &name, QString *error)
{
    const qsizetype eq = name.indexOf(QLatin1Char('='));
    if (eq > 0 && eq < name.size() - 1)
        return {name.left(eq).toUtf8(), name.mid(eq + 1).toUtf8()};
    const QByteArray key = name.toUtf8();
    for (const auto &pair : settings.probe.queues.lists)
        if (pair.first == key || pair.second == key)
            return pair;
    for (const QByteArray &suffix : {QByteArray(":processing"), QByteArray("-processing")})
        if (key.endsWith(suffix) && key.size() > suffix.size())
            return {key.left(key.size() - suffix.size()), key};
    if (key.startsWith("processing:") && key.size() > 11)
        return {key.mid(11), key};
    const QList<QByteArray> candidates{key + ":processing", "processing:" + key, key + "-processing"};
    RedisBatch batch;
    for (const QByteArray &c : candidates)
        batch.append({"TYPE", c});
    RedisError e;
    const RedisReplies replies = readOnce(settings.connection, batch, &e);
    if (e.isError()) {
        *error = e.message;
        return {};
    }
    QList<QByteArray> found;
    for (qsizetype i = 0; i < replies.size(); ++i)
        if (replies.at(i).bytes() == "list")
            found.append(candidates.at(i));
    if (found.size() == 1)
        return {key, found.first()};
    *error = found.isEmpty() ? QStringLiteral("%1 has no processing list (looked for %2:processing, processing:%2 and %2-processing); "
                                              "name both as MAIN=PROCESSING")
                                   .arg(quotedBytes(key), textValue(key))
                             : QStringLiteral("%1 has several processing lists; name the one meant as MAIN=PROCESSING").arg(quotedBytes(key));
    return {};
}

} // namespace

int runQueueWrite(const CliSettings &settings, const QCommandLineParser &parser, const QString &sub, const QString &name)
{
    QueueWriteRequest request;
    request.maxConsecutiveFailures = kCliMaxConsecutiveFailures;
    request.timestampFields = settings.probe.queues.timestampFields;
    request.scoreUnit = settings.probe.queues.scoreUnit;
    for (const QString &item : parser.values(QStringLiteral("item")))
        if (!request.items.contains(item.toUtf8()))
            request.items.append(item.toUtf8());
    const bool byAge = parser.isSet(QStringLiteral("older-than"));
    if (byAge) {
        const auto age = parseDurationMs(parser.value(QStringLiteral("older-than")));
        if (!age || *age < 0) {
            printErrLine(QStringLiteral("invalid --older-than '%1' (a duration: 5m, 1h)").arg(parser.value(QStringLiteral("older-than"))));
            return kExitRefused;
        }
        request.olderThanMs = *age;
    }
    request.includeUndated = parser.isSet(QStringLiteral("include-undated"));
    if (parser.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        request.limit = parser.value(QStringLiteral("limit")).toLongLong(&ok);
        if (!ok || request.limit < 1) {
            printErrLine(QStringLiteral("invalid --limit '%1'").arg(parser.value(QStringLiteral("limit"))));
            return kExitRefused;
        }
    }

    // What the name is: a sorted set is a delayed queue, anything else a reliable list.
    RedisError error;
    const RedisReplies kind = readOnce(settings.connection, {{"TYPE", name.toUtf8()}}, &error);
    if (error.isError()) {
        printErrLine(error.message);
        return kExitRefused;
    }
    const bool delayed = kind.value(0).bytes() == "zset";
    if (sub == QLatin1String("requeue") || (sub == QLatin1String("delete") && !delayed)) {
        if (int(byAge) + int(!request.items.isEmpty()) != 1) {
            printErrLine(QStringLiteral("queue %1: choose the items with exactly one of --older-than DURATION (by their timestamp) or --item VALUE ...").arg(sub));
            return kExitRefused;
        }
        QString why;
        const auto [main, processing] = resolveList(settings, name, &why);
        if (main.isEmpty()) {
            printErrLine(why);
            return kExitRefused;
        }
        // Only into the main list of a queue Pelscope watches (nothing was written yet).
        RedisError typeError;
        const RedisReplies mainType = readOnce(settings.connection, {{"TYPE", main}}, &typeError);
        if (typeError.isError()) {
            printErrLine(typeError.message);
            return kExitRefused;
        }
        if (const QString unwatched = settings.probe.queues.unwatchedListReason(main, processing, mainType.value(0).bytes() == "list");
            !unwatched.isEmpty()) {
            printErrLine(fillText(QStringLiteral("refused, nothing was written: %1"), unwatched));
            return kExitRefused;
        }
        request.operation = sub == QLatin1String("requeue") ? Operation::Requeue : Operation::DeleteFromList;
        request.key = processing;
        request.mainKey = main;
    } else {
        if (!delayed) {
            printErrLine(QStringLiteral("%1 is not a sorted set: %2 is for delayed queues").arg(quotedBytes(name.toUtf8()), sub));
            return kExitRefused;
        }
        if (request.items.isEmpty() || byAge) {
            printErrLine(QStringLiteral("queue %1: name the members with --item MEMBER (repeatable)").arg(sub));
            return kExitRefused;
        }
        request.key = name.toUtf8();
        if (sub == QLatin1String("delete")) {
            request.operation = Operation::DeleteDelayed;
        } else {
            request.operation = Operation::Reschedule;
            const bool at = parser.isSet(QStringLiteral("at"));
            const bool in = parser.isSet(QStringLiteral("in"));
            if (sub == QLatin1String("reschedule")) {
                if (int(at) + int(in) != 1) {
                    printErrLine(QStringLiteral("queue reschedule: give the new due time with --at TIME or --in DURATION"));
                    return kExitRefused;
                }
                if (at) {
                    request.dueMs = parseTime(parser.value(QStringLiteral("at")));
                    if (!request.dueMs) {
                        printErrLine(QStringLiteral("invalid --at '%1' (ISO 8601, e.g. 2026-12-01T13:00:00Z, or ms since the epoch)")
                                         .arg(parser.value(QStringLiteral("at"))));
                        return kExitRefused;
                    }
                } else {
                    const auto d = parseDurationMs(parser.value(QStringLiteral("in")));
                    if (!d) {
                        printErrLine(QStringLiteral("invalid --in '%1' (a duration: 10m)").arg(parser.value(QStringLiteral("in"))));
                        return kExitRefused;
                    }
                    request.dueInMs = *d; // from the server's TIME when the job starts
                }
            } else if (at || in) {
                printErrLine(QStringLiteral("queue run-now takes no --at or --in (see queue reschedule)"));
                return kExitRefused;
            }
        }
    }

    // The plan, the confirmation, the run and the outcome: the window's flow.
    return runWriteFlow(settings.connection, std::make_shared<QueueWriteKind>(request), parser.isSet(QStringLiteral("yes")),
                        parser.isSet(QStringLiteral("dry-run")));
}

} // namespace pelscope
