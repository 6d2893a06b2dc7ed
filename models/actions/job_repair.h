// The job frameworks' own repairs (docs/FRAMEWORKS.md, "Repairs"), each the
// framework's own operation mirrored in one script per batch, so the
// framework's workers take the jobs again as if its own UI had put them back:
//   BullMQ   retry failed jobs            Job.retry('failed') (reprocessJob-8.lua)
//   Sidekiq  retry from the retry or dead set   SortedEntry#retry + Client.push
//   RQ       requeue from the failed registry   FailedJobRegistry.requeue
//   Celery   restore reservations past the visibility timeout
//                                          kombu's QoS.restore_visible
// What a repair reads and how it turns what it read into the script's
// arguments lives here, without I/O; JobRepairJob runs it.
#pragma once

#include "../redis/redis_reply.h"
#include "../snapshot/snapshot.h"
#include "../text/json_edit.h"
#include "audit_log.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <optional>

namespace pelscope {

struct JobRepairRequest
{
    JobFramework framework = JobFramework::BullMQ;
    QByteArray prefix; // BullMQ: the queue's prefix ("bull")
    QByteArray name;   // BullMQ, RQ: the queue; Sidekiq: "retry" or "dead"; Celery: unused

    // Named jobs: the members of the source set, byte for byte (BullMQ and RQ
    // job ids, Sidekiq's whole payloads, Celery's delivery tags). Empty: every
    // job of the source, oldest first.
    QList<QByteArray> ids;
    QString errorContains; // only the jobs whose stored error contains this (case-insensitive)
    qint64 limit = 0;      // at most this many; 0: all that match
    // Celery: only reservations at least this old (the app's visibility_timeout):
    // a younger one may be a live worker's, and restoring it runs the task twice.
    qint64 visibilityTimeoutMs = 3'600'000;

    int batchSize = 100;
    bool dryRun = false;
    QByteArray auditStream = kDefaultAuditStream;
    qint64 auditMaxLen = 100'000;
    QString auditLogPath; // empty: the default file
    int maxConsecutiveFailures = 1000;

    // The sorted set the jobs are taken from: bull:<q>:failed, retry or dead,
    // rq:failed:<q>, unacked_index.
    QByteArray sourceKey() const;
};

// The repair a job queue's row offers, when it offers one: a BullMQ or RQ
// queue (its failed jobs), Sidekiq's retry and dead sets, Celery's
// reservations. nullopt for every other row.
std::optional<JobRepairRequest> jobRepairFor(const JobQueueSnapshot &q, qint64 celeryVisibilityTimeoutMs);

// The audit log's word: bullmq_retry, sidekiq_retry, rq_requeue, celery_restore.
QString jobRepairAction(JobFramework framework);
// "Retry failed jobs", "Retry from the dead set", "Requeue failed jobs", "Restore unacked tasks".
QString jobRepairTitle(const JobRepairRequest &request);
// The script resource the framework's repair runs.
QString jobRepairScript(JobFramework framework);

// One job of a page, ready for the script, or the reason it is left.
struct RepairMove
{
    QByteArray member;          // as the source set holds it
    QByteArray id;              // the job's own id (Sidekiq: its jid; Celery: the tag): a job retried and failed again is not taken twice
    QList<QByteArray> keys;     // the script's per-job keys
    QList<QByteArray> args;     // the script's per-job arguments
    QString planLine;           // what will be written, for the dry run and the confirmation
    QString leftBecause;        // not empty: left in place, and why
    bool refused = false;       // left because it cannot be repaired as the framework would (not a filter)
};

// The reads a page of members needs before its moves can be built: per
// member, in order (none for Sidekiq, whose members are the jobs).
RedisBatch repairDetailReads(const JobRepairRequest &request, const QList<QByteArray> &members);
// How many replies repairDetailReads asks per member.
int repairDetailsPerMember(const JobRepairRequest &request);

// What the moves are built from besides each member's own replies.
struct RepairContext
{
    qint64 nowMs = 0; // the server's clock
    // Celery: exchange -> its bindings as kombu keeps them (SMEMBERS _kombu.binding.<exchange>).
    QHash<QByteArray, QList<QByteArray>> celeryBindings;
};

// Celery: the exchanges the reservations of a page name whose bindings are not known yet.
QList<QByteArray> celeryExchangesToRead(const QList<RedisReply> &details, const RepairContext &context);

// A page's moves: `details` holds repairDetailsPerMember() replies per member.
QList<RepairMove> repairMoves(const JobRepairRequest &request, const QList<QByteArray> &members, const QList<double> &scores,
                              const QList<RedisReply> &details, const RepairContext &context);

// The keys a batch's script call takes before the per-job keys, and the
// arguments after the audit ones (RQ: enqueued_at and exc_info).
QList<QByteArray> repairFixedKeys(const JobRepairRequest &request);
QList<QByteArray> repairFixedArgs(const JobRepairRequest &request, const RepairContext &context);

// Sidekiq's payload after SortedEntry#retry and Client.push: retry_count one
// less when present, enqueued_at the push's time (seconds, a float).
std::optional<QByteArray> sidekiqRetriedPayload(const QByteArray &payload, qint64 nowMs);
// kombu's message after _do_restore_message: headers.redelivered, then
// properties.delivery_info.redelivered, set to true; a missing object stops
// it where kombu's KeyError would.
QByteArray celeryRestoredMessage(const QByteArray &message);
// The queues kombu's _lookup finds for `routingKey` among an exchange's
// bindings ("<routing key>\x06\x16<pattern>\x06\x16<queue>"): the direct
// exchange's rule (routing keys equal); an empty exchange: the routing key.
QList<QByteArray> celeryQueuesFor(const QByteArray &exchange, const QByteArray &routingKey, const QList<QByteArray> &bindings);
// RQ's enqueued_at for a time: %Y-%m-%dT%H:%M:%S.%fZ in UTC.
QByteArray rqTimestamp(qint64 ms);

} // namespace pelscope
