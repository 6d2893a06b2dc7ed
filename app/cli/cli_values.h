// How pelscope-cli prints what it reads from Redis: names and payloads are
// bytes (escaped where not printable, base64 beside them in JSON), values
// capped, times in ISO 8601 UTC. Shared by `dlq show` and `queue show`.
#pragma once

#include "text/display_text.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace pelscope {


QString isoTime(qint64 ms);
// A time given on the command line: ISO 8601 or ms since the epoch.
std::optional<qint64> parseTime(const QString &text);
// Readable text as is, else escaped, with the exact bytes in base64 beside it
// (the snapshot JSON's convention).
void putBytes(QJsonObject &o, const QString &field, const QByteArray &bytes);
// One line per value: control characters escaped even in valid text.
QString textValue(const QByteArray &bytes);

} // namespace pelscope
