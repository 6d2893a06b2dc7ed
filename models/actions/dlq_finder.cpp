#include "dlq_finder.h"

#include "../snapshot/stream_id.h"
#include "../redis/stream_entry.h"

#include <algorithm>

namespace pelscope {

namespace {

constexpr int kDescribeChunk = 50; // DLQs per pipelined batch

} // namespace

QList<QPair<QByteArray, qint64>> countCategories(const QList<RedisReply> &entries, const QByteArray &field, QHash<QByteArray, QByteArray> *fields)
{
    QList<QPair<QByteArray, qint64>> counts;
    for (const RedisReply &entry : entries) {
        // The configured field; by default each entry's cause (its category, else its error's shape).
        const StreamFields values = fieldsOf(entry);
        const QByteArray category = field == "category" ? DlqLayout::causeOf(values) : DlqLayout::valueOf(values, field);
        if (fields && !category.isEmpty() && !fields->contains(category))
            fields->insert(category, field == "category" ? DlqLayout::causeFieldOf(values) : field);
        auto it = std::find_if(counts.begin(), counts.end(), [&](const auto &c) { return c.first == category; });
        if (it == counts.end())
            counts.append({category, 1});
        else
            ++it->second;
    }
    // Most frequent first; ties by name so the output is stable.
    std::stable_sort(counts.begin(), counts.end(),
                     [](const auto &a, const auto &b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
    return counts;
}

DlqFinder::DlqFinder(ConnectionOptions options, DlqFinderConfig config, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_config(std::move(config))
{
    qRegisterMetaType<pelscope::DlqInfo>();
    if (m_config.sampleSize < 1)
        m_config.sampleSize = 1;
}

std::optional<QPair<QByteArray, bool>> DlqFinder::sourceOf(const QByteArray &key, const DlqFinderConfig &config)
{
    for (const auto &m : config.mappings)
        if (m.first == key)
            return QPair<QByteArray, bool>{m.second, true};
    if (const auto source = sourceFromDlqName(key, config.conventions))
        return QPair<QByteArray, bool>{*source, false};
    return std::nullopt;
}

void DlqFinder::start()
{
    m_connection = new RedisConnection(m_options, this);
    m_connection->setAutoReconnect(false); // one look: an error is reported, not retried
    m_connection->open();
    scan();
}

void DlqFinder::scan()
{
    const RedisCommand command{"SCAN", m_cursor, "MATCH", m_config.match, "COUNT", QByteArray::number(m_config.scanCount), "TYPE", "stream"};
    m_connection->execute({command}, this, [this, command](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            finish(error);
            return;
        }
        const RedisReply &r = replies.value(0);
        if (r.isError()) {
            finish(describeReplyError(command, r));
            return;
        }
        for (const RedisReply &key : r.at(1).elements())
            m_streams.insert(key.bytes());
        m_cursor = r.at(0).bytes();
        if (m_cursor == "0")
            checkMapped();
        else
            scan();
    });
}

// Mapped DLQs outside the SCAN pattern, or not created yet, are still listed.
void DlqFinder::checkMapped()
{
    for (const QByteArray &key : std::as_const(m_streams))
        if (const auto source = sourceOf(key, m_config)) {
            DlqInfo info;
            info.key = key;
            info.source = source->first;
            info.sourceMapped = source->second;
            m_found.append(info);
        }
    RedisBatch batch;
    QList<QPair<QByteArray, QByteArray>> unseen;
    for (const auto &m : std::as_const(m_config.mappings))
        if (!m_streams.contains(m.first) && !std::any_of(unseen.cbegin(), unseen.cend(), [&](const auto &u) { return u.first == m.first; })) {
            unseen.append(m);
            batch.append({"TYPE", m.first});
        }
    auto proceed = [this] {
        std::sort(m_found.begin(), m_found.end(), [](const DlqInfo &a, const DlqInfo &b) { return a.key < b.key; });
        describe();
    };
    if (batch.isEmpty()) {
        proceed();
        return;
    }
    m_connection->execute(batch, this, [this, batch, unseen, proceed](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            finish(error);
            return;
        }
        for (int i = 0; i < unseen.size(); ++i) {
            const RedisReply &type = replies.value(i);
            if (type.isError()) {
                finish(describeReplyError(batch.at(i), type));
                return;
            }
            if (type.bytes() == "stream" || type.bytes() == "none") {
                DlqInfo info;
                info.key = unseen.at(i).first;
                info.source = unseen.at(i).second;
                info.sourceMapped = true;
                info.exists = type.bytes() == "stream";
                m_found.append(info);
            }
        }
        proceed();
    });
}

void DlqFinder::describe()
{
    if (m_described >= m_found.size()) {
        finish();
        return;
    }
    const qsizetype first = m_described;
    const qsizetype count = std::min<qsizetype>(kDescribeChunk, m_found.size() - first);
    RedisBatch batch;
    for (qsizetype i = first; i < first + count; ++i) {
        batch.append({"XLEN", m_found.at(i).key});
        batch.append({"XREVRANGE", m_found.at(i).key, "+", "-", "COUNT", QByteArray::number(m_config.sampleSize)});
    }
    m_connection->execute(batch, this, [this, batch, first, count](const RedisReplies &replies, const RedisError &error) {
        if (error.isError()) {
            finish(error);
            return;
        }
        for (qsizetype i = 0; i < count; ++i) {
            for (qsizetype j = 2 * i; j < 2 * i + 2; ++j)
                if (replies.value(j).isError()) {
                    finish(describeReplyError(batch.at(j), replies.value(j)));
                    return;
                }
            DlqInfo &info = m_found[first + i];
            info.length = replies.value(2 * i).integer();
            const QList<RedisReply> newest = replies.value(2 * i + 1).elements();
            info.sampled = newest.size();
            info.categories = countCategories(newest, m_config.categoryField, &info.categoryFields);
            if (!newest.isEmpty()) {
                info.newestId = newest.first().at(0).bytes();
                if (const auto id = StreamId::parse(info.newestId))
                    info.newestMs = qint64(id->ms);
            }
        }
        m_described = first + count;
        describe();
    });
}

void DlqFinder::finish(const RedisError &error)
{
    if (m_done)
        return;
    m_done = true;
    if (m_connection)
        m_connection->close();
    Q_EMIT finished(error.isError() ? QList<DlqInfo>{} : m_found, error);
}

} // namespace pelscope
