#include "hostile_http_client.h"

#include <QElapsedTimer>
#include <QFile>
#include <QList>

#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace pelscope::test {

namespace {

int remaining(const QElapsedTimer &t, int timeoutMs)
{
    return std::max<int>(0, timeoutMs - int(t.elapsed()));
}

} // namespace

RawHttpClient::RawHttpClient(quint16 port)
{
    m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (m_fd < 0)
        return;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 && errno != EINPROGRESS) {
        ::close(m_fd);
        m_fd = -1;
        return;
    }
    pollfd p{m_fd, POLLOUT, 0};
    int err = 0;
    socklen_t len = sizeof err;
    if (::poll(&p, 1, 5000) != 1 || ::getsockopt(m_fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 || err != 0) {
        ::close(m_fd);
        m_fd = -1;
    }
}

RawHttpClient::~RawHttpClient()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

qint64 RawHttpClient::send(const QByteArray &bytes, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    qint64 sent = 0;
    while (m_fd >= 0 && sent < bytes.size()) {
        const ssize_t n = ::send(m_fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
        if (n > 0) {
            sent += n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            break; // reset or closed
        pollfd p{m_fd, POLLOUT, 0};
        if (::poll(&p, 1, remaining(t, timeoutMs)) != 1)
            break; // the peer stopped taking bytes
    }
    return sent;
}

QByteArray RawHttpClient::readUntilClosed(int timeoutMs, qint64 max)
{
    QElapsedTimer t;
    t.start();
    QByteArray out;
    char buf[65536];
    while (m_fd >= 0 && out.size() < max) {
        const ssize_t n = ::recv(m_fd, buf, sizeof buf, 0);
        if (n > 0) {
            out.append(buf, n);
            continue;
        }
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            break;
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, remaining(t, timeoutMs)) != 1)
            break;
    }
    return out;
}

QByteArray RawHttpClient::readResponse(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    QByteArray out;
    char c;
    while (m_fd >= 0 && !out.endsWith("\r\n\r\n") && out.size() < (1 << 20)) {
        const ssize_t n = ::recv(m_fd, &c, 1, 0);
        if (n == 1) {
            out.append(c);
            continue;
        }
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            return out;
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, remaining(t, timeoutMs)) != 1)
            return out;
    }
    const qsizetype at = out.toLower().indexOf("content-length:");
    if (at < 0)
        return out;
    const qint64 length = out.mid(at + 15, out.indexOf('\r', at) - at - 15).trimmed().toLongLong();
    QByteArray body;
    char buf[65536];
    while (body.size() < length) {
        const ssize_t n = ::recv(m_fd, buf, size_t(std::min<qint64>(sizeof buf, length - body.size())), 0);
        if (n > 0) {
            body.append(buf, n);
            continue;
        }
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            break;
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, remaining(t, timeoutMs)) != 1)
            break;
    }
    return out + body;
}

bool RawHttpClient::closedWithin(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    char buf[4096];
    while (m_fd >= 0) {
        const ssize_t n = ::recv(m_fd, buf, sizeof buf, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK))
            return true;
        if (n > 0)
            continue;
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, remaining(t, timeoutMs)) != 1)
            return false;
    }
    return true;
}

int statusOf(const QByteArray &response)
{
    if (!response.startsWith("HTTP/1."))
        return 0;
    return response.mid(9, 3).toInt();
}

ProcessMemory processMemory(qint64 pid)
{
    ProcessMemory m;
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return m;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const auto value = [&] { return line.mid(line.indexOf(':') + 1).trimmed().split(' ').first().toLongLong(); };
        if (line.startsWith("VmHWM:"))
            m.peakKb = value();
        else if (line.startsWith("VmRSS:"))
            m.nowKb = value();
    }
    return m;
}

qint64 processCpuMs(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    // After the command name's closing parenthesis: state is field 3, utime 14, stime 15.
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 13)
        return -1;
    const long ticks = sysconf(_SC_CLK_TCK);
    return (fields.at(11).toLongLong() + fields.at(12).toLongLong()) * 1000 / ticks;
}

} // namespace pelscope::test
