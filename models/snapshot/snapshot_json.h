// The "pelscope.snapshot/1" JSON document: the interface scripts rely on.
#pragma once

#include "snapshot.h"

#include <QJsonObject>

namespace pelscope {

QJsonObject snapshotToJson(const Snapshot &snapshot);
QByteArray snapshotToJsonBytes(const Snapshot &snapshot, bool indented);

} // namespace pelscope
