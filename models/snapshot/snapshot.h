// The immutable result of one poll: everything the GUI, the CLI and the health
// rules know about the streams of one server at one server time.
#pragma once

#include "reason.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace pelscope {

enum class Health { Ok = 0, Warn = 1, Crit = 2 };

// A consumer holding pending entries that have been idle at least the
// consumer_idle_warn threshold, as far as the PEL proves it. Not "dead": a
// busy worker that stopped reading looks the same from Redis.
struct StalledConsumer
{
    QByteArray name;
    qint64 pending = 0;
    qint64 idleMs = 0; // the longest idle proven among its entries
};

// The measure whose series explains a group's status, with the thresholds
// the rules held it to (entries for lag, ms for the others): the overview
// draws its trend, not lag's, for a group CRIT on oldest idle.
struct HealthTrend
{
    enum class Measure { Lag, OldestIdle, Behind };
    Measure measure = Measure::Lag;
    double warnAt = 0, critAt = 0;
};

// The incident a verdict belongs to, as IncidentTracker follows it across
// polls: a subject's incident begins when it leaves OK and ends when OK has
// held for IncidentPolicy::endAfterMs. "Since" everywhere is `sinceMs`.
struct IncidentMark
{
    // How sinceMs is known: seen leaving OK while watched; derived from the
    // data at the first poll (the oldest pending idle, an unread entry's ID,
    // an overdue item's score: "≈"); or only that it already was when
    // watching began ("at least").
    enum class Basis : quint8 { Observed, Derived, Watching };
    qint64 sinceMs = 0; // 0: no incident (OK, and none ending)
    Basis basis = Basis::Observed;
    QByteArray derivedFrom; // Derived: the reason code the estimate rests on
    Health worst = Health::Ok;
    qint64 worstAtMs = 0;
    // The status this poll's evidence alone gives; below `status` while a
    // better status waits out its dwell (HealthVerdict::reasons says so).
    Health evidence = Health::Ok;
    // OK again, and the incident not yet over: a relapse within
    // endAfterMs belongs to it. 0 while not OK.
    qint64 quietSinceMs = 0;
    qint64 dips = 0; // polls whose evidence fell below the status shown, folded in
    bool recovering = false; // claimed entries not yet acknowledged (groups)
};

// Will the backlog clear by itself, and when: the backlog (a group's lag, a
// queue's due, waiting or listed items) fitted over the rate window's polls
// (IncidentTracker). Never a number it cannot back: "unknown" with why.
struct DrainForecast
{
    enum class State : quint8 { Unknown, Draining, Growing, Steady };
    State state = State::Unknown;
    std::optional<qint64> etaMs; // Draining: when the backlog reaches zero at the fitted pace
    double perSecond = 0;        // the backlog's change per second (negative: it drains)
    qint64 basisMs = 0;          // the span of polls the fit rests on
    Reason why;
};

struct HealthVerdict
{
    Health status = Health::Ok;
    QList<Reason> reasons;          // rendered at the edge: "oldest pending idle 12m31s ≥ 5m"
    QList<StalledConsumer> stalled; // longest idle first
    HealthTrend trend;              // groups: the first measured rule at the status's level, else lag
    IncidentMark incident;          // filled by IncidentTracker; empty on a verdict of one poll alone
    DrainForecast drain;            // likewise
    QString runbook;                // [runbooks]: where to read what to do (not OK only); empty when none applies
};

// A rate over a window of polls (IncidentTracker), not between two polls: a
// consumer that reads 10 entries every 10 s reads 1/s, never 10/s then 0.
struct WindowRate
{
    double perSecond = 0;
    qint64 windowMs = 0; // the span of polls it rests on
};

struct ConsumerSnapshot
{
    QByteArray name;
    qint64 pending = 0;
    std::optional<qint64> idleMs;
    std::optional<qint64> inactiveMs; // Redis 7.2+; null before, and -1 from Redis means never active
};

// One PEL entry as XPENDING's extended form reports it.
struct PendingEntry
{
    QByteArray id;
    QByteArray consumer;
    qint64 idleMs = 0;
    qint64 deliveries = 0;
};

