// The history file on disk, before SQLite sees it, and who holds its lease.
#pragma once

#include <QString>

namespace pelscope {

// Why the history at `path` must not be opened, empty when it may: a
// symbolic link at the path or at its -wal, -shm or -journal companion
// (SQLite would follow it and create or write the file at its target). With
// `create`, a missing file is created here, 0600, without following a link
// (O_NOFOLLOW | O_EXCL), in a folder made 0700.
QString historyPathProblem(const QString &path, bool create);

// The lease holder's name for `program` on this host: "pelscope-cli record
// (pid 4242 on host)". leaseHolderIsGone() reads it back.
QString historyLeaseOwner(const QString &program);

// True when `owner` names a process on this host that no longer runs, or
// whose PID now belongs to a program that is not Pelscope: its lease can be
// taken at once (a recorder restarted 100 ms after a crash must not wait for
// the heartbeat to go stale). False for another host, or when unsure.
bool leaseHolderIsGone(const QString &owner);

} // namespace pelscope
