// A group chart's series from two sources: the local history's window, and
// in front of it what a Prometheus held from before its first known point
// (backfill), with a gap between: two sources are never joined by a line.
#pragma once

#include "history_store.h"

#include <optional>

namespace pelscope {

// `local` with the part of the fetched series (t in seconds, v) that lies in [fromMs, the first local
// point) in front, then a NaN gap. The local history starts at its first
// known value, or at recordedSinceMs when that is earlier (or now, with
// neither). *heldSinceMs moves back to the first backfilled point, if any.
SeriesWindow withBackfill(SeriesWindow local, const QVector<double> &fetchedT, const QVector<double> &fetchedV, qint64 fromMs, qint64 nowMs,
                          std::optional<qint64> recordedSinceMs, std::optional<qint64> *heldSinceMs);

} // namespace pelscope