struct GroupSnapshot
{
    QByteArray name;
    std::optional<qint64> consumers;
    std::optional<qint64> pending;
    QByteArray lastDeliveredId;
    std::optional<qint64> entriesRead;
    std::optional<qint64> lag;
    Reason lagNote;                  // why lag is null, with an estimate
    std::optional<qint64> lagTimeMs; // newest entry's time minus the group's position's time
    // How far behind in time: the age of the oldest entry not yet delivered
    // to the group (its ID's time against the server's TIME). Null, with the
    // note saying why, when nothing is unread or the IDs are not times.
    std::optional<qint64> oldestUnreadAgeMs;
    QString oldestUnreadNote;
    // The oldest unread entry's ID is this far ahead of the server's clock
    // (IDs the producer sets, or a clock moved back): no age, and "behind"
    // is unknown rather than 0.
    std::optional<qint64> oldestUnreadAheadMs;
    // The group moved since the oldest unread entry was read (a batch read):
    // oldestUnreadAgeMs is that reading's, kept until it is read again (next
    // poll) rather than unknown for a poll; its server time here. 0: this tick's.
    qint64 oldestUnreadReadAtMs = 0;
    std::optional<QByteArray> pendingMinId;
    std::optional<QByteArray> pendingMaxId;
    std::optional<qint64> oldestIdleMs;      // lower bound from what was inspected
    std::optional<qint64> oldestIdleUpperMs; // from the head ID's timestamp (auto IDs)
    qint64 pelInspected = 0;                 // entries the histogram rests on
    bool pelScanComplete = false;            // histogram covers the whole PEL
    bool pelSampled = false;                 // PEL over budget: random probes
    QMap<qint64, qint64> deliveryCounts;     // delivery count -> entries
    std::optional<qint64> maxDeliveryCount;
    QList<PendingEntry> headEntries;      // oldest entries by ID, this tick
    // Consumer -> the longest idle among its entries read this tick (the
    // PEL's head, the walk's page, the samples): what the PEL proves about
    // who holds old work, whatever the consumer's own idle says.
    QMap<QByteArray, qint64> heldIdleMs;
    QList<ConsumerSnapshot> consumerList; // sorted by name
    std::optional<qint64> consumersAgeMs; // how old consumerList is (rationed reads)
    // What could not be judged this tick, and why: a permission missing
    // (XPENDING refused), a value the server sent that is not a count. The
    // health verdict lists them as "not judged: …"; `check` says UNKNOWN.
    QStringList unjudged;
    // taskiq-redis's group (named "taskiq", its default, or by --framework
    // taskiq:…): its rules follow the timeout after which taskiq reclaims
    // idle entries (XAUTOCLAIM), taskiq_idle_timeout.
    bool taskiq = false;
    std::optional<WindowRate> outRate; // entries delivered to the group per second (entries-read)
    HealthVerdict health;
};

struct StreamSnapshot
{
    QByteArray key;
    std::optional<qint64> length;
    std::optional<QByteArray> firstEntryId;
    QByteArray lastGeneratedId;
    std::optional<qint64> entriesAdded;
    std::optional<QByteArray> maxDeletedEntryId;
    QList<GroupSnapshot> groups; // sorted by name bytes
    QString error;               // this stream could not be read (vanished, wrong type, NOPERM)
    // Redis Cluster only: the master holding the stream, and whether these
    // values are carried from an earlier tick because that node did not answer.
    QString node;     // host:port; empty on a single server
    QByteArray shard; // shard id (the master's node id before Redis 7.2)
    bool stale = false;
    // Server ms of the tick these values were read in. With more groups than
    // one tick reads (ProbeConfig::groupsPerTick) streams are read in turn and
    // the others carry their last values: readAtMs is then before takenAtMs.
    qint64 readAtMs = 0;
    std::optional<WindowRate> inRate; // entries added per second
    // Not read in the tick taken at `takenAtMs`, its turn being later (a
    // cluster node that did not answer is `stale`, not carried).
    bool carriedAt(qint64 takenAtMs) const { return !stale && readAtMs > 0 && readAtMs < takenAtMs; }
};

