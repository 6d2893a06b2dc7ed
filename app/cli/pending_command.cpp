// `pelscope-cli pending claim|ack|to-dlq`: actions on a group's pending
// entries through the one write flow the window runs (pending_write_kind.h):
// the plan's read, a "yes", one line per entry and a summary.
#include "cli_commands.h"
#include "write_support.h"
#include "actions/write_plan.h"

#include "actions/audit_log.h"
#include "snapshot/dlq_layout.h"
#include "actions/pending_write_kind.h"
#include "snapshot/format.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QTimer>

#include <cstdio>

namespace pelscope {

namespace {


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
    // The route, the plan's read, the confirmation, the run: the window's flow.
    return runWriteFlow(settings.connection, std::make_shared<PendingWriteKind>(request), parser.isSet(QStringLiteral("yes")),
                        parser.isSet(QStringLiteral("dry-run")));
}

} // namespace pelscope
