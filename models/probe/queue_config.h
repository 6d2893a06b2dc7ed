// Which delayed queues and reliable lists a connection watches: named ones
// (--delayed-queue, --list-queue, the config file's [queues]), and those
// found by their names (queue_discovery.h) unless discovery is off.
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace pelscope {

enum class ScoreUnit { Auto, Seconds, Milliseconds };

struct QueueConfig
{
    QList<QByteArray> delayed;                     // sorted sets scored by due time
    QList<QPair<QByteArray, QByteArray>> lists;    // (main, processing)
    bool discover = true;                          // also find them by name (SCAN TYPE zset / list within --match)
    ScoreUnit scoreUnit = ScoreUnit::Auto;         // a score ≥ 1e11 is milliseconds when Auto
    QList<QByteArray> timestampFields{"timestamp", "ts", "enqueued_at"};
    int processingSample = 100;                    // processing items read per tick, from the oldest end
    int maxDiscovered = 200;                       // queues found by name, at most (each costs a few commands a tick)

    bool any() const { return !delayed.isEmpty() || !lists.isEmpty(); }

    // "main=processing" for --list-queue; an error text, empty when added.
    QString addList(const QString &spec);
    // auto, s or ms.
    QString setScoreUnit(const QString &text);
    // The [queues] section of an INI file: delayed = a, b; list = main=processing, ...;
    // discovery = true|false; score_unit; timestamp_fields; processing_sample.
    // Unknown keys are errors. Empty when read, else the error.
    QString loadFile(const QString &path);
};

} // namespace pelscope
