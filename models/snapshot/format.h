// Human forms of durations, counts and binary names, shared by CLI and GUI.
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace pelscope {

// 1234567 ms -> "20m34s"; 950 -> "950ms"; 90061000 -> "1d1h1m".
QString formatDuration(qint64 ms);
// "250ms", "1s", "2m", "1h", "1.5s", bare numbers are seconds.
std::optional<qint64> parseDurationMs(const QString &text);
// Bytes shown as text: valid UTF-8 as is, anything else escaped as \xNN.
QString displayBytes(const QByteArray &bytes);
bool isValidUtf8(const QByteArray &bytes);
// 12345 -> "12,345".
QString formatCount(qint64 n);

} // namespace pelscope
