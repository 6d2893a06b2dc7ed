// How a dead-letter entry maps back onto its source: which fields are the
// DLQ's own metadata (never copied back) and where the entry came from.
#pragma once

#include "../values/stream_fields.h"

#include <optional>

namespace pelscope {

struct DlqLayout
{
    // Not copied back on requeue; anything prefixed dlq_ or _dlq neither.
    QList<QByteArray> metadataFields = {"category",      "reason",    "error", "delivery_count", "deliveries",
                                        "source_stream", "source_id", "group", "consumer",       "failed_at"};

    bool isMetadata(const QByteArray &field) const;
    // The fields a requeue writes, byte for byte and in their original order.
    StreamFields requeuedFields(const StreamFields &entry) const;
};

// Naming conventions, "{}" standing for the source stream's key.
QList<QByteArray> defaultDlqConventions();
// The source a DLQ key names by convention ("orders:dlq" -> "orders").
std::optional<QByteArray> sourceFromDlqName(const QByteArray &dlqKey, const QList<QByteArray> &conventions = defaultDlqConventions());

} // namespace pelscope
