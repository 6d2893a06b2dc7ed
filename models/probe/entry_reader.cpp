#include "entry_reader.h"

namespace pelscope {

EntryReader::EntryReader(ConnectionOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    qRegisterMetaType<pelscope::EntryReadResult>();
    m_options.clientName = "pelscope-reader";
}

void EntryReader::read(const QByteArray &stream, const QByteArray &id)
{
    if (!m_connection) {
        m_connection = new RedisConnection(m_options, this);
        m_connection->open();
    }
    m_connection->execute({{"XRANGE", stream, id, id}}, this, [this, stream, id](const RedisReplies &replies, const RedisError &error) {
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

} // namespace pelscope
