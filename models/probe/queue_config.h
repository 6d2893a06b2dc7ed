// Which delayed queues and reliable lists a connection watches: named ones
// (--delayed-queue, --list-queue, the config file's [queues]), and those
// found by their names (queue_discovery.h) unless discovery is off.
#pragma once

#include "job_discovery.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace pelscope {

enum class ScoreUnit { Auto, Seconds, Milliseconds };

// The unit a delayed queue's scores are in, from its own evidence: each
// score that reads as a time within 30 years of the server's `nowMs` in
// exactly one unit votes for it (a Unix time in seconds is ~1.8e9, in
// milliseconds ~1.8e12: never both). Scores that are no time (0, -inf, a
// priority of 5) say nothing. Auto when nothing votes or the votes
// disagree: unknown, never a guess (one member scored 0 made a set of
// milliseconds read as seconds, and a reschedule wrote 1970, issue 47).
ScoreUnit scoreUnitFrom(const QList<double> &scores, qint64 nowMs);
// "s", "ms", or empty for Auto.
QString scoreUnitText(ScoreUnit unit);

struct QueueConfig
{
    QList<QByteArray> delayed;                     // sorted sets scored by due time
    QList<QPair<QByteArray, QByteArray>> lists;    // (main, processing); processing empty: a plain list
    bool discover = true;                          // also find them by name (SCAN TYPE zset / list within --match)
    bool discoverFrameworks = true;                // and job frameworks by their key shapes (SCAN TYPE set too)
    ScoreUnit scoreUnit = ScoreUnit::Auto;         // Auto: decided from the scores (scoreUnitFrom)
    QList<QByteArray> timestampFields{"timestamp", "ts", "enqueued_at"};
    int processingSample = 100;                    // processing items read per tick, from the oldest end
    int maxDiscovered = 200;                       // queues found by name, at most (each costs a few commands a tick)
    FoundJobSystems frameworks;                    // named (--framework, [queues] framework): read from the first tick

    bool any() const { return !delayed.isEmpty() || !lists.isEmpty(); }

    // "main=processing" (a reliable list) or "main" (a plain list, workers
    // popping from it) for --list-queue; an error text, empty when added.
    QString addList(const QString &spec);
    // A framework deployment for --framework: bullmq:[PREFIX:]QUEUE,
    // sidekiq, rq, celery, dramatiq:[NAMESPACE:]QUEUE, arq[:QUEUE_KEY],
    // taskiq[:STREAM[/GROUP]] (a stream group judged by taskiq's rules). An
    // error text, empty when added.
    QString addFramework(const QString &spec);
    // auto, s or ms.
    QString setScoreUnit(const QString &text);
    // Why (main, processing) is not a reliable list Pelscope watches, empty
    // when it is: a pair this configuration names, or one the naming rules
    // pair (X with X:processing, processing:X or X-processing; the bare
    // "processing" with a main list that exists, `mainIsList`). A write into
    // another pair would put items where no worker reads them.
    QString unwatchedListReason(const QByteArray &main, const QByteArray &processing, bool mainIsList) const;
    // The [queues] section of an INI file: delayed = a, b; list = main=processing, ...;
    // framework = sidekiq, bullmq:mail, ...; discovery = true|false; frameworks = true|false; score_unit; timestamp_fields; processing_sample.
    // Unknown keys are errors. Empty when read, else the error.
    QString loadFile(const QString &path);
};

} // namespace pelscope
