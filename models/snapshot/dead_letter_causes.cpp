#include "dead_letter_causes.h"

#include <algorithm>

namespace pelscope {

DeadLetterCauses topDeadLetterCauses(const QList<DeadLetterSnapshot> &deadLetters, int limit)
{
    QMap<QByteArray, qint64> merged;
    DeadLetterCauses out;
    for (const DeadLetterSnapshot &d : deadLetters) {
        out.sampled += d.categoriesSampled;
        for (auto it = d.categories.constBegin(); it != d.categories.constEnd(); ++it)
            merged[it.key() == "(none)" ? QByteArray() : it.key()] += it.value();
    }
    for (auto it = merged.constBegin(); it != merged.constEnd(); ++it)
        out.top.append({it.key(), it.value()});
    std::stable_sort(out.top.begin(), out.top.end(), [](const DeadLetterCause &a, const DeadLetterCause &b) { return a.count > b.count; });
    out.distinct = out.top.size();
    if (out.top.size() > limit)
        out.top.resize(std::max(limit, 0));
    return out;
}

} // namespace pelscope
