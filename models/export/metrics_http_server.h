// The exporter's HTTP listener: GET and HEAD of a few fixed paths, with
// everything a client controls bounded. Qt HttpServer (6.4, a technology
// preview) buffers whole request bodies and header lines, answers any method,
// keeps answering a client that never reads, and has no connection cap or
// timeouts; none of that can be set from outside it, so this replaces it.
//
//   request line 4 KB (414), head 16 KB and 64 headers (431), no body (413),
//   methods GET and HEAD (405), 64 connections (beyond: the longest idle
//   one is closed for the newcomer, or 503 and close when none is idle),
//   10 s to send a request head (408), 60 s idle between requests, 30 s to
//   read a response; one request at a time per connection: the next is not
//   read (TCP pushes back) until the previous response has gone, and a
//   response is fed to the socket 64 KB at a time from one shared copy.
#pragma once

#include "http_request_head.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QSet>

#include <functional>

class QTcpServer;
class QTcpSocket;
class QTimer;

namespace pelscope {

struct HttpResponse
{
    int status = 200;
    QByteArray contentType = "text/plain; charset=utf-8";
    QByteArray body;
};

struct HttpServerLimits
{
    HttpLimits head;
    int maxConnections = 64;
    int headTimeoutMs = 10'000;
    int idleTimeoutMs = 60'000;
    int writeTimeoutMs = 30'000;
};

class MetricsHttpServer : public QObject
{
    Q_OBJECT
public:
    // `handler` answers a GET or HEAD of `head.path` (the body is left out for HEAD).
    using Handler = std::function<HttpResponse(const HttpRequestHead &head)>;
    MetricsHttpServer(Handler handler, HttpServerLimits limits = {}, QObject *parent = nullptr);
    ~MetricsHttpServer() override;

    // The port bound (0: could not listen).
    quint16 listen(const QHostAddress &address, quint16 port);
    int openConnections() const { return int(m_open.size()); }

private:
    struct Connection;
    void accept();
    void closeLongestIdle();
    void serve(Connection *c);
    void respond(Connection *c, const HttpResponse &response, bool head, bool keepAlive);
    void feed(Connection *c);
    void finish(Connection *c);

    Handler m_handler;
    HttpServerLimits m_limits;
    QTcpServer *m_server;
    QSet<Connection *> m_open; // each removes itself when its socket goes
};

// "HTTP/1.1 404 Not Found": the reason phrases this server sends.
QByteArray httpStatusLine(int status);

} // namespace pelscope
