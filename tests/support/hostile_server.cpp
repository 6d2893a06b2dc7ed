#include "hostile_server.h"

#include "redis/resp_codec.h"

#include <QDateTime>
#include <QPointer>
#include <QSemaphore>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <atomic>

namespace pelscope::test {

namespace {

// Commands arrive as RESP arrays of bulk strings; the client's formatter is
// hiredis's, so its reader parses them as replies.
QList<RedisCommand> takeCommands(RespDecoder &decoder)
{
    QList<RedisCommand> out;
    while (auto r = decoder.next()) {
        RedisCommand c;
        for (const RedisReply &e : r->elements())
            c.append(e.bytes());
        out.append(c);
    }
    return out;
}

QByteArray defaultAnswer(const RedisCommand &c)
{
    const QByteArray name = c.value(0).toUpper();
    if (name == "INFO")
        return HostileServer::bulk("# Server\r\nredis_version:7.0.15\r\nredis_mode:standalone\r\n");
    if (name == "ROLE")
        return "*3\r\n$6\r\nmaster\r\n:0\r\n*0\r\n";
    if (name == "TIME") {
        const qint64 us = QDateTime::currentMSecsSinceEpoch() * 1000;
        return HostileServer::array(
            {HostileServer::bulk(QByteArray::number(us / 1'000'000)), HostileServer::bulk(QByteArray::number(us % 1'000'000))});
    }
    if (name == "SCAN")
        return "*2\r\n$1\r\n0\r\n*0\r\n";
    if (name == "XINFO" || name == "XPENDING" || name == "XRANGE" || name == "XREVRANGE")
        return "*0\r\n";
    if (name == "XLEN")
        return ":0\r\n";
    if (name == "TYPE")
        return "+stream\r\n";
    return "+OK\r\n";
}

} // namespace

class HostileServer::Worker : public QObject
{
public:
    QTcpServer *server = nullptr;
    QByteArray greeting;
    bool closeAfterGreeting = false;
    Answer answer;
    std::atomic<qint64> sent{0};
    QMutex mutex; // guards greeting and answer, set from the test's thread

    void listen(QSemaphore *done, quint16 *port, QString *error)
    {
        server = new QTcpServer(this);
        if (!server->listen(QHostAddress::LocalHost, 0))
            *error = server->errorString();
        *port = server->serverPort();
        connect(server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = server->nextPendingConnection())
                serve(s);
        });
        done->release();
    }

    void send(QTcpSocket *s, const QByteArray &bytes) { sent += s->write(bytes); }

    void serve(QTcpSocket *socket)
    {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        QByteArray hello;
        bool closeNow = false;
        {
            QMutexLocker lock(&mutex);
            hello = greeting;
            closeNow = closeAfterGreeting;
        }
        if (!hello.isEmpty()) {
            send(socket, hello);
            if (closeNow) {
                socket->flush();
                socket->disconnectFromHost();
                return;
            }
        }
        auto decoder = std::make_shared<RespDecoder>(ReplyLimits{1LL << 30, 1 << 20, 1 << 20});
        connect(socket, &QTcpSocket::readyRead, socket, [this, socket, decoder] {
            const QByteArray data = socket->readAll();
            decoder->feed(data.constData(), data.size());
            for (const RedisCommand &c : takeCommands(*decoder)) {
                std::optional<HostileReply> r;
                {
                    QMutexLocker lock(&mutex);
                    if (answer)
                        r = answer(c);
                }
                if (!r) {
                    send(socket, defaultAnswer(c));
                    continue;
                }
                send(socket, r->bytes);
                if (r->close) {
                    socket->flush();
                    socket->disconnectFromHost();
                    return;
                }
                if (r->more) {
                    // Keep producing while the client listens; stop when it hangs up.
                    auto *timer = new QTimer(socket);
                    QPointer<QTcpSocket> guard(socket);
                    auto more = r->more;
                    connect(timer, &QTimer::timeout, socket, [this, guard, more] {
                        if (guard && guard->state() == QAbstractSocket::ConnectedState && guard->bytesToWrite() < (4 << 20))
                            send(guard, more());
                    });
                    timer->start(1);
                    return; // nothing after a flood is answered
                }
            }
        });
    }
};

HostileServer::HostileServer()
    : m_worker(new Worker)
{
    m_thread.setObjectName(QStringLiteral("hostile-server"));
    m_worker->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

HostileServer::~HostileServer()
{
    m_thread.quit();
    m_thread.wait();
}

void HostileServer::setGreeting(const QByteArray &bytes, bool closeAfter)
{
    QMutexLocker lock(&m_worker->mutex);
    m_worker->greeting = bytes;
    m_worker->closeAfterGreeting = closeAfter;
}

void HostileServer::setAnswer(Answer answer)
{
    QMutexLocker lock(&m_worker->mutex);
    m_worker->answer = std::move(answer);
}

bool HostileServer::start(QString *error)
{
    QSemaphore done;
    QString why;
    QMetaObject::invokeMethod(m_worker, [&] { m_worker->listen(&done, &m_port, &why); });
    done.acquire();
    if (error)
        *error = why;
    return why.isEmpty() && m_port != 0;
}

QString HostileServer::url() const
{
    return QStringLiteral("redis://127.0.0.1:%1").arg(m_port);
}

qint64 HostileServer::bytesSent() const
{
    return m_worker->sent;
}

QByteArray HostileServer::bulk(const QByteArray &s)
{
    return '$' + QByteArray::number(s.size()) + "\r\n" + s + "\r\n";
}

QByteArray HostileServer::array(const QList<QByteArray> &encodedElements)
{
    return '*' + QByteArray::number(encodedElements.size()) + "\r\n" + encodedElements.join();
}

} // namespace pelscope::test
