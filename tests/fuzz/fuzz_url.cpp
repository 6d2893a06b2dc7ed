// The URL parser and the redaction that runs before any message quotes a URL:
// never a crash, and the password never survives redaction.
#include "redis/connection_options.h"

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
        // A parsed password never appears in the redacted forms (unless the
        // same text is also elsewhere in the URL, a master name say).
        const QString pw = QString::fromUtf8(r.options->password.value_or(QByteArray()));
        if (pw.size() >= 4 && !pw.contains(QLatin1Char('*')) && text.count(pw) == 1 && r.options->redactedUrl().contains(pw))
            __builtin_trap();
    }
    (void)redactUrlText(text);
    return 0;
}
