#include "demo_past.h"

#include "../history/history_database.h"
#include "../text/fill_text.h"
#include "demo_scenario.h"

#include <cmath>
#include <limits>

namespace pelscope {

namespace {

constexpr qint64 kSpanMs = 30LL * 60'000;
constexpr qint64 kStepMs = 5'000;

StoredPoint point(float lag, float pending, float idle, float in, float out, float alive, float total, float idleUpper, float maxDlv, Health status,
                  float behind = 0)
{
    StoredPoint p;
    const float v[MetricCount] = {lag, pending, idle, in, out, alive, total, behind};
    std::copy(std::begin(v), std::end(v), p.values);
    p.idleUpperSeconds = idleUpper;
    p.maxDeliveries = maxDlv;
    p.status = status;
    return p;
}

} // namespace

bool writeDemoPast(const QString &path, qint64 nowMs, const QByteArray &prefix, const DemoRate &rate, QString *error)
{
    HistoryDatabase db(path);
    db.setConnectionLabel(QStringLiteral("demo (simulated past)"));
    if (!db.open(error))
        return false;
    const demo::Keys keys(prefix);
    // fulfillment-3 died 15 minutes ago holding 40 entries; analytics falls
    // behind steadily; the ledger keeps dead-lettering poison payments (its
    // dead-letter stream is seeded apart).
    const qint64 start = nowMs - kSpanMs;
    const qint64 deathMs = nowMs - demo::kDeadConsumerIdleMs;
    // The same half hour a day earlier, a calm day: analytics kept up (lag
    // in the low hundreds) and everyone acknowledged, so "Compare with ▸ a
    // day earlier" has a day to draw, and today stands out against it.
    for (qint64 t = start - 86'400'000; t < nowMs - 86'400'000 - kStepMs; t += kStepMs) {
        const double minutes = double(t - start + 86'400'000) / 60'000.0;
        const double wobble = std::sin(minutes * 1.3);
        const float ordersIn = float(rate(DemoTraffic::Stream::Orders, t + 86'400'000));
        const float paymentsIn = float(rate(DemoTraffic::Stream::Payments, t + 86'400'000));
        const float emailsIn = float(rate(DemoTraffic::Stream::Emails, t + 86'400'000));
        const float calmLag = float(120 + 60 * std::abs(wobble));
        QList<RecordedGroup> groups{
            {{keys.orders, demo::kFulfillment}, point(0, float(2 + int(3 * std::abs(wobble))), 1.0f, ordersIn, ordersIn, 3, 3, 1.0f, 1, Health::Ok)},
            {{keys.orders, demo::kAnalytics},
             point(calmLag, 2, 0.2f, ordersIn, ordersIn, 1, 1, 0.2f, 1, Health::Ok, float(calmLag / demo::kOrdersPerSecond))},
            {{keys.payments, demo::kLedger}, point(0, 2, 1.0f, paymentsIn, paymentsIn, 3, 3, 1.0f, 1, Health::Ok)},
            {{keys.emails, demo::kSender}, point(0, 1, 0.2f, emailsIn, emailsIn, 2, 2, 0.2f, 1, Health::Ok)},
        };
        for (RecordedGroup &g : groups)
            g.point.atMs = t;
        if (!db.writePoll(t, groups, {}, error))
            return false;
    }
    for (qint64 t = start; t < nowMs - kStepMs; t += kStepMs) {
        const double minutes = double(t - start) / 60'000.0;
        const double wobble = std::sin(minutes * 1.3);
        const bool dead = t >= deathMs;
        const float idle = dead ? float(t - deathMs) / 1000.0f : float(1.0 + std::abs(wobble));
        const float fulfillmentPending = dead ? float(demo::kDeadConsumerEntries + 2) : float(2 + int(3 * std::abs(wobble)));
        const Health fulfillment = idle >= 300 ? Health::Crit : idle >= 60 ? Health::Warn : Health::Ok;
        const float analyticsLag = float(demo::kOrdersSeed * (0.3 + 0.7 * double(t - start) / double(kSpanMs)) + 40 * wobble);
        const float ordersIn = float(rate(DemoTraffic::Stream::Orders, t));
        const float paymentsIn = float(rate(DemoTraffic::Stream::Payments, t));
        const float emailsIn = float(rate(DemoTraffic::Stream::Emails, t));
        QList<RecordedGroup> groups{
            {{keys.orders, demo::kFulfillment}, point(0, fulfillmentPending, idle, ordersIn, ordersIn, dead ? 2 : 3, 3, idle, 1, fulfillment)},
            {{keys.orders, demo::kAnalytics},
             point(analyticsLag, 2, 0.2f, ordersIn, float(ordersIn * demo::kAnalyticsShare), 1, 1, 0.2f, 1,
                   analyticsLag >= 1000 ? Health::Warn : Health::Ok, float(analyticsLag / (demo::kOrdersPerSecond * (1 - demo::kAnalyticsShare))))},
            {{keys.payments, demo::kLedger},
             // Two workers and a recovery worker keep up; a poison payment is
             // retried up to 4 times and then dead-lettered, so the live verdict
             // is OK as here (a WARN past turned OK at the first live poll, a
             // change that never happened).
             point(0, float(2 + std::abs(wobble)), 1.0f, paymentsIn, paymentsIn, 3, 3, 1.0f, float(1 + int(3 * std::abs(wobble))), Health::Ok)},
            {{keys.emails, demo::kSender},
             point(0, 1, 0.2f, emailsIn, emailsIn, 2, 2, 0.2f, 1, Health::Ok)},
            {{keys.emails, demo::kAudit}, point(kNaN, 0, 0, emailsIn, kNaN, 0, 0, 0, kNaN, Health::Warn, kNaN)},
        };
        for (RecordedGroup &g : groups)
            g.point.atMs = t;
        if (!db.writePoll(t, groups, {}, error))
            return false;
    }
    StoredEvent died;
    died.atMs = deathMs;
    died.group = GroupKey{keys.orders, demo::kFulfillment};
    died.kind = QStringLiteral("note");
    died.text = fillText(QStringLiteral("simulated: %1 stopped acknowledging, holding %2 entries"), QLatin1String(demo::kDeadConsumer),
                         demo::kDeadConsumerEntries);
    db.writeEvent(died, error);
    return db.flushOpenBuckets(error);
}

} // namespace pelscope
