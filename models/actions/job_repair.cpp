#include "job_repair.h"

#include "../probe/rq_reader.h"
#include "../snapshot/format.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "../text/json_edit.h"
#include "write_job.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>


namespace pelscope {

namespace {

QString jsonString(const QByteArray &json, const QList<QByteArray> &path)
{
    const std::optional<QByteArray> raw = jsonRawMember(json, path);
    if (!raw || !raw->startsWith('"'))
        return {};
    return QJsonDocument::fromJson("[" + *raw + "]").array().at(0).toString(); // the string's escapes undone
}

QString ago(qint64 nowMs, double scoreMs)
{
    return fillText(QCoreApplication::translate("JobRepair", "%1 ago"), formatDuration(std::max<qint64>(0, nowMs - qint64(scoreMs))));
}

QString shortError(const QString &error)
{
    const QString line = error.trimmed().section(QLatin1Char('\n'), -1).trimmed(); // a traceback's last line says what failed
    return displayText(line.left(160));
}

bool matches(const JobRepairRequest &r, const QString &error)
{
    return r.errorContains.isEmpty() || error.contains(r.errorContains, Qt::CaseInsensitive);
}

} // namespace

std::optional<QByteArray> sidekiqRetriedPayload(const QByteArray &payload, qint64 nowMs)
{
    std::optional<QByteArray> out = payload;
    if (const auto count = jsonRawMember(payload, {"retry_count"})) {
        bool ok = false;
        const qint64 n = count->toLongLong(&ok);
        if (ok)
            out = withJsonMember(*out, {"retry_count"}, QByteArray::number(n - 1));
    }
    if (out)
        out = withJsonMember(*out, {"enqueued_at"}, QByteArray::number(double(nowMs) / 1000.0, 'f', 3));
    return out;
}

QByteArray celeryRestoredMessage(const QByteArray &message)
{
    const std::optional<QByteArray> headers = withJsonMember(message, {"headers", "redelivered"}, "true");
    if (!headers)
        return message;
    return withJsonMember(*headers, {"properties", "delivery_info", "redelivered"}, "true").value_or(*headers);
}

QList<QByteArray> celeryQueuesFor(const QByteArray &exchange, const QByteArray &routingKey, const QList<QByteArray> &bindings)
{
    if (exchange.isEmpty())
        return {routingKey};
    QList<QByteArray> out;
    for (const QByteArray &binding : bindings) {
        const QList<QByteArray> parts = binding.split('\x06');
        // "<rk>\x06\x16<pattern>\x06\x16<queue>": split on \x06, each later part starts with \x16.
        if (parts.size() != 3 || !parts.at(1).startsWith('\x16') || !parts.at(2).startsWith('\x16'))
            continue;
        const QByteArray queue = parts.at(2).mid(1);
        if (parts.at(0) == routingKey && !out.contains(queue))
            out.append(queue);
    }
    return out;
}

QByteArray rqTimestamp(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")).toLatin1() + "000Z";
}

QByteArray JobRepairRequest::sourceKey() const
{
    switch (framework) {
    case JobFramework::BullMQ: return prefix + ':' + name + ":failed";
    case JobFramework::Sidekiq: return name;
    case JobFramework::Rq: return "rq:failed:" + name;
    case JobFramework::Celery: return "unacked_index";
    default: return {};
    }
}

std::optional<JobRepairRequest> jobRepairFor(const JobQueueSnapshot &q, qint64 celeryVisibilityTimeoutMs)
{
    JobRepairRequest r;
    r.framework = q.framework;
    r.visibilityTimeoutMs = celeryVisibilityTimeoutMs;
    for (const JobPart &part : q.parts) {
        switch (q.framework) {
        case JobFramework::BullMQ:
            if (part.role == JobPart::Role::Failed) {
                r.prefix = q.prefix;
                r.name = q.name;
                return r;
            }
            break;
        case JobFramework::Sidekiq:
            if ((part.role == JobPart::Role::Retries && part.key == "retry") || (part.role == JobPart::Role::Dead && part.key == "dead")) {
                r.name = part.key;
                return r;
            }
            break;
        case JobFramework::Rq:
            if (part.role == JobPart::Role::Failed && part.key == "rq:failed:" + q.name) {
                r.name = q.name;
                return r;
            }
            break;
        case JobFramework::Celery:
            if (part.role == JobPart::Role::Reserved && part.key == "unacked_index")
                return r;
            break;
        default:
            break;
        }
    }
    return std::nullopt;
}

QString jobRepairAction(JobFramework framework)
{
    switch (framework) {
    case JobFramework::BullMQ: return QStringLiteral("bullmq_retry");
    case JobFramework::Sidekiq: return QStringLiteral("sidekiq_retry");
    case JobFramework::Rq: return QStringLiteral("rq_requeue");
    case JobFramework::Celery: return QStringLiteral("celery_restore");
    default: return {};
    }
}

QString jobRepairScript(JobFramework framework)
{
    switch (framework) {
    case JobFramework::BullMQ: return QStringLiteral(":/lua/bullmq_retry.lua");
    case JobFramework::Sidekiq: return QStringLiteral(":/lua/sidekiq_retry.lua");
    case JobFramework::Rq: return QStringLiteral(":/lua/rq_requeue.lua");
    case JobFramework::Celery: return QStringLiteral(":/lua/celery_restore.lua");
    default: return {};
    }
}

QString jobRepairTitle(const JobRepairRequest &r)
{
    switch (r.framework) {
    case JobFramework::BullMQ: return QCoreApplication::translate("JobRepair", "Retry failed jobs");
    case JobFramework::Sidekiq:
        return r.name == "dead" ? QCoreApplication::translate("JobRepair", "Retry from the dead set")
                                : QCoreApplication::translate("JobRepair", "Retry now from the retry set");
    case JobFramework::Rq: return QCoreApplication::translate("JobRepair", "Requeue failed jobs");
    case JobFramework::Celery: return QCoreApplication::translate("JobRepair", "Restore unacked tasks");
    default: return {};
    }
}

int repairDetailsPerMember(const JobRepairRequest &r)
{
    switch (r.framework) {
    case JobFramework::BullMQ: return 2;
    case JobFramework::Rq: return 2;
    case JobFramework::Celery: return 1;
    default: return 0;
    }
}

RedisBatch repairDetailReads(const JobRepairRequest &r, const QList<QByteArray> &members)
{
    RedisBatch batch;
    for (const QByteArray &m : members) {
        switch (r.framework) {
        case JobFramework::BullMQ: {
            const QByteArray job = r.prefix + ':' + r.name + ':' + m;
            batch.append({"EXISTS", job});
            batch.append({"HMGET", job, "failedReason", "opts"});
            break;
        }
        case JobFramework::Rq:
            batch.append({"HMGET", "rq:job:" + m, "origin", "exc_info"});
            // Only with a filter: the newest result says the error where exc_info is empty.
            batch.append(r.errorContains.isEmpty() ? RedisCommand{"EXISTS", "rq:results:" + m} : RedisCommand{"XREVRANGE", "rq:results:" + m, "+", "-", "COUNT", "1"});
            break;
        case JobFramework::Celery:
            batch.append({"HGET", "unacked", m});
            break;
        default:
            break;
        }
    }
    return batch;
}

QList<QByteArray> celeryExchangesToRead(const QList<RedisReply> &details, const RepairContext &context)
{
    QList<QByteArray> out;
    for (const RedisReply &held : details) {
        const QJsonArray a = QJsonDocument::fromJson(held.bytes()).array();
        const QByteArray exchange = a.at(1).toString().toUtf8();
        if (!exchange.isEmpty() && !context.celeryBindings.contains(exchange) && !out.contains(exchange))
            out.append(exchange);
    }
    return out;
}

QList<QByteArray> repairFixedKeys(const JobRepairRequest &r)
{
    const QByteArray base = r.prefix + ':' + r.name + ':';
    switch (r.framework) {
    case JobFramework::BullMQ: return {base + "wait", base + "paused", base + "meta", base + "active", base + "marker", base + "events"};
    case JobFramework::Sidekiq: return {"queues"};
    case JobFramework::Rq: return {"rq:queues"};
    case JobFramework::Celery: return {"unacked"};
    default: return {};
    }
}

QList<QByteArray> repairFixedArgs(const JobRepairRequest &r, const RepairContext &context)
{
    if (r.framework == JobFramework::Rq)
        return {rqTimestamp(context.nowMs), QByteArray("x\x9c\x03\x00\x00\x00\x00\x01", 8)}; // zlib.compress(b''), as RQ writes it
    return {};
}

QList<RepairMove> repairMoves(const JobRepairRequest &r, const QList<QByteArray> &members, const QList<double> &scores,
                              const QList<RedisReply> &details, const RepairContext &context)
{
    QList<RepairMove> out;
    const int per = repairDetailsPerMember(r);
    const QByteArray source = r.sourceKey();
    for (qsizetype i = 0; i < members.size(); ++i) {
        RepairMove m;
        m.member = members.at(i);
        m.id = m.member;
        const double score = scores.value(i);
        auto detail = [&](int k) { return details.value(i * per + k); };
        switch (r.framework) {
        case JobFramework::BullMQ: {
            const QByteArray job = r.prefix + ':' + r.name + ':' + m.member;
            const QString error = QString::fromUtf8(detail(1).at(0).bytes());
            const bool lifo = QJsonDocument::fromJson(detail(1).at(1).bytes()).object().value(QLatin1String("lifo")).toBool();
            if (detail(0).integer() != 1) {
                m.leftBecause = QCoreApplication::translate("JobRepair", "its hash is gone (BullMQ refuses it too: \"Missing key for job\")");
                m.refused = true;
            } else if (!matches(r, error)) {
                m.leftBecause = QCoreApplication::translate("JobRepair", "its error does not match");
            }
            m.keys = {job};
            m.args = {m.member, lifo ? QByteArray("RPUSH") : QByteArray("LPUSH")};
            m.planLine = fillText(QStringLiteral("%1  ZREM %2, HDEL %3 finishedOn processedOn failedReason, %4 %5, XADD events waiting  (failed %6: %7)"),
                                  quotedForPlan(m.member), quotedForPlan(source), quotedForPlan(job), lifo ? QStringLiteral("RPUSH") : QStringLiteral("LPUSH"),
                                  quotedForPlan(r.prefix + ':' + r.name + ":wait"),
                                  ago(context.nowMs, score), shortError(error));
            break;
        }
        case JobFramework::Sidekiq: {
            const QString jid = jsonString(m.member, {"jid"});
            const QByteArray queue = jsonString(m.member, {"queue"}).toUtf8();
            const QString error = fillText(QStringLiteral("%1: %2"), jsonString(m.member, {"error_class"}), jsonString(m.member, {"error_message"}));
            const std::optional<QByteArray> payload = sidekiqRetriedPayload(m.member, context.nowMs);
            m.id = jid.toUtf8();
            if (!payload || jid.isEmpty() || queue.isEmpty()) {
                m.leftBecause = QCoreApplication::translate("JobRepair", "not a Sidekiq job (no JSON object with a jid and a queue)");
                m.refused = true;
            } else if (!matches(r, error)) {
                m.leftBecause = QCoreApplication::translate("JobRepair", "its error does not match");
            }
            m.keys = {"queue:" + queue};
            m.args = {m.member, payload.value_or(QByteArray()), queue};
            m.planLine = fillText(QStringLiteral("%1 %2  ZREM %3 <its payload>, SADD \"queues\" %4, LPUSH %5 <the payload, retry_count %6, enqueued_at now>  (%7)"),
                                  jid, jsonString(m.member, {"class"}), quotedForPlan(source), quotedForPlan(queue), quotedForPlan("queue:" + queue),
                                  QString::fromUtf8(jsonRawMember(payload.value_or(QByteArray()), {"retry_count"}).value_or("-")), shortError(error));
            break;
        }
        case JobFramework::Rq: {
            const QByteArray origin = detail(0).at(0).bytes();
            const QString error = rqFailureText(detail(0).at(1).bytes(), detail(1));
            if (origin.isEmpty()) {
                m.leftBecause = QCoreApplication::translate("JobRepair", "its hash is gone (RQ refuses it too: NoSuchJobError)");
                m.refused = true;
            } else if (!matches(r, error)) {
                m.leftBecause = QCoreApplication::translate("JobRepair", "its error does not match");
            }
            m.keys = {"rq:job:" + m.member, "rq:queue:" + origin};
            m.args = {m.member};
            m.planLine = fillText(QStringLiteral("%1  ZREM %2, HSET %3 status queued enqueued_at now started_at '' ended_at '' exc_info '', RPUSH %4  (%5)"),
                                  quotedForPlan(m.member), quotedForPlan(source), quotedForPlan("rq:job:" + m.member), quotedForPlan("rq:queue:" + origin),
                                  shortError(error));
            break;
        }
        case JobFramework::Celery: {
            const QByteArray held = detail(0).bytes();
            const QJsonArray a = QJsonDocument::fromJson(held).array();
            const QByteArray exchange = a.at(1).toString().toUtf8(), routingKey = a.at(2).toString().toUtf8();
            const std::optional<QByteArray> message = jsonRawElement(held, 0);
            const QList<QByteArray> queues = celeryQueuesFor(exchange, routingKey, context.celeryBindings.value(exchange));
            const qint64 reservedMs = qint64(score * 1000.0);
            if (held.isEmpty() || !message || !message->startsWith('{')) {
                m.leftBecause = QCoreApplication::translate("JobRepair", "its reservation is not in unacked (a worker acked it, or kombu's shutdown restore left the index entry behind)");
                m.refused = true;
            } else if (context.nowMs - reservedMs < r.visibilityTimeoutMs) {
                m.leftBecause = fillText(QCoreApplication::translate("JobRepair", "reserved %1 ago, within the visibility timeout (%2): a live worker may still run it"),
                                         formatDuration(std::max<qint64>(0, context.nowMs - reservedMs)), formatDuration(r.visibilityTimeoutMs));
            } else if (queues.isEmpty()) {
                m.leftBecause = fillText(QCoreApplication::translate("JobRepair", "no queue is bound to exchange %1 with routing key %2: kombu would drop it; left in unacked"),
                                         quotedForPlan(exchange), quotedForPlan(routingKey));
                m.refused = true;
            } else if (!r.errorContains.isEmpty()) {
                m.leftBecause = QCoreApplication::translate("JobRepair", "a reservation holds no error to match");
            }
            const QByteArray restored = celeryRestoredMessage(message.value_or(QByteArray()));
            m.keys = queues;
            m.args = {m.member, held, restored, QByteArray::number(queues.size())};
            QStringList pushes;
            for (const QByteArray &q : queues)
                pushes << fillText(QStringLiteral("RPUSH %1"), quotedForPlan(q));
            m.planLine = fillText(QStringLiteral("%1 %2  ZREM %3, HDEL \"unacked\", %4 <the message, redelivered>  (reserved %5)"), quotedForPlan(m.member),
                                  jsonString(message.value_or(QByteArray()), {"headers", "task"}), quotedForPlan(source), pushes.join(QStringLiteral(", ")),
                                  ago(context.nowMs, double(reservedMs)));
            break;
        }
        default:
            m.leftBecause = QStringLiteral("no repair for this framework");
            m.refused = true;
            break;
        }
        out.append(m);
    }
    return out;
}

} // namespace pelscope
