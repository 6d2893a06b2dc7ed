#include "snapshot_table.h"
#include "text/text_columns.h"

#include "text/fill_text.h"

#include "snapshot/activity_text.h"
#include "snapshot/format.h"
#include "snapshot/group_ranking.h"
#include "text/display_text.h"
#include "../common/terminal.h"

#include <cstdio>

#include <QSet>
#include <QStringList>

namespace pelscope {

namespace {

QString orDash(const std::optional<qint64> &v)
{
    return v ? formatCount(*v) : QStringLiteral("-");
}

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

namespace {

// Columns in the order they are dropped when the terminal is too narrow;
// STATUS, STREAM, GROUP, LAG and WHY always stay (WHY is cut to fit instead).
const QStringList kDropOrder = {QStringLiteral("NODE"), QStringLiteral("MAX DLV"), QStringLiteral("CONSUMERS"), QStringLiteral("OLDEST IDLE"),
                                QStringLiteral("PENDING")};
constexpr int kNameCap = 40;       // stream and group names, unless --wide
constexpr int kNarrowNameCap = 20; // ... when the terminal is narrow
constexpr int kMinWhy = 16;
constexpr qsizetype kGrouplessListed = 5; // more streams without groups than this: one line

// Widths are the terminal's columns (a Hangul name is two a character).
QString cut(const QString &cell, qsizetype width)
{
    return cutToColumns(cell, width);
}

// A row whose WHY the terminal's width cut: said again in full under its table.
struct CutReason
{
    Health status;
    QString subject; // "orders/ship", "delayed jobs"
    QString why;
};

// "WHY, in full:" and each cut reason, wrapped at word boundaries to `width`
// (a word longer than a line is left whole): the one column that explains is
// never lost to a narrow terminal.
QList<SnapshotTable::Line> reasonsInFull(const QList<CutReason> &reasons, int width)
{
    QList<SnapshotTable::Line> out;
    if (reasons.isEmpty())
        return out;
    out.append({QString(), Health::Ok});
    out.append({QStringLiteral("WHY, in full:"), Health::Ok});
    for (const CutReason &r : reasons) {
        // The subject is capped like the table's names; the reason is not.
        const QString status = healthName(r.status).toUpper();
        QString line = fillText(QStringLiteral("  %1 %2:"), status, cut(r.subject, width > 0 ? width - status.size() - 4 : 0));
        for (const QString &word : r.why.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (columnsOf(line) + 1 + columnsOf(word) > width && columnsOf(line) > 4) {
                out.append({line, r.status});
                line = QStringLiteral("   ");
            }
            line += QLatin1Char(' ') + word;
        }
        out.append({line, r.status});
    }
    return out;
}

} // namespace

// The delayed queues and reliable lists, worst first, under the groups:
// STATUS KIND QUEUE SIZE WAITING OLDEST WHY (WAITING: due now, or in processing).
QList<SnapshotTable::Line> renderQueueLines(const SnapshotData &d, const TableLayout &layout)
{
    struct Row
    {
        Health status;
        QStringList cells;
    };
    QList<Row> rows;
    const auto opt = [](const std::optional<qint64> &v) { return v ? formatCount(*v) : QStringLiteral("?"); };
    const auto why = [](const QString &error, const HealthVerdict &h) { return !error.isEmpty() ? error : joinReasons(h.reasons, QStringLiteral("; "), ReasonLanguage::English); };
    for (const DelayedQueueSnapshot &q : d.delayedQueues)
        rows.append({q.health.status,
                     {q.error.isEmpty() ? healthName(q.health.status).toUpper() : QStringLiteral("ERROR"), QStringLiteral("delayed"), displayBytes(q.key),
                      opt(q.size), QStringLiteral("%1 due").arg(opt(q.due)),
                      q.oldestOverdueMs ? QStringLiteral("%1 late").arg(formatDuration(*q.oldestOverdueMs)) : QStringLiteral("-"), why(q.error, q.health)}});
    for (const ListQueueSnapshot &q : d.listQueues) {
        QString oldest = QStringLiteral("-");
        if (q.oldestProcessingAgeMs)
            oldest = formatDuration(*q.oldestProcessingAgeMs);
        else if (q.sampled > 0)
            oldest = QStringLiteral("unknown"); // items carry no timestamp
        rows.append({q.health.status,
                     {q.error.isEmpty() ? healthName(q.health.status).toUpper() : QStringLiteral("ERROR"), QStringLiteral("list"),
                      q.processingKey.isEmpty() ? displayBytes(q.key) : fillText(QStringLiteral("%1 → %2"), displayBytes(q.key), displayBytes(q.processingKey)),
                      opt(q.length), q.processingKey.isEmpty() ? QStringLiteral("-") : fillText(QStringLiteral("%1 processing"), opt(q.processingLength)), oldest,
                      why(q.error, q.health)}});
    }
    for (const JobQueueSnapshot &q : d.jobQueues) {
        // STATE for a job queue: the jobs workers hold now; OLDEST: the
        // oldest waiting job's age (or how long nothing was taken).
        // By what the row holds: a queue's backlog, a schedule's jobs, the
        // dead set's letters, the processes alive.
        QString size = QStringLiteral("?"), held = QStringLiteral("-"), oldest = QStringLiteral("-");
        if (q.waiting) {
            size = formatCount(*q.waiting);
            held = q.active ? fillText(QStringLiteral("%1 active"), formatCount(*q.active)) : QStringLiteral("-");
            if (q.oldestWaitingMs)
                oldest = formatDuration(*q.oldestWaitingMs);
            else if (q.notTakenForMs)
                oldest = fillText(QStringLiteral("≥%1"), formatDuration(*q.notTakenForMs));
        } else if (q.scheduled) {
            size = formatCount(*q.scheduled);
            held = fillText(QStringLiteral("%1 due"), opt(q.overdue));
            if (q.oldestOverdueMs)
                oldest = fillText(QStringLiteral("%1 late"), formatDuration(*q.oldestOverdueMs));
        } else if (q.failed) {
            size = formatCount(*q.failed);
            held = QStringLiteral("dead");
        } else if (q.active) {
            size = formatCount(*q.active);
            held = fillText(QStringLiteral("%1 reserved"), formatCount(*q.active));
            if (q.oldestOrphanedMs)
                oldest = formatDuration(*q.oldestOrphanedMs);
        } else if (q.workers) {
            size = formatCount(*q.workers);
            held = QStringLiteral("alive");
        }
        rows.append({q.health.status,
                     {q.error.isEmpty() ? healthName(q.health.status).toUpper() : QStringLiteral("ERROR"), frameworkName(q.framework),
                      jobQueueTitle(q).section(QLatin1Char(' '), 1), size, held, oldest, why(q.error, q.health)}});
    }
    QList<SnapshotTable::Line> out;
    if (rows.isEmpty())
        return out;
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return int(a.status) > int(b.status); });
    const QStringList header = {QStringLiteral("STATUS"), QStringLiteral("KIND"),   QStringLiteral("QUEUE"), QStringLiteral("SIZE"),
                                QStringLiteral("STATE"), QStringLiteral("OLDEST"), QStringLiteral("WHY")};
    QList<qsizetype> widths(header.size() - 1);
    for (int c = 0; c < widths.size(); ++c) {
        widths[c] = header[c].size();
        for (const Row &r : rows)
            widths[c] = std::max(widths[c], columnsOf(cut(r.cells[c], layout.wide || c != 2 ? 0 : kNameCap)));
    }
    const auto line = [&](const QStringList &cells) {
        QString text;
        for (int c = 0; c < widths.size(); ++c) {
            const QString cell = cut(cells[c], layout.wide || c != 2 ? 0 : kNameCap);
            text += padToColumns(cell, widths[c], c == 3) + QStringLiteral("  ");
        }
        text += cells.last();
        return !layout.wide && layout.width > 0 ? cut(text, layout.width) : text;
    };
    out.append({QString(), Health::Ok});
    out.append({line(header), Health::Ok});
    QList<CutReason> cutReasons;
    for (const Row &r : std::as_const(rows)) {
        const QString text = line(r.cells);
        out.append({text, r.status});
        if (text.endsWith(QChar(0x2026)) && !r.cells.last().isEmpty())
            cutReasons.append({r.status, fillText(QStringLiteral("%1 %2"), r.cells.at(1), r.cells.at(2)), r.cells.last()});
    }
    out += reasonsInFull(cutReasons, layout.width);
    return out;
}

