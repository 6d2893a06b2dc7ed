#include "entry_reader.h"

namespace pelscope {

EntryReader::EntryReader(ConnectionOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    qRegisterMetaType<pelscope::EntryReadResult>();
    qRegisterMetaType<pelscope::EntryPage>();
    m_options.clientName = "pelscope-reader";
}

RedisConnection *EntryReader::connection()
{
    if (!m_connection) {
        m_connection = new RedisConnection(m_options, this);
        m_connection->open();
    }
    return m_connection;
}

void EntryReader::read(const QByteArray &stream, const QByteArray &id)
{
    connection()->execute({{"XRANGE", stream, id, id}}, this, [this, stream, id](const RedisReplies &replies, const RedisError &error) {
        EntryReadResult r;
        r.stream = stream;
        r.id = id;
        if (error.isError()) {
            r.error = error.message;
        } else if (replies.value(0).isError()) {
            r.error = describeReplyError({"XRANGE"}, replies.value(0)).message;
        } else if (replies.value(0).size() > 0) {
            r.found = true;
            r.fields = fieldsOf(replies.value(0).at(0));
        }
        Q_EMIT entryRead(r);
    });
}

void EntryReader::readPage(const QByteArray &stream, const QByteArray &beforeId, int count, quint64 request)
{
    const QByteArray end = beforeId.isEmpty() ? QByteArray("+") : "(" + beforeId;
    // One more than asked: whether older entries remain, without a second read.
    const RedisBatch batch{{"XREVRANGE", stream, end, "-", "COUNT", QByteArray::number(count + 1)}, {"XLEN", stream}};
    connection()->execute(batch, this, [this, stream, beforeId, count, request](const RedisReplies &replies, const RedisError &error) {
        EntryPage page;
        page.stream = stream;
        page.request = request;
        page.first = beforeId.isEmpty();
        if (error.isError()) {
            page.error = error.message;
        } else if (replies.value(0).isError()) {
            page.error = describeReplyError({"XREVRANGE"}, replies.value(0)).message;
        } else {
            const RedisReply &list = replies.value(0);
            page.more = list.size() > count;
            for (qsizetype i = 0; i < list.size() && i < count; ++i) {
                StreamFields fields = fieldsOf(list.at(i));
                qint64 bytes = 0;
                for (auto &[name, value] : fields) {
                    bytes += name.size() + value.size();
                    if (value.size() > kPageValueCap)
                        value.truncate(kPageValueCap);
                }
                page.entries.append({list.at(i).at(0).bytes(), fields});
                page.entryBytes.append(bytes);
            }
            if (replies.value(1).isInteger())
                page.length = replies.value(1).integer();
        }
        Q_EMIT pageRead(page);
    });
}

void EntryReader::readEntries(const QByteArray &stream, const QList<QByteArray> &ids, quint64 request)
{
    RedisBatch batch;
    for (const QByteArray &id : ids)
        batch.append({"XRANGE", stream, id, id});
    connection()->execute(batch, this, [this, stream, request](const RedisReplies &replies, const RedisError &error) {
        EntryPage page;
        page.stream = stream;
        page.request = request;
        if (error.isError())
            page.error = error.message;
        for (const RedisReply &r : replies) {
            if (r.isError()) {
                page.error = describeReplyError({"XRANGE"}, r).message;
                break;
            }
            if (r.size() == 0)
                continue;
            StreamFields fields = fieldsOf(r.at(0));
            qint64 bytes = 0;
            for (const auto &[name, value] : std::as_const(fields))
                bytes += name.size() + value.size();
            page.entries.append({r.at(0).at(0).bytes(), fields});
            page.entryBytes.append(bytes);
        }
        Q_EMIT entriesRead(page);
    });
}

} // namespace pelscope
