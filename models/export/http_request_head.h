// The head of one HTTP/1.x request, read from what a client sent so far,
// within limits the client cannot move. Pure (bytes in, verdict out) so the
// fuzzer reads it as the exporter does. Only what a metrics endpoint needs:
// GET and HEAD, no request bodies.
#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace pelscope {

struct HttpLimits
{
    qsizetype maxRequestLine = 4 * 1024; // method, target, version: 414 beyond
    qsizetype maxHead = 16 * 1024;       // request line and headers: 431 beyond
    int maxHeaders = 64;                 // 431 beyond
};

struct HttpRequestHead
{
    QByteArray method;  // as sent ("GET"); methods are case-sensitive
    QByteArray target;  // "/metrics?x=1"
    QByteArray path;    // "/metrics"
    bool keepAlive = true; // HTTP/1.1 unless "Connection: close"; HTTP/1.0 only with "keep-alive"
};

struct HttpParse
{
    enum class State { Incomplete, Complete, Refused };
    State state = State::Incomplete;
    HttpRequestHead head; // Complete
    qsizetype consumed = 0; // Complete: the bytes the head took (nothing follows it: no bodies)
    int status = 0;       // Refused: 400, 413, 414, 431, 505
    QByteArray reason;    // Refused: one line for the client
};

// `received`: the bytes since the end of the previous request. Incomplete
// while the head may still be arriving within the limits.
HttpParse parseRequestHead(QByteArrayView received, const HttpLimits &limits = {});

} // namespace pelscope
