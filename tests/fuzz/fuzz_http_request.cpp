// The exporter's request-head parser (models/export/http_request_head.h):
// whatever a client sends, never a crash, and a verdict that stays inside the
// limits: a complete head never longer than the head limit, a refusal always
// one of the statuses the server knows.
#include "export/http_request_head.h"
#include "export/metrics_http_server.h"

#include <cstddef>
#include <cstdint>

using namespace pelscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    HttpLimits limits;
    limits.maxRequestLine = 256; // small, so the fuzzer reaches the limits
    limits.maxHead = 1024;
    limits.maxHeaders = 8;
    const HttpParse p = parseRequestHead(bytes, limits);
    switch (p.state) {
    case HttpParse::State::Incomplete:
        if (bytes.size() > limits.maxHead)
            __builtin_trap(); // more than the limit, still waiting: unbounded
        break;
    case HttpParse::State::Complete:
        if (p.consumed <= 0 || p.consumed > bytes.size() || p.consumed > limits.maxHead || !p.head.path.startsWith('/'))
            __builtin_trap();
        break;
    case HttpParse::State::Refused:
        if (httpStatusLine(p.status).endsWith("Error") || p.reason.isEmpty())
            __builtin_trap();
        break;
    }
    return 0;
}
