// pelscope-cli job retry QUEUE: a job framework's own repair (BullMQ's retry
// of failed jobs, Sidekiq's retry from its retry or dead set, RQ's requeue
// from the failed registry, Celery's restore of reservations past the
// visibility timeout), through the one write flow the window runs
// (models/actions/job_repair_kind.h). QUEUE is the row as `snapshot` names
// it ("BullMQ mail", "Sidekiq dead", "RQ default", "Celery unacked"), found
// by one poll, so the repair acts on what the probe sees.
#include "cli_commands.h"
#include "cli_values.h"
#include "write_support.h"

#include "actions/job_repair_kind.h"
#include "snapshot/format.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace pelscope {

namespace {

// A glob pattern that matches `text` literally inside a longer string.
QByteArray globContaining(const QByteArray &text)
{
    QByteArray out = "*";
    for (const char c : text) {
        if (std::strchr("*?[]\\", c))
            out += '\\';
        out += c;
    }
    return out + '*';
}

// Sidekiq's entries by jid, as its own find_job looks for them (ZSCAN MATCH
// *jid*), checked against the payload's own jid. Empty: an error was said.
std::optional<QList<QByteArray>> sidekiqMembers(const ConnectionOptions &connection, const QByteArray &set, const QStringList &jids)
{
    QList<QByteArray> members;
    for (const QString &jid : jids) {
        QByteArray cursor = "0";
        bool found = false;
        do {
            RedisError error;
            const RedisReplies r = readOnce(connection, {{"ZSCAN", set, cursor, "MATCH", globContaining(jid.toUtf8()), "COUNT", "1000"}}, &error);
            if (error.isError()) {
                printErrLine(error.message);
                return std::nullopt;
            }
            cursor = r.value(0).at(0).bytes();
            const QList<RedisReply> pairs = r.value(0).at(1).elements();
            for (qsizetype i = 0; i + 1 < pairs.size(); i += 2)
                if (QJsonDocument::fromJson(pairs.at(i).bytes()).object().value(QLatin1String("jid")).toString() == jid) {
                    members.append(pairs.at(i).bytes());
                    found = true;
                }
        } while (!cursor.isEmpty() && cursor != "0");
        if (!found)
            printErrLine(fillText(QStringLiteral("jid %1 is not in %2"), jid, quotedBytes(set)));
    }
    return members;
}

} // namespace

int runJob(const CliSettings &settings, const QCommandLineParser &parser, const QStringList &args)
{
    if (args.value(0) != QLatin1String("retry") || args.size() != 2) {
        printErrLine(QStringLiteral("job: expected `job retry QUEUE` (QUEUE as `snapshot` names the row: \"BullMQ mail\", \"Sidekiq dead\", \"RQ default\", "
                                    "\"Celery unacked\")"));
        return kExitRefused;
    }
    const QString name = args.at(1);
    std::optional<JobQueueSnapshot> found;
    QStringList offered;
    const int polled = pollOnce(
        settings,
        [&](const Snapshot &s) {
            for (const JobQueueSnapshot &q : s->jobQueues) {
                if (!jobRepairFor(q, settings.probe.thresholds.celeryVisibilityTimeoutMs))
                    continue;
                offered << jobQueueTitle(q);
                if (jobQueueTitle(q) == name || displayBytes(q.key) == name)
                    found = q;
            }
            return 0;
        },
        [](const RedisError &e) { printErrLine(e.message); });
    if (polled != 0)
        return kExitRefused;
    if (!found) {
        printErrLine(offered.isEmpty() ? fillText(QStringLiteral("no job queue named %1 offers a repair here (none of this server's rows does)"), name)
                                       : fillText(QStringLiteral("no job queue named %1 offers a repair; these do: %2"), name,
                                                  offered.join(QStringLiteral(", "))));
        return kExitRefused;
    }
    JobRepairRequest request = *jobRepairFor(*found, settings.probe.thresholds.celeryVisibilityTimeoutMs);
    request.maxConsecutiveFailures = kCliMaxConsecutiveFailures;
    request.errorContains = parser.value(QStringLiteral("error"));
    if (!request.errorContains.isEmpty() && request.framework == JobFramework::Celery) {
        printErrLine(QStringLiteral("job retry --error: a Celery reservation holds no error to match; name the tasks with --id TAG, or restore all"));
        return kExitRefused;
    }
    if (parser.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        request.limit = parser.value(QStringLiteral("limit")).toLongLong(&ok);
        if (!ok || request.limit < 1) {
            printErrLine(fillText(QStringLiteral("invalid --limit '%1'"), parser.value(QStringLiteral("limit"))));
            return kExitRefused;
        }
    }
    QStringList ids;
    for (const QString &id : parser.values(QStringLiteral("id")))
        if (!ids.contains(id))
            ids << id;
    if (request.framework == JobFramework::Sidekiq && !ids.isEmpty()) {
        const auto members = sidekiqMembers(settings.connection, request.sourceKey(), ids);
        if (!members)
            return kExitRefused;
        if (members->isEmpty()) {
            printErrLine(QStringLiteral("none of the jids named is in the set: nothing to retry"));
            return kExitRefused;
        }
        request.ids = *members;
    } else {
        for (const QString &id : ids)
            request.ids << id.toUtf8();
    }
    return runWriteFlow(settings.connection, std::make_shared<JobRepairKind>(request), parser.isSet(QStringLiteral("yes")),
                        parser.isSet(QStringLiteral("dry-run")));
}

} // namespace pelscope
