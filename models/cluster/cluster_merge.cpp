#include "cluster_merge.h"

#include "../health/health_rules.h"
#include "../snapshot/format.h"
#include "../text/fill_text.h"

#include <algorithm>

namespace pelscope {

namespace {

bool isRedirectText(const QString &error)
{
    return error.startsWith(QLatin1String("MOVED ")) || error.startsWith(QLatin1String("ASK ")) || error.startsWith(QLatin1String("TRYAGAIN"))
           || error.startsWith(QLatin1String("CLUSTERDOWN"));
}

// A DLQ on another node than its source: the source's node could not see it
// grow, so the warning its probe gives on a single server is given here.
void warnSourcesOfGrowingDeadLetters(SnapshotData &out)
{
    QHash<QByteArray, const StreamSnapshot *> byKey;
    for (const StreamSnapshot &s : std::as_const(out.streams))
        byKey.insert(s.key, &s);
    QList<QPair<QByteArray, Reason>> reasons; // source -> reason
    for (const DeadLetterSnapshot &d : std::as_const(out.deadLetters)) {
        const StreamSnapshot *dlq = byKey.value(d.key);
        const StreamSnapshot *src = byKey.value(d.source);
        if (!dlq || !src || dlq->node == src->node || src->stale || d.growth.value_or(0) <= 0)
            continue;
        reasons.append({d.source, deadLetterGrowth(d)});
    }
    for (const auto &[source, reason] : std::as_const(reasons)) {
        for (StreamSnapshot &s : out.streams) {
            if (s.key != source)
                continue;
            for (GroupSnapshot &g : s.groups) {
                if (int(g.health.status) < int(Health::Warn))
                    g.health.status = Health::Warn;
                g.health.reasons << reason;
            }
        }
    }
}

} // namespace

SnapshotData mergeClusterTick(const QList<ClusterNodeTickView> &nodes, const QHash<QByteArray, QString> &routes, const SnapshotData &previous)
{
    SnapshotData out;
    QHash<QByteArray, const StreamSnapshot *> prevStreams;
    for (const StreamSnapshot &s : previous.streams)
        prevStreams.insert(s.key, &s);
    QHash<QByteArray, const DeadLetterSnapshot *> prevDlqs;
    for (const DeadLetterSnapshot &d : previous.deadLetters)
        prevDlqs.insert(d.key, &d);

    QStringList warnings;
    for (const ClusterNodeTickView &view : nodes) {
        const NodeTickResult &r = view.result;
        ClusterNodeSnapshot ns;
        ns.address = view.address;
        ns.id = view.master.node.id;
        ns.shard = view.master.shardId;
        ns.slots = view.master.slotsText();
        ns.slotCount = view.master.slotCount();
        ns.replicas = int(view.master.replicas.size());
        ns.ok = r.answered;
        ns.error = r.error;
        ns.staleTicks = view.staleTicks;
        ns.durationMs = r.durationMs;
        ns.readFromReplica = view.readFromReplica;
        ns.polledAddress = view.readFromReplica ? view.polledAddress : view.address;
        QStringList notes;
        if (!view.note.isEmpty())
            notes << view.note;
        if (view.replica) {
            ns.replicaOf = view.replica->primary;
            ns.replicaLink = view.replica->link;
            ns.replicaOffset = view.replica->offset;
            ns.masterOffset = view.replica->primaryOffset;
            ns.lagBytes = view.replica->lagBytes;
            if (!view.replica->note.isEmpty())
                notes << view.replica->note;
        }
        ns.note = notes.join(QStringLiteral("; "));

        QSet<QByteArray> carried;
        auto place = [&](StreamSnapshot s, bool stale) {
            s.node = view.address;
            s.shard = view.master.shardId;
            s.stale = stale;
            out.streams.append(std::move(s));
            ++ns.streams;
        };
        // The last values known, marked stale; nothing when never seen.
        auto carry = [&](const QByteArray &key) {
            carried.insert(key);
            if (const StreamSnapshot *p = prevStreams.value(key))
                place(*p, true);
            if (const DeadLetterSnapshot *d = prevDlqs.value(key))
                out.deadLetters.append(*d);
        };

        if (r.answered) {
            out.takenAtMs = std::max(out.takenAtMs, r.data.takenAtMs);
            // The node is up but refuses reads because the cluster says it is
            // down (a master failing, full coverage required): say so, or the
            // operator only sees every stream greyed with no reason.
            const bool clusterDown = std::any_of(r.data.streams.cbegin(), r.data.streams.cend(),
                                                 [](const StreamSnapshot &s) { return s.error.startsWith(QLatin1String("CLUSTERDOWN")); });
            if (clusterDown) {
                const QString why = QStringLiteral("answers CLUSTERDOWN: the cluster considers itself down (a master is failing and "
                                                   "cluster-require-full-coverage is yes), so this node's streams keep their last values; "
                                                   "cluster-allow-reads-when-down yes keeps them readable");
                ns.note = ns.note.isEmpty() ? why : ns.note + QStringLiteral("; ") + why;
                warnings << QStringLiteral("%1 %2").arg(view.address, why);
            }
            for (const StreamSnapshot &s : r.data.streams) {
                if (r.unresolved.contains(s.key) || isRedirectText(s.error)) {
                    if (prevStreams.contains(s.key))
                        carry(s.key);
                    else {
                        carried.insert(s.key);
                        place(s, true);
                    }
                    continue;
                }
                place(s, false);
            }
            for (const DeadLetterSnapshot &d : r.data.deadLetters)
                if (!carried.contains(d.key))
                    out.deadLetters.append(d);
            if (!r.data.warning.isEmpty())
                warnings << QStringLiteral("%1: %2").arg(view.address, r.data.warning);
            if (!r.scanError.isEmpty())
                warnings << QStringLiteral("%1: SCAN failed: %2").arg(view.address, r.scanError);
            if (!r.unresolved.isEmpty())
                warnings << fillText(QStringLiteral("%1: %2 stream(s) moving between nodes could not be read this tick"), view.address,
                                     r.unresolved.size());
        } else {
            for (auto it = routes.cbegin(); it != routes.cend(); ++it)
                if (it.value() == view.address)
                    carry(it.key());
            if (view.notRead)
                warnings << fillText(QStringLiteral("shard of %1 not read (%2); its %3 stream(s) show earlier values"), view.address, view.note,
                                     ns.streams);
            else
                warnings << fillText(QStringLiteral("node %1 did not answer (%2); its %3 stream(s) show earlier values"),
                                     view.polledAddress.isEmpty() ? view.address : view.polledAddress, r.error, ns.streams);
        }
        out.stats.roundTrips += r.roundTrips;
        out.stats.commands += r.commands;
        if (r.answered) { // each node's probe takes its turns on its own
            out.stats.groupsRead += r.data.stats.groupsRead;
            out.stats.groupsKnown += r.data.stats.groupsKnown;
            out.stats.refreshTicks = std::max(out.stats.refreshTicks, r.data.stats.refreshTicks);
        }
        out.nodes.append(ns);
    }
    if (out.takenAtMs == 0)
        out.takenAtMs = previous.takenAtMs;

    std::sort(out.streams.begin(), out.streams.end(), [](const auto &a, const auto &b) { return a.key < b.key; });
    std::sort(out.deadLetters.begin(), out.deadLetters.end(), [](const auto &a, const auto &b) { return a.key < b.key; });
    warnSourcesOfGrowingDeadLetters(out);
    out.warning = warnings.join(QStringLiteral("; "));
    return out;
}

} // namespace pelscope
