// Reading one field of a reply, shared by the two halves of StreamProbe's
// reading (stream_probe_replies.cpp, stream_probe_pel.cpp): a nil is unknown,
// a wrong shape is unknown, a negative count is not a count.
#pragma once

#include "../redis/redis_reply.h"
#include "../snapshot/snapshot.h"
#include "../text/fill_text.h"

#include <QString>

#include <optional>

namespace pelscope::reply_fields {

inline std::optional<qint64> optInt(const RedisReply &r)
{
    return r.isNil() ? std::nullopt : r.toInt();
}

inline std::optional<QByteArray> optBytes(const RedisReply &r)
{
    if (!r.isString())
        return std::nullopt;
    return r.bytes();
}

// A count the server sent: a negative one is not a count. It is left
// unknown, and the group says what could not be judged, rather than
// showing -5 pending entries as fine.
inline std::optional<qint64> optCount(const RedisReply &r, const char *what, GroupSnapshot &g)
{
    const std::optional<qint64> v = optInt(r);
    if (v && *v < 0) {
        g.unjudged << fillText(QStringLiteral("%1: the server sent a negative value (%2)"), QLatin1String(what), *v);
        return std::nullopt;
    }
    return v;
}

} // namespace pelscope::reply_fields
