#include "metrics_http_server.h"

#include <QElapsedTimer>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

constexpr qint64 kChunk = 64 * 1024;  // what one connection may have queued in its socket
constexpr int kAcceptRetryMs = 200;   // after the process ran out of file descriptors

} // namespace

// One client. Lives as a child of its socket: both go together, and the
// server's count of open connections with them.
struct MetricsHttpServer::Connection : QObject
{
    explicit Connection(QSet<Connection *> *open)
        : open(open)
    {
        open->insert(this);
    }
    ~Connection() override { open->remove(this); }
    QSet<Connection *> *open;
    QTcpSocket *socket = nullptr;
    QTimer deadline;
    QByteArray received;      // since the end of the previous request head
    QByteArray body;          // the response being sent (shared with other connections)
    qsizetype sent = 0;       // of `body`, handed to the socket
    bool responding = false;  // a response is still going out: read nothing
    bool closeAfter = false;
    QElapsedTimer idleSince;  // since the last response went (or the connection came)
};

QByteArray httpStatusLine(int status)
{
    const char *reason = "Error";
    switch (status) {
    case 200: reason = "OK"; break;
    case 400: reason = "Bad Request"; break;
    case 404: reason = "Not Found"; break;
    case 405: reason = "Method Not Allowed"; break;
    case 408: reason = "Request Timeout"; break;
    case 413: reason = "Content Too Large"; break;
    case 414: reason = "URI Too Long"; break;
    case 431: reason = "Request Header Fields Too Large"; break;
    case 503: reason = "Service Unavailable"; break;
    case 505: reason = "HTTP Version Not Supported"; break;
    default: break;
    }
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason;
}

MetricsHttpServer::MetricsHttpServer(Handler handler, HttpServerLimits limits, QObject *parent)
    : QObject(parent)
    , m_handler(std::move(handler))
    , m_limits(limits)
    , m_server(new QTcpServer(this))
{
    m_server->setMaxPendingConnections(m_limits.maxConnections);
    connect(m_server, &QTcpServer::newConnection, this, &MetricsHttpServer::accept);
    // Out of file descriptors (EMFILE): QTcpServer stops accepting, or spins
    // on the same error. Pause, then try again; clients meanwhile wait in the
    // kernel's backlog instead of being lost.
    connect(m_server, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError) {
        m_server->pauseAccepting();
        QTimer::singleShot(kAcceptRetryMs, m_server, &QTcpServer::resumeAccepting);
    });
}

MetricsHttpServer::~MetricsHttpServer()
{
    delete m_server; // its sockets, and their connections, while m_open still exists
}

quint16 MetricsHttpServer::listen(const QHostAddress &address, quint16 port)
{
    return m_server->listen(address, port) ? m_server->serverPort() : 0;
}

void MetricsHttpServer::accept()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        if (m_open.size() >= m_limits.maxConnections)
            closeLongestIdle();
        if (m_open.size() >= m_limits.maxConnections) {
            // Over the cap with every connection busy: told, and the
            // descriptor given back at once.
            socket->write(httpStatusLine(503) + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            socket->flush();
            socket->abort();
            socket->deleteLater();
            continue;
        }
        // Qt reads no more than this ahead: past it, the kernel's window
        // fills and the client has to wait (TCP pushes back).
        socket->setReadBufferSize(m_limits.head.maxHead + 1);
        auto *c = new Connection(&m_open);
        c->setParent(socket);
        c->socket = socket;
        c->deadline.setSingleShot(true);
        connect(&c->deadline, &QTimer::timeout, c, [this, c] {
            if (c->responding) { // not reading its response
                c->socket->abort();
                c->socket->deleteLater();
            } else if (c->received.isEmpty()) { // idle too long
                c->socket->disconnectFromHost();
            } else {
                respond(c, {408, "text/plain; charset=utf-8", "no complete request in time\n"}, false, false);
            }
        });
        connect(socket, &QTcpSocket::readyRead, c, [this, c] { serve(c); });
        connect(socket, &QTcpSocket::bytesWritten, c, [this, c] { feed(c); });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        c->idleSince.start();
        c->deadline.start(m_limits.idleTimeoutMs);
        serve(c); // bytes may have come with the connection
    }
}

