// Reading a stream entry out of a reply: [id, [field, value, ...]].
#pragma once

#include "../values/stream_fields.h"

namespace pelscope {

class RedisReply;

// Fields of an XRANGE / XREADGROUP entry reply element ([id, [f, v, ...]]).
StreamFields fieldsOf(const RedisReply &entry);

} // namespace pelscope
