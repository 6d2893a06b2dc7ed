#include "series_assembly.h"

#include <algorithm>
#include <cmath>

namespace pelscope {

SeriesWindow withBackfill(SeriesWindow local, const QVector<double> &fetchedT, const QVector<double> &fetchedV, qint64 fromMs, qint64 nowMs,
                          std::optional<qint64> recordedSinceMs, std::optional<qint64> *heldSinceMs)
{
    double localStart = double(recordedSinceMs.value_or(nowMs)) / 1000.0;
    for (qsizetype i = 0; i < local.t.size(); ++i)
        if (!std::isnan(local.v.at(i))) {
            localStart = std::min(localStart, local.t.at(i));
            break;
        }
    QVector<double> t, v;
    for (qsizetype i = 0; i < fetchedT.size() && i < fetchedV.size() && fetchedT.at(i) < localStart; ++i)
        if (fetchedT.at(i) >= double(fromMs) / 1000.0) {
            t << fetchedT.at(i);
            v << fetchedV.at(i);
        }
    if (t.isEmpty())
        return local;
    *heldSinceMs = std::min<qint64>(heldSinceMs->value_or(nowMs), qint64(t.first() * 1000));
    t << (t.last() + localStart) / 2;
    v << std::nan("");
    // The local window's points before its start are unknowns (gaps): they
    // go, so that times only increase (the chart relies on it) — the gap
    // above stands between the two sources.
    qsizetype skip = 0;
    while (skip < local.t.size() && local.t.at(skip) < localStart)
        ++skip;
    const auto joined = [&](const QVector<double> &front, const QVector<double> &rest) {
        return rest.size() < skip ? front : front + rest.mid(skip);
    };
    local.t = joined(t, local.t);
    const bool band = local.lo.size() == local.v.size() && local.hi.size() == local.v.size();
    if (band) { // a backfilled point stands for itself: its band is its value
        local.lo = joined(v, local.lo);
        local.hi = joined(v, local.hi);
    }
    local.v = joined(v, local.v);
    return local;
}

} // namespace pelscope
