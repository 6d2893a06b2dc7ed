#include "dlq_layout.h"

namespace pelscope {

bool DlqLayout::isMetadata(const QByteArray &field) const
{
    return metadataFields.contains(field) || field.startsWith("dlq_") || field.startsWith("_dlq");
}

StreamFields DlqLayout::requeuedFields(const StreamFields &entry) const
{
    StreamFields out;
    for (const auto &fv : entry)
        if (!isMetadata(fv.first))
            out.append(fv);
    return out;
}

QList<QByteArray> defaultDlqConventions()
{
    return {"{}:dlq", "dlq:{}", "{}.dlq", "{}-dlq", "{}:dead"};
}

std::optional<QByteArray> sourceFromDlqName(const QByteArray &dlqKey, const QList<QByteArray> &conventions)
{
    for (const QByteArray &pattern : conventions) {
        const qsizetype at = pattern.indexOf("{}");
        if (at < 0)
            continue;
        const QByteArray prefix = pattern.left(at);
        const QByteArray suffix = pattern.mid(at + 2);
        if (dlqKey.size() > prefix.size() + suffix.size() && dlqKey.startsWith(prefix) && dlqKey.endsWith(suffix))
            return dlqKey.mid(prefix.size(), dlqKey.size() - prefix.size() - suffix.size());
    }
    return std::nullopt;
}

} // namespace pelscope
