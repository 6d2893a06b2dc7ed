// Where a write has to go on a Redis Cluster, and which path a DLQ requeue
// takes there, decided before anything is written. Shared by pelscope-cli
// (`dlq requeue`) and the window's WriteController (on its writer thread).
//
// The slot map is read from the seed the way the poller reads it: INFO server
// (is it a cluster?), CLUSTER SHARDS, falling back to CLUSTER SLOTS. A
// requeue on a cluster is then
//   - atomic when the DLQ and its target share a slot (one script per batch on
//     the DLQ's master; the audit stream gets the DLQ's hash tag),
//   - cross-slot through the ledger (CrossSlotRequeueJob) when they do not,
//   - refused, with the reason, when neither can be guaranteed.
#pragma once

#include "../cluster/cluster_topology.h"
#include "../values/connection_options.h"
#include "cross_slot_requeue_job.h"
#include "requeue_job.h"

#include <optional>

namespace pelscope {

// What the seed said about the deployment.
struct ClusterMap
{
    bool cluster = false;
    std::optional<ClusterTopology> topology; // cluster only; empty when neither reply parsed
    QString why;                             // cluster only: why the slot map did not parse
    QString error;                           // could not read the server at all
};

// One pipelined read on a fresh connection to `seed`, no retries. Blocks the
// calling thread on a local event loop until the reply or the connection's
// timeouts: call it from the CLI or a worker thread, never the GUI thread.
ClusterMap readClusterMap(const ConnectionOptions &seed);

// The connection options to write `key` with: its master on a cluster (the
// seed's credentials and TLS settings), the seed itself on one server.
struct KeyRoute
{
    bool cluster = false;
    ConnectionOptions node;
    QString nodeAddress; // host:port ("" when the seed is not a cluster)
    int slot = -1;       // cluster only
    QString error;       // could not read the server's mode or slot map: nothing decided
};
KeyRoute routeKey(const ConnectionOptions &seed, const ClusterMap &map, const QByteArray &key);
KeyRoute routeKey(const ConnectionOptions &seed, const QByteArray &key); // reads the map first (blocking)

// The path a requeue from `dlq` takes, and where it runs.
struct RequeueRoute
{
    bool cluster = false;
    ConnectionOptions dlqNode; // the DLQ's master on a cluster, else the seed
    QString dlqNodeAddress;    // cluster only
    QString targetNodeAddress; // cluster only, when the target is known and served
    QByteArray dlq;
    QByteArray target;      // what the path was planned for (empty: each entry's source_stream)
    RequeuePathPlan path;   // cluster only (Atomic on one server); description: the CLI's "path:" text
    QByteArray auditStream; // the atomic path on a cluster: an audit stream in the DLQ's slot
    QString error;          // could not read the server's mode or slot map: nothing decided

    bool atomic() const { return path.path == RequeuePathPlan::Path::Atomic; }
    bool ledger() const { return path.path == RequeuePathPlan::Path::CrossSlotLedger; }
    bool refused() const { return path.path == RequeuePathPlan::Path::Refused; }
    // The path in plain words for the window's confirmation, e.g. "atomic:
    // {orders}:dlq and its source {orders} share hash tag {orders}, slot 1234
    // on 127.0.0.1:7001 ...", "ledger: ... ledger key ..., 7-day expiry", or
    // "refused: <reason>".
    QString summary(int ledgerTtlSeconds = CrossSlotRequeueRequest{}.ledgerTtlSeconds) const;
};

// Decides the path. `target`: the stream entries go back to (named or
// inferred from the DLQ's name); empty when neither, and each entry's
// source_stream decides (atomic only, the job stops at an entry in another
// slot; `noTargetHint` says how to name one, e.g. "name the target with --to
// for the cross-slot path").
RequeueRoute routeRequeue(const ConnectionOptions &seed, const ClusterMap &map, const QByteArray &dlq, const QByteArray &target,
                          const QString &noTargetHint);
// Reads the map first (blocking).
RequeueRoute routeRequeue(const ConnectionOptions &seed, const QByteArray &dlq, const QByteArray &target, const QString &noTargetHint);

// The audit stream a script writing `key` on a cluster can use: the key's
// hash tag + ":pelscope:audit"; empty when no key can share its slot.
QByteArray clusterAuditStream(const QByteArray &key);

// "{tag}" when `key` has a hash tag (the part Redis hashes), else empty.
QByteArray hashTagOf(const QByteArray &key);

// The ledger job's request for the same selection as `request` (IDs, a
// field match or all), going to `target`.
CrossSlotRequeueRequest crossSlotRequestFor(const RequeueRequest &request, const QByteArray &target, bool targetExplicit);

} // namespace pelscope
