#include "queue_write_job.h"
#include "../text/display_text.h"
#include <QDateTime>
#include "../text/fill_text.h"

#include "../probe/queue_probe.h"
#include "../snapshot/format.h"
#include "../snapshot/stream_id.h"
#include "write_retry.h"

#include <QCoreApplication>
#include <QRandomGenerator>

#include <cmath>

namespace pelscope {

namespace {

// An item as the audit log keeps it: enough to find it, not a 30 MB payload.
QByteArray auditedItem(const QByteArray &item)
{
    constexpr qsizetype kMax = 200;
    return item.size() <= kMax ? item : item.left(kMax) + "... (" + QByteArray::number(item.size()) + " bytes)";
}

} // namespace

QueueWriteJob::QueueWriteJob(ConnectionOptions options, QueueWriteRequest request, QObject *parent)
    : WriteJob(Policy{queueActionName(request.operation), request.auditLogPath, request.dryRun, request.maxConsecutiveFailures, 50,
                      request.onList() ? QStringLiteral(":/lua/queue_list_move.lua") : QStringLiteral(":/lua/queue_delayed.lua")},
               parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
{
    if (!m_request.byAge())
        m_outcome.counts.total = m_request.items.size();
}

QString QueueWriteJob::refusal() const
{
    if (m_request.key.isEmpty())
        return QStringLiteral("no queue named");
    if (m_request.operation == QueueWriteRequest::Operation::Requeue && m_request.mainKey.isEmpty())
        return QStringLiteral("no main list to requeue to");
    if (m_request.operation == QueueWriteRequest::Operation::Requeue && m_request.mainKey == m_request.key)
        return QStringLiteral("the main list and the processing list are the same key");
    if (!m_request.onList() && m_request.items.isEmpty())
        return QStringLiteral("name the delayed queue's members to change");
    if (m_request.byAge() && m_request.olderThanMs < 0)
        return QStringLiteral("choose the items: name them, or give an age (older than)");
    if (m_request.batchSize < 1 || m_request.batchSize > 10'000)
        return QStringLiteral("a batch is 1 to 10,000 items");
    return {};
}

void QueueWriteJob::begin()
{
    m_connection = openConnection(m_options);
    inspect();
}

void QueueWriteJob::resume()
{
    switch (m_step) {
    case Step::Inspect:
        inspect();
        break;
    case Step::Fetch:
        fetchPage();
        break;
    case Step::Apply:
        applyBatch();
        break;
    case Step::Check:
        nextNamedBatch();
        break;
    case Step::Settle:
        settleLostBatch();
        break;
    }
}

// A read the job needs before it writes: a lost connection retries the step
// in hand, an error reply ends the job (nothing was written).
void QueueWriteJob::read(const RedisBatch &batch, std::function<void(const RedisReplies &)> then)
{
    m_connection->execute(batch, this, [this, batch, then = std::move(then)](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        for (qsizetype i = 0; i < replies.size(); ++i)
            if (replies.at(i).isError()) {
                const RedisError e = describeReplyError(batch.at(i), replies.at(i));
                finish(e.message, e.kind);
                return;
            }
        succeeded();
        then(replies);
    });
}

// The server's time (ages and "now" are the server's, as the probe's are)
// and the keys' types: a key of another type is refused before anything is
// written.
void QueueWriteJob::inspect()
{
    m_step = Step::Inspect;
    RedisBatch batch{{"TIME"}, {"TYPE", m_request.key}};
    if (m_request.operation == QueueWriteRequest::Operation::Requeue)
        batch.append({"TYPE", m_request.mainKey});
    if (m_request.operation == QueueWriteRequest::Operation::Reschedule) {
        batch.append({"ZRANGE", m_request.key, "0", "0", "WITHSCORES"});
        batch.append({"ZRANGE", m_request.key, "-1", "-1", "WITHSCORES"});
    }
    read(batch, [this](const RedisReplies &replies) { onInspected(replies); });
}

void QueueWriteJob::onInspected(const RedisReplies &replies)
{
    const RedisReply &time = replies.at(0);
    m_nowMs = time.at(0).toInt().value_or(0) * 1000 + time.at(1).toInt().value_or(0) / 1000;
    const QByteArray wanted = m_request.onList() ? "list" : "zset";
    for (qsizetype i = 1; i < replies.size() && i <= (m_request.operation == QueueWriteRequest::Operation::Requeue ? 2 : 1); ++i) {
        const QByteArray type = replies.at(i).bytes();
        const QByteArray &key = i == 1 ? m_request.key : m_request.mainKey;
        if (type != wanted && type != "none") {
            finish(QStringLiteral("%1 is a %2, not a %3: nothing was written")
                       .arg(quotedForPlan(key), QString::fromLatin1(type), m_request.onList() ? QStringLiteral("list") : QStringLiteral("sorted set")),
                   RedisError::Kind::Usage);
            return;
        }
    }
    if (m_request.operation == QueueWriteRequest::Operation::Requeue && replies.at(2).bytes() == "none")
        // LPUSH would create it; a worker reads the list it was written for,
        // so a name nobody reads is said before anything moves.
        m_outcome.plan.append(QCoreApplication::translate("QueueWrite", "%1 does not exist yet: nobody may read it").arg(quotedForPlan(m_request.mainKey)));
    if (m_request.operation == QueueWriteRequest::Operation::Reschedule) {
        ScoreUnit unit = m_request.scoreUnit;
        QStringList seen;
        if (unit == ScoreUnit::Auto) {
            // The set's own evidence, its earliest and latest scores against
            // the server's clock; none that is a time: refused, not guessed.
            QList<double> scores;
            for (int i : {2, 3}) {
                const RedisReply &r = replies.at(i);
                const RedisReply *score = r.size() >= 2 ? &r.at(1) : r.size() == 1 && r.at(0).size() == 2 ? &r.at(0).at(1) : nullptr;
                bool ok = false;
                const double v = score ? score->bytes().toDouble(&ok) : 0;
                if (score)
                    seen << displayBytes(score->bytes());
                if (ok)
                    scores << v;
            }
            unit = scoreUnitFrom(scores, m_nowMs);
            if (unit == ScoreUnit::Auto) {
                finish(seen.isEmpty() ? fillText(QStringLiteral("%1 is empty: nothing to reschedule"), quotedForPlan(m_request.key))
                                      : fillText(QStringLiteral("cannot tell whether the scores of %1 are seconds or milliseconds: neither its "
                                                                "earliest nor its latest score (%2) is a time near the server's; say which with "
                                                                "--score-unit s or ms. Nothing was written."),
                                                 quotedForPlan(m_request.key), seen.join(QStringLiteral(", "))),
                       RedisError::Kind::Usage);
                return;
            }
        }
        const qint64 due = m_request.dueMs.value_or(m_nowMs + m_request.dueInMs);
        // A due time before now would run the job at once, whatever the
        // operator meant by it: said, not written (--in 0 runs it now).
        if (due < m_nowMs - 60'000) {
            finish(fillText(QStringLiteral("refusing to reschedule into the past: %1 is %2 before the server's time; use --in 0 to make the "
                                           "items due now. Nothing was written."),
                            QDateTime::fromMSecsSinceEpoch(due, Qt::UTC).toString(Qt::ISODate), formatDuration(m_nowMs - due)),
                   RedisError::Kind::Usage);
            return;
        }
        // Whole seconds, as the articles' ZADD writes them; rounded down, so
        // "now" is due at once.
        m_score = unit == ScoreUnit::Milliseconds ? double(due) : std::floor(double(due) / 1000.0);
    }
    if (m_request.byAge())
        fetchPage();
    else
        nextNamedBatch();
}

bool QueueWriteJob::limitReached() const
{
    return m_request.limit > 0 && m_outcome.counts.done + m_batch.size() >= m_request.limit;
}

// By age: the next batch of the processing list's oldest end, past the items
// already looked at and left there. Read again after a lost reply, so what
// is chosen is always what the server holds now.
void QueueWriteJob::fetchPage()
{
    m_step = Step::Fetch;
    if (cancelRequested()) {
        finishCancelled();
        return;
    }
    const qint64 from = -(m_keptFromOldest + m_request.batchSize);
    const qint64 to = -(m_keptFromOldest + 1);
    read({{"LRANGE", m_request.key, QByteArray::number(from), QByteArray::number(to)}}, [this](const RedisReplies &replies) { onPage(replies); });
}

void QueueWriteJob::onPage(const RedisReplies &replies)
{
    const QList<RedisReply> page = replies.value(0).elements();
    m_lastPage = page.size() < m_request.batchSize;
    m_batch.clear();
    qint64 kept = 0;
    // LRANGE lists left to right: the oldest item is the last.
    for (qsizetype i = page.size() - 1; i >= 0; --i) {
        const QByteArray item = page.at(i).bytes();
        if (limitReached()) {
            m_lastPage = true;
            break;
        }
        const std::optional<qint64> at = QueueProbe::itemTimeMs(item, m_request.timestampFields);
        const bool chosen = at ? m_nowMs - *at >= m_request.olderThanMs : m_request.includeUndated;
        if (chosen)
            m_batch.append(item);
        else
            ++kept;
    }
    // A dry run removes nothing, so the next page starts past the chosen too.
    m_pageKept = kept;
    m_keptFromOldest += kept + (policy().dryRun ? m_batch.size() : 0);
    m_outcome.counts.skipped += kept;
    if (m_batch.isEmpty()) {
        if (m_lastPage)
            finish();
        else
            fetchPage();
        return;
    }
    if (policy().dryRun) {
        planBatch();
        m_outcome.counts.done += m_batch.size();
        Q_EMIT progress(m_outcome.counts);
        if (m_lastPage)
            finish();
        else
            fetchPage();
        return;
    }
    applyBatch();
}

// Named items: the next batch; a dry run checks which are there.
void QueueWriteJob::nextNamedBatch()
{
    if (cancelRequested()) {
        finishCancelled();
        return;
    }
    m_batch = m_request.items.mid(m_namedIndex, m_request.batchSize);
    if (m_batch.isEmpty()) {
        finish();
        return;
    }
    if (!policy().dryRun) {
        m_namedIndex += m_batch.size();
        applyBatch();
        return;
    }
    m_step = Step::Check;
    RedisBatch checks;
    for (const QByteArray &item : std::as_const(m_batch))
        checks.append(m_request.onList() ? RedisCommand{"LPOS", m_request.key, item, "COUNT", "0"} : RedisCommand{"ZSCORE", m_request.key, item});
    read(checks, [this](const RedisReplies &replies) {
        m_namedIndex += m_batch.size();
        for (const RedisReply &r : replies) {
            const qint64 n = m_request.onList() ? r.elements().size() : (r.isNil() ? 0 : 1);
            if (n > 0)
                m_outcome.counts.done += n;
            else
                ++m_outcome.counts.gone;
        }
        planBatch();
        Q_EMIT progress(m_outcome.counts);
        nextNamedBatch();
    });
}

// The dry run's plan: the exact commands the script would run, per item.
void QueueWriteJob::planBatch()
{
    const QString key = quotedForPlan(m_request.key);
    const QString occurrences = m_request.byAge() ? QStringLiteral("-1") : QStringLiteral("0");
    for (const QByteArray &item : std::as_const(m_batch)) {
        if (m_outcome.plan.size() >= WriteOutcome::kMaxListedEntries)
            break;
        const QString value = quotedForPlan(item.left(256)) + (item.size() > 256 ? QStringLiteral(" (%1 bytes)").arg(item.size()) : QString());
        switch (m_request.operation) {
        case QueueWriteRequest::Operation::Requeue:
            m_outcome.plan << QStringLiteral("LREM %1 %2 %3 ; LPUSH %4 (the same item)").arg(key, occurrences, value, quotedForPlan(m_request.mainKey));
            break;
        case QueueWriteRequest::Operation::DeleteFromList:
            m_outcome.plan << QStringLiteral("LREM %1 %2 %3").arg(key, occurrences, value);
            break;
        case QueueWriteRequest::Operation::Reschedule:
            m_outcome.plan << QStringLiteral("ZADD %1 XX %2 %3").arg(key, QString::number(m_score.value_or(0), 'f', 0), value);
            break;
        case QueueWriteRequest::Operation::DeleteDelayed:
            m_outcome.plan << QStringLiteral("ZREM %1 %2").arg(key, value);
            break;
        }
    }
}

void QueueWriteJob::applyBatch()
{
    m_step = Step::Apply;
    AuditRecord attempt;
    attempt.key = m_request.key;
    if (m_request.operation == QueueWriteRequest::Operation::Requeue)
        attempt.target = m_request.mainKey;
    for (const QByteArray &item : std::as_const(m_batch))
        attempt.ids.append(auditedItem(item));
    if (!recordAttempt(attempt))
        return;
    QList<QByteArray> keys{m_request.key};
    QList<QByteArray> args;
    if (m_request.onList()) {
        keys << m_request.mainKey << m_request.auditStream;
        args << (m_request.operation == QueueWriteRequest::Operation::Requeue ? QByteArray("requeue") : QByteArray("delete"))
             << (m_request.byAge() ? QByteArray("one") : QByteArray("all"));
    } else {
        keys << m_request.auditStream;
        args << (m_request.operation == QueueWriteRequest::Operation::Reschedule ? QByteArray("rescore") : QByteArray("delete"))
             << QByteArray::number(m_score.value_or(0), 'f', 0);
    }
    if (m_batchToken.isEmpty())
        m_batchToken = QByteArray::number(QRandomGenerator::global()->generate64(), 16) + '-' + QByteArray::number(++m_batches);
    args << QByteArray::number(m_request.auditMaxLen) << AuditLog::actor().toUtf8() << m_batchToken << m_batch;
    bool reloading = false;
    const RedisBatch batch = withScript({script().evalsha(keys, args)}, &reloading);
    m_connection->execute(batch, this, [this, reloading](const RedisReplies &all, const RedisError &error) {
        if (error.isError()) {
            // The batch may or may not have run (a script runs whole or not
            // at all): its token in the audit stream says which.
            ++m_outcome.counts.retries;
            m_step = Step::Settle;
            retryLater(error);
            return;
        }
        const RedisReplies replies = scriptReplies(all, reloading);
        const RedisReply &r = replies.value(0);
        if (LuaScript::isNoScript(r)) {
            reloadScript();
            resumeAfter(0);
            return;
        }
        if (demotedMidJob(r, m_options)) {
            if (m_request.byAge())
                fetchAgain();
            retryLater(demotedError(m_connection->hello().node, r));
            return;
        }
        if (r.isError()) {
            // The script checks the keys' types and its permissions before
            // its first write: only such a refusal changed nothing. Any other
            // error may have come after a write.
            const RedisError e = script().describeError(r);
            const bool refused = LuaScript::isRefusedBeforeWriting(r);
            if (refused)
                m_outcome.counts.refused += m_batch.size();
            else
                m_outcome.counts.failed += m_batch.size();
            auditBatch((refused ? QStringLiteral("refused: ") : QStringLiteral("failed: ")) + e.message, 0);
            finish(refused ? e.message
                           : QCoreApplication::translate("QueueWrite", "the script stopped with an error and may have written part of its "
                                                                       "batch before it (the audit stream has no record of it): %1")
                                 .arg(e.message),
                   e.kind);
            return;
        }
        succeeded();
        onApplied(replies);
    });
}

// After a lost reply: did the batch run? Its audit record carries its token.
// It ran: counted from the record, and on to the next. It did not: by age,
// the page is read again (chosen again from what the server holds now);
// named items are sent again.
void QueueWriteJob::settleLostBatch()
{
    findBatchRecord(m_connection, m_request.auditStream, m_request.auditMaxLen, m_nowMs, m_batchToken, [this](BatchRan ran, qint64 changed) {
        switch (ran) {
        case BatchRan::Ran:
            m_outcome.counts.done += changed;
            m_outcome.counts.gone += std::max<qint64>(0, m_batch.size() - changed);
            afterBatch(changed);
            return;
        case BatchRan::Unknown:
            batchUnknown();
            return;
        case BatchRan::NotRun: // the same items again, or chosen again
            if (m_request.byAge()) {
                fetchAgain();
                fetchPage();
            } else {
                applyBatch();
            }
            return;
        }
    });
}

// What a batch did cannot be known: counted as uncertain, and on.
void QueueWriteJob::batchUnknown()
{
    m_outcome.counts.uncertain += m_batch.size();
    m_batchToken.clear();
    m_batch.clear();
    if (m_request.byAge()) {
        fetchAgain();
        fetchPage();
    } else {
        nextNamedBatch();
    }
}

// A batch whose reply was lost may or may not have run: the page is read
// again from where it began. Its kept items sit between the chosen ones when
// the script did not run, so they are looked at again rather than skipped
// (skipping them would skip unmoved chosen items with them).
void QueueWriteJob::fetchAgain()
{
    m_keptFromOldest -= m_pageKept;
    m_outcome.counts.skipped -= m_pageKept;
    m_pageKept = 0;
    m_step = Step::Fetch;
}

void QueueWriteJob::onApplied(const RedisReplies &replies)
{
    qint64 changed = 0;
    const LuaScript::Result result = LuaScript::result(replies.value(0));
    for (const RedisReply &n : result.results.elements()) {
        if (n.integer() > 0) {
            m_outcome.counts.done += n.integer();
            changed += n.integer();
        } else {
            ++m_outcome.counts.gone;
        }
    }
    if (result.partial()) {
        // The items moved; what failed after them is said beside the count,
        // recorded in the local audit log, and ends the job.
        const QString why = result.auditError.isEmpty()
                                ? QCoreApplication::translate("QueueWrite", "a write failed and the script stopped there: %1").arg(result.stopError)
                                : QCoreApplication::translate("QueueWrite", "the audit record failed: %1").arg(result.auditError);
        auditBatch(QStringLiteral("done, %1 changed; %2").arg(QString::number(changed), why), changed);
        Q_EMIT progress(m_outcome.counts);
        m_batch.clear();
        m_batchToken.clear();
        finish(why, RedisError::Kind::Server);
        return;
    }
    afterBatch(changed);
}

void QueueWriteJob::afterBatch(qint64 changed)
{
    auditBatch(m_request.onList() ? (m_request.operation == QueueWriteRequest::Operation::Requeue ? QStringLiteral("requeued")
                                                                                                 : QStringLiteral("deleted"))
                                  : (m_request.operation == QueueWriteRequest::Operation::Reschedule ? QStringLiteral("rescheduled")
                                                                                                     : QStringLiteral("deleted")),
               changed);
    Q_EMIT progress(m_outcome.counts);
    m_batch.clear();
    m_batchToken.clear();
    if (cancelRequested()) {
        finishCancelled();
        return;
    }
    if (!m_request.byAge()) {
        nextNamedBatch();
        return;
    }
    if (m_lastPage || (m_request.limit > 0 && m_outcome.counts.done >= m_request.limit))
        finish();
    else
        fetchPage();
}

void QueueWriteJob::auditBatch(const QString &outcome, qint64 changed)
{
    AuditRecord record;
    record.key = m_request.key;
    if (m_request.operation == QueueWriteRequest::Operation::Requeue)
        record.target = m_request.mainKey;
    for (const QByteArray &item : std::as_const(m_batch))
        record.ids.append(auditedItem(item));
    record.outcome = changed > 0 || outcome.startsWith(QLatin1String("failed")) || outcome.startsWith(QLatin1String("refused"))
                         ? outcome
                         : QStringLiteral("already_gone");
    if (m_score)
        record.newIds.append(QByteArray::number(*m_score, 'f', 0));
    audit(record);
}

} // namespace pelscope
