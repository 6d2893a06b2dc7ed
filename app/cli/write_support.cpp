#include "write_support.h"
#include "stop_signals.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>

#include "../common/terminal.h"

#include "redis/blocking_read.h"
#include "snapshot/format.h"

#include <QRegularExpression>

#include <cstdio>

namespace pelscope {

bool stdinIsTerminal()
{
    return isTerminal(stdin);
}

bool stderrIsTerminal()
{
    return isTerminal(stderr);
}

void printOutLine(const QString &line)
{
    writeOut(line + QLatin1Char('\n'));
}

void printErrLine(const QString &line)
{
    writeErr(QStringLiteral("pelscope-cli: %1\n").arg(line));
}

bool confirmPlan(const QStringList &plan, bool yes)
{
    const bool terminal = stdinIsTerminal();
    if (terminal || stderrIsTerminal())
        for (const QString &line : plan)
            writeErr(line + QLatin1Char('\n'));
    if (yes)
        return true;
    if (!terminal) {
        // A script that forgot --yes must not change production data.
        printErrLine(QStringLiteral("refusing to write: stdin is not a terminal, so nobody can confirm; review the plan "
                                    "(--dry-run where available) and pass --yes. Nothing was changed."));
        return false;
    }
    std::fputs("Type yes to go ahead: ", stderr);
    std::fflush(stderr);
    char buffer[64] = {};
    QByteArray answer = std::fgets(buffer, sizeof buffer, stdin) ? QByteArray(buffer).trimmed() : QByteArray();
    if (answer != "yes") {
        printErrLine(QStringLiteral("not confirmed; nothing was changed"));
        return false;
    }
    return true;
}

CliSettings writeSettings(const CliSettings &settings)
{
    CliSettings out = settings;
    out.connection = settings.connection.forWrites();
    return out;
}

RedisReplies readOnce(const ConnectionOptions &options, const RedisBatch &batch, RedisError *error)
{
    return readBlocking(options, batch, error);
}

QString collectIds(const QStringList &optionValues, const QStringList &trailing, QList<QByteArray> &out)
{
    static const QRegularExpression complete(QStringLiteral("^\\d+-\\d+$"));
    QStringList all;
    for (const QString &v : optionValues)
        all += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
    all += trailing;
    for (const QString &raw : std::as_const(all)) {
        const QString id = raw.trimmed();
        // "1700000000000" alone would mean a whole millisecond's entries to XRANGE.
        if (!complete.match(id).hasMatch())
            return QStringLiteral("'%1' is not a complete entry ID (ms-seq, e.g. 1700000000000-0)").arg(raw);
        const QByteArray bytes = id.toLatin1();
        if (!out.contains(bytes))
            out.append(bytes);
    }
    return {};
}

int writeExitCode(RedisError::Kind errorKind, bool failedOrStopped, bool changedSomething)
{
    if ((errorKind == RedisError::Kind::NoPermission || errorKind == RedisError::Kind::Usage) && !changedSomething)
        return kExitRefused;
    return failedOrStopped || errorKind != RedisError::Kind::None ? kExitFailed : kExitDone;
}

namespace {

constexpr int kCommandsShown = 20; // on a terminal; --dry-run lists them all

// The terminal's way of asking what a flow shows.
class TerminalConfirmer : public WriteConfirmer
{
public:
    explicit TerminalConfirmer(bool yes)
        : m_yes(yes)
    {}
    void confirm(const WritePreview &preview, std::function<void(std::optional<WriteDecision>)> answer) override
    {
        QStringList lines{preview.headline};
        if (!preview.summary.isEmpty())
            lines << preview.summary;
        if (!preview.path.isEmpty())
            lines << QStringLiteral("path: ") + preview.path;
        lines << preview.commands.mid(0, kCommandsShown);
        if (preview.commands.size() > kCommandsShown)
            lines << QStringLiteral("  ... and %1 more lines (--dry-run lists them)").arg(preview.commands.size() - kCommandsShown);
        if (!preview.commandsNote.isEmpty())
            lines << preview.commandsNote;
        for (const QString &note : preview.notes)
            lines << QStringLiteral("NOTE: ") + note;
        answer(confirmPlan(lines, m_yes) ? std::optional<WriteDecision>(WriteDecision{}) : std::nullopt);
    }

private:
    bool m_yes;
};

} // namespace

int runWriteFlow(const ConnectionOptions &connection, std::shared_ptr<const WriteKind> kind, bool yes, bool dryRun)
{
    if (dryRun) {
        const PreparedWrite p = kind->prepare(connection.forWrites());
        if (!p.pathLine.isEmpty())
            printOutLine(QStringLiteral("path: ") + p.pathLine);
        if (!p.error.isEmpty()) {
            printErrLine(p.error);
            return writeExitCode(p.errorKind, true);
        }
        if (!p.refusal.isEmpty()) {
            printErrLine(p.refusal);
            return kExitRefused;
        }
        for (const QString &line : kind->dryRunLines(p))
            printOutLine(line);
        return kExitDone;
    }
    WriteSession session(WriteSession::Threads::Caller);
    session.setConnection(connection);
    TerminalConfirmer confirmer(yes);
    WriteFlow flow(session, kind, confirmer);
    const bool showProgress = stderrIsTerminal();
    QObject::connect(&flow, &WriteFlow::planned, &flow, [&flow] { // before the question, and also before a refusal
        if (!flow.prepared().pathLine.isEmpty())
            printOutLine(QStringLiteral("path: ") + flow.prepared().pathLine);
    });
    QObject::connect(&flow, &WriteFlow::progress, &flow, [&](const QString &text, const WriteCounts &) {
        if (showProgress) {
            std::fputs("\r", stderr); // our own carriage return: redraws the progress line
            writeErr(text + QLatin1Char(' '));
        }
    });
    QObject::connect(&flow, &WriteFlow::retrying, &flow, [&](const QString &why) {
        writeErr(QStringLiteral("%1pelscope-cli: %2; reconnecting and continuing\n").arg(showProgress ? QStringLiteral("\n") : QString(), why));
    });
    catchStopSignals();
    QTimer interrupt;
    QObject::connect(&interrupt, &QTimer::timeout, &flow, [&flow] {
        if (stopRequested())
            flow.cancel();
    });
    interrupt.start(100);
    QEventLoop loop;
    QObject::connect(&flow, &WriteFlow::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(0, &flow, [&flow] { flow.start(); });
    loop.exec();
    if (showProgress && flow.end() != WriteFlow::End::Declined)
        std::fputs("\n", stderr);
    switch (flow.end()) {
    case WriteFlow::End::Declined: return kExitRefused; // the confirmer said why
    case WriteFlow::End::CouldNotPlan:
        printErrLine(flow.message());
        return writeExitCode(flow.prepared().errorKind, true);
    case WriteFlow::End::NothingToDo: printOutLine(flow.message() + QStringLiteral("; nothing to write")); return kExitDone;
    case WriteFlow::End::None:
    case WriteFlow::End::Refused:
    case WriteFlow::End::NotAllowed:
    case WriteFlow::End::Stale: printErrLine(flow.message()); return kExitRefused;
    case WriteFlow::End::Written:
    case WriteFlow::End::Failed: break;
    }
    const WriteOutcome &outcome = flow.outcome();
    for (const QString &line : kind->reportLines(outcome))
        printOutLine(line);
    if (!outcome.error.isEmpty())
        printErrLine(outcome.error);
    return writeExitCode(outcome.errorKind, flow.end() == WriteFlow::End::Failed, outcome.counts.done > 0);
}

} // namespace pelscope
