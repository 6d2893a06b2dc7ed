// One connection's history in the window, no widgets: the in-memory store
// the charts read is filled with the recorded past when the connection opens
// (so the charts start with the last day, not empty), then with every poll;
// each poll also goes to the on-disk recorder on its own thread. Polls that
// arrive before the past is read wait (at most kWaitForPastMs) so the store's
// time axis stays in order.
#pragma once

#include "history_recorder.h"
#include "history_store.h"

#include <QElapsedTimer>
#include <QObject>
#include <QThread>

namespace pelscope {

class HistorySession : public QObject
{
    Q_OBJECT
public:
    // Only the store waits (the window shows each poll at once): on a loaded
    // machine a day of history can take seconds to read, and a past that
    // comes after the wait is left out for the whole session.
    static constexpr qint64 kWaitForPastMs = 8'000;

    explicit HistorySession(HistoryStore *store, QObject *parent = nullptr);
    ~HistorySession() override; // stops the recorder and joins its thread

    // A new connection: the previous recorder stops; this one opens its file
    // and reads the past. An empty settings.path keeps history in memory only.
    void start(const HistorySettings &settings);
    void stop();

    // True when `snapshot` may go into the store now; false when it was
    // kept until the past is replayed (it is appended then).
    bool admit(const Snapshot &snapshot);
    // To disk (the recorder's thread), whatever admit() said.
    void record(const Snapshot &snapshot);
    void recordEvent(const StoredEvent &event);
    // One queue's (or the activity's) recorded series, answered with
    // queueSeriesRead() (empty when history is kept in memory only).
    void readQueueSeries(const QueueSeriesKey &key, qint64 fromMs, qint64 toMs, quint64 request);

    const HistoryState &state() const { return m_state; }
    // The oldest point held (recorded or polled); null before any.
    std::optional<qint64> recordedSinceMs() const { return m_recordedSinceMs; }
    bool pastApplied() const { return m_pastApplied; }

Q_SIGNALS:
    void stateChanged(const pelscope::HistoryState &state);
    // The past is in the store: `polls` recorded polls replayed, read in `loadMs`.
    void pastReplayed(int polls, qint64 loadMs, const QList<pelscope::StoredEvent> &events);
    void queueSeriesRead(quint64 request, const QList<pelscope::QueuePoint> &points);

private:
    void onPastLoaded(const HistoryPast &past);

    HistoryStore *m_store;
    QThread m_thread;
    HistoryRecorder *m_recorder = nullptr;
    HistoryState m_state;
    bool m_pastApplied = true;
    QElapsedTimer m_waiting;
    QList<Snapshot> m_held;
    std::optional<qint64> m_recordedSinceMs;
    quint64 m_session = 0; // a past from a previous start() is dropped
};

} // namespace pelscope