// A dead-letter stream found by naming convention, linked to its source.
struct DeadLetterSnapshot
{
    QByteArray key;
    QByteArray source;
    std::optional<qint64> length;
    std::optional<qint64> newestEntryMs; // time part of the newest entry's ID
    QMap<QByteArray, qint64> categories; // `category` field over the newest entries read
    qint64 categoriesSampled = 0;        // how many entries that count rests on
    std::optional<qint64> growth;        // entries added over growthWindowMs
    qint64 growthWindowMs = 0;
};

// A delayed queue: a sorted set scored by the time each item falls due
// (`ZADD delayed_queue <unix time> task`), taken by a scheduler with
// ZRANGEBYSCORE -inf <now> and ZREM. Read each tick with O(log N) commands.
struct DelayedQueueSnapshot
{
    QByteArray key;
    bool discovered = false;               // found by its name, not named by the user
    QString error;                         // could not be read: not a sorted set, no permission
    std::optional<qint64> size;            // ZCARD
    std::optional<qint64> due;             // ZCOUNT -inf <now>: items whose time has come
    std::optional<qint64> oldestOverdueMs; // now minus the earliest due item's time; null when none is due
    std::optional<qint64> nextDueInMs;     // the next item still to come, from now; null when none is
    QString scoreUnit;                     // "s" or "ms" (detected from the scores, or set); empty while unknown
    // Scores that are not times (-inf, 0, 1e300), as the server wrote them:
    QString earliestNotTime; // the earliest due item's score: due, but since when nobody can say
    QString nextNotTime;     // the next item's score: it will never come due
    QString untimedScores;   // "earliest … latest" when no score is a time: nothing can be judged
    HealthVerdict health;
};

// A reliable list: workers LMOVE (or BRPOPLPUSH) from `key` to
// `processingKey` and LREM the item when done; a crashed worker leaves items
// in processing. The oldest processing items are read from their end in a
// bounded sample; their age comes from a timestamp field in the item's JSON.
struct ListQueueSnapshot
{
    QByteArray key;           // the main list
    QByteArray processingKey; // where items wait while a worker has them
    bool discovered = false;
    QString error;
    std::optional<qint64> length;           // LLEN of the main list
    std::optional<qint64> processingLength; // LLEN of processing
    qint64 sampled = 0;                     // processing items read, from the oldest end
    qint64 undated = 0;                     // of those, items without a readable timestamp (or one ahead of the server's clock)
    qint64 stuck = 0;                       // of those, items older than the processing timeout
    std::optional<qint64> oldestProcessingAgeMs; // the oldest dated item's age; null when none carried a time
    // The main list grew while processing stayed empty (no worker taking
    // items) for this long; null when not.
    std::optional<qint64> unservedForMs;
    std::optional<qint64> unservedGrowth;
    HealthVerdict health;
};

// The job frameworks teams run on Redis, recognised by their key layouts
// (docs/FRAMEWORKS.md).
// Bull (3 and 4) and bee-queue are recognised, not read: their rows say so.
enum class JobFramework { BullMQ, Sidekiq, Celery, Rq, Dramatiq, Arq, Bull, BeeQueue };

// One key that holds some of a job queue's jobs, named by what the framework
// keeps there, so the queue's page can browse it (read only). The readers say
// which keys a row has, since only they know the framework's layout.
struct JobPart
{
    enum class Role { Waiting, Paused, Prioritized, Active, Reserved, Scheduled, Retries, Failed, Dead };
    // What a sorted set's score says of an item (a list's items carry their
    // own time, when they do): when it is due, since when, or its deadline.
    enum class Score { None, Due, Since, Deadline, Expiry };
    Role role = Role::Waiting;
    QByteArray key;
    bool sortedSet = false;
    Score score = Score::None;
    // The score as a time: ms = score × scoreToMs (1000 for seconds, 1 for ms,
    // 1/4096 for BullMQ's delayed set, which scores due ms × 4096 + a counter).
    double scoreToMs = 1.0;
    // Items are job ids whose job is the hash jobPrefix + id (BullMQ, RQ, arq,
    // dramatiq's message hash); empty: the items are the jobs themselves.
    QByteArray jobPrefix;