// At the cap, a new client pushes out the one that has been waiting longest
// without a request under way: holding every slot with idle connections
// does not lock the scrapers out (they reconnect on their next scrape).
void MetricsHttpServer::closeLongestIdle()
{
    Connection *oldest = nullptr;
    for (Connection *c : std::as_const(m_open)) {
        if (c->responding || c->closeAfter || !c->received.isEmpty() || c->socket->state() != QAbstractSocket::ConnectedState)
            continue;
        if (!oldest || c->idleSince.elapsed() > oldest->idleSince.elapsed())
            oldest = c;
    }
    if (oldest) {
        oldest->socket->abort();
        oldest->socket->deleteLater();
        delete oldest; // counted out now, not when the event loop gets to it
    }
}

void MetricsHttpServer::serve(Connection *c)
{
    if (c->responding || c->closeAfter)
        return; // the next request waits in the socket until the response has gone
    const qsizetype room = m_limits.head.maxHead + 1 - c->received.size();
    if (room > 0)
        c->received += c->socket->read(room);
    if (c->received.isEmpty())
        return;
    const HttpParse p = parseRequestHead(c->received, m_limits.head);
    switch (p.state) {
    case HttpParse::State::Incomplete:
        if (!c->deadline.isActive() || c->deadline.interval() != m_limits.headTimeoutMs)
            c->deadline.start(m_limits.headTimeoutMs); // from the request's first byte
        return;
    case HttpParse::State::Refused:
        respond(c, {p.status, "text/plain; charset=utf-8", p.reason + '\n'}, false, false);
        return;
    case HttpParse::State::Complete: break;
    }
    c->received.remove(0, p.consumed);
    const bool head = p.head.method == "HEAD";
    if (p.head.method != "GET" && !head) {
        respond(c, {405, "text/plain; charset=utf-8", "only GET and HEAD\n"}, false, p.head.keepAlive);
        return;
    }
    respond(c, m_handler(p.head), head, p.head.keepAlive);
}

void MetricsHttpServer::respond(Connection *c, const HttpResponse &response, bool head, bool keepAlive)
{
    QByteArray header = httpStatusLine(response.status) + "\r\nContent-Type: " + response.contentType
                        + "\r\nContent-Length: " + QByteArray::number(response.body.size());
    if (response.status == 405)
        header += "\r\nAllow: GET, HEAD";
    header += keepAlive ? "\r\nConnection: keep-alive\r\n\r\n" : "\r\nConnection: close\r\n\r\n";
    c->responding = true;
    c->closeAfter = !keepAlive;
    c->body = head ? QByteArray() : response.body;
    c->sent = 0;
    c->deadline.start(m_limits.writeTimeoutMs);
    c->socket->write(header);
    feed(c);
}

void MetricsHttpServer::feed(Connection *c)
{
    if (!c->responding)
        return;
    while (c->sent < c->body.size() && c->socket->bytesToWrite() < kChunk) {
        const qsizetype n = std::min<qsizetype>(kChunk, c->body.size() - c->sent);
        c->socket->write(c->body.constData() + c->sent, n);
        c->sent += n;
    }
    if (c->sent == c->body.size() && c->socket->bytesToWrite() == 0)
        finish(c);
}

void MetricsHttpServer::finish(Connection *c)
{
    c->responding = false;
    c->body.clear();
    if (c->closeAfter) {
        c->socket->disconnectFromHost();
        return;
    }
    c->idleSince.start();
    c->deadline.start(m_limits.idleTimeoutMs);
    // A pipelined request may be waiting, in `received` or in the socket.
    QTimer::singleShot(0, c, [this, c] { serve(c); });
}

} // namespace pelscope
