#include "stream_entry.h"

#include "redis_reply.h"

namespace pelscope {

StreamFields fieldsOf(const RedisReply &entry)
{
    StreamFields out;
    const RedisReply &kv = entry.at(1);
    for (qsizetype i = 0; i + 1 < kv.size(); i += 2)
        out.append({kv.at(i).bytes(), kv.at(i + 1).bytes()});
    return out;
}

} // namespace pelscope
