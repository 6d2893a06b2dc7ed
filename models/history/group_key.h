// A consumer group, by its stream and name: the key of every per-group series.
#pragma once

#include <QByteArray>
#include <QHashFunctions>

namespace pelscope {

struct GroupKey
{
    QByteArray stream;
    QByteArray group;

    friend bool operator==(const GroupKey &a, const GroupKey &b) { return a.stream == b.stream && a.group == b.group; }
    friend bool operator<(const GroupKey &a, const GroupKey &b) { return a.stream != b.stream ? a.stream < b.stream : a.group < b.group; }
};

inline size_t qHash(const GroupKey &k, size_t seed = 0) noexcept
{
    return qHashMulti(seed, k.stream, k.group);
}

} // namespace pelscope
