// On-demand reads for the payload pane (XRANGE id id) on a connection of their
// own, so a slow poll never blocks browsing and vice versa. Lives on a worker
// thread; requests and results cross it through queued calls and signals.
#pragma once

#include "../actions/dlq_layout.h"
#include "../redis/redis_connection.h"

#include <QMetaType>
#include <QObject>

namespace pelscope {

struct EntryReadResult
{
    QByteArray stream;
    QByteArray id;
    bool found = false;   // false: in the PEL, gone from the stream (trimmed: data lost)
    StreamFields fields;
    QString error;
};

class EntryReader : public QObject
{
    Q_OBJECT
public:
    explicit EntryReader(ConnectionOptions options, QObject *parent = nullptr);

    void read(const QByteArray &stream, const QByteArray &id);

Q_SIGNALS:
    void entryRead(const pelscope::EntryReadResult &result);

private:
    ConnectionOptions m_options;
    RedisConnection *m_connection = nullptr;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::EntryReadResult)
