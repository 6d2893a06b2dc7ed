// Bounds what one reply may cost before hiredis's reader allocates it: a
// hostile or broken server can announce a 9 GB bulk string or a two-billion
// element array, and the reader would try to hold it. RespGuard follows the
// RESP framing of the bytes as they arrive (headers only; bulk payloads are
// counted, not copied) and says no as soon as a header or a running total
// passes its limit, so the connection drops before the memory is spent.
#pragma once

#include "../values/reply_limits.h"

#include <QByteArray>
#include <QString>
#include <vector>

namespace pelscope {

class RespGuard
{
public:
    explicit RespGuard(ReplyLimits limits = {})
        : m_limits(limits)
    {}

    void reset();
    // Follows `size` more bytes of the stream. False once a limit is passed
    // (error() says which); the stream cannot be followed after that.
    bool feed(const char *data, qsizetype size);
    const QString &error() const { return m_error; }
    // Whole replies seen since the last reset(): the index of the command
    // whose reply is being read, to name it in a message.
    qint64 repliesCompleted() const { return m_completed; }

private:
    bool onLine();
    bool elementDone();
    bool fail(QString message);

    ReplyLimits m_limits;
    QByteArray m_line;                // header or simple line being read
    qint64 m_bulkLeft = 0;            // payload bytes (and CRLF) still to skip
    std::vector<qint64> m_aggregates; // elements still expected, innermost last
    qint64 m_replyBytes = 0;
    qint64 m_replyElements = 0;
    qint64 m_completed = 0;
    QString m_error;
};

// "9.0 GB", "512 MB", "734 B": for messages about sizes.
QString formatBytes(qint64 bytes);

} // namespace pelscope
