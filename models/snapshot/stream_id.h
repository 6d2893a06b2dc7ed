// Stream entry IDs ("<ms>-<seq>") as comparable values.
#pragma once

#include <QByteArray>
#include <compare>
#include <optional>

namespace pelscope {

struct StreamId
{
    quint64 ms = 0;
    quint64 seq = 0;

    auto operator<=>(const StreamId &) const = default;

    static std::optional<StreamId> parse(const QByteArray &text);
    QByteArray toBytes() const;
};

} // namespace pelscope
