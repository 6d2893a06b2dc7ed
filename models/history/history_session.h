// One connection's history in the window, no widgets, and the two threads
// it runs on. The in-memory store the charts read is filled with the
// recorded past when the connection opens (so the charts start with the
// last day, not empty), then with every poll, on the live history's thread
// (LiveHistory: the append and the history rules, off the window's thread);
// each poll also goes to the on-disk recorder on a thread of its own.
#pragma once

#include "history_recorder.h"
#include "shared_history_store.h"

#include <QObject>
#include <QThread>

#include <memory>
#include <optional>

namespace pelscope {

class HistorySession : public QObject
{
    Q_OBJECT
public:
    explicit HistorySession(QObject *parent = nullptr);
    ~HistorySession() override; // stops the recorder and joins both threads

    // A new connection: the previous recorder stops and the store starts
    // afresh; this one opens its file and reads the past. An empty
    // settings.path keeps history in memory only.
    void start(const HistorySettings &settings);
    // The store starts afresh (the recorder, if any, goes on).
    void reset();

    // The live history appends `snapshot` and judges it; judged() follows.
    void judge(const Snapshot &snapshot);
    // To disk (the recorder's thread).
    void record(const Snapshot &snapshot);
    // Dropped on the live history's thread: if it held the last reference,
    // its data is freed there instead of on the caller's.
    void dispose(Snapshot snapshot);
    void recordEvent(const StoredEvent &event);
    // One queue's (or the activity's) recorded series, answered with
    // queueSeriesRead() (empty when history is kept in memory only).
    void readQueueSeries(const QueueSeriesKey &key, qint64 fromMs, qint64 toMs, quint64 request);
    // One group's recorded series (the previous period), answered with
    // groupSeriesRead() (empty when history is kept in memory only).
    void readGroupSeries(const GroupKey &key, qint64 fromMs, qint64 toMs, quint64 request);

    // What the window reads, one short call at a time.
    const SharedHistoryStore &store() const { return *m_store; }
    const HistoryState &state() const { return m_state; }
    // The oldest point held (recorded or polled); null before any.
    std::optional<qint64> recordedSinceMs() const { return m_recordedSinceMs; }
    bool pastApplied() const { return m_pastApplied; }

Q_SIGNALS:
    // A poll of the current connection, the history rules' verdicts joined.
    void judged(const pelscope::Snapshot &snapshot);
    void stateChanged(const pelscope::HistoryState &state);
    // The past is in the store: `polls` recorded polls replayed, read in `loadMs`.
    void pastReplayed(int polls, qint64 loadMs, const QList<pelscope::StoredEvent> &events);
    void queueSeriesRead(quint64 request, const QList<pelscope::QueuePoint> &points);
    void groupSeriesRead(quint64 request, const QList<pelscope::StoredPoint> &points);

private:
    void stopRecorder();
    void begin(bool waitForPast);

    // Shared with the live history, which may outlive this object by the
    // polls still queued for it.
    std::shared_ptr<SharedHistoryStore> m_store;
    std::shared_ptr<QThread> m_liveThread; // every connection's (sharedHistoryThread)
    class LiveHistory *m_live;
    QThread m_thread;
    HistoryRecorder *m_recorder = nullptr;
    HistoryState m_state;
    bool m_pastApplied = true;
    std::optional<qint64> m_recordedSinceMs;
    quint64 m_session = 0; // a poll or a past from a previous start() is dropped
};

} // namespace pelscope
