// Decides what one tick asks Redis and turns the replies into a snapshot.
// No I/O here: the poller sends the batch this plans. State carried between
// ticks (SCAN cursor, PEL walk positions, rationed consumer reads) lives here,
// so each tick's cost stays bounded however large a PEL grows.
#pragma once

#include "../redis/redis_reply.h"
#include "../snapshot/snapshot.h"
#include "probe_config.h"
#include "sweep_pace.h"

#include <QHash>
#include <QSet>
#include <deque>
#include <functional>
#include <map>
#include <vector>

namespace pelscope {

class StreamProbe
{
public:
    explicit StreamProbe(ProbeConfig config);

    const ProbeConfig &config() const { return m_config; }
    void setThresholds(const HealthThresholds &t) { m_config.thresholds = t; }

    // Discovery before the first tick: repeat scanCommand()/onScanReply()
    // until discoveryComplete(). Explicit stream lists need none.
    bool discoveryComplete() const;
    RedisCommand scanCommand() const;
    // Returns an error text for an error reply, empty otherwise.
    QString onScanReply(const RedisReply &reply);
    // A sweep under way may take more pages this tick, one after another
    // (SweepPace): the poller asks for them after the tick's replies.
    bool wantsAnotherPage() const;
    const SweepPace &pace() const { return m_pace; }
    // After a reconnect: start a fresh sweep, keep what is known.
    void restartDiscovery();
    // A write changed the group: its consumers are read at the next tick.
    void rereadGroup(const QByteArray &stream, const QByteArray &group);
    // The first sweep ran out of its time budget: poll what was found; the
    // snapshot says discovery is incomplete until a sweep ends.
    void endFirstSweepEarly(const QString &spent);
    // Redis Cluster: the cluster poller discovers and routes keys itself and
    // gives each node's probe its share (non-empty). What is known about
    // streams that stay is kept; no SCAN from here on.
    void setStreams(const QList<QByteArray> &keys);

    RedisBatch planTick();
    SnapshotData parseTick(const RedisReplies &replies);

    // True when the last parsed tick met groups it had not planned for.
    bool hadUnprobedGroups() const { return m_unprobed; }
    quint64 tickCount() const { return m_tick; }
    QList<QByteArray> knownStreams() const;

private:
    enum class SlotKind { Time, Scan, XinfoStream, Xlen, XinfoGroups, Head, Walk, Sample, Consumers, Summary, DlqSample, DlqNewest, Unread };
    struct Slot
    {
        SlotKind kind;
        QByteArray stream;
        QByteArray group;
        qint64 count = 0;
    };
    struct GroupKey
    {
        QByteArray stream, group;
        bool operator<(const GroupKey &o) const { return stream != o.stream ? stream < o.stream : group < o.group; }
    };
    struct GroupState
    {
        // Exact walk (PEL within budget), spread across ticks.
        bool walking = false;
        QByteArray walkCursor;
        QMap<qint64, qint64> walkHist;
        qint64 walkCount = 0;
        QMap<qint64, qint64> completeHist;
        qint64 completeCount = 0;
        bool haveComplete = false;
        // Random probes (PEL over budget).
        std::deque<qint64> samples;
        quint64 pelReadTick = 0; // last walk page or probes sent
        // Rationed reads.
        quint64 consumersTick = 0;
        bool consumersRead = false;
        bool consumersWanted = false; // rereadGroup: at the next tick, whatever the cadence
        qint64 consumersAtMs = 0;
        QList<ConsumerSnapshot> consumers;
        std::optional<QByteArray> pendingMaxId;
        // From the last tick, to plan the next.
        qint64 pending = 0;
        qint64 consumerCount = 0;
        QByteArray minId, lastDeliveredId;
        quint64 seenTick = 0;
        bool caughtUp = false; // lag 0 last tick: nothing unread, no need to look
        // The first unread entry's ID, and the position it was read for: it
        // stays the first unread one until the group moves (or a trim), so it
        // is read again only then, or every kUnreadRecheckTicks.
        QByteArray unreadId;
        QByteArray unreadAfter;
        quint64 unreadTick = 0;
        // The last age read of the oldest unread entry, and when (server ms):
        // kept for a poll in which the group moved and it is not read yet.
        std::optional<qint64> behindMs;
        qint64 behindAtMs = 0;
    };
    // How long a reading of "behind" stands in for one not read since (a
    // group that moved reads it again the next tick; a poll budget may defer it).
    static constexpr qint64 kBehindCarryMs = 60'000;
    struct StreamState
    {
        QList<QByteArray> groups;
        qint64 lastInfoBytes = 0;
        quint64 lastInfoTick = 0;
        StreamSnapshot lastInfo; // carried when XINFO STREAM is rationed
        bool lagUnknown = false; // a group's lag is estimated from XINFO STREAM's fields
        StreamSnapshot lastRead; // what the last read gave, carried while others are read
    };

