// What one reply from a server may cost at most (RespGuard enforces it, below
// hiredis's reader): a value of the connection's options, so it lives with them.
#pragma once

#include <QtGlobal>

namespace pelscope {

struct ReplyLimits
{
    qint64 maxReplyBytes = 512LL * 1024 * 1024; // one reply on the wire, nested parts included
    qint64 maxElements = 1'000'000;             // elements of one reply, nested parts included
    qint64 maxLineBytes = 1024LL * 1024;        // a status, error or header line
};

} // namespace pelscope
