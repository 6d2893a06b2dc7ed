// The dead letters' top causes across every dead-letter stream of a poll:
// the overview's dead-letter line answers "what piles up there" without
// opening the page. The counts rest on each stream's newest entries the
// probe sampled (DeadLetterSnapshot::categories), never on the whole stream.
#pragma once

#include "snapshot.h"

namespace pelscope {

struct DeadLetterCause
{
    QByteArray cause; // DlqLayout::causeOf's shape; empty: the entries had no error field
    qint64 count = 0;
};

struct DeadLetterCauses
{
    QList<DeadLetterCause> top; // most first, then by name
    qint64 sampled = 0;         // entries the counts rest on, over every stream
    qsizetype distinct = 0;     // causes in all, `top` holding the first of them
};

DeadLetterCauses topDeadLetterCauses(const QList<DeadLetterSnapshot> &deadLetters, int limit);

} // namespace pelscope
