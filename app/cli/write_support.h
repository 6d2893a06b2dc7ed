// What the CLI's write commands share: the terminal rules (plan, "yes",
// refusal without a terminal), a one-shot read for the plan, ID arguments,
// and the exit codes.
#pragma once

#include "../common/connection_cli.h"
#include "../common/terminal.h"
#include "actions/write_flow.h"
#include "actions/write_job.h"
#include "text/display_text.h"
#include "values/connection_options.h"
#include "redis/redis_error.h"
#include "redis/redis_reply.h"

#include <QStringList>

#include <cstdio>
#include <functional>

namespace pelscope {

// 0: done, nothing failed. 1: ran, but something failed or it stopped early.
// 3: refused or could not start; nothing was changed (or the ACL said no).
constexpr int kExitDone = 0;
constexpr int kExitFailed = 1;
constexpr int kExitRefused = 3;

bool stdinIsTerminal();
bool stderrIsTerminal();

void printOutLine(const QString &line);
void printErrLine(const QString &line); // prefixed "pelscope-cli: "

// On a terminal: prints the plan on stderr and asks for "yes". Without a
// terminal it goes ahead only with --yes. Returns false (having said why)
// when the operator declined or nobody could be asked.
bool confirmPlan(const QStringList &plan, bool yes);

// The settings every write command runs with: the same server, but writes
// (and the reads behind their plans) always go to the primary, whatever
// read_from=replica / --read-from-replica says.
CliSettings writeSettings(const CliSettings &settings);

// One pipelined batch on a fresh connection, no retries: the reads behind a plan.
RedisReplies readOnce(const ConnectionOptions &options, const RedisBatch &batch, RedisError *error);

// Entry IDs from --id (repeatable, comma-separated) and the arguments that
// follow them ("--id A B C"); each must be a complete "ms-seq" ID.
QString collectIds(const QStringList &optionValues, const QStringList &trailing, QList<QByteArray> &out);

// A write from the command line gives up after this many failed reconnects
// in a row: about five minutes.
inline constexpr int kCliMaxConsecutiveFailures = 150;

// Exit code of a write run: permission and refusals 3 while nothing was
// changed; any failure 1, and a refusal after something was written too (150
// entries moved, then a batch met NOPERM: not "nothing changed").
int writeExitCode(RedisError::Kind errorKind, bool failedOrStopped, bool changedSomething = false);

// One write through the flow the window runs too (models/actions/write_flow.h),
// on this thread: --dry-run prints the plan on stdout and writes nothing;
// otherwise the headline and commands on stderr, "yes" on a terminal (or
// --yes), the job with its progress line, the outcome on stdout and any
// error on stderr. Returns the exit code (kExitDone, kExitFailed, kExitRefused).
int runWriteFlow(const ConnectionOptions &connection, std::shared_ptr<const WriteKind> kind, bool yes, bool dryRun);

} // namespace pelscope