    static JobPart inList(Role role, const QByteArray &key, const QByteArray &jobPrefix = {})
    {
        JobPart p;
        p.role = role;
        p.key = key;
        p.jobPrefix = jobPrefix;
        return p;
    }
    static JobPart inSortedSet(Role role, const QByteArray &key, Score score, double scoreToMs, const QByteArray &jobPrefix = {})
    {
        JobPart p = inList(role, key, jobPrefix);
        p.sortedSet = true;
        p.score = score;
        p.scoreToMs = scoreToMs;
        return p;
    }
};

// One queue of a job framework (or one of its system-wide sets: Sidekiq's
// schedule, retry and dead), read with that framework's own keys each tick
// with bounded commands and judged in its words. Every count is what the
// server said this tick; null when it could not be read.
struct JobQueueSnapshot
{
    JobFramework framework = JobFramework::BullMQ;
    QByteArray prefix;  // the deployment's key prefix: "bull" (BullMQ), "rq", dramatiq's namespace; empty for Sidekiq, Celery and arq
    QByteArray name;    // the framework's own name for the queue ("mail"), or of the set ("schedule")
    QByteArray key;     // the key that holds its waiting jobs (a list), or the set itself
    QString version;    // the framework's version when its keys say (BullMQ's meta)
    QString error;      // could not be read: wrong type, no permission
    std::optional<qint64> waiting;         // jobs waiting for a worker (BullMQ: wait + paused + prioritized)
    bool paused = false;                   // the framework's own pause switch is on
    std::optional<qint64> oldestWaitingMs; // the oldest waiting job's age, from its own enqueue time (arq: its due time)
    // The oldest waiting job has stayed the oldest, the queue never shorter,
    // for this long while Pelscope watched: nobody is taking jobs. Null when
    // the queue is empty or moved since the last tick.
    std::optional<qint64> notTakenForMs;
    std::optional<qint64> active; // jobs a worker holds now
    // BullMQ: a worker with a rate limit took a job within it; this long until
    // the limit's window ends (PTTL of <queue>:limiter). Null: no limit running.
    std::optional<qint64> rateLimitMs;
    // Of those, held by no live worker (BullMQ: the lock expired; RQ: the
    // heartbeat deadline passed; Celery: reserved past the visibility
    // timeout; Sidekiq: the process's heartbeat stopped), within `heldSampled`.
    std::optional<qint64> orphaned;
    qint64 heldSampled = 0;                 // held jobs looked at this tick (bounded)
    std::optional<qint64> oldestOrphanedMs; // how long the oldest of them has been orphaned (or reserved), when known
    std::optional<qint64> scheduled;        // jobs waiting for their time (delayed, scheduled, retries)
    std::optional<qint64> overdue;          // of those, past due and not yet moved
    std::optional<qint64> oldestOverdueMs;
    std::optional<qint64> failed; // the framework's dead letters (failed, dead)
    QString newestFailure;        // the newest failed job's reason, as the framework stored it
    std::optional<qint64> workers; // workers serving this queue alive now, when the framework records them
    QStringList deadWorkers;       // workers whose heartbeat stopped holding jobs: "name (beat 3m10s ago, holding 2)"
    // Workers still listed in the framework's registry whose own key is gone:
    // they died without cleaning up (what they held is lost or moved on).
    QStringList goneWorkers;
    // BullMQ flows: parents waiting on their children, and of the oldest
    // few, those waiting on a child that failed for good: "12 waits on
    // bull:flow-children:3, which failed: boom".
    std::optional<qint64> waitingChildren;
    // Celery: tasks seen that kombu gave back after the visibility timeout
    // (headers.redelivered): the next one waiting, or the newest reserved.
    qint64 redelivered = 0;
    QStringList stuckParents;
    QList<JobPart> parts; // the keys its page browses, waiting first
    // Server ms of the reads this row holds: the poll's own, or an earlier
    // one's for a queue not read this tick (many queues: ReadRotation).
    qint64 readAtMs = 0;
    HealthVerdict health;
};

