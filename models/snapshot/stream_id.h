// Stream entry IDs ("<ms>-<seq>") as comparable values.
#pragma once

#include <QByteArray>
#include <compare>
#include <cstdint>
#include <optional>

namespace pelscope {

struct StreamId
{
    quint64 ms = 0;
    quint64 seq = 0;

    auto operator<=>(const StreamId &) const = default;

    static std::optional<StreamId> parse(const QByteArray &text);
    QByteArray toBytes() const;
    // The smallest ID after this one: where an inclusive range continues.
    StreamId next() const { return seq == UINT64_MAX ? StreamId{ms + 1, 0} : StreamId{ms, seq + 1}; }
};

} // namespace pelscope