    // A read the tick can do without: sent at once without a budget, else
    // when choose() finds room (`instead` goes out when it does not).
    struct Optional
    {
        double costUs = 0;
        qint64 overdue = 0; // ticks past its cadence; the longest waiting go first
        QString what;
        std::function<void(RedisBatch &)> add, instead;
    };
    struct BudgetOutcome
    {
        qint64 estimatedUs = 0;
        qint64 deferred = 0;
        bool tooSmall = false;
        QString note;
    };

    // The streams this tick reads: all of them, or in turn (groupsPerTick);
    // streams without a group in a slow turn of their own.
    QList<QByteArray> streamsToRead();
    QList<QByteArray> groupedStreamsToRead(const QList<QByteArray> &all);
    bool isGroupless(const QByteArray &key) const;
    static constexpr qsizetype kGrouplessPerTick = 50;
    void planStream(RedisBatch &batch, const QByteArray &key, StreamState &ss);
    void planGroup(RedisBatch &batch, const QByteArray &stream, const QByteArray &group, qint64 &consumerBudget);
    void offer(RedisBatch &batch, double costUs, qint64 overdue, const QString &what, std::function<void(RedisBatch &)> addRead);
    void queue(RedisBatch &batch, Optional o);
    void choose(RedisBatch &batch);
    void applyUnread(GroupSnapshot &g, const QByteArray &firstUnreadId, qint64 nowMs);
    void applyPel(GroupSnapshot &g, GroupState &st, const QHash<int, const RedisReply *> &replies, const QList<int> &slots, qint64 nowMs);
    void add(RedisBatch &batch, SlotKind kind, RedisCommand cmd, const QByteArray &stream = {}, const QByteArray &group = {}, qint64 count = 0);

    ProbeConfig m_config;
    quint64 m_tick = 0;
    bool m_unprobed = false;

    // Discovery.
    QByteArray m_scanCursor = "0";
    bool m_sweeping = false;
    bool m_sweptOnce = false;
    qint64 m_lastSweepEndMs = 0;
    qint64 m_lastNowMs = 0;
    QSet<QByteArray> m_found; // during the running sweep
    qint64 m_sweepPages = 0;
    qint64 m_sweepKeys = 0;     // COUNTs asked in the running sweep
    int m_pagesThisTick = 0;
    bool m_scanPlanned = false; // the tick's own page was sent (the budget may leave it out)
    SweepPace m_pace;
    QString m_discoveryGap;     // why the streams known may not be all of them; empty when a sweep completed
    QSet<QByteArray> m_streams; // known now

    struct DlqState
    {
        std::deque<std::pair<qint64, qint64>> counts; // (server ms, entries added or length)
        QMap<QByteArray, qint64> categories;
        qint64 sampled = 0;
        quint64 sampledTick = 0;
        // The newest entry still in the stream (an XREVRANGE reply's first),
        // not its last-generated-id, which a delete or a requeue leaves behind.
        // Read again when the stream's length or last ID moved.
        std::optional<QByteArray> newestId; // empty bytes: the stream is empty
        bool newestWanted = true;
        std::optional<qint64> seenLength;
        QByteArray seenLastGenerated;
    };
    void collectDeadLetters(SnapshotData &data, const QHash<QByteArray, const RedisReply *> &dlqSamples,
                            const QHash<QByteArray, const RedisReply *> &dlqNewest);

    std::map<QByteArray, StreamState> m_streamState;
    std::map<QByteArray, DlqState> m_dlqState;
    std::map<GroupKey, GroupState> m_groupState;
    QList<Slot> m_layout;
    QStringList m_warnings;
    // --poll-budget, for the tick being planned.
    std::vector<Optional> m_optional;
    double m_requiredUs = 0;
    BudgetOutcome m_budget;
    quint64 m_scanDueTick = 0;
    // Rationing: where the turn stopped, and this tick's share.
    QByteArray m_turnAfter;
    QByteArray m_grouplessAfter; // the same for the streams without a group
    qint64 m_groupsKnown = 0;
};

// Parses XPENDING's extended form.
QList<PendingEntry> parsePendingEntries(const RedisReply &reply);

} // namespace pelscope
