#include "snapshot_table.h"

#include "snapshot/format.h"
#include "snapshot/group_ranking.h"

#include <QStringList>

namespace pelscope {

namespace {

QString orDash(const std::optional<qint64> &v) { return v ? formatCount(*v) : QStringLiteral("-"); }

QString idleText(const GroupSnapshot &g)
{
    if (!g.oldestIdleMs)
        return QStringLiteral("-");
    QString text = formatDuration(*g.oldestIdleMs);
    if (g.oldestIdleUpperMs && *g.oldestIdleUpperMs > *g.oldestIdleMs + 1000)
        text += QStringLiteral("..") + formatDuration(*g.oldestIdleUpperMs);
    return text;
}

QString nodeText(const StreamSnapshot &s)
{
    return s.stale ? s.node + QStringLiteral(" (stale)") : s.node;
}

// read_from=replica: one line above the table saying where the values come
// from and how far behind the primary that replica is.
QString replicaLine(const ServerSnapshot &server)
{
    if (!server.replica)
        return {};
    const ReplicaSnapshot &r = *server.replica;
    QString text = QStringLiteral("replica %1 of %2: link %3").arg(r.address, r.primary, r.link.isEmpty() ? QStringLiteral("unknown") : r.link);
    text += r.lagBytes ? QStringLiteral(", offset lag %1 bytes").arg(formatCount(*r.lagBytes)) : QStringLiteral(", offset lag unknown");
    if (r.lastIoS)
        text += QStringLiteral(", last I/O %1 s ago").arg(*r.lastIoS);
    if (r.linkDownS)
        text += QStringLiteral(", down for %1 s").arg(*r.linkDownS);
    if (!r.note.isEmpty())
        text += QStringLiteral(" (") + r.note + QLatin1Char(')');
    return text + QLatin1Char('\n');
}

// Cluster + read_from=replica: one line per shard saying which replica was
// read and how far behind its master it is, or why the shard was not read.
QString clusterReplicaLines(const QList<ClusterNodeSnapshot> &nodes)
{
    QString text;
    for (const ClusterNodeSnapshot &n : nodes) {
        if (!n.readFromReplica)
            continue;
        if (n.polledAddress.isEmpty()) {
            text += QStringLiteral("shard of %1: not read (%2)\n").arg(n.address, n.note);
            continue;
        }
        text += QStringLiteral("shard of %1: read from replica %2, link %3, offset lag %4")
                    .arg(n.address, n.polledAddress, n.replicaLink.isEmpty() ? QStringLiteral("unknown") : n.replicaLink,
                         n.lagBytes ? QStringLiteral("%1 bytes").arg(formatCount(*n.lagBytes)) : QStringLiteral("unknown"));
        if (!n.note.isEmpty())
            text += QStringLiteral(" (") + n.note + QLatin1Char(')');
        text += QLatin1Char('\n');
    }
    return text;
}

} // namespace

QString renderSnapshotTable(const Snapshot &snapshot, bool color)
{
    QStringList header = {QStringLiteral("STATUS"), QStringLiteral("STREAM"), QStringLiteral("GROUP"), QStringLiteral("LAG"),
                          QStringLiteral("PENDING"), QStringLiteral("OLDEST IDLE"), QStringLiteral("CONSUMERS"),
                          QStringLiteral("MAX DLV"), QStringLiteral("WHY")};
    // Cluster: which master holds each stream, as the last column before WHY.
    const bool cluster = !snapshot.data().nodes.isEmpty();
    if (cluster)
        header.insert(header.size() - 1, QStringLiteral("NODE"));
    QList<QStringList> rows;
    QList<Health> health;
    for (const GroupRef &ref : rankGroups(snapshot)) {
        const GroupSnapshot &g = *ref.group;
        int dead = 0;
        for (const auto &c : g.consumerList)
            if (c.pending > 0 && c.idleMs && *c.idleMs >= 300'000)
                ++dead;
        QString consumers = orDash(g.consumers);
        if (dead)
            consumers += QStringLiteral(" (%1 dead)").arg(dead);
        rows.append({healthName(g.health.status).toUpper(), displayBytes(ref.stream->key), displayBytes(g.name),
                     g.lag ? formatCount(*g.lag) : QStringLiteral("unknown"), orDash(g.pending), idleText(g), consumers,
                     orDash(g.maxDeliveryCount), g.health.reasons.join(QStringLiteral("; "))});
        if (cluster)
            rows.last().insert(rows.last().size() - 1, nodeText(*ref.stream));
        health.append(g.health.status);
    }
    for (const StreamSnapshot &s : snapshot.data().streams) {
        if (!s.error.isEmpty()) {
            rows.append({QStringLiteral("ERROR"), displayBytes(s.key), QString(), QString(), QString(), QString(), QString(), QString(), s.error});
            if (cluster)
                rows.last().insert(rows.last().size() - 1, nodeText(s));
            health.append(Health::Warn);
        } else if (s.groups.isEmpty()) {
            rows.append({QStringLiteral("-"), displayBytes(s.key), QStringLiteral("(no groups)"), QString(), QString(), QString(), QString(), QString(),
                         QStringLiteral("length %1").arg(orDash(s.length))});
            if (cluster)
                rows.last().insert(rows.last().size() - 1, nodeText(s));
            health.append(Health::Ok);
        }
    }

    QList<qsizetype> widths(header.size(), 0);
    for (int c = 0; c < header.size(); ++c)
        widths[c] = header[c].size();
    for (const QStringList &r : rows)
        for (int c = 0; c < r.size() - 1; ++c)
            widths[c] = std::max(widths[c], std::min<qsizetype>(r[c].size(), 40));

    auto line = [&](const QStringList &cells) {
        QString out;
        for (int c = 0; c < cells.size(); ++c) {
            QString cell = cells[c];
            if (c < cells.size() - 1) {
                if (cell.size() > 40)
                    cell = cell.left(39) + QChar(0x2026);
                const bool numeric = c >= 3 && c <= 7;
                out += numeric ? cell.rightJustified(widths[c]) : cell.leftJustified(widths[c]);
                out += QStringLiteral("  ");
            } else {
                out += cell;
            }
        }
        return out;
    };

    QString text = replicaLine(snapshot.data().server) + clusterReplicaLines(snapshot.data().nodes) + line(header) + QLatin1Char('\n');
    for (int i = 0; i < rows.size(); ++i) {
        QString l = line(rows[i]);
        if (color && health[i] != Health::Ok)
            l = (health[i] == Health::Crit ? QStringLiteral("\x1b[1;31m") : QStringLiteral("\x1b[33m")) + l + QStringLiteral("\x1b[0m");
        text += l + QLatin1Char('\n');
    }
    if (rows.isEmpty())
        text += QStringLiteral("(no streams found)\n");
    return text;
}

} // namespace pelscope
