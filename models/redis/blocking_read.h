// One pipelined batch on a fresh connection, waited for on the calling
// thread: the reads behind a write's plan, on pelscope-cli's main thread or
// the window's writer thread (never the GUI thread). No retries; bounded by
// the options' connect and command deadlines.
#pragma once

#include "../values/connection_options.h"
#include "redis_error.h"
#include "redis_reply.h"

namespace pelscope {

RedisReplies readBlocking(const ConnectionOptions &options, const RedisBatch &batch, RedisError *error);

} // namespace pelscope
