// Human forms of durations, counts and binary names, shared by CLI and GUI.
#pragma once

#include "../text/display_text.h"
#include "snapshot.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace pelscope {

// 1234567 ms -> "20m34s"; 950 -> "950ms"; 90061000 -> "1d1h1m".
QString formatDuration(qint64 ms);
// "250ms", "1s", "2m", "1h", "1.5s", bare numbers are seconds.
std::optional<qint64> parseDurationMs(const QString &text);
// "512MB", "2GB", "64KB", "1000" (bytes); binary units. nullopt when invalid.
std::optional<qint64> parseByteSize(const QString &text);
// 12345 -> "12,345".
QString formatCount(qint64 n);
// "1.0/s", "120/s": a rate per second, one decimal below 10.
QString formatRate(double perSecond);
// The server's product as people write it: "redis" -> "Redis", "valkey" ->
// "Valkey" (ServerHello::product; JSON keeps the lower-case word).
QString productName(const QString &product);
// A job queue as an operator names it: "BullMQ mail" ("BullMQ myapp:mail"
// under another prefix than bull), "Sidekiq default", "RQ default".
QString jobQueueTitle(const JobQueueSnapshot &q);

} // namespace pelscope
