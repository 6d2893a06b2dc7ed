// The demo's past: the last 30 minutes of its incident written into the
// demo's own (temporary) history before the window opens, so a newcomer's
// first look shows analytics' lag climbing and fulfillment-3 dying instead of
// empty charts. Simulated, and said so in the charts' captions.
#pragma once

#include <QString>

namespace pelscope {

// Writes the simulated past, ending `nowMs`, into the history file at `path`.
bool writeDemoPast(const QString &path, qint64 nowMs, const QByteArray &keyPrefix, QString *error);

} // namespace pelscope
