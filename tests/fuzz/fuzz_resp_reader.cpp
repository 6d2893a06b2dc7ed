// The RESP reader (guard + hiredis reader + conversion to RedisReply), fed in
// the chunks the first byte chooses: whatever arrives, it ends in replies or a
// clear error, never a crash, a hang or memory the bytes only announced.
#include "redis/resp_codec.h"
#include "text/display_text.h"

#include <cstddef>
#include <cstdint>

using namespace pelscope;

namespace {

void touch(const RedisReply &r, int depth)
{
    (void)r.approximateSize();
    (void)r.errorCode();
    (void)r.toInt();
    (void)displayBytes(r.bytes());
    if (depth < 16)
        for (const RedisReply &e : r.elements())
            touch(e, depth + 1);
    (void)r.field("name");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const size_t chunk = 1 + data[0] % 17;
    RespDecoder decoder(ReplyLimits{1 << 20, 1 << 16, 1 << 16});
    for (size_t at = 1; at < size; at += chunk) {
        const size_t n = std::min(chunk, size - at);
        if (!decoder.feed(reinterpret_cast<const char *>(data + at), qsizetype(n)))
            break;
        while (auto r = decoder.next())
            touch(*r, 0);
        if (decoder.hasError())
            break;
    }
    return 0;
}
