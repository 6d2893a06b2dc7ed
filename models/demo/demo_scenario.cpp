#include "demo_scenario.h"

#include <QString>

namespace pelscope::demo {

namespace {

// Checks pending first: a Lua error after a write does not roll the write back,
// so "XADD then fail on XACK" (as in the article) could leave a dead letter for
// an entry another worker already settled. Field/value pairs go to XADD as
// separate arguments; Redis rejects a Lua table there.
constexpr char kDeadLetterScript[] = R"lua(
-- KEYS[1] source stream, KEYS[2] dead-letter stream
-- ARGV: group, id, payload, category, reason, delivery_count, dlq maxlen
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[2], ARGV[2], 1)
if #pending == 0 then
  return redis.error_reply('NOTPENDING ' .. ARGV[2] .. ' is no longer pending')
end
local dlqId = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[7], '*',
  'payload', ARGV[3],
  'category', ARGV[4],
  'reason', ARGV[5],
  'delivery_count', ARGV[6],
  'source_stream', KEYS[1],
  'source_id', ARGV[2])
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
return dlqId
)lua";

void appendJsonString(QByteArray &out, const QByteArray &bytes)
{
    // Demo payloads are ASCII; bytes that are not valid UTF-8 would become
    // U+FFFD here, which is acceptable for generated data only.
    const QByteArray utf8 = QString::fromUtf8(bytes).toUtf8();
    out += '"';
    for (const char b : utf8) {
        const auto c = static_cast<unsigned char>(b);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20)
                out += "\\u00" + QByteArray::number(c, 16).rightJustified(2, '0');
            else
                out += b;
        }
    }
    out += '"';
}

} // namespace

QList<Entry> parseEntries(const RedisReply &array)
{
    QList<Entry> entries;
    if (!array.isArray())
        return entries;
    entries.reserve(array.size());
    for (const RedisReply &item : array.elements()) {
        if (!item.isArray() || item.size() < 1 || !item.at(0).isString())
            continue;
        Entry e;
        e.id = item.at(0).bytes();
        if (item.size() > 1 && item.at(1).isArray()) {
            for (const RedisReply &part : item.at(1).elements())
                e.fields.append(part.bytes());
        } else {
            e.missing = true;
        }
        entries.append(std::move(e));
    }
    return entries;
}

QList<Entry> parseReadGroup(const RedisReply &reply)
{
    QList<Entry> entries;
    if (!reply.isArray())
        return entries;
    for (const RedisReply &stream : reply.elements()) {
        if (stream.isArray() && stream.size() >= 2)
            entries += parseEntries(stream.at(1));
    }
    return entries;
}

QMap<QByteArray, qint64> parseDeliveryCounts(const RedisReply &reply)
{
    QMap<QByteArray, qint64> counts;
    if (!reply.isArray())
        return counts;
    for (const RedisReply &row : reply.elements()) {
        if (row.isArray() && row.size() >= 4)
            counts.insert(row.at(0).bytes(), row.at(3).toInt().value_or(0));
    }
    return counts;
}

QByteArray fieldValue(const Entry &entry, QByteArrayView field)
{
    for (qsizetype i = 0; i + 1 < entry.fields.size(); i += 2) {
        if (entry.fields.at(i) == field)
            return entry.fields.at(i + 1);
    }
    return {};
}

bool isPoison(const Entry &entry)
{
    return fieldValue(entry, "poison") == "1";
}

QByteArray fieldsToJson(const QList<QByteArray> &fields)
{
    QByteArray out = "{";
    for (qsizetype i = 0; i + 1 < fields.size(); i += 2) {
        if (i > 0)
            out += ',';
        appendJsonString(out, fields.at(i));
        out += ':';
        appendJsonString(out, fields.at(i + 1));
    }
    out += '}';
    return out;
}

DeadLetterReason classifyPayment(const Entry &entry)
{
    bool ok = false;
    const double amount = fieldValue(entry, "amount").toDouble(&ok);
    if (!ok)
        return {"validation", "amount is not a number"};
    if (amount < 0)
        return {"validation", "amount is negative"};
    const QByteArray method = fieldValue(entry, "method");
    if (method != "card" && method != "paypal" && method != "bank_transfer" && method != "apple_pay")
        return {"schema", "unknown payment method"};
    return {"processing", "handler failed repeatedly"};
}

RedisCommand deadLetterCommand(const Keys &keys, const QByteArray &group, const Entry &entry, qint64 deliveries, qint64 maxLen)
{
    const DeadLetterReason why = classifyPayment(entry);
    return RedisCommand{"EVAL",
                        kDeadLetterScript,
                        "2",
                        keys.payments,
                        keys.paymentsDlq,
                        group,
                        entry.id,
                        fieldsToJson(entry.fields),
                        why.category,
                        why.reason,
                        QByteArray::number(deliveries),
                        QByteArray::number(maxLen)};
}

} // namespace pelscope::demo
