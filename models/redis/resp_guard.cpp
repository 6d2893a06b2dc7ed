#include "resp_guard.h"
#include "../text/fill_text.h"

#include <charconv>

namespace pelscope {

QString formatBytes(qint64 bytes)
{
    const char *units[] = {"B", "KB", "MB", "GB", "TB"};
    double v = double(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    return u == 0 ? QStringLiteral("%1 B").arg(bytes) : QStringLiteral("%1 %2").arg(QString::number(v, 'f', 1), QLatin1String(units[u]));
}

void RespGuard::reset()
{
    m_line.clear();
    m_bulkLeft = 0;
    m_aggregates.clear();
    m_replyBytes = 0;
    m_replyElements = 0;
    m_completed = 0;
    m_error.clear();
}

bool RespGuard::fail(QString message)
{
    m_error = std::move(message);
    return false;
}

bool RespGuard::feed(const char *data, qsizetype size)
{
    if (!m_error.isEmpty())
        return false;
    const char *p = data;
    const char *end = data + size;
    while (p < end) {
        if (m_bulkLeft > 0) {
            const qint64 take = std::min<qint64>(m_bulkLeft, end - p);
            p += take;
            m_bulkLeft -= take;
            if (m_bulkLeft == 0 && !elementDone())
                return false;
            continue;
        }
        const char *nl = static_cast<const char *>(memchr(p, '\n', size_t(end - p)));
        const char *stop = nl ? nl + 1 : end;
        const qint64 n = stop - p;
        m_replyBytes += n;
        if (m_line.size() + n > m_limits.maxLineBytes)
            return fail(QStringLiteral("a reply line longer than %1 without an end").arg(formatBytes(m_limits.maxLineBytes)));
        if (m_replyBytes > m_limits.maxReplyBytes)
            return fail(QStringLiteral("a reply larger than the %1 cap").arg(formatBytes(m_limits.maxReplyBytes)));
        m_line.append(p, n);
        p = stop;
        if (nl && !onLine())
            return false;
    }
    return true;
}

bool RespGuard::onLine()
{
    const QByteArray line = std::exchange(m_line, {});
    // RESP2 ends every line with CRLF (payloads are skipped by their length).
    // hiredis 0.14 splits lines at CRLF and reads a length leniently ("$-\n$10"
    // is a nil to it), so a line the guard would frame differently is refused
    // here, before hiredis is given it: otherwise the guard could count an
    // array header as bulk payload and hiredis allocate what it announces.
    if (!line.endsWith("\r\n"))
        return fail(QStringLiteral("a reply line not ended by CRLF (protocol error)"));
    const char type = line.at(0);
    if (type != '$' && type != '*')
        return elementDone(); // simple string, error, integer; anything else hiredis rejects itself
    qint64 n = 0;
    const char *first = line.constData() + 1;
    const char *last = line.constData() + line.size() - 2;
    const auto parsed = std::from_chars(first, last, n);
    if (parsed.ec != std::errc() || parsed.ptr != last || first == last)
        return fail(QStringLiteral("a malformed length in a reply (protocol error)"));
    if (type == '$') {
        if (n < 0)
            return elementDone(); // nil
        if (n > m_limits.maxReplyBytes - m_replyBytes)
            return fail(QStringLiteral("a bulk string of %1 announced, over the %2 cap on one reply")
                            .arg(formatBytes(n), formatBytes(m_limits.maxReplyBytes)));
        m_replyBytes += n + 2;
        m_bulkLeft = n + 2;
        return true;
    }
    if (n <= 0)
        return elementDone(); // empty or nil array
    if (n > m_limits.maxElements - m_replyElements)
        return fail(fillText(QStringLiteral("an array of %1 elements announced, over the cap of %2 elements in one reply"), n, m_limits.maxElements));
    m_replyElements += n;
    m_aggregates.push_back(n);
    return true;
}

bool RespGuard::elementDone()
{
    while (!m_aggregates.empty()) {
        if (--m_aggregates.back() > 0)
            return true;
        m_aggregates.pop_back();
    }
    ++m_completed;
    m_replyBytes = 0;
    m_replyElements = 0;
    return true;
}

} // namespace pelscope