// Claim and acknowledgement activity between two readings of INFO
// commandstats (server-wide: every client, every stream), at most every 10 s.
struct CommandActivity
{
    qint64 windowMs = 0;    // between the two readings
    qint64 readAtMs = 0;    // server ms of the newer reading
    qint64 xclaimCalls = 0; // in the window
    qint64 xautoclaimCalls = 0;
    qint64 claimFailed = 0;   // failed_calls (Redis 7.0+): the command ran and errored
    qint64 claimRejected = 0; // rejected_calls: refused before running (arity, ACL, OOM)
    std::optional<double> usPerClaimCall;
    qint64 xackCalls = 0; // one call may carry several IDs
    // Entries the groups actually stopped holding: per group, entries newly
    // delivered (entries-read) minus the growth of its PEL, summed over the
    // window; null when no group could be followed.
    std::optional<qint64> entriesAcked;
    qint64 groupsUnknown = 0; // group readings in the window without entries-read or pending
    // XACK calls clearly outnumber the entries acknowledged: consumers ack
    // entries that are no longer theirs (claimed by another, or acked already).
    bool duplicateAcks = false;
    QString note; // why something is unknown
};

// Redis Cluster only: one master and how its part of this tick went.
struct ClusterNodeSnapshot
{
    QString address; // host:port
    QByteArray id;
    QByteArray shard;
    QString slots; // "0-5460 10923"
    int slotCount = 0;
    int replicas = 0;
    bool ok = false;       // answered this tick
    QString error;         // why not
    qint64 streams = 0;    // streams it holds (stale ones included)
    qint64 staleTicks = 0; // consecutive ticks it has not answered
    qint64 durationMs = 0; // its batch's round trip, this tick
    // Which node the shard's streams were read from: the master (`address`),
    // or with read_from=replica one of its replicas, and how far behind the
    // master that replica is (its INFO replication in its own batch, the
    // master's offset from one ROLE per tick on a side connection).
    QString polledAddress;               // host:port read this tick; empty when none was
    bool readFromReplica = false;        // read_from=replica was asked for
    QString replicaOf;                   // the master the polled replica follows (its INFO replication)
    QString replicaLink;                 // its master_link_status: "up", "down"
    std::optional<qint64> replicaOffset; // its slave_repl_offset
    std::optional<qint64> masterOffset;  // the master's ROLE offset this tick; null when it could not be asked
    std::optional<qint64> lagBytes;      // masterOffset - replicaOffset (never negative)
    QString note;                        // no healthy replica (so not read), why lagBytes is null, a link down
};

// read_from=replica: the replica the values came from and how far behind its
// primary it is. The replica's side comes from its INFO replication in the
// tick's batch; the primary's offset from one ROLE per tick on a side connection.
struct ReplicaSnapshot
{
    QString address;                     // host:port of the replica polled
    QString primary;                     // host:port it replicates from (its INFO replication)
    QString link;                        // master_link_status: "up", "down"
    std::optional<qint64> offset;        // slave_repl_offset
    std::optional<qint64> primaryOffset; // the primary's ROLE; null when it could not be asked
    std::optional<qint64> lagBytes;      // primaryOffset - offset (never negative); null with primaryOffset
    std::optional<qint64> lastIoS;       // master_last_io_seconds_ago (link up)
    std::optional<qint64> linkDownS;     // master_link_down_since_seconds (link down)
    bool syncing = false;                // master_sync_in_progress: a full resync is running
    QString note;                        // why lagBytes is null, or what is wrong with the link
};

struct ServerSnapshot
{
    QString address;
    QString product; // redis, valkey
    QString version;
    QString mode; // standalone, cluster, sentinel
    QString role;
    QString node;                           // Sentinel: host:port of the master the values came from (read_from=replica: the replica)
    std::optional<ReplicaSnapshot> replica; // read_from=replica only
};

struct PollStats
{
    qint64 roundTrips = 0; // during this tick
    qint64 commands = 0;
    qint64 bytesOut = 0;
    qint64 bytesIn = 0;
    qint64 durationMs = 0; // client-side wall time of the tick
    // --poll-budget: the probe's estimate of this tick's server time (µs).
    qint64 estimatedUs = 0;
    qint64 budgetUs = 0;      // 0: no budget
    qint64 deferredReads = 0; // optional reads that were due and wait for a later tick
    // The budget cannot cover the groups: reads that never fit, or wait too
    // long, so some figures are old or missing. budgetNote says which.
    bool budgetTooSmall = false;
    QString budgetNote;
    // Rationing (more groups than groupsPerTick): groups read this tick, of
    // how many, and how many ticks it takes to read every one of them.
    qint64 groupsRead = 0;
    qint64 groupsKnown = 0;
    qint64 refreshTicks = 1; // 1: every group every tick
};

