// The history's part of every poll, on a thread of its own (HistorySession
// owns it): the poll is appended to the in-memory store, the history rules
// (stalled, pending climbing) judge it against the past, status changes are
// recorded, and the judged snapshot goes back to the window. At 10,000
// groups this is 15-30 ms a poll and ~100 ms when a 10 s bucket closes: the
// window's thread used to pay it on every poll (bench section 7).
//
// Polls that come before the recorded past is read wait here (at most
// kWaitForPastMs), so the store's time axis stays in order; the window
// shows each of them at once, judged by its own poll only.
#pragma once

#include "history_recorder.h"
#include "history_rules.h"
#include "shared_history_store.h"

#include <QElapsedTimer>
#include <QObject>

#include <memory>

class QThread;

namespace pelscope {

class LiveHistory : public QObject
{
    Q_OBJECT
public:
    // Only the store waits: on a loaded machine a day of history can take
    // seconds to read, and a past that comes after the wait is left out
    // for the whole session.
    static constexpr qint64 kWaitForPastMs = 8'000;

    // The store lives as long as this object does: polls still queued when
    // the connection's window goes are appended to it, not to freed memory.
    explicit LiveHistory(std::shared_ptr<SharedHistoryStore> store, QObject *parent = nullptr);

    // Called on the history thread (queued by HistorySession), in order.
    // A new connection (`epoch`): the store starts afresh; with waitForPast,
    // polls are kept until replay() (or the wait ends).
    void begin(quint64 epoch, bool waitForPast);
    void judge(quint64 epoch, const Snapshot &snapshot);
    void replay(quint64 epoch, const HistoryPast &past);

Q_SIGNALS:
    // `snapshot` with the history rules' verdicts joined (as it came while
    // the past is awaited); recordedSinceMs: the oldest point held, 0 none.
    void judged(quint64 epoch, const pelscope::Snapshot &snapshot, qint64 recordedSinceMs);
    // The past is in the store (the polls that waited appended after it).
    void pastReplayed(quint64 epoch, const pelscope::HistoryPast &past, qint64 recordedSinceMs);

private:
    Snapshot withVerdicts(const Snapshot &snapshot);
    void appendHeld(HistoryStore &store);

    std::shared_ptr<SharedHistoryStore> m_store;
    HistoryRuleThresholds m_rules;
    quint64 m_epoch = 0;
    bool m_waiting = false;
    QElapsedTimer m_waitingFor;
    QList<Snapshot> m_held;
    qint64 m_recordedSinceMs = 0;
};

// The one thread every connection's live history runs on, started with the
// first HistorySession and stopped with the last (the window's thread only).
// One thread for all: twenty connections appending at once on twenty threads
// took the window's core from it (bench section 7: its longest stall 220 ms);
// one uses one core at most, and keeps each connection's polls in order.
std::shared_ptr<QThread> sharedHistoryThread();

} // namespace pelscope
