#include "job_discovery.h"

#include <algorithm>

namespace pelscope {

namespace {

// BullMQ's sorted sets and lists, by the last part of their names
// (bullmq's src/classes/queue-keys.ts); Bull 3/4's `priority` and bee-queue's
// `waiting` too, so that those are said (bullmq_reader.h).
bool isBullPart(const QByteArray &part)
{
    static const QSet<QByteArray> parts{"wait", "active", "paused", "prioritized", "delayed", "completed", "failed", "marker", "waiting-children",
                                        "priority", "waiting"};
    return parts.contains(part);
}

// bee-queue's sets (its lib/queue.js): jobs done, failed, and held while a worker checks for stalls.
bool isBeeSetPart(const QByteArray &part)
{
    return part == "succeeded" || part == "failed" || part == "stalling";
}

template<typename T>
void addSorted(QList<T> &into, const QList<T> &more, qsizetype cap)
{
    QSet<T> seen(into.cbegin(), into.cend());
    for (const T &x : more)
        if (!seen.contains(x) && into.size() < cap) {
            seen.insert(x);
            into.append(x);
        }
    std::sort(into.begin(), into.end());
}

} // namespace

void FoundJobSystems::merge(const FoundJobSystems &other)
{
    // Sticky, but bounded: a keyspace of a million user:N:completed sets
    // must not become a million candidates kept for good.
    addSorted(bullmq, other.bullmq, kMaxBullCandidates);
    addSorted(celeryBindings, other.celeryBindings, kMaxBullCandidates);
    addSorted(dramatiq, other.dramatiq, kMaxBullCandidates);
    addSorted(arq, other.arq, kMaxBullCandidates);
    addSorted(taskiq, other.taskiq, kMaxBullCandidates);
    sidekiq = sidekiq || other.sidekiq;
    rq = rq || other.rq;
}

FoundJobSystems classifyJobKeys(const QList<QByteArray> &sets, const QList<QByteArray> &sortedSets, const QList<QByteArray> &lists)
{
    FoundJobSystems out;
    for (const QByteArray &k : sets) {
        if (k == "queues")
            out.sidekiq = true;
        else if (k == "rq:queues")
            out.rq = true;
        else if (k.startsWith("_kombu.binding.") && !k.endsWith(".pidbox") && !k.endsWith("celeryev"))
            out.celeryBindings.append(k);
    }
    QSet<QPair<QByteArray, QByteArray>> bull;
    const auto bullKey = [&](const QByteArray &k, bool isSet) {
        // <prefix>:<queue>:<part>; the queue name has no ':' (BullMQ refuses one).
        const qsizetype last = k.lastIndexOf(':');
        if (last <= 0 || !(isSet ? isBeeSetPart(k.mid(last + 1)) : isBullPart(k.mid(last + 1))))
            return;
        const qsizetype before = k.lastIndexOf(':', last - 1);
        if (before <= 0 || before + 1 == last)
            return;
        const QPair<QByteArray, QByteArray> pq{k.left(before), k.mid(before + 1, last - before - 1)};
        if (pq.first == "rq" && out.rq) // RQ's own keys (rq:queue:failed is a queue named "failed")
            return;
        bull.insert(pq);
    };
    for (const QByteArray &k : sortedSets)
        bullKey(k, false);
    for (const QByteArray &k : lists)
        bullKey(k, false);
    for (const QByteArray &k : sets)
        bullKey(k, true);
    out.bullmq = QList<QPair<QByteArray, QByteArray>>(bull.cbegin(), bull.cend());

    // dramatiq: its default namespace, and any that has a heartbeats set.
    QList<QByteArray> namespaces{"dramatiq"};
    for (const QByteArray &k : sortedSets)
        if (k.endsWith(":__heartbeats__") && k.size() > 15 && k != "dramatiq:__heartbeats__")
            namespaces.append(k.chopped(15));
    QSet<QPair<QByteArray, QByteArray>> dramatiq;
    const auto dramatiqQueue = [&](const QByteArray &k, bool isSet, bool isSortedSet) {
        for (const QByteArray &ns : std::as_const(namespaces)) {
            if (k.size() <= ns.size() + 1 || !k.startsWith(ns) || k.at(ns.size()) != ':')
                continue;
            QByteArray q = k.mid(ns.size() + 1);
            if (isSet) { // __acks__.<broker>.<queue>: a broker id (a uuid) has no dot
                if (!q.startsWith("__acks__."))
                    return;
                q = q.mid(9);
                const qsizetype dot = q.indexOf('.');
                if (dot <= 0)
                    return;
                q = q.mid(dot + 1);
            } else if (isSortedSet) {
                if (!q.endsWith(".XQ"))
                    return;
                q.chop(3);
            }
            if (q.endsWith(".DQ"))
                q.chop(3);
            if (!q.isEmpty() && !q.startsWith("__"))
                dramatiq.insert({ns, q});
            return;
        }
    };
    for (const QByteArray &k : sets)
        dramatiqQueue(k, true, false);
    for (const QByteArray &k : sortedSets)
        dramatiqQueue(k, false, true);
    for (const QByteArray &k : lists)
        dramatiqQueue(k, false, false);
    out.dramatiq = QList<QPair<QByteArray, QByteArray>>(dramatiq.cbegin(), dramatiq.cend());
    std::sort(out.dramatiq.begin(), out.dramatiq.end());
    if (sortedSets.contains("arq:queue"))
        out.arq = {"arq:queue"};
    std::sort(out.bullmq.begin(), out.bullmq.end());
    std::sort(out.celeryBindings.begin(), out.celeryBindings.end());
    return out;
}

} // namespace pelscope
