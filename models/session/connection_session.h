// One connection's life below the widgets: its poller thread, its payload
// reader thread, its history (the in-memory store the charts read and the
// history rules, on the history's thread; the on-disk recorder on its own)
// and its timeline of connection-wide events. It turns every poll into the
// snapshot the views show (the history rules' verdicts joined, recorded to
// disk, never one from before a reconnect) and says what happened;
// ConnectionView only renders.
#pragma once

#include "../history/history_session.h"
#include "../probe/connection_status.h"
#include "../probe/probe_config.h"
#include "../values/connection_options.h"
#include "../snapshot/snapshot.h"
#include "timeline_event.h"

#include <QObject>
#include <QThread>
#include <QTimer>

#include <memory>

namespace pelscope {

class EntryReader;
class PollerThread;

struct SessionSettings
{
    ConnectionOptions options;
    ProbeConfig probe;
    int intervalMs = 1000;
    HistorySettings history; // an empty path keeps the history in memory only
};

class ConnectionSession : public QObject
{
    Q_OBJECT
public:
    explicit ConnectionSession(QObject *parent = nullptr);
    ~ConnectionSession() override; // joins its poller and reader threads

    // A new connection: the previous poller stops (its thread joined), the
    // store, the timeline and the last snapshot start afresh, the history
    // opens its file, and polling starts.
    void start(const SessionSettings &settings);
    // The store, the timeline and the last snapshot start afresh (start() does it too).
    void reset();
    bool isPolling() const { return m_poller != nullptr; }
    // No poll for 3 intervals (at least 3 s) while not paused: what is shown
    // is the last known, and must look it (stalenessChanged).
    bool isStale() const { return m_stale; }
    void setPaused(bool paused);
    void pollNow();
    // The next poll reads this group's consumers whatever their cadence, and comes now.
    void rereadGroup(const QByteArray &stream, const QByteArray &group);

    // The connection payloads and dead letters are read through, on a worker
    // thread of its own; connect to the reader before the first request.
    // start() does not call it: the view does, with the options it writes with.
    EntryReader *openReader(const ConnectionOptions &options);

    // Read one short call at a time: the history's thread writes it.
    const SharedHistoryStore &history() const { return m_historySession->store(); }
    const HistorySession &historySession() const { return *m_historySession; }
    HistorySession *historySessionForReads() const { return m_historySession; }
    const Snapshot &lastSnapshot() const { return m_lastSnapshot; }
    // Failovers and cluster node changes seen on this connection, oldest first.
    const QList<TimelineEvent> &events() const { return m_events; }
    // An event of this connection's (a write), kept in the history.
    void recordEvent(const StoredEvent &event) { m_historySession->recordEvent(event); }
    // An operator's mark ("deploy 1.4.2") at the latest poll's server time:
    // into the history, and on the charts at once.
    void annotate(const QString &text);
    // A mark this window added to the annotations stream: kept and marked
    // now, as its source will say it when a poll reads it back (once).
    void notePublished(const PublishedAnnotation &annotation);
    // "Now" for a mark: the latest poll's server time (the desktop's clock before the first).
    qint64 latestServerTimeMs() const;
    // The server's clock now: the latest poll's TIME plus the time since it
    // arrived (the desktop's clock before the first). What the server
    // stamped — history rows, stream IDs, job times — is read in ranges that
    // end here: a desktop 2 h ahead of Redis found nothing recorded.
    qint64 serverNowMs() const;
    // An annotation as the charts show it: its start along the line, and the
    // whole (when, who, on what) on hover and in the status line.
    static QString chartLabel(const QString &text);
    static QString annotationDetail(const StoredEvent &e);

public Q_SLOTS:
    // A poll, from this session's poller (or a test's own): judged on the
    // history's thread, then snapshotReady.
    void accept(const pelscope::Snapshot &incoming);
    void acceptStatus(const pelscope::ConnectionStatus &status);

Q_SIGNALS:
    void snapshotReady(const pelscope::Snapshot &snapshot);
    void statusChanged(const pelscope::ConnectionStatus &status);
    void eventNoted(const pelscope::TimelineEvent &event);
    // An annotation made now (Ctrl+M) or read now from --annotations-stream
    // (not one replayed from the history): the inbox's timeline lists it.
    void annotationNoted(const pelscope::StoredEvent &event);
    void historyStateChanged(const pelscope::HistoryState &state);
    // The recorded past is in the store; failovers among its events are on the timeline.
    void pastReplayed(int polls, qint64 loadMs);
    // Stale (or fresh again); while stale, again every half second with the
    // time since the last poll arrived (wall clock ms) and its age.
    void stalenessChanged(bool stale, qint64 sinceWallMs, qint64 ageMs);

private:
    void acceptJudged(const Snapshot &snapshot);
    void noteEvent(const TimelineEvent &event);
    // Marked on the charts (the last 200) and told to the views.
    void showEvent(const TimelineEvent &event);
    void showPublished(const PublishedAnnotation &annotation);
    // Cluster: streams whose master changed since the last snapshot (a failover, a slot moved).
    void noteNodeChanges(const Snapshot &previous, const Snapshot &current);
    void stopReader();
    void checkStale();

    HistorySession *m_historySession;
    std::unique_ptr<PollerThread> m_poller;
    bool m_paused = false;
    QThread m_readerThread;
    Snapshot m_lastSnapshot;
    QList<TimelineEvent> m_events;
    qint64 m_lastFailoverAtMs = 0;
    // Checked on this (the GUI) thread's own clock, so it works precisely
    // when the poller is stuck on a hung server.
    QTimer m_staleTimer;
    qint64 m_lastSnapshotWallMs = 0;
    int m_intervalMs = 1000;
    bool m_stale = false;
    quint64 m_generation = 0;
};

} // namespace pelscope
