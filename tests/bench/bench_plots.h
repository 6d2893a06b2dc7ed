// PNG plots of the results, rendered offscreen with QCustomPlot.
#pragma once

#include "bench_report.h"

namespace pelscope::bench {

// Writes PNGs into `dir`; returns their names relative to `dir`'s parent
// prefixed with `prefix` (e.g. "benchmarks/cost.png").
QStringList renderPlots(const BenchResults &r, const QString &dir, const QString &prefix);

} // namespace pelscope::bench
