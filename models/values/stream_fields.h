// A stream entry's fields and values, in their order, as bytes: what the
// probe reads, the dead-letter browser shows and a requeue writes back.
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

namespace pelscope {

using StreamFields = QList<QPair<QByteArray, QByteArray>>;

} // namespace pelscope
