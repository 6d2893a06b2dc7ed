// Writes one connection's polls into its on-disk history, off the GUI thread
// (the window's writer thread, or pelscope-cli record's main thread): one
// transaction per poll, status changes and failovers as events, retention
// and the size cap every few minutes. Only the lease holder writes, so a
// window opened beside a running recorder shows the recorder's data and adds
// no second copy, and takes over within a few polls when the recorder stops.
// Trouble (a full disk, a locked or newer file) is reported once and
// retried; polling never stops for it.
#pragma once

#include "history_database.h"
#include "poll_values.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>

#include <atomic>
#include <memory>

namespace pelscope {

struct HistoryState
{
    QString path;
    bool open = false;    // the file is usable
    bool writing = false; // this program holds the lease and writes
    QString holder;       // who writes instead (not writing, file open)
    QString problem;      // why the history is in memory only, or stopped writing
};

// What a window opening a connection gets from its history: the last day, ready to replay.
struct HistoryPast
{
    QList<QPair<qint64, QList<RecordedValues>>> polls;
    QList<StoredEvent> events;
    std::optional<qint64> recordedSinceMs;
    QString problem;
    qint64 loadMs = 0; // how long reading took
};

struct HistorySettings
{
    QString path;
    QString owner;           // who writes, for the lease: "pelscope window (pid 12, host)"
    QString connectionLabel; // the redacted URL, kept in the file
    int retentionDays = 14;
    qint64 maxBytes = 500LL * 1024 * 1024;
    qint64 staleAfterMs = 10'000; // a lease not renewed for this long may be taken
};

class HistoryRecorder : public QObject
{
    Q_OBJECT
public:
    explicit HistoryRecorder(HistorySettings settings, QObject *parent = nullptr);
    ~HistoryRecorder() override;

    const HistoryState &state() const { return m_state; }
    // From any thread, before the recorder's thread is stopped: polls queued
    // and not yet written are dropped (the program is closing; with 10,000
    // groups a backlog of a few polls took seconds to write).
    void abandonQueuedPolls() { m_abandoned.store(true, std::memory_order_relaxed); }

public Q_SLOTS:
    void open();
    // The last day, for the window's charts (emits pastLoaded).
    void loadPast(qint64 nowMs);
    void record(const pelscope::Snapshot &snapshot);
    void recordEvent(const pelscope::StoredEvent &event);
    // One queue's (or the activity's) series from the file, for the queue page.
    void readQueueSeries(const pelscope::QueueSeriesKey &key, qint64 fromMs, qint64 toMs, quint64 request);
    // One group's series from the file (the previous period under a chart).
    void readGroupSeries(const pelscope::GroupKey &key, qint64 fromMs, qint64 toMs, quint64 request);
    // Flushes the open buckets and gives the lease back.
    void stop();

Q_SIGNALS:
    void stateChanged(const pelscope::HistoryState &state);
    void pastLoaded(const pelscope::HistoryPast &past);
    void queueSeriesRead(quint64 request, const QList<pelscope::QueuePoint> &points);
    void groupSeriesRead(quint64 request, const QList<pelscope::StoredPoint> &points);

private:
    void setProblem(const QString &problem);
    void publish();
    bool holdLease(qint64 nowMs);

    HistorySettings m_settings;
    std::unique_ptr<HistoryDatabase> m_db;
    HistoryState m_state;
    PollValues m_values;
    QHash<GroupKey, Health> m_lastStatus; // to write status changes as events
    bool m_goneOn = false;                // m_lastStatus began from the file's last minute
    std::optional<qint64> m_clockOffsetMs; // as last written to the file
    QElapsedTimer m_sincePrune;
    qint64 m_failedPolls = 0;
    qint64 m_lastLeaseCheckMs = 0;
    std::atomic<bool> m_abandoned{false};
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::HistoryState)
Q_DECLARE_METATYPE(pelscope::HistoryPast)
Q_DECLARE_METATYPE(pelscope::StoredEvent)
Q_DECLARE_METATYPE(pelscope::StoredPoint)
