#include "requeue_job.h"

#include "../values/key_slot.h"
#include "../snapshot/format.h"
#include "../text/fill_text.h"
#include "write_retry.h"
#include "../redis/stream_entry.h"
#include "../snapshot/stream_id.h"

#include <QFile>
#include <QFileInfo>
#include <QDir>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

QString actionFor(const RequeueRequest &r)
{
    if (r.operation == RequeueRequest::Operation::Delete)
        return QStringLiteral("delete");
    return r.editedFields ? QStringLiteral("requeue_edited") : QStringLiteral("requeue");
}

QString scriptFor(const RequeueRequest &r)
{
    if (r.operation == RequeueRequest::Operation::Delete)
        return QStringLiteral(":/lua/delete.lua");
    return r.editedFields ? QStringLiteral(":/lua/requeue_edited.lua") : QStringLiteral(":/lua/requeue.lua");
}

} // namespace

RequeueJob::RequeueJob(ConnectionOptions options, RequeueRequest request, QObject *parent)
    : WriteJob(Policy{actionFor(request), request.auditLogPath, request.dryRun, request.maxConsecutiveFailures, 50, scriptFor(request)}, parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
{
    if (m_request.batchSize < 1)
        m_request.batchSize = 1;
}

QString RequeueJob::refusal() const
{
    // Into itself, each requeued entry would be read again further on: a
    // run that never ends (171,050 "requeued" for five entries, issue 47).
    if (m_request.operation == RequeueRequest::Operation::Requeue && m_request.target == m_request.dlq)
        return fillText(QStringLiteral("refusing to requeue %1 into itself: the target is the dead-letter stream; name the stream its entries "
                                       "came from (--to)"),
                        displayBytes(m_request.dlq));
    if (m_request.editedFields && (m_request.select != RequeueRequest::Select::Ids || m_request.ids.size() != 1 || m_request.editedFields->isEmpty()))
        return QStringLiteral("an edited requeue takes exactly one entry and at least one field");
    return {};
}

void RequeueJob::begin()
{
    if (m_request.select == RequeueRequest::Select::Ids)
        m_outcome.counts.total = m_request.ids.size();
    m_connection = openConnection(m_options);
    m_step = Step::Fetch;
    resume();
}

void RequeueJob::resume()
{
    if (m_step == Step::Apply) {
        applyBatch();
        return;
    }
    if (cancelRequested()) {
        finishCancelled();
        return;
    }
    fetchPage();
}

void RequeueJob::fetchPage()
{
    RedisBatch batch;
    if (m_request.select == RequeueRequest::Select::Ids) {
        if (m_idIndex >= m_request.ids.size()) {
            finish();
            return;
        }
        m_batchCursor = m_request.ids.mid(m_idIndex, m_request.batchSize);
        for (const QByteArray &id : std::as_const(m_batchCursor))
            batch.append({"XRANGE", m_request.dlq, id, id});
    } else {
        // The run covers the entries there when it starts, up to the newest
        // then: what is added later (a worker failing an entry again at
        // once) is not chased, so it never moves more than it planned.
        if (m_endId.isEmpty())
            batch.append({"XREVRANGE", m_request.dlq, "+", "-", "COUNT", "1"});
        batch.append({"XRANGE", m_request.dlq, m_cursor, m_endId.isEmpty() ? QByteArray("+") : m_endId, "COUNT",
                      QByteArray::number(m_request.batchSize)});
        if (m_outcome.counts.total < 0)
            batch.append({"XLEN", m_request.dlq});
    }
    const bool bounding = m_request.select != RequeueRequest::Select::Ids && m_endId.isEmpty();
    m_connection->execute(batch, this, [this, bounding](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        if (!bounding) {
            onPage(replies);
            return;
        }
        const RedisReply &newest = replies.value(0);
        if (newest.isError()) {
            const RedisError e = describeReplyError({"XREVRANGE"}, newest);
            finish(e.message, e.kind);
            return;
        }
        if (newest.size() == 0) {
            finish(); // nothing there
            return;
        }
        m_endId = newest.at(0).at(0).bytes();
        onPage(replies.mid(1));
    });
}

std::optional<QByteArray> RequeueJob::targetFor(const StreamFields &fields) const
{
    if (!m_request.target.isEmpty())
        return m_request.target;
    if (const auto source = DlqLayout::sourceStreamOf(fields))
        return source;
    return sourceFromDlqName(m_request.dlq);
}

QString RequeueJob::slotRefusal(const QByteArray &target) const
{
    if (m_connection->hello().mode != QLatin1String("cluster"))
        return {};
    const int slot = keySlot(m_request.dlq);
    if (keySlot(target) != slot)
        return fillText(QStringLiteral("refusing to %1: %2 (slot %3) and %4 (slot %5) live in different cluster slots, so one script cannot "
                                       "move entries atomically. Name them with a shared hash tag, e.g. {orders} and {orders}:dlq, and an audit "
                                       "stream with the same tag."),
                        policy().action, displayBytes(m_request.dlq), slot, displayBytes(target), keySlot(target));
    if (!m_request.auditStream.isEmpty() && keySlot(m_request.auditStream) != slot)
        return fillText(QStringLiteral("refusing to %1: the audit stream %2 (slot %3) is in another cluster slot than %4 (slot %5), so one "
                                       "script cannot write both. Use an audit stream with the DLQ's hash tag, e.g. {orders}:audit."),
                        policy().action, displayBytes(m_request.auditStream), keySlot(m_request.auditStream), displayBytes(m_request.dlq), slot);
    return {};
}

void RequeueJob::onPage(const RedisReplies &replies)
{
    succeeded();
    QList<RedisReply> entries;
    QList<QByteArray> goneNow;
    if (m_request.select == RequeueRequest::Select::Ids) {
        for (int i = 0; i < replies.size(); ++i) {
            const RedisReply &r = replies.at(i);
            if (r.isError()) {
                const RedisError e = describeReplyError({"XRANGE"}, r);
                finish(e.message, e.kind);
                return;
            }
            if (r.size() == 0)
                goneNow.append(m_batchCursor.at(i));
            else
                entries.append(r.at(0));
        }
    } else {
        const RedisReply &page = replies.value(0);
        if (page.isError()) {
            const RedisError e = describeReplyError({"XRANGE"}, page);
            finish(e.message, e.kind);
            return;
        }
        if (replies.size() > 1 && replies.at(1).isInteger())
            m_outcome.counts.total = replies.at(1).integer();
        if (page.size() == 0) {
            finish();
            return;
        }
        entries = page.elements();
        m_batchCursor = {"(" + entries.last().at(0).bytes()};
        // The first page was read after the bound in the same round trip: an
        // entry added between the two is past it.
        const auto end = StreamId::parse(m_endId);
        const qsizetype before = entries.size();
        entries.removeIf([&](const RedisReply &e) {
            const auto id = StreamId::parse(e.at(0).bytes());
            return end && id && *id > *end;
        });
        if (entries.isEmpty() && before > 0) {
            finish();
            return;
        }
    }

    if (!goneNow.isEmpty()) {
        m_outcome.counts.gone += goneNow.size();
        for (const QByteArray &id : std::as_const(goneNow))
            audit({}, {id}, m_request.dryRun ? QStringLiteral("dry_run: already gone") : QStringLiteral("already_gone"));
    }

    m_batch.clear();
    for (const RedisReply &entry : std::as_const(entries)) {
        const QByteArray id = entry.at(0).bytes();
        const StreamFields fields = fieldsOf(entry);
        if (m_request.select == RequeueRequest::Select::Match) {
            // As the DLQ page shows it: the application's field, else Pelscope's own of that name.
            const bool matches = DlqLayout::fieldMatches(fields, m_request.matchField, m_request.matchValue);
            if (!matches) {
                ++m_outcome.counts.skipped;
                continue;
            }
        }
        if (m_request.operation == RequeueRequest::Operation::Delete) {
            if (const QString refused = slotRefusal(m_request.dlq); !refused.isEmpty()) {
                finish(refused, RedisError::Kind::Usage);
                return;
            }
            if (m_request.dryRun) {
                planEntry(id, {}, fields);
                continue;
            }
            if (m_batch.isEmpty())
                m_batch.append({m_request.dlq, {}}); // the script's KEYS[2]: unused, but a key the ACL allows
            m_batch.first().second.append(id);
            continue;
        }
        const auto target = targetFor(fields);
        // An entry with no target it may go to: the whole run is refused when
        // nothing was written yet, else the entry stays, counted as failed.
        QString why;
        if (!target)
            why = fillText(QStringLiteral("cannot tell where %1 %2 came from: it has no source_stream field and the DLQ's name follows no known "
                                          "convention; name the target stream (--to)"),
                           displayBytes(m_request.dlq), QString::fromLatin1(id));
        else if (*target == m_request.dlq)
            why = fillText(QStringLiteral("%1 %2 names the dead-letter stream itself as its source_stream; it stays (name its target with --to)"),
                           displayBytes(m_request.dlq), QString::fromLatin1(id));
        if (!why.isEmpty()) {
            if (m_outcome.counts.done == 0 && m_outcome.counts.failed == 0) {
                finish(QStringLiteral("refusing to requeue: ") + why, RedisError::Kind::Usage);
                return;
            }
            ++m_outcome.counts.failed;
            audit({}, {id}, QStringLiteral("failed: ") + why);
            continue;
        }
        if (const QString refused = slotRefusal(*target); !refused.isEmpty()) {
            finish(refused, RedisError::Kind::Usage);
            return;
        }
        if (m_request.dryRun) {
            planEntry(id, *target, fields);
            continue;
        }
        auto it = std::find_if(m_batch.begin(), m_batch.end(), [&](const auto &g) { return g.first == *target; });
        if (it == m_batch.end())
            m_batch.append({*target, {id}});
        else
            it->second.append(id);
    }

    if (m_batch.isEmpty()) {
        // Nothing to write in this page: move on.
        if (m_request.select == RequeueRequest::Select::Ids)
            m_idIndex += m_batchCursor.size();
        else
            m_cursor = m_batchCursor.value(0, m_cursor);
        Q_EMIT progress(m_outcome.counts);
        m_step = Step::Fetch;
        resume();
        return;
    }
    m_step = Step::Apply;
    applyBatch();
}

void RequeueJob::planEntry(const QByteArray &id, const QByteArray &target, const StreamFields &fields)
{
    const QString dlqId = QString::fromLatin1(id);
    const StreamFields out = m_request.operation == RequeueRequest::Operation::Delete ? StreamFields{}
                             : m_request.editedFields                                 ? *m_request.editedFields
                                                                                      : m_request.layout.requeuedFields(fields);
    const bool kept = m_request.operation == RequeueRequest::Operation::Requeue && out.isEmpty();
    ++(kept ? m_outcome.counts.empty : m_outcome.counts.done);
    if (m_outcome.plan.size() >= WriteOutcome::kMaxPlanLines) { // counted, not listed
        ++m_outcome.planLeftOut;
        return;
    }
    if (m_request.operation == RequeueRequest::Operation::Delete) {
        m_outcome.plan << QStringLiteral("XDEL %1 %2").arg(quotedForPlan(m_request.dlq), dlqId);
        return;
    }
    if (kept) {
        m_outcome.plan << QStringLiteral("# %1: only metadata fields, would stay in %2").arg(dlqId, displayBytes(m_request.dlq));
        return;
    }
    QString line = QStringLiteral("XADD %1 *").arg(quotedForPlan(target));
    for (const auto &fv : out)
        line += QLatin1Char(' ') + quotedForPlan(fv.first) + QLatin1Char(' ')
                + valueForPlan(fv.second);
    m_outcome.plan << line << QStringLiteral("XDEL %1 %2").arg(quotedForPlan(m_request.dlq), dlqId);
}

void RequeueJob::applyBatch()
{
    for (const auto &group : std::as_const(m_batch)) {
        AuditRecord attempt;
        attempt.key = m_request.dlq;
        attempt.target = m_request.operation == RequeueRequest::Operation::Delete ? QByteArray() : group.first;
        attempt.ids = group.second;
        if (!recordAttempt(attempt))
            return;
    }
    RedisBatch batch;
    QList<QByteArray> meta = m_request.layout.metadataFields;
    for (const auto &group : std::as_const(m_batch)) {
        QList<QByteArray> args{QByteArray::number(m_request.auditMaxLen), AuditLog::actor().toUtf8()};
        if (m_request.operation == RequeueRequest::Operation::Delete) {
            args += group.second;
        } else if (m_request.editedFields) {
            args += targetPolicy(group.first);
            args += group.second.value(0);
            for (const auto &[name, value] : std::as_const(*m_request.editedFields))
                args << name << value;
        } else {
            args += targetPolicy(group.first);
            args += QByteArray::number(meta.size());
            args += meta;
            args += group.second;
        }
        batch.append(script().evalsha({m_request.dlq, group.first, m_request.auditStream}, args));
    }
    bool reloading = false;
    batch = withScript(batch, &reloading);
    m_connection->execute(batch, this, [this, reloading](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            // The reply was lost, not necessarily the write: the retry will
            // find moved entries gone, so it cannot duplicate them.
            ++m_outcome.counts.retries;
            retryLater(error);
            return;
        }
        onApplied(scriptReplies(replies, reloading));
    });
}

