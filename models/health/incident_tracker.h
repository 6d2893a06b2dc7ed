// Judges incidents, not polls: the per-poll verdicts of every group and queue
// (health_rules, queue_rules, job_rules) become a status with memory, an
// incident with a start, a worst moment and an end, and rates over a window.
//
// - A worse status shows at the poll that proves it; a better one only after
//   the worse evidence has been absent for HealthThresholds::recoverAfterMs
//   (and three polls), said in the reasons. A consumer that reads a batch
//   every 10 s no longer flips CRIT/WARN at each batch.
// - An incident begins when the subject leaves OK and ends when OK has held
//   incidentEndAfterMs; a relapse before that is the same incident. Its start
//   is seen while watching, or derived from the data at the first poll (an
//   entry's idle or an ID's time against its threshold), or "at least" the
//   first poll when the data cannot say.
// - A claim is not a recovery: a group whose stalled consumer's entries moved
//   to another consumer is "recovering" until that consumer no longer holds
//   them (acknowledged), or the idle rule fires again.
//
// One tracker per connection, fed every poll in order on the poller's thread
// (ConnectionPoller), so the window, the console, the exporter and the
// recorded history all read the same verdicts.
#pragma once

#include "drain_forecast.h"
#include "health_rules.h"

#include <QHash>

#include <deque>
#include <optional>

namespace pelscope {

class IncidentTracker
{
public:
    void setThresholds(const HealthThresholds &t) { m_thresholds = t; }
    // Judges one poll in place: verdicts, incident marks, window rates.
    void apply(SnapshotData &data);
    void clear();

    // What a subject is: a group, or a queue of one of the three kinds.
    struct Subject
    {
        enum class Kind : quint8 { Group, Delayed, List, Job };
        Kind kind = Kind::Group;
        QByteArray key;   // the stream, or the queue's key (a job queue's jobQueueId)
        QByteArray group; // groups only
        bool operator==(const Subject &o) const { return kind == o.kind && key == o.key && group == o.group; }
    };

private:
    struct Sample
    {
        qint64 atMs = 0;
        qint64 value = 0;
    };
    // A counter's samples over the rate window, thinned to about 32 a window
    // whatever the poll interval, so a group costs the same at 10 Hz.
    struct Counter
    {
        std::deque<Sample> samples;
        std::optional<WindowRate> rate(qint64 nowMs, qint64 value, qint64 windowMs);
    };
    // Entries claimed away from stalled consumers, not yet acknowledged.
    struct Claim
    {
        QByteArray receiver;
        QList<QByteArray> from;
        qint64 baseline = 0; // what the receiver held before
        qint64 claimed = 0;
        qint64 atMs = 0;
    };
    struct Track
    {
        quint64 seenTick = 0;
        qint64 lastPollMs = 0;
        qint64 intervalMs = 0;
        Health evidence = Health::Ok;
        qint64 lastAtMs[3] = {0, 0, 0}; // the last poll whose evidence reached WARN, CRIT
        QList<Reason> lastReasons[3];   // their reasons
        IncidentMark incident;
        HealthVerdict shown; // for a stream carried from an earlier read
        // Groups only: the consumers' pending at the last fresh read, the
        // stalled ones among them, and a claim under way.
        QHash<QByteArray, qint64> consumerPending;
        QList<StalledConsumer> stalled;
        std::optional<Claim> claim;
        Counter read;
        BacklogSeries backlog;
        std::deque<Sample> lagReadings; // one every tenth of trend_window
        std::deque<Sample> failedReadings; // job queues: the dead-letter count, when it changed or every tenth of trend_window
    };
    void watchFailures(Track &t, JobQueueSnapshot &q, qint64 nowMs) const;
    static void judgeTrend(Track &t, const GroupSnapshot &g, HealthVerdict &raw, qint64 nowMs, const HealthThresholds &th);

    HealthVerdict judge(Track &t, HealthVerdict raw, qint64 nowMs, const HealthThresholds &th, std::optional<std::pair<qint64, QByteArray>> derived);
    void followClaim(Track &t, const GroupSnapshot &g, HealthVerdict &raw, qint64 nowMs);
    Track &track(const Subject &s, bool *isNew);

    HealthThresholds m_thresholds;
    QHash<Subject, Track> m_tracks;
    QHash<QByteArray, Counter> m_added; // per stream
    quint64 m_tick = 0;
};

size_t qHash(const IncidentTracker::Subject &s, size_t seed = 0) noexcept;

// When the data says a subject left OK, for its first poll: the earliest
// moment one of its timed rules crossed its warning threshold (an entry's
// idle, the oldest unread entry's ID, an overdue item's score), with the
// code of that rule. Null when only untimed rules (lag, counts) fire.
std::optional<std::pair<qint64, QByteArray>> derivedStart(const GroupSnapshot &g, const HealthThresholds &t, qint64 nowMs);
std::optional<std::pair<qint64, QByteArray>> derivedStart(const DelayedQueueSnapshot &q, const HealthThresholds &t, qint64 nowMs);
std::optional<std::pair<qint64, QByteArray>> derivedStart(const ListQueueSnapshot &q, const HealthThresholds &t, qint64 nowMs);
std::optional<std::pair<qint64, QByteArray>> derivedStart(const JobQueueSnapshot &q, const HealthThresholds &t, qint64 nowMs);

// What a derived start rests on, by its code: the English text, marked in
// the "Health" context (QCoreApplication::translate("Health", …) renders it).
const char *derivedFromText(const QByteArray &code);

// "since 2026-12-06T18:23:05Z (12m ago)", with "about … from the oldest
// pending entry's idle time" when derived and "at least" when only the first
// poll says: the console's and the report's English. Empty while OK.
QString incidentSinceText(const HealthVerdict &v, qint64 nowMs);

// Entries added to a stream: XINFO STREAM's entries-added, or a group's
// entries-read + lag when that is newer (XINFO STREAM is rationed for big
// streams; the counter only grows, so the larger is the fresher).
std::optional<qint64> entriesAddedOf(const StreamSnapshot &s);

} // namespace pelscope
