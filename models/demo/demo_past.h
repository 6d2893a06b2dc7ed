// The demo's past: the last 30 minutes of its incident written into the
// demo's own (temporary) history before the window opens, so a newcomer's
// first look shows analytics' lag climbing and fulfillment-3 dying instead of
// empty charts. Simulated, and said so in the charts' captions.
#pragma once

#include "demo_traffic.h"

#include <QString>

#include <functional>

namespace pelscope {

// Entries a second the demo's traffic adds to a stream at a wall-clock time.
using DemoRate = std::function<double(DemoTraffic::Stream, qint64 atMs)>;

// Writes the simulated past, ending `nowMs`, into the history file at `path`.
// Its in and out rates are `rate`'s, so the charts run on into the live
// traffic without a step (they jumped at the live start).
bool writeDemoPast(const QString &path, qint64 nowMs, const QByteArray &keyPrefix, const DemoRate &rate, QString *error);

} // namespace pelscope
