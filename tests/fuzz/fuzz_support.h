// Shared by the fuzz targets: turn fuzzer bytes into RESP replies with the
// project's own decoder (the guard included), so every target sees what the
// wire could bring.
#pragma once

#include "redis/resp_codec.h"

#include <cstddef>
#include <cstdint>

namespace pelscope::fuzz {

// Whole replies from `data`, at most `max`; a protocol error ends the list.
inline RedisReplies repliesFrom(const uint8_t *data, size_t size, int max = 4096)
{
    RespDecoder decoder(ReplyLimits{1 << 20, 1 << 16, 1 << 16});
    RedisReplies out;
    if (!decoder.feed(reinterpret_cast<const char *>(data), qsizetype(size)))
        return out;
    while (out.size() < max) {
        std::optional<RedisReply> r = decoder.next();
        if (!r)
            break;
        out.append(std::move(*r));
    }
    return out;
}

} // namespace pelscope::fuzz
