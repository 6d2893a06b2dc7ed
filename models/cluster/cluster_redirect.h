// -MOVED and -ASK error replies, and which key a probe command addresses, so
// a redirected command can be sent again to the node that holds the key.
#pragma once

#include "../redis/redis_reply.h"
#include "../text/fill_text.h"

#include <QString>
#include <optional>

namespace pelscope {

struct ClusterRedirect
{
    enum class Kind { Moved, Ask };
    Kind kind = Kind::Moved;
    int slot = -1;
    QString host; // may be empty: "the host you are talking to"
    quint16 port = 0;
    QString address() const { return fillText(QStringLiteral("%1:%2"), host, port); }
};

// "MOVED 3999 127.0.0.1:6381", "ASK 3999 [::1]:6381"; nullopt for anything else.
std::optional<ClusterRedirect> parseRedirect(const RedisReply &reply);

// The key of a single-key command the probe sends (XINFO STREAM k, XPENDING k g,
// XLEN k, XREVRANGE k ...); empty for keyless ones (TIME, SCAN).
QByteArray commandKey(const RedisCommand &command);

} // namespace pelscope
