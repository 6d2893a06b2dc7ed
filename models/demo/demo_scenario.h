// The demo incident in numbers and names: which streams, groups and consumers
// exist, how fast things happen, and the small pure helpers the workload
// shares (entry parsing, dead-letter payloads). No I/O here.
#pragma once

#include "../redis/redis_reply.h"

#include <QByteArray>
#include <QList>
#include <QMap>

namespace pelscope {

struct DemoWorkloadConfig
{
    QByteArray keyPrefix;    // e.g. "demo:" keeps the demo apart from real keys
    double rateScale = 1.0;  // multiplies every producer rate
    qint64 maxLen = 100'000; // XADD MAXLEN ~ bound, so an all-day demo stays small
};

namespace demo {

// Group and consumer names are not prefixed: they live inside the streams.
inline constexpr char kFulfillment[] = "fulfillment";
inline constexpr char kAnalytics[] = "analytics";
inline constexpr char kLedger[] = "ledger";
inline constexpr char kSender[] = "sender";
inline constexpr char kAudit[] = "audit";
inline constexpr char kDeadConsumer[] = "fulfillment-3";
inline constexpr char kRecoveryConsumer[] = "ledger-recovery";

inline constexpr int kTickMs = 200;
inline constexpr int kRecoveryMs = 1'000;
inline constexpr int kChurnMs = 30'000;

// Average producer rates (entries per second); each swings ±40 % on its own period.
inline constexpr double kOrdersPerSecond = 20.0;
inline constexpr double kPaymentsPerSecond = 8.0;
inline constexpr double kEmailsPerSecond = 5.0;
inline constexpr double kPoisonShare = 0.03;
// analytics keeps up with only this share of the orders rate, so its lag climbs.
inline constexpr double kAnalyticsShare = 0.6;

// Enough unread history that analytics starts above the 1,000 lag warning.
inline constexpr int kOrdersSeed = 3'000;
inline constexpr int kDeadLetterSeed = 48; // payments:dlq's history at start
inline constexpr int kEmailsSeed = 40;
// What the dead consumer swallowed before it died, and how old it should look.
inline constexpr int kDeadConsumerEntries = 40;
inline constexpr qint64 kDeadConsumerIdleMs = 900'000;

// Recovery policy from the operators' articles, shortened so the demo moves:
// min-idle 2 s instead of 5 min; dead-letter after 5 failed deliveries.
inline constexpr qint64 kRecoveryMinIdleMs = 2'000;
inline constexpr int kRecoveryClaimCount = 20;
inline constexpr int kRecoveryPendingScan = 100;
inline constexpr qint64 kDeadLetterAfter = 5;

// Churned sender names kept registered (as ghosts); older ones are deleted so
// an all-day demo keeps a readable consumer list.
inline constexpr int kMaxGhostSenders = 8;

struct Keys
{
    explicit Keys(const QByteArray &prefix)
        : orders(prefix + "orders")
        , payments(prefix + "payments")
        , emails(prefix + "emails")
        , paymentsDlq(prefix + "payments:dlq")
        , deploys(prefix + "deploys")
    {}
    QByteArray orders;
    QByteArray payments;
    QByteArray emails;
    QByteArray paymentsDlq;
    QByteArray deploys; // a deploy pipeline's marks (--annotations-stream)
};

struct Entry
{
    QByteArray id;
    QList<QByteArray> fields; // field, value, field, value ...
    bool missing = false;     // trimmed away while pending: id without a body
};

// [[id, [f, v, ...]], ...] as in XRANGE and XAUTOCLAIM replies.
QList<Entry> parseEntries(const RedisReply &array);
// XREADGROUP: nil, or [[stream, [[id, [f, v, ...]], ...]], ...]
QList<Entry> parseReadGroup(const RedisReply &reply);
// XPENDING key group - + N: [[id, consumer, idle, deliveries], ...] as id → deliveries.
QMap<QByteArray, qint64> parseDeliveryCounts(const RedisReply &reply);

QByteArray fieldValue(const Entry &entry, QByteArrayView field);
bool isPoison(const Entry &entry);

// The entry's fields as one JSON object, in stream order (QJsonObject would
// sort them), so a requeue can rebuild the entry field for field.
QByteArray fieldsToJson(const QList<QByteArray> &fields);

struct DeadLetterReason
{
    QByteArray category; // counted per category on the dashboard
    QByteArray reason;   // fixed, sanitised text: never payload content
};
DeadLetterReason classifyPayment(const Entry &entry);

// One EVAL that XADDs to the dead-letter stream and XACKs the source entry,
// atomically, and does nothing if the entry is no longer pending.
RedisCommand deadLetterCommand(const Keys &keys, const QByteArray &group, const Entry &entry, qint64 deliveries, qint64 maxLen);

} // namespace demo
} // namespace pelscope
