// A small RESP server for what a real redis-server never sends: replies that
// announce gigabytes, arrays of billions, cursors that never end, wrong
// reply types, negative counts, an error before any command. It answers the
// handshake like Redis 7.0 and every other command through `answer`, on its
// own thread, so a test can wait on a pelscope-cli process meanwhile.
#pragma once

#include "redis/redis_reply.h"

#include <QByteArray>
#include <QMutex>
#include <QThread>

#include <functional>

namespace pelscope::test {

// What to send for one command: bytes at once, and optionally more bytes
// produced every few milliseconds for as long as the client stays connected
// (a flood, or a slow drip of an announced giant).
struct HostileReply
{
    QByteArray bytes;
    std::function<QByteArray()> more; // null: nothing after `bytes`
    bool close = false;               // hang up after sending `bytes`
};

class HostileServer
{
public:
    // A command not answered by `answer` (empty optional) gets the default:
    // the handshake's replies, TIME, +OK for the rest.
    using Answer = std::function<std::optional<HostileReply>(const RedisCommand &)>;

    HostileServer();
    ~HostileServer();

    // On connect, before any command (e.g. "-ERR max number of clients reached").
    void setGreeting(const QByteArray &bytes, bool closeAfter);
    void setAnswer(Answer answer);
    bool start(QString *error);
    quint16 port() const { return m_port; }
    QString url() const;
    // Bytes written to clients so far (how much a flood managed to send).
    qint64 bytesSent() const;

    static QByteArray bulk(const QByteArray &s);
    static QByteArray array(const QList<QByteArray> &encodedElements);

private:
    class Worker;
    QThread m_thread;
    Worker *m_worker = nullptr;
    quint16 m_port = 0;
};

} // namespace pelscope::test
