// Names as they are shown and labelled: displayBytes() and the Prometheus
// label encoding must be one-to-one with the bytes (two keys never share a
// row or a series). Checked by decoding: the shown name maps back to exactly
// the bytes it came from.
#include "displayed_name.h"
#include "export/prometheus_exposition.h"
#include "text/display_text.h"

#include <cstddef>
#include <cstdint>

using namespace pelscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray name(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString shown = displayBytes(name);
    if (test::bytesFromDisplay(shown) != std::optional<QByteArray>(name))
        __builtin_trap();
    if (test::fromPrometheusLabelValue(prometheusLabelValue(shown)) != std::optional<QString>(shown))
        __builtin_trap();
    return 0;
}
