// The backfill's reader of a Prometheus /api/v1/query_range answer
// (parseQueryRange): whatever the server sends, never a crash, never more
// points than asked for, times ascending within the window, and every value
// drawn either a plausible reading or a gap.
#include "history/prometheus_backfill.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

using namespace pelscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    constexpr qint64 kFrom = 1'700'000'000'000, kTo = kFrom + 3'600'000;
    constexpr int kMaxPoints = 64;
    const BackfillParse p = parseQueryRange(body, kFrom, kTo, kMaxPoints);
    const BackfillSeries &s = p.series;
    if (s.t.size() != s.v.size() || s.t.size() > kMaxPoints)
        __builtin_trap();
    for (qsizetype i = 0; i < s.t.size(); ++i) {
        if (s.t.at(i) < kFrom / 1000.0 - 1 || s.t.at(i) > kTo / 1000.0 + 1 || (i && s.t.at(i) <= s.t.at(i - 1)))
            __builtin_trap();
        if (!std::isnan(s.v.at(i)) && !(s.v.at(i) >= 0 && s.v.at(i) < 1e15))
            __builtin_trap();
    }
    return 0;
}
