#include "live_history.h"

#include <QThread>

#include <algorithm>

namespace pelscope {

LiveHistory::LiveHistory(std::shared_ptr<SharedHistoryStore> store, QObject *parent)
    : QObject(parent)
    , m_store(std::move(store))
{
}

std::shared_ptr<QThread> sharedHistoryThread()
{
    static std::weak_ptr<QThread> shared;
    if (std::shared_ptr<QThread> running = shared.lock())
        return running;
    // The last owner stops it; what was deleteLater()ed on it goes with it.
    std::shared_ptr<QThread> thread(new QThread, [](QThread *t) {
        t->quit();
        t->wait();
        delete t;
    });
    thread->setObjectName(QStringLiteral("history"));
    thread->start();
    shared = thread;
    return thread;
}

void LiveHistory::begin(quint64 epoch, bool waitForPast)
{
    m_epoch = epoch;
    m_store->write([](HistoryStore &store) { store.clear(); });
    m_held.clear();
    m_recordedSinceMs = 0;
    m_waiting = waitForPast;
    m_waitingFor.start();
}

void LiveHistory::judge(quint64 epoch, const Snapshot &snapshot)
{
    if (epoch != m_epoch || snapshot.isNull())
        return; // a poll of a connection since replaced
    if (m_recordedSinceMs == 0)
        m_recordedSinceMs = snapshot->takenAtMs;
    if (m_waiting && m_waitingFor.elapsed() > kWaitForPastMs) {
        // The file is slow or stuck: live history goes on without the past.
        m_waiting = false;
        m_store->write([this](HistoryStore &store) { appendHeld(store); });
    }
    if (m_waiting) {
        m_held.append(snapshot);
        Q_EMIT judged(epoch, snapshot, m_recordedSinceMs);
        return;
    }
    Q_EMIT judged(epoch, withVerdicts(snapshot), m_recordedSinceMs);
}

Snapshot LiveHistory::withVerdicts(const Snapshot &snapshot)
{
    // Most ticks the rules change nothing: the snapshot goes on as it came,
    // without a copy of every group.
    const QHash<GroupKey, HealthVerdict> verdicts =
        m_store->write([&](HistoryStore &store) { return appendAndEvaluate(store, snapshot, m_rules); });
    if (verdicts.isEmpty())
        return snapshot;
    SnapshotData data = snapshot.data();
    for (StreamSnapshot &s : data.streams)
        for (GroupSnapshot &g : s.groups) {
            const auto it = verdicts.constFind(GroupKey{s.key, g.name});
            if (it != verdicts.constEnd())
                g.health = *it;
        }
    return Snapshot(std::move(data));
}

void LiveHistory::appendHeld(HistoryStore &store)
{
    for (const Snapshot &held : std::as_const(m_held))
        store.append(held);
    m_held.clear();
}

void LiveHistory::replay(quint64 epoch, const HistoryPast &past)
{
    if (epoch != m_epoch || !m_waiting)
        return; // gave up waiting: the store has moved on
    m_store->write([&](HistoryStore &store) {
        for (const auto &[atMs, rows] : past.polls)
            store.appendRecorded(atMs, rows);
        QHash<GroupKey, Health> previous;
        for (const StoredEvent &e : past.events) {
            if (!e.group || !e.status || (e.kind != QLatin1String("status") && e.kind != QLatin1String("first_seen")))
                continue;
            const bool first = e.kind == QLatin1String("first_seen") || !previous.contains(*e.group);
            store.addRecordedChange(*e.group, StatusChange{e.atMs, previous.value(*e.group, *e.status), *e.status, e.why(), first});
            previous.insert(*e.group, *e.status);
        }
        appendHeld(store);
    });
    if (!past.polls.isEmpty()) {
        const qint64 first = past.polls.first().first;
        m_recordedSinceMs = std::min({past.recordedSinceMs.value_or(first), first, m_recordedSinceMs > 0 ? m_recordedSinceMs : first});
    }
    m_waiting = false;
    Q_EMIT pastReplayed(epoch, past, m_recordedSinceMs);
}

} // namespace pelscope