// A moment a deploy pipeline marked by XADD to --annotations-stream, new this
// poll (annotation_probe.h).
struct PublishedAnnotation
{
    QByteArray from;          // the annotations stream it was read from
    QByteArray id;            // its entry ID there
    qint64 atMs = 0;          // its "at" field, else the ID's time
    QString text;             // its "text" (or "message") field
    QByteArray stream, group; // its "stream" and "group" fields: the group it is about, if any
    QString author;           // its "author" field, if any
};

struct SnapshotData
{
    quint64 generation = 0; // bumps on every (re)connect
    quint64 tick = 0;
    qint64 takenAtMs = 0; // server TIME
    ServerSnapshot server;
    QList<StreamSnapshot> streams;         // sorted by key bytes
    QList<DeadLetterSnapshot> deadLetters; // sorted by key bytes
    QList<DelayedQueueSnapshot> delayedQueues; // sorted by key bytes
    QList<ListQueueSnapshot> listQueues;       // sorted by key bytes
    QList<JobQueueSnapshot> jobQueues;         // by framework, prefix, name
    std::optional<CommandActivity> activity;   // the latest window (carried between readings); null before the second
    QList<ClusterNodeSnapshot> nodes;      // cluster masters; empty on a single server
    QList<PublishedAnnotation> annotations; // read from --annotations-stream this poll, oldest first
    QByteArray annotationsStream;           // that stream's key; empty: none is read
    PollStats stats;
    bool discoveryComplete = false;
    QString warning; // non-fatal trouble during this tick
};

// Cheap to copy, never mutated after it is published.
class Snapshot
{
public:
    Snapshot() = default;
    explicit Snapshot(SnapshotData data)
        : m_data(std::make_shared<const SnapshotData>(std::move(data)))
    {}

    bool isNull() const { return !m_data; }
    const SnapshotData &data() const;
    const SnapshotData *operator->() const { return &data(); }

    // Convenience lookups; null when absent.
    const StreamSnapshot *stream(const QByteArray &key) const;
    const GroupSnapshot *group(const QByteArray &stream, const QByteArray &group) const;

private:
    std::shared_ptr<const SnapshotData> m_data;
};

QString healthName(Health h);
// "BullMQ", "Sidekiq", "Celery", "RQ": the framework's own spelling (not translated).
QString frameworkName(JobFramework f);
// "bullmq", "sidekiq", "celery", "rq": for JSON, labels and --framework.
QString frameworkId(JobFramework f);
// "waiting", "active", "scheduled", "failed", …: for JSON.
QString jobPartRoleId(JobPart::Role role);
// "due", "since", "deadline", "expiry"; "none" when the score is no time.
QString jobPartScoreId(JobPart::Score score);
// A stream a job framework keeps for itself, not a pipeline to judge: BullMQ's
// per-queue event log (<prefix>:<queue>:events, for a queue this snapshot
// read) and RQ's job results (rq:results:<id>). Empty for any other stream.
struct FrameworkStream
{
    JobFramework framework = JobFramework::BullMQ;
    QString what; // "events", "results": JSON's word
};
std::optional<FrameworkStream> frameworkStream(const SnapshotData &snapshot, const QByteArray &key);
// A job queue's identity across polls: framework, prefix and key (a Sidekiq
// queue named "dead" is not the dead set), NUL-separated.
QByteArray jobQueueId(const JobQueueSnapshot &q);

// What a job queue's row counts, by what it holds: its waiting jobs, else its
// scheduled ones, its dead letters, its reservations or its live workers.
// The overview's columns, the history's series and the page's charts alike.
struct JobFigures
{
    enum class Holds { Nothing, Waiting, Scheduled, Failed, Reserved, Workers };
    Holds holds = Holds::Nothing;
    std::optional<qint64> size;
    std::optional<qint64> held;     // active (waiting), overdue (scheduled), reserved
    std::optional<qint64> oldestMs; // the oldest waiting (or not taken), overdue or orphaned
};
JobFigures jobFigures(const JobQueueSnapshot &q);


} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::Snapshot)
