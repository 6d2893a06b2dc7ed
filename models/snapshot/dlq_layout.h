// How a dead-letter entry maps back onto its source: which fields are the
// DLQ's own metadata (never copied back) and where the entry came from.
#pragma once

#include "../values/stream_fields.h"

#include <optional>

namespace pelscope {

// The fields Pelscope itself adds when it moves an entry to a DLQ (pending
// to-dlq) are named under this prefix, so a payload's own `source_stream`,
// `group` or `error` survives the round trip byte for byte and never names
// the target (issue 47: an order went to `inventory` with only `order_id`).
inline constexpr char kPelscopeFieldPrefix[] = "pelscope:";

struct DlqLayout
{
    // Not copied back on requeue; anything prefixed dlq_ or _dlq neither.
    QList<QByteArray> metadataFields = {"category",      "reason",    "error", "delivery_count", "deliveries",
                                        "source_stream", "source_id", "group", "consumer",       "failed_at"};

    bool isMetadata(const QByteArray &field) const;
    // The fields a requeue writes, byte for byte and in their original order:
    // an entry Pelscope moved (it has pelscope: fields) loses exactly those;
    // any other (an application's dead letter) its metadataFields.
    StreamFields requeuedFields(const StreamFields &entry) const;
    // Where the entry came from by its fields: Pelscope's own
    // pelscope:source_stream for an entry Pelscope moved (never the
    // payload's), else the application's source_stream; nullopt: neither.
    static std::optional<QByteArray> sourceStreamOf(const StreamFields &entry);
    // Whether Pelscope moved it there (any field under kPelscopeFieldPrefix).
    static bool movedByPelscope(const StreamFields &entry);
    // A field's value: the application's `name`, else Pelscope's
    // `pelscope:name`; empty when neither.
    static QByteArray valueOf(const StreamFields &entry, const QByteArray &name);
    // Whether the field `name` as valueOf reads it is there and holds `value` (empty included).
    static bool fieldMatches(const StreamFields &entry, const QByteArray &name, const QByteArray &value);
    // What a dead letter is grouped by (the DLQ page's chart, dlq list, the
    // probe's sample): its category, else its error text (error, reason,
    // exception), the application's before Pelscope's, with the numbers in
    // an error folded to "#" ("order 1234 failed" and "order 98 failed" are
    // one cause); empty when it has none of those fields.
    static QByteArray causeOf(const StreamFields &entry);
    // The field causeOf read ("category", "error", "pelscope:reason", …);
    // empty when it found none.
    static QByteArray causeFieldOf(const StreamFields &entry);
};

// Naming conventions, "{}" standing for the source stream's key.
QList<QByteArray> defaultDlqConventions();
// The source a DLQ key names by convention ("orders:dlq" -> "orders").
std::optional<QByteArray> sourceFromDlqName(const QByteArray &dlqKey, const QList<QByteArray> &conventions = defaultDlqConventions());

} // namespace pelscope