SnapshotTable renderSnapshotTable(const Snapshot &snapshot, const TableLayout &layout)
{
    QStringList header = {QStringLiteral("STATUS"),    QStringLiteral("STREAM"),  QStringLiteral("GROUP"),
                          QStringLiteral("LAG"),       QStringLiteral("PENDING"), QStringLiteral("OLDEST IDLE"),
                          QStringLiteral("CONSUMERS"), QStringLiteral("MAX DLV"), QStringLiteral("WHY")};
    // Cluster: which master holds each stream, as the last column before WHY.
    const bool cluster = !snapshot.data().nodes.isEmpty();
    if (cluster)
        header.insert(header.size() - 1, QStringLiteral("NODE"));
    QList<QStringList> rows;
    QList<Health> health;
    QList<const StreamSnapshot *> groupless;
    QList<const StreamSnapshot *> frameworkLogs; // BullMQ's event logs, RQ's results: never a group
    for (const GroupRef &ref : rankGroups(snapshot)) {
        const GroupSnapshot &g = *ref.group;
        QString consumers = orDash(g.consumers);
        if (!g.health.stalled.isEmpty()) // holding entries idle past consumer_idle_warn
            consumers += QStringLiteral(" (%1 stalled)").arg(g.health.stalled.size());
        rows.append({healthName(g.health.status).toUpper(), displayBytes(ref.stream->key), displayBytes(g.name),
                     g.lag ? formatCount(*g.lag) : QStringLiteral("unknown"), orDash(g.pending), idleText(g), consumers, orDash(g.maxDeliveryCount),
                     joinReasons(g.health.reasons, QStringLiteral("; "), ReasonLanguage::English)});
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
        } else if (s.groups.isEmpty() && frameworkStream(snapshot.data(), s.key)) {
            frameworkLogs.append(&s);
        } else if (s.groups.isEmpty()) {
            groupless.append(&s);
        }
    }
    // Streams without a consumer group are not groups: a few are listed, many
    // are one line (RQ keeps a stream per job result); a dead-letter stream
    // is always listed (what piles up there matters).
    QSet<QByteArray> deadLetters;
    for (const DeadLetterSnapshot &d : snapshot->deadLetters)
        deadLetters.insert(d.key);
    const bool collapse = groupless.size() > kGrouplessListed;
    QStringList examples;
    for (const StreamSnapshot *s : std::as_const(groupless)) {
        if (collapse && !deadLetters.contains(s->key)) {
            if (examples.size() < 3)
                examples << displayBytes(s->key);
            continue;
        }
        // Pelscope's own audit trail (its writes' records) and the marks it
        // reads: said to be that, not a stream that lost its readers.
        const bool ours = s->key.startsWith("pelscope:");
        const bool marks = !ours && s->key == snapshot->annotationsStream;
        rows.append({QStringLiteral("-"), displayBytes(s->key),
                     ours ? QStringLiteral("(Pelscope's)") : marks ? QStringLiteral("(annotations)") : QStringLiteral("(no groups)"), QString(), QString(),
                     QString(), QString(), QString(),
                     ours    ? fillText(QStringLiteral("Pelscope's own audit trail of writes (length %1), not a pipeline"), orDash(s->length))
                     : marks ? fillText(QStringLiteral("the moments marked for --annotations-stream (length %1), not a pipeline"), orDash(s->length))
                             : fillText(QStringLiteral("length %1"), orDash(s->length))});
        if (cluster)
            rows.last().insert(rows.last().size() - 1, nodeText(*s));
        health.append(Health::Ok);
    }
    if (!examples.isEmpty()) {
        const qsizetype others = groupless.size() - std::count_if(groupless.cbegin(), groupless.cend(), [&](const StreamSnapshot *s) {
                                     return deadLetters.contains(s->key);
                                 });
        rows.append({QStringLiteral("-"), fillText(QStringLiteral("(%1 streams without consumer groups)"), formatCount(others)), QString(), QString(),
                     QString(), QString(), QString(), QString(),
                     fillText(QStringLiteral("not groups, so not judged; e.g. %1"), examples.join(QStringLiteral(", ")))});
        if (cluster)
            rows.last().insert(rows.last().size() - 1, QString());
        health.append(Health::Ok);
    }

    // A framework's own logs are said to be that: they never get a group, and
    // are no pipeline that lost its consumers. A few by name, many as one line.
    if (!frameworkLogs.isEmpty()) {
        const auto what = [&](const StreamSnapshot &s) {
            return frameworkStream(snapshot.data(), s.key)->framework == JobFramework::BullMQ ? QStringLiteral("BullMQ's event log of the queue")
                                                                                           : QStringLiteral("RQ's job results");
        };
        if (frameworkLogs.size() <= kGrouplessListed) {
            for (const StreamSnapshot *s : std::as_const(frameworkLogs)) {
                rows.append({QStringLiteral("-"), displayBytes(s->key), QStringLiteral("(no groups)"), QString(), QString(), QString(), QString(),
                             QString(), fillText(QStringLiteral("%1 (length %2), not a pipeline"), what(*s), orDash(s->length))});
                if (cluster)
                    rows.last().insert(rows.last().size() - 1, nodeText(*s));
                health.append(Health::Ok);
            }
        } else {
            QStringList kinds;
            for (const StreamSnapshot *s : std::as_const(frameworkLogs))
                if (!kinds.contains(what(*s)))
                    kinds << what(*s);
            rows.append({QStringLiteral("-"), fillText(QStringLiteral("(%1 streams kept by job frameworks)"), formatCount(frameworkLogs.size())), QString(),
                         QString(), QString(), QString(), QString(), QString(), fillText(QStringLiteral("%1: not pipelines"), kinds.join(QStringLiteral(", ")))});
            if (cluster)
                rows.last().insert(rows.last().size() - 1, QString());
            health.append(Health::Ok);
        }
    }

    // Fit the terminal: cap the names, drop columns in kDropOrder, cut WHY.
    QList<bool> shown(header.size(), true);
    auto widthsFor = [&](int nameCap) {
        QList<qsizetype> w(header.size(), 0);
        for (int c = 0; c < header.size(); ++c)
            w[c] = header[c].size();
        for (const QStringList &r : rows)
            for (int c = 0; c < r.size() - 1; ++c)
                w[c] = std::max(w[c], (c == 1 || c == 2) && nameCap > 0 ? std::min<qsizetype>(columnsOf(r[c]), nameCap) : columnsOf(r[c]));
        return w;
    };
    auto fixedWidth = [&](const QList<qsizetype> &w) {
        qsizetype total = 0;
        for (int c = 0; c < header.size() - 1; ++c)
            total += shown[c] ? w[c] + 2 : 0;
        return total;
    };
    int nameCap = layout.wide ? 0 : kNameCap;
    QList<qsizetype> widths = widthsFor(nameCap);
    if (!layout.wide && layout.width > 0) {
        if (fixedWidth(widths) + kMinWhy > layout.width) {
            nameCap = kNarrowNameCap;
            widths = widthsFor(nameCap);
        }
        for (const QString &column : kDropOrder) {
            if (fixedWidth(widths) + kMinWhy <= layout.width)
                break;
            const qsizetype c = header.indexOf(column);
            if (c >= 0)
                shown[c] = false;
        }
    }
    const qsizetype whyWidth = !layout.wide && layout.width > 0 ? std::max<qsizetype>(kMinWhy, layout.width - fixedWidth(widths)) : 0;

    auto line = [&](const QStringList &cells) {
        QString out;
        for (int c = 0; c < cells.size(); ++c) {
            if (!shown[c])
                continue;
            if (c < cells.size() - 1) {
                const QString cell = cut(cells[c], (c == 1 || c == 2) ? nameCap : 0);
                const QString name = header[c];
                const bool numeric = name == QLatin1String("LAG") || name == QLatin1String("PENDING") || name == QLatin1String("OLDEST IDLE")
                                     || name == QLatin1String("CONSUMERS") || name == QLatin1String("MAX DLV");
                out += padToColumns(cell, widths[c], numeric);
                out += QStringLiteral("  ");
            } else {
                out += cut(cells[c], whyWidth);
            }
        }
        return out;
    };

    SnapshotTable table;
    for (const QString &l :
         (replicaLine(snapshot.data().server) + clusterReplicaLines(snapshot.data().nodes)).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        table.lines.append({l, Health::Ok});
    table.lines.append({line(header), Health::Ok});
    QList<CutReason> cutReasons;
    for (int i = 0; i < rows.size(); ++i) {
        table.lines.append({line(rows[i]), health[i]});
        if (whyWidth > 0 && columnsOf(rows[i].last()) > whyWidth)
            cutReasons.append({health[i], fillText(QStringLiteral("%1/%2"), rows[i].at(1), rows[i].at(2)), rows[i].last()});
    }
    if (rows.isEmpty())
        table.lines.append({QStringLiteral("(no streams found)"), Health::Ok});
    table.lines += reasonsInFull(cutReasons, layout.width);
    table.lines += renderQueueLines(snapshot.data(), layout);
    if (const std::optional<CommandActivity> &a = snapshot->activity) { // watch: from the second commandstats reading on
        table.lines.append({QString(), Health::Ok});
        table.lines.append({describeActivity(*a), a->duplicateAcks ? Health::Warn : Health::Ok});
    }
    // What the poll could not do (discovery out of budget, a stream unreadable): without it "(no streams found)"
    // after a SCAN that ran out of time reads as the truth.
    if (!snapshot->warning.isEmpty())
        table.lines.append({QStringLiteral("warning: %1").arg(terminalSafe(snapshot->warning)), Health::Warn});
    for (int c = 0; c < header.size(); ++c)
        if (!shown[c])
            table.dropped << header[c];
    return table;
}

QString SnapshotTable::text() const
{
    QString out;
    for (const Line &l : lines)
        out += l.text + QLatin1Char('\n');
    return out;
}

void printSnapshotTable(const SnapshotTable &table, bool color)
{
    // Colour sequences are ours and written raw; the text (names, reasons)
    // goes through writeOut's escaping.
    for (const SnapshotTable::Line &l : table.lines) {
        const bool tinted = color && l.tone != Health::Ok;
        if (tinted)
            std::fputs(l.tone == Health::Crit ? "\x1b[1;31m" : "\x1b[33m", stdout);
        writeOut(l.text);
        if (tinted)
            std::fputs("\x1b[0m", stdout);
        writeOut(QStringLiteral("\n"));
    }
}

} // namespace pelscope
