#include "stream_id.h"

namespace pelscope {

std::optional<StreamId> StreamId::parse(const QByteArray &text)
{
    if (text.isEmpty())
        return std::nullopt;
    const qsizetype dash = text.indexOf('-');
    bool ok = false;
    StreamId id;
    id.ms = text.left(dash < 0 ? text.size() : dash).toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    if (dash >= 0) {
        id.seq = text.mid(dash + 1).toULongLong(&ok);
        if (!ok)
            return std::nullopt;
    }
    return id;
}

QByteArray StreamId::toBytes() const
{
    return QByteArray::number(ms) + '-' + QByteArray::number(seq);
}

} // namespace pelscope
