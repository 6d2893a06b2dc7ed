#include "http_request_head.h"

#include <QList>

namespace pelscope {

namespace {

HttpParse refused(int status, const char *reason)
{
    HttpParse p;
    p.state = HttpParse::State::Refused;
    p.status = status;
    p.reason = reason;
    return p;
}

// RFC 9110 token characters (method, header names).
bool isTokenChar(char c)
{
    const auto u = static_cast<unsigned char>(c);
    if (u >= '0' && u <= '9')
        return true;
    if ((u | 0x20) >= 'a' && (u | 0x20) <= 'z')
        return true;
    return QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

bool isToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (const char c : s)
        if (!isTokenChar(c))
            return false;
    return true;
}

// Visible ASCII: a target has no spaces or controls.
bool isTarget(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7f)
            return false;
    }
    return true;
}

QByteArrayView trimmed(QByteArrayView s)
{
    while (!s.isEmpty() && (s.front() == ' ' || s.front() == '\t'))
        s = s.sliced(1);
    while (!s.isEmpty() && (s.back() == ' ' || s.back() == '\t'))
        s.chop(1);
    return s;
}

bool equalsIgnoringCase(QByteArrayView a, QByteArrayView b)
{
    return a.size() == b.size() && QByteArray(a.data(), a.size()).compare(b, Qt::CaseInsensitive) == 0;
}

// "close", "keep-alive", or a list of them.
bool hasConnectionOption(QByteArrayView value, QByteArrayView option)
{
    for (const QByteArrayView part : QByteArray(value.data(), value.size()).split(','))
        if (equalsIgnoringCase(trimmed(part), option))
            return true;
    return false;
}

} // namespace

HttpParse parseRequestHead(QByteArrayView received, const HttpLimits &limits)
{
    // Lines end in CRLF; a bare LF is taken too (RFC 9112, 2.2).
    const qsizetype firstEol = received.indexOf('\n');
    if (firstEol < 0)
        return received.size() > limits.maxRequestLine ? refused(414, "request line too long") : HttpParse{};
    if (firstEol > limits.maxRequestLine)
        return refused(414, "request line too long");
    qsizetype end = -1; // just past the empty line that ends the head
    for (qsizetype at = firstEol + 1; at < received.size() && at <= limits.maxHead;) {
        const qsizetype eol = received.indexOf('\n', at);
        if (eol < 0)
            break;
        if (eol == at || (eol == at + 1 && received.at(at) == '\r')) {
            end = eol + 1;
            break;
        }
        at = eol + 1;
    }
    if (end < 0)
        return received.size() > limits.maxHead ? refused(431, "request headers too large") : HttpParse{};
    if (end > limits.maxHead)
        return refused(431, "request headers too large");

    HttpParse p;
    QByteArrayView line = received.first(firstEol);
    if (line.endsWith('\r'))
        line.chop(1);
    const qsizetype sp1 = line.indexOf(' ');
    const qsizetype sp2 = sp1 < 0 ? -1 : line.indexOf(' ', sp1 + 1);
    if (sp1 <= 0 || sp2 < 0 || line.indexOf(' ', sp2 + 1) >= 0)
        return refused(400, "malformed request line");
    const QByteArrayView method = line.first(sp1);
    const QByteArrayView target = line.sliced(sp1 + 1, sp2 - sp1 - 1);
    const QByteArrayView version = line.sliced(sp2 + 1);
    if (!isToken(method) || !isTarget(target) || !target.startsWith('/'))
        return refused(400, "malformed request line");
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return version.startsWith("HTTP/") ? refused(505, "HTTP version not supported") : refused(400, "malformed request line");
    p.head.method = method.toByteArray();
    p.head.target = target.toByteArray();
    const qsizetype query = target.indexOf('?');
    p.head.path = (query < 0 ? target : target.first(query)).toByteArray();
    const bool http10 = version == "HTTP/1.0";
    p.head.keepAlive = !http10;
    // A POST with a body is answered for its method (405, with Allow), not
    // its body (413): the method is what the client must change.
    const bool readOnlyMethod = method == "GET" || method == "HEAD";
    const auto bodyRefused = [readOnlyMethod] {
        return readOnlyMethod ? refused(413, "request bodies are not accepted") : refused(405, "only GET and HEAD");
    };

    int headers = 0;
    QByteArray contentLength;
    for (qsizetype at = firstEol + 1; at < end;) {
        const qsizetype eol = received.indexOf('\n', at);
        QByteArrayView h = received.sliced(at, eol - at);
        at = eol + 1;
        if (h.endsWith('\r'))
            h.chop(1);
        if (h.isEmpty())
            break;
        if (++headers > limits.maxHeaders)
            return refused(431, "too many request headers");
        const qsizetype colon = h.indexOf(':');
        if (colon <= 0 || !isToken(h.first(colon))) // also no space before the colon (RFC 9112, 5.1)
            return refused(400, "malformed header");
        const QByteArrayView name = h.first(colon);
        const QByteArrayView value = trimmed(h.sliced(colon + 1));
        for (const char c : value)
            if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f)
                return refused(400, "malformed header");
        if (equalsIgnoringCase(name, "content-length")) {
            if (!contentLength.isEmpty() && contentLength != value)
                return refused(400, "conflicting Content-Length");
            contentLength = value.toByteArray();
            bool ok = false;
            const qint64 n = contentLength.toLongLong(&ok);
            if (!ok || n < 0 || contentLength.startsWith('+'))
                return refused(400, "malformed Content-Length");
            if (n > 0)
                return bodyRefused();
        } else if (equalsIgnoringCase(name, "transfer-encoding")) {
            return bodyRefused();
        } else if (equalsIgnoringCase(name, "connection")) {
            if (hasConnectionOption(value, "close"))
                p.head.keepAlive = false;
            else if (http10 && hasConnectionOption(value, "keep-alive"))
                p.head.keepAlive = true;
        }
    }
    p.state = HttpParse::State::Complete;
    p.consumed = end;
    return p;
}

} // namespace pelscope
