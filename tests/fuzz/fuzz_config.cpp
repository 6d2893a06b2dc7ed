// Thresholds as --threshold and the config file give them (key=value per
// line), durations and sizes: bad input is an error message, never a crash.
#include "health/health_rules.h"
#include "snapshot/format.h"

#include <QString>

#include <cstddef>
#include <cstdint>

using namespace pelscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    HealthThresholds t;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        (void)parseDurationMs(line);
        (void)parseByteSize(line);
        if (eq > 0)
            (void)t.set(line.left(eq).trimmed(), line.mid(eq + 1));
    }
    (void)t.validate();
    (void)t.forGroup("orders", "ship");
    return 0;
}
