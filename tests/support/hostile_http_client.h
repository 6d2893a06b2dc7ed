// A client that does to an HTTP server what a careless or hostile one would:
// raw sockets, bytes as given, reading only when told. For the exporter's
// limits (tests/integration/tst_exporter_hostile.cpp).
#pragma once

#include <QByteArray>

#include <optional>

namespace pelscope::test {

class RawHttpClient
{
public:
    // Connects to 127.0.0.1:port (blocking, up to 5 s); connected() says whether it did.
    explicit RawHttpClient(quint16 port);
    ~RawHttpClient();
    RawHttpClient(const RawHttpClient &) = delete;
    RawHttpClient &operator=(const RawHttpClient &) = delete;

    bool connected() const { return m_fd >= 0; }
    // Sends as much of `bytes` as the peer takes within `timeoutMs`; how much went.
    qint64 send(const QByteArray &bytes, int timeoutMs = 5000);
    // Reads until the peer closes or `timeoutMs` passes (at most `max` bytes).
    QByteArray readUntilClosed(int timeoutMs, qint64 max = 64 << 20);
    // Reads one response's status line and headers (and Content-Length of body).
    QByteArray readResponse(int timeoutMs);
    // True when the peer has closed (EOF or reset) within `timeoutMs`.
    bool closedWithin(int timeoutMs);

private:
    int m_fd = -1;
};

// "HTTP/1.1 431 ..." -> 431; 0 when it is not a status line.
int statusOf(const QByteArray &response);

// A process's peak and current resident memory (kB), from /proc.
struct ProcessMemory
{
    qint64 peakKb = 0;
    qint64 nowKb = 0;
};
ProcessMemory processMemory(qint64 pid);
// Its CPU time so far (user + system), ms.
qint64 processCpuMs(qint64 pid);

} // namespace pelscope::test
