// `pelscope-cli pending claim|ack|to-dlq`: actions on a group's pending
// entries, after a plan and a "yes", one line per entry and a summary.
#include "cli_commands.h"
#include "write_support.h"
#include "actions/write_plan.h"

#include "actions/audit_log.h"
#include "snapshot/dlq_layout.h"
#include "actions/pending_action_job.h"
#include "actions/pending_preflight.h"
#include "snapshot/format.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QTimer>

#include <cstdio>

namespace pelscope {

namespace {

constexpr int kCliMaxConsecutiveFailures = 150; // about five minutes of reconnecting

const char *kUsage = "usage: pending claim STREAM GROUP --to CONSUMER --min-idle DURATION (--id ID ... | --consumer NAME [--count N]) [--dry-run]\n"
                     "       pending ack STREAM GROUP --id ID ... [--dry-run]\n"
                     "       pending to-dlq STREAM GROUP --id ID ... [--dlq KEY] [--category C] [--reason R] [--dry-run]";

// Builds the request from the options; an error message on bad input.
QString requestFrom(const QCommandLineParser &parser, const QString &sub, const QStringList &trailing, PendingActionRequest &r)
{
    using Action = PendingActionRequest::Action;
    r.action = sub == QLatin1String("claim") ? Action::Claim : sub == QLatin1String("ack") ? Action::Ack : Action::ToDlq;
    const bool byId = parser.isSet(QStringLiteral("id"));
    const bool byConsumer = parser.isSet(QStringLiteral("consumer"));
    if (!trailing.isEmpty() && !byId)
        return QStringLiteral("unexpected argument '%1'").arg(trailing.first());
    if (byId)
        if (QString e = collectIds(parser.values(QStringLiteral("id")), trailing, r.ids); !e.isEmpty())
            return e;
    if (r.action == Action::Claim) {
        if (!parser.isSet(QStringLiteral("to")))
            return QStringLiteral("pending claim needs --to CONSUMER");
        r.toConsumer = parser.value(QStringLiteral("to")).toUtf8();
        // Required, so nobody steals entries from live workers by leaving it out.
        if (!parser.isSet(QStringLiteral("min-idle")))
            return QStringLiteral("pending claim needs --min-idle (e.g. 5m): entries idle less than that stay with their owner");
        const auto minIdle = parseDurationMs(parser.value(QStringLiteral("min-idle")));
        if (!minIdle)
            return QStringLiteral("invalid --min-idle '%1' (e.g. 30s, 5m)").arg(parser.value(QStringLiteral("min-idle")));
        r.minIdleMs = *minIdle;
        if (byId == byConsumer)
            return QStringLiteral("pending claim: choose exactly one of --id ID ... and --consumer NAME");
        if (byConsumer) {
            r.fromConsumer = parser.value(QStringLiteral("consumer")).toUtf8();
            if (parser.isSet(QStringLiteral("count"))) {
                bool ok = false;
                r.limit = parser.value(QStringLiteral("count")).toLongLong(&ok);
                if (!ok || r.limit < 1)
                    return QStringLiteral("invalid --count '%1'").arg(parser.value(QStringLiteral("count")));
            }
        }
    } else {
        if (!byId)
            return QStringLiteral("pending %1 needs --id ID ...").arg(sub);
        if (byConsumer)
            return QStringLiteral("--consumer selects entries for claim only");
    }
    if (r.action == Action::ToDlq) {
        r.dlq = parser.isSet(QStringLiteral("dlq")) ? parser.value(QStringLiteral("dlq")).toUtf8()
                                                    : QByteArray(defaultDlqConventions().first()).replace("{}", r.stream);
        if (parser.isSet(QStringLiteral("category")))
            r.category = parser.value(QStringLiteral("category")).toUtf8();
        r.reason = parser.isSet(QStringLiteral("reason")) ? parser.value(QStringLiteral("reason")).toUtf8()
                                                          : ("moved to the DLQ by " + AuditLog::actor().toUtf8() + " with pelscope-cli");
    }
    return {};
}

// Reads behind the plan (the same read the window makes); refuses (empty
// plan, message printed) when the stream or group is missing or the server
// cannot be read.
QStringList planFor(const ConnectionOptions &node, const PendingActionRequest &r)
{
    const PendingPlan plan = readPendingPlan(node, r);
    if (plan.refusal.isError()) {
        printErrLine(plan.refusal.message);
        return {};
    }
    return QStringList{plan.summary} + plan.lines;
}

} // namespace

int runPending(const CliSettings &readSettings, const QCommandLineParser &parser, const QStringList &args)
{
    const CliSettings settings = writeSettings(readSettings); // writes go to the primary
    const QString sub = args.value(0);
    if (args.size() < 3 || (sub != QLatin1String("claim") && sub != QLatin1String("ack") && sub != QLatin1String("to-dlq"))) {
        printErrLine(QString::fromLatin1(kUsage));
        return kExitRefused;
    }
    PendingActionRequest request;
    request.stream = args.at(1).toUtf8();
    request.group = args.at(2).toUtf8();
    request.maxConsecutiveFailures = kCliMaxConsecutiveFailures;
    if (const QString e = requestFrom(parser, sub, args.mid(3), request); !e.isEmpty()) {
        printErrLine(e);
        return kExitRefused;
    }
    // Where it runs (the stream's master on a cluster) and whether it may:
    // the window's planner too.
    const PendingActionPlan routed = planPendingAction(settings.connection, request);
    if (!routed.runs()) {
        printErrLine(routed.error.isEmpty() ? routed.refusal : routed.error);
        return kExitRefused;
    }
    if (!routed.pathText.isEmpty())
        printOutLine(QStringLiteral("path: %1").arg(routed.pathText));
    request = routed.request;
    const QStringList plan = planFor(routed.node, request);
    if (plan.isEmpty())
        return kExitRefused;
    if (parser.isSet(QStringLiteral("dry-run"))) {
        // The confirmation as it would be asked, on stdout; nothing is written.
        for (const QString &line : plan)
            printOutLine(line);
        return kExitDone;
    }
    if (!confirmPlan(plan, parser.isSet(QStringLiteral("yes"))))
        return kExitRefused;

    PendingActionJob job(routed.node, request);
    const WriteOutcome result = runWriteJob(job, stderrIsTerminal(), [](const WriteCounts &c) {
        return fillText(QStringLiteral("%1 settled%2"), c.settled(), c.total >= 0 ? QStringLiteral(" of %1").arg(c.total) : QString());
    });

    for (const PendingOutcome &o : std::as_const(result.entries)) {
        QString line = QString::fromLatin1(o.id) + QStringLiteral("  ") + o.outcomeName();
        if (!o.newId.isEmpty())
            line += QStringLiteral(" -> ") + QString::fromLatin1(o.newId);
        if (!o.note.isEmpty())
            line += QStringLiteral(" (") + o.note + QLatin1Char(')');
        printOutLine(line);
    }
    const WriteCounts &c = result.counts;
    QString summary;
    switch (request.action) {
    case PendingActionRequest::Action::Claim:
        summary = fillText(QStringLiteral("claimed %1, not claimed %2, not pending %3, failed %4"), c.done, c.notClaimed, c.notPending, c.failed);
        break;
    case PendingActionRequest::Action::Ack:
        summary = fillText(QStringLiteral("acknowledged %1, not pending %2, failed %3"), c.done, c.notPending, c.failed);
        break;
    case PendingActionRequest::Action::ToDlq:
        summary = fillText(QStringLiteral("moved %1, not pending %2, failed %3"), c.done, c.notPending, c.failed);
        if (c.trimmed)
            summary += QStringLiteral(", moved with metadata only %1").arg(c.trimmed);
        break;
    }
    if (c.uncertain)
        summary += QStringLiteral(", not pending after a lost reply %1").arg(c.uncertain);
    if (result.cancelled)
        summary += QStringLiteral(", interrupted");
    printOutLine(summary);
    if (request.action == PendingActionRequest::Action::Claim && c.done > 0)
        printErrLine(fillText(QStringLiteral("%1 now owns the %2 claimed entries: it must read them again with ID 0 "
                                             "(XREADGROUP GROUP %3 %1 STREAMS %4 0), or they will idle again"),
                              quotedKey(request.toConsumer), c.done, quotedKey(request.group), quotedKey(request.stream)));
    if (!result.error.isEmpty())
        printErrLine(result.error);
    return writeExitCode(result.errorKind, c.failed > 0 || result.cancelled || !result.error.isEmpty());
}

} // namespace pelscope
