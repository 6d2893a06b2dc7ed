// Job frameworks found by their key shapes in one discovery sweep (sets,
// sorted sets, lists), before any of their keys is read (docs/FRAMEWORKS.md):
//   BullMQ   a sorted set or list named <prefix>:<queue>:<part>, part one of
//            wait, active, paused, prioritized, delayed, completed, failed,
//            marker, waiting-children (confirmed by its meta hash when read);
//   Sidekiq  the set `queues`;
//   RQ       the set `rq:queues`;
//   Celery   the sets `_kombu.binding.<exchange>` (kombu's Redis transport);
//   dramatiq the lists <ns>:<queue> (and <ns>:<queue>.DQ), the sorted sets
//            <ns>:<queue>.XQ and the sets <ns>:__acks__.<broker>.<queue>, for
//            the namespace "dramatiq" and any with a <ns>:__heartbeats__ sorted set;
//   arq      the sorted set `arq:queue` (other queue names are named: --framework).
// Once a reader confirms one (BullMQ's meta hash, a registry's members), its
// keys are its own: not watched again as plain delayed queues or reliable
// lists, which would judge them by rules that are not theirs (BullMQ's
// delayed scores are due-ms × 4096 + a counter: "31,600 years").
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QSet>

namespace pelscope {

struct FoundJobSystems
{
    QList<QPair<QByteArray, QByteArray>> bullmq; // (prefix, queue), sorted
    bool sidekiq = false;
    bool rq = false;
    QList<QByteArray> celeryBindings; // _kombu.binding.* keys, sorted
    QList<QPair<QByteArray, QByteArray>> dramatiq; // (namespace, queue), sorted
    QList<QByteArray> arq;                         // arq's queue keys, sorted
    // taskiq-redis's stream groups named beyond its default group "taskiq":
    // (stream, group), sorted. Read as groups; judged by taskiq's reclaim timeout.
    QList<QPair<QByteArray, QByteArray>> taskiq;

    bool any() const { return !bullmq.isEmpty() || sidekiq || rq || !celeryBindings.isEmpty() || !dramatiq.isEmpty() || !arq.isEmpty(); }
    // Candidates kept at most (each confirmed or rejected by one read, once).
    static constexpr qsizetype kMaxBullCandidates = 1000;
    // Adds what `other` found (sticky: a framework's keys come and go with its work).
    void merge(const FoundJobSystems &other);
};

FoundJobSystems classifyJobKeys(const QList<QByteArray> &sets, const QList<QByteArray> &sortedSets, const QList<QByteArray> &lists);

} // namespace pelscope
