#include "dlq_layout.h"

#include <algorithm>

namespace pelscope {

bool DlqLayout::isMetadata(const QByteArray &field) const
{
    return metadataFields.contains(field) || field.startsWith("dlq_") || field.startsWith("_dlq");
}

bool DlqLayout::movedByPelscope(const StreamFields &entry)
{
    return std::any_of(entry.cbegin(), entry.cend(), [](const auto &fv) { return fv.first.startsWith(kPelscopeFieldPrefix); });
}

StreamFields DlqLayout::requeuedFields(const StreamFields &entry) const
{
    const bool ours = movedByPelscope(entry);
    StreamFields out;
    for (const auto &fv : entry)
        if (ours ? !fv.first.startsWith(kPelscopeFieldPrefix) : !isMetadata(fv.first))
            out.append(fv);
    return out;
}

std::optional<QByteArray> DlqLayout::sourceStreamOf(const StreamFields &entry)
{
    const bool ours = movedByPelscope(entry);
    const QByteArray name = ours ? QByteArray(kPelscopeFieldPrefix) + "source_stream" : QByteArray("source_stream");
    for (const auto &fv : entry)
        if (fv.first == name && !fv.second.isEmpty())
            return fv.second;
    return std::nullopt;
}

QByteArray DlqLayout::valueOf(const StreamFields &entry, const QByteArray &name)
{
    const QByteArray ours = QByteArray(kPelscopeFieldPrefix) + name;
    QByteArray theirs;
    for (const auto &fv : entry) {
        if (fv.first == name)
            return fv.second;
        if (fv.first == ours && theirs.isEmpty())
            theirs = fv.second;
    }
    return theirs;
}

bool DlqLayout::fieldMatches(const StreamFields &entry, const QByteArray &name, const QByteArray &value)
{
    const QByteArray ours = QByteArray(kPelscopeFieldPrefix) + name;
    std::optional<QByteArray> theirs;
    for (const auto &fv : entry) {
        if (fv.first == name)
            return fv.second == value;
        if (fv.first == ours && !theirs)
            theirs = fv.second;
    }
    return theirs && *theirs == value;
}

QByteArray DlqLayout::causeOf(const StreamFields &entry)
{
    if (const QByteArray category = valueOf(entry, "category"); !category.isEmpty())
        return category;
    for (const char *name : {"error", "reason", "exception", "error_message"}) {
        const QByteArray text = valueOf(entry, name);
        if (text.isEmpty())
            continue;
        // The text's shape: each run of digits one "#", at most 120 bytes.
        QByteArray shape;
        shape.reserve(std::min<qsizetype>(text.size(), 120));
        for (qsizetype i = 0; i < text.size() && shape.size() < 120; ++i) {
            const char c = text.at(i);
            if (c >= '0' && c <= '9') {
                if (!shape.endsWith('#'))
                    shape += '#';
            } else {
                shape += c;
            }
        }
        return shape;
    }
    return {};
}

QByteArray DlqLayout::causeFieldOf(const StreamFields &entry)
{
    // causeOf's order, and valueOf's rule: the application's field, when
    // there (empty: the next name), else Pelscope's.
    for (const char *name : {"category", "error", "reason", "exception", "error_message"}) {
        const QByteArray ours = QByteArray(kPelscopeFieldPrefix) + name;
        const auto app = std::find_if(entry.cbegin(), entry.cend(), [&](const auto &fv) { return fv.first == name; });
        if (app != entry.cend()) {
            if (!app->second.isEmpty())
                return name;
            continue;
        }
        if (!valueOf(entry, name).isEmpty())
            return ours;
    }
    return {};
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
