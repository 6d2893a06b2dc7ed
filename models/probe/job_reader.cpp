#include "job_reader.h"

#include <utility>

#include "../text/display_text.h"

#include <QDateTime>
#include <QJsonDocument>

#include <cmath>

namespace pelscope {

void JobReader::plan(RedisBatch &batch, qint64 nowMs)
{
    m_asked.clear();
    planReads(nowMs);
    batch += m_asked;
}

void JobReader::parse(const RedisReplies &replies, qint64 nowMs, QList<JobQueueSnapshot> &out)
{
    m_replies = replies;
    parseReads(nowMs, out);
    m_replies.clear();
}

int JobReader::ask(RedisCommand command)
{
    m_asked.append(std::move(command));
    return int(m_asked.size() - 1);
}

bool SetPager::take(const RedisReply &scan, const RedisReply &card)
{
    if (scan.isError() || card.isError() || !scan.isArray() || scan.size() != 2 || !scan.at(1).isArray())
        return false;
    m_size = replyCount(card);
    for (const RedisReply &m : scan.at(1).elements())
        if (m_current.size() < m_cap && !m_seen.contains(m.bytes())) {
            m_seen.insert(m.bytes());
            m_current.append(m.bytes());
        }
    m_cursor = scan.at(0).bytes();
    if (m_cursor == "0") { // the pass is whole
        m_last = std::exchange(m_current, {});
        m_seen.clear();
        ++m_passes;
    }
    return true;
}

const RedisReply &JobReader::reply(int index) const
{
    static const RedisReply kNone;
    return index >= 0 && index < m_replies.size() ? m_replies.at(index) : kNone;
}

QString JobReader::errorAmong(std::initializer_list<int> indices) const
{
    for (int i : indices)
        if (reply(i).isError())
            return displayBytes(reply(i).bytes());
    return {};
}

std::optional<qint64> TakenWatch::update(const QByteArray &oldest, std::optional<qint64> length, qint64 nowMs)
{
    if (!length || *length == 0 || oldest.isEmpty()) {
        m_seen = false;
        return std::nullopt;
    }
    const size_t digest = qHashMulti(0, oldest, oldest.size());
    const bool moved = !m_seen || digest != m_oldest || *length < m_length;
    m_length = *length;
    if (moved) {
        m_seen = true;
        m_oldest = digest;
        m_sinceMs = nowMs;
        return std::nullopt;
    }
    return nowMs - m_sinceMs;
}

std::optional<qint64> TakenWatch::keep(std::optional<qint64> length, qint64 nowMs)
{
    if (!m_seen || !length || *length == 0 || *length < m_length) {
        m_seen = false;
        return std::nullopt;
    }
    m_length = *length;
    return nowMs - m_sinceMs;
}

std::optional<qint64> replyCount(const RedisReply &r)
{
    if (r.isError() || r.isNil())
        return std::nullopt;
    const std::optional<qint64> n = r.toInt();
    return n && *n >= 0 ? n : std::nullopt;
}

QJsonObject jobJson(const QByteArray &bytes)
{
    return bytes.size() <= kValueCap ? QJsonDocument::fromJson(bytes).object() : QJsonObject();
}

std::optional<qint64> secondsToMs(double seconds)
{
    if (!std::isfinite(seconds) || seconds <= 0 || seconds > 253'402'300'799.0)
        return std::nullopt;
    return qint64(seconds * 1000.0);
}

std::optional<qint64> jobTimeMs(const QByteArray &text)
{
    const QByteArray t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double n = t.toDouble(&ok);
    if (ok) {
        if (!std::isfinite(n) || n <= 0)
            return std::nullopt;
        const double ms = n >= 1e11 ? n : n * 1000.0;
        if (ms > 253'402'300'799'000.0) // after 9999-12-31: not a time
            return std::nullopt;
        return qint64(ms);
    }
    QDateTime d = QDateTime::fromString(QString::fromLatin1(t), Qt::ISODateWithMs);
    if (!d.isValid())
        d = QDateTime::fromString(QString::fromLatin1(t), Qt::ISODate);
    if (!d.isValid()) {
        // Python's isoformat() has microseconds, which Qt does not read: cut to ms.
        QByteArray cut = t;
        if (const qsizetype dot = cut.indexOf('.'); dot > 0) {
            qsizetype end = dot + 1;
            while (end < cut.size() && std::isdigit(static_cast<unsigned char>(cut.at(end))))
                ++end;
            cut = cut.left(std::min(end, dot + 4)) + cut.mid(end);
        }
        d = QDateTime::fromString(QString::fromLatin1(cut), Qt::ISODateWithMs);
    }
    if (!d.isValid())
        return std::nullopt;
    if (d.timeSpec() == Qt::LocalTime)
        d.setTimeSpec(Qt::UTC); // RQ writes UTC without a zone
    return d.toMSecsSinceEpoch();
}

} // namespace pelscope
