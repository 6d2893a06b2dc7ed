#include "job_repair_job.h"

#include "../text/fill_text.h"

#include <QCoreApplication>
#include <QRandomGenerator>

namespace pelscope {

JobRepairJob::JobRepairJob(ConnectionOptions options, JobRepairRequest request, QObject *parent)
    : WriteJob(Policy{jobRepairAction(request.framework), request.auditLogPath, request.dryRun, request.maxConsecutiveFailures, 50,
                      jobRepairScript(request.framework)},
               parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
{
    if (!m_request.ids.isEmpty())
        m_outcome.counts.total = m_request.ids.size();
}

QString JobRepairJob::refusal() const
{
    if (jobRepairScript(m_request.framework).isEmpty())
        return QStringLiteral("Pelscope has no repair for this framework's jobs");
    if (m_request.name.isEmpty() && m_request.framework != JobFramework::Celery)
        return QStringLiteral("no queue named");
    if (m_request.framework == JobFramework::Sidekiq && m_request.name != "retry" && m_request.name != "dead")
        return QStringLiteral("Sidekiq's jobs are retried from its retry or dead set");
    if (m_request.batchSize < 1 || m_request.batchSize > 1000)
        return QStringLiteral("a batch is 1 to 1,000 jobs");
    return {};
}

void JobRepairJob::begin()
{
    m_connection = openConnection(m_options);
    readTime();
}

void JobRepairJob::resume()
{
    switch (m_step) {
    case Step::Time: readTime(); break;
    case Step::Page: readPage(); break;
    case Step::Details: readDetails(); break;
    case Step::Apply: applyBatch(); break;
    case Step::Settle: settleLostBatch(); break;
    }
}

// A read before a write: a lost connection retries the step in hand, an
// error reply ends the job (nothing was written) unless the replies are
// data (a job's details: a key of an unexpected type says "not repairable").
void JobRepairJob::read(const RedisBatch &batch, bool errorsAreData, std::function<void(const RedisReplies &)> then)
{
    m_connection->execute(batch, this, [this, batch, errorsAreData, then = std::move(then)](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            retryLater(error);
            return;
        }
        for (qsizetype i = 0; i < replies.size() && !errorsAreData; ++i)
            if (replies.at(i).isError()) {
                const RedisError e = describeReplyError(batch.at(i), replies.at(i));
                finish(e.message, e.kind);
                return;
            }
        succeeded();
        then(replies);
    });
}

// The server's clock (ages, enqueued_at and the visibility timeout are the
// server's) and the source's type: another type is refused before anything.
void JobRepairJob::readTime()
{
    m_step = Step::Time;
    read({{"TIME"}, {"TYPE", m_request.sourceKey()}}, false, [this](const RedisReplies &replies) {
        const RedisReply &time = replies.at(0);
        m_context.nowMs = time.at(0).toInt().value_or(0) * 1000 + time.at(1).toInt().value_or(0) / 1000;
        const QByteArray type = replies.at(1).bytes();
        if (type != "zset" && type != "none") {
            finish(fillText(QStringLiteral("%1 is a %2, not the sorted set the framework keeps: nothing was written"), quotedForPlan(m_request.sourceKey()),
                            QString::fromLatin1(type)),
                   RedisError::Kind::Usage);
            return;
        }
        readPage();
    });
}

bool JobRepairJob::limitReached() const
{
    return m_request.limit > 0 && m_outcome.counts.done >= m_request.limit;
}

// All: the oldest members past those looked at and left (Celery: only
// reservations past the visibility timeout). Named: the next batch of names,
// each looked up.
void JobRepairJob::readPage()
{
    m_step = Step::Page;
    if (cancelRequested()) {
        finishCancelled();
        return;
    }
    const QByteArray source = m_request.sourceKey();
    if (!m_request.ids.isEmpty()) {
        const QList<QByteArray> names = m_request.ids.mid(m_namedIndex, m_request.batchSize);
        RedisBatch batch;
        for (const QByteArray &name : names)
            batch.append({"ZSCORE", source, name});
        read(batch, false, [this, names](const RedisReplies &replies) {
            m_namedIndex += names.size();
            m_lastPage = m_namedIndex >= m_request.ids.size();
            QList<QByteArray> members;
            QList<double> scores;
            for (qsizetype i = 0; i < names.size(); ++i) {
                if (replies.at(i).isNil()) {
                    ++m_outcome.counts.gone; // retried, deleted, or never there
                    continue;
                }
                members << names.at(i);
                scores << replies.at(i).bytes().toDouble();
            }
            onPage(members, scores);
        });
        return;
    }
    const QByteArray max = m_request.framework == JobFramework::Celery
                               ? QByteArray::number(double(m_context.nowMs - m_request.visibilityTimeoutMs) / 1000.0, 'f', 3)
                               : QByteArray("+inf");
    read({{"ZRANGEBYSCORE", source, "-inf", max, "WITHSCORES", "LIMIT", QByteArray::number(m_offset), QByteArray::number(m_request.batchSize)}}, false,
         [this](const RedisReplies &replies) {
             const QList<RedisReply> flat = replies.at(0).elements();
             QList<QByteArray> members;
             QList<double> scores;
             for (qsizetype i = 0; i + 1 < flat.size(); i += 2) {
                 members << flat.at(i).bytes();
                 scores << flat.at(i + 1).bytes().toDouble();
             }
             m_lastPage = members.size() < m_request.batchSize;
             onPage(members, scores);
         });
}

void JobRepairJob::onPage(const QList<QByteArray> &members, const QList<double> &scores)
{
    m_members = members;
    m_scores = scores;
    if (m_members.isEmpty()) {
        nextPage();
        return;
    }
    readDetails();
}

void JobRepairJob::readDetails()
{
    m_step = Step::Details;
    const RedisBatch batch = repairDetailReads(m_request, m_members);
    if (batch.isEmpty()) {
        plan({});
        return;
    }
    read(batch, true, [this](const RedisReplies &details) {
        if (m_request.framework == JobFramework::Celery)
            readBindings(details);
        else
            plan(details);
    });
}

// kombu's binding table of each exchange the page's reservations name.
void JobRepairJob::readBindings(const QList<RedisReply> &details)
{
    const QList<QByteArray> exchanges = celeryExchangesToRead(details, m_context);
    if (exchanges.isEmpty()) {
        plan(details);
        return;
    }
    RedisBatch batch;
    for (const QByteArray &exchange : exchanges)
        batch.append({"SMEMBERS", "_kombu.binding." + exchange});
    read(batch, false, [this, exchanges, details](const RedisReplies &replies) {
        for (qsizetype i = 0; i < exchanges.size(); ++i) {
            QList<QByteArray> bindings;
            for (const RedisReply &b : replies.at(i).elements())
                bindings << b.bytes();
            m_context.celeryBindings.insert(exchanges.at(i), bindings);
        }
        plan(details);
    });
}

// The page's jobs: the ones to repair make the batch; the ones left are
// counted (skipped: a filter; refused: the framework would not take them
// back either) and stay where they are, so the next page starts past them.
void JobRepairJob::plan(const QList<RedisReply> &details)
{
    m_batch.clear();
    for (RepairMove &move : repairMoves(m_request, m_members, m_scores, details, m_context)) {
        if (move.leftBecause.isEmpty() && m_handled.contains(move.id))
            move.leftBecause = QCoreApplication::translate("JobRepair", "this run retried it already (it failed again since)");
        const bool room = m_request.limit <= 0 || m_outcome.counts.done + m_batch.size() < m_request.limit;
        if (!move.leftBecause.isEmpty() || !room) {
            if (room) {
                ++(move.refused ? m_outcome.counts.refused : m_outcome.counts.skipped);
                if (move.refused && m_outcome.refusedTargets.size() < 100)
                    m_outcome.refusedTargets.insert(move.id, move.leftBecause);
            }
            ++m_offset;
            continue;
        }
        m_batch.append(move);
    }
    if (m_batch.isEmpty()) {
        nextPage();
        return;
    }
    if (policy().dryRun) {
        for (const RepairMove &move : std::as_const(m_batch)) {
            if (m_outcome.plan.size() < WriteOutcome::kMaxPlanLines)
                m_outcome.plan << move.planLine;
            else
                ++m_outcome.planLeftOut;
            m_handled.insert(move.id);
        }
        m_outcome.counts.done += m_batch.size();
        m_offset += m_batch.size(); // nothing moved: still in the set
        m_batch.clear();
        Q_EMIT progress(m_outcome.counts);
        nextPage();
        return;
    }
    applyBatch();
}

void JobRepairJob::applyBatch()
{
    m_step = Step::Apply;
    AuditRecord attempt;
    attempt.key = m_request.sourceKey();
    for (const RepairMove &move : std::as_const(m_batch))
        attempt.ids.append(move.id);
    if (!recordAttempt(attempt))
        return;
    if (m_batchToken.isEmpty())
        m_batchToken = QByteArray::number(QRandomGenerator::global()->generate64(), 16) + '-' + QByteArray::number(++m_batches);
    QList<QByteArray> keys{m_request.sourceKey(), m_request.auditStream};
    keys << repairFixedKeys(m_request);
    QList<QByteArray> args{QByteArray::number(m_request.auditMaxLen), AuditLog::actor().toUtf8(), m_batchToken};
    args << repairFixedArgs(m_request, m_context);
    for (const RepairMove &move : std::as_const(m_batch)) {
        keys << move.keys;
        args << move.args;
    }
    bool reloading = false;
    const RedisBatch batch = withScript({script().evalsha(keys, args)}, &reloading);
    m_connection->execute(batch, this, [this, reloading](const RedisReplies &all, const RedisError &error) {
        if (error.isError()) {
            // A script runs whole or not at all: its token in the audit stream says which.
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
        if (r.isError()) {
            const RedisError e = script().describeError(r);
            const bool refused = LuaScript::isRefusedBeforeWriting(r);
            (refused ? m_outcome.counts.refused : m_outcome.counts.failed) += m_batch.size();
            afterBatch(0, (refused ? QStringLiteral("refused: ") : QStringLiteral("failed: ")) + e.message);
            finish(refused ? e.message
                           : fillText(QStringLiteral("the script stopped with an error and may have written part of its batch before it: %1"), e.message),
                   e.kind);
            return;
        }
        succeeded();
        onApplied(replies);
    });
}

void JobRepairJob::onApplied(const RedisReplies &replies)
{
    qint64 changed = 0;
    const LuaScript::Result result = LuaScript::result(replies.value(0));
    const QList<RedisReply> each = result.results.elements();
    for (qsizetype i = 0; i < each.size() && i < m_batch.size(); ++i) {
        m_handled.insert(m_batch.at(i).id);
        if (each.at(i).integer() > 0)
            ++changed;
        else
            ++m_outcome.counts.gone;
    }
    m_outcome.counts.done += changed;
    if (result.partial()) {
        const QString why = result.auditError.isEmpty() ? fillText(QStringLiteral("a write failed and the script stopped there: %1"), result.stopError)
                                                        : fillText(QStringLiteral("the audit record failed: %1"), result.auditError);
        afterBatch(changed, fillText(QStringLiteral("done, %1 changed; %2"), changed, why));
        finish(why, RedisError::Kind::Server);
        return;
    }
    afterBatch(changed, changed > 0 ? QStringLiteral("retried") : QStringLiteral("already_gone"));
    nextPage();
}

// After a lost reply: the batch's record says whether it ran. It did not:
// the same jobs again (each script checks they are still where it read them).
void JobRepairJob::settleLostBatch()
{
    findBatchRecord(m_connection, m_request.auditStream, m_request.auditMaxLen, m_context.nowMs, m_batchToken, [this](BatchRan ran, qint64 changed) {
        switch (ran) {
        case BatchRan::Ran:
            for (const RepairMove &move : std::as_const(m_batch))
                m_handled.insert(move.id);
            m_outcome.counts.done += changed;
            m_outcome.counts.gone += std::max<qint64>(0, m_batch.size() - changed);
            afterBatch(changed, QStringLiteral("retried"));
            nextPage();
            return;
        case BatchRan::Unknown:
            m_outcome.counts.uncertain += m_batch.size();
            for (const RepairMove &move : std::as_const(m_batch))
                m_handled.insert(move.id);
            afterBatch(0, QStringLiteral("unknown: the reply was lost and the audit stream cannot tell"));
            nextPage();
            return;
        case BatchRan::NotRun:
            applyBatch();
            return;
        }
    });
}

void JobRepairJob::afterBatch(qint64 changed, const QString &outcome)
{
    AuditRecord record;
    record.key = m_request.sourceKey();
    for (const RepairMove &move : std::as_const(m_batch))
        record.ids.append(move.id);
    record.outcome = outcome;
    record.newIds.append(QByteArray::number(changed));
    audit(record);
    Q_EMIT progress(m_outcome.counts);
    m_batch.clear();
    m_batchToken.clear();
}

void JobRepairJob::nextPage()
{
    if (isDone())
        return;
    if (cancelRequested()) {
        finishCancelled();
        return;
    }
    if (m_lastPage || limitReached()) {
        finish();
        return;
    }
    readPage();
}

} // namespace pelscope
