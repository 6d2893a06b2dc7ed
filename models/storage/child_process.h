// Children that never outlive Pelscope, however it ends — SIGTERM, SIGKILL,
// a crash, the display going away (issue 34): the demo's redis-server and the
// --on-alert hooks. On Linux the kernel kills the child when the thread that
// started it exits (PR_SET_PDEATHSIG); a parent that died between fork and
// that call is caught by checking the parent afterwards.
#pragma once

#include <QString>

class QProcess;

namespace pelscope {

// Before process->start(). `ownGroup`: the child leads a process group of its
// own, so a deadline can kill it with everything it started.
void tieToPelscope(QProcess *process, bool ownGroup = false);

// The demo's private directories (pelscope-demo-XXXXXX under the temp
// directory) whose owner is gone: the owner wrote its pid there
// (writeDemoOwner) and no process has it now. Removed; returns how many.
int removeOrphanedDemoDirs(const QString &tempDir);
// Marks `dir` as this process's (its pid in dir/owner.pid).
bool writeDemoOwner(const QString &dir);

} // namespace pelscope
