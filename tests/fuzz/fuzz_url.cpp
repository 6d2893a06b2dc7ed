// The URL parser and the redaction that runs before any message quotes a URL:
// never a crash, and the password never survives redaction.
#include "values/connection_options.h"

#include <QString>

#include <cstddef>
#include <cstdint>

using namespace pelscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const UrlParseResult r = parseRedisUrl(text);
    if (r.options) {
        (void)r.options->redactedUrl();
        (void)r.options->address();
        (void)r.options->forWrites();
        // No password survives redaction. Checked with a marker in the
        // password's place: the parsed text itself may also be a host's or a
        // master's name (a fuzzed password of four U+FFFD and a colon was also
        // the tail of a host before its added :26379), which is no leak.
        static const QByteArray kMarker = "pelscope-fuzz-secret-4f1c";
        ConnectionOptions o = *r.options;
        if (o.password)
            o.password = kMarker;
        if (o.sentinel && o.sentinel->password)
            o.sentinel->password = kMarker;
        if (o.redactedUrl().contains(QLatin1String(kMarker)))
            __builtin_trap();
    }
    (void)redactUrlText(text);
    return 0;
}