void RequeueJob::onApplied(const RedisReplies &replies)
{
    QList<QPair<QByteArray, QList<QByteArray>>> again;
    QList<QPair<QByteArray, QList<QByteArray>>> demoted; // -READONLY: nothing written, send to the new primary
    RedisError demotion;
    QString fatal;
    RedisError::Kind fatalKind = RedisError::Kind::None;
    for (int i = 0; i < replies.size() && i < m_batch.size(); ++i) {
        const RedisReply &r = replies.at(i);
        const auto &group = m_batch.at(i);
        if (LuaScript::isNoScript(r)) {
            again.append(group); // the server lost its script cache (restart, SCRIPT FLUSH)
            continue;
        }
        if (demotedMidJob(r, m_options)) {
            demoted.append(group);
            demotion = demotedError(m_connection->hello().node, r);
            continue;
        }
        if (r.isError() && LuaScript::isRefusedBeforeWriting(r)) {
            // The script checked its permissions before its first write: this
            // batch changed nothing, and neither will the rest.
            const RedisError e = script().describeError(r);
            m_outcome.counts.refused += group.second.size();
            for (const QByteArray &id : group.second)
                audit(group.first, {id}, QStringLiteral("refused: ") + displayBytes(r.bytes()));
            fatal = e.message;
            fatalKind = e.kind;
            continue;
        }
        if (r.isError()) {
            const RedisError e = script().describeError(r);
            m_outcome.counts.failed += group.second.size();
            for (const QByteArray &id : group.second)
                audit(group.first, {id}, QStringLiteral("failed: ") + displayBytes(r.bytes()));
            fatal = r.errorCode() == "OOM"
                        ? QStringLiteral("the server is out of memory (-OOM): nothing was deleted from %1; free memory and run again")
                              .arg(displayBytes(m_request.dlq))
                        : e.message;
            fatalKind = e.kind;
            continue;
        }
        const LuaScript::Result result = LuaScript::result(r);
        if (result.partial()) {
            // Written as the results say; what failed after the first write
            // is reported beside them (the local audit log has every ID).
            fatal = result.auditError.isEmpty()
                        ? QStringLiteral("a write failed and the script stopped there: %1").arg(result.stopError)
                        : QStringLiteral("the audit record failed after the entries moved: %1").arg(result.auditError);
            fatalKind = RedisError::Kind::Server;
        }
        for (const RedisReply &item : result.results.elements()) {
            const QByteArray id = item.at(0).bytes();
            const QByteArray outcome = item.at(1).bytes();
            if (outcome == "requeued") {
                ++m_outcome.counts.done;
                if (m_outcome.movedIds.size() < WriteOutcome::kMaxListedEntries)
                    m_outcome.movedIds.append({id, item.at(2).bytes()});
                audit(group.first, {id}, QStringLiteral("requeued"), {item.at(2).bytes()});
            } else if (outcome == "deleted") {
                ++m_outcome.counts.done;
                audit({}, {id}, QStringLiteral("deleted"));
            } else if (outcome == "gone") {
                ++m_outcome.counts.gone;
                audit(group.first, {id}, QStringLiteral("already_gone"));
            } else if (outcome == "no_target") {
                ++m_outcome.counts.refused;
                const QString why = displayBytes(item.at(2).bytes());
                m_outcome.refusedTargets.insert(group.first, why);
                audit(group.first, {id}, QStringLiteral("refused: ") + why);
            } else {
                ++m_outcome.counts.empty;
                audit(group.first, {id}, QStringLiteral("left: only metadata fields"));
            }
        }
    }
    Q_EMIT progress(m_outcome.counts);
    if (!fatal.isEmpty()) {
        finish(fatal, fatalKind);
        return;
    }
    if (!demoted.isEmpty()) {
        // Not a success: the consecutive failures keep counting, so a server
        // that keeps answering READONLY ends the job at the usual limit.
        ++m_outcome.counts.retries;
        m_batch = demoted + again;
        if (!again.isEmpty())
            reloadScript();
        retryLater(demotion);
        return;
    }
    succeeded();
    if (!again.isEmpty()) {
        m_batch = again;
        reloadScript();
        applyBatch();
        return;
    }
    // The batch is settled: advance.
    if (m_request.select == RequeueRequest::Select::Ids)
        m_idIndex += m_batchCursor.size();
    else
        m_cursor = m_batchCursor.value(0, m_cursor);
    m_batch.clear();
    m_step = Step::Fetch;
    const WriteCounts &c = m_outcome.counts;
    resumeAfter(paceDelayMs(c.done + c.gone + c.empty, m_request.ratePerSecond));
}

void RequeueJob::audit(const QByteArray &target, const QList<QByteArray> &ids, const QString &outcome, const QList<QByteArray> &newIds)
{
    AuditRecord r;
    r.key = m_request.dlq;
    r.target = target;
    r.ids = ids;
    r.newIds = newIds;
    r.outcome = outcome;
    WriteJob::audit(r);
}

QByteArray RequeueJob::targetPolicy(const QByteArray &target) const
{
    const bool named = (!m_request.target.isEmpty() && target == m_request.target) || m_request.allowedTargets.contains(target);
    return named ? QByteArrayLiteral("any") : QByteArrayLiteral("existing");
}

} // namespace pelscope
