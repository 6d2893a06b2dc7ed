#include "demo_traffic.h"

#include "demo_scenario.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pelscope {

namespace {

constexpr qsizetype kRecentOrders = 200;
constexpr double kSwing = 0.4;
// Different periods keep the three curves from moving in lockstep.
constexpr std::array<double, 3> kPeriodSeconds{180.0, 150.0, 240.0};
constexpr std::array<double, 3> kBaseRate{demo::kOrdersPerSecond, demo::kPaymentsPerSecond, demo::kEmailsPerSecond};

} // namespace

DemoTraffic::DemoTraffic(double rateScale)
    : m_random(QRandomGenerator::securelySeeded())
    , m_rateScale(std::max(rateScale, 0.0))
{
    for (double &p : m_phase)
        p = m_random.bounded(2.0 * std::numbers::pi);
    // Time-based so ids keep growing across restarts of the workload.
    const qint64 base = (QDateTime::currentSecsSinceEpoch() % 10'000'000) * 10;
    m_orderSeq = base;
    m_paymentSeq = base;
    m_recent.reserve(kRecentOrders);
}

double DemoTraffic::rate(Stream stream, double seconds) const
{
    const auto i = std::size_t(stream);
    const double wave = std::sin(2.0 * std::numbers::pi * seconds / kPeriodSeconds[i] + m_phase[i]);
    return kBaseRate[i] * m_rateScale * (1.0 + kSwing * wave);
}

int DemoTraffic::due(Stream stream, double seconds, double elapsed)
{
    const auto i = std::size_t(stream);
    const double r = rate(stream, seconds);
    // ±30 % per tick so the chart does not look machine-made.
    const double jitter = 0.7 + 0.6 * m_random.generateDouble();
    // A stalled connection must not turn into a burst when it comes back.
    m_owed[i] = std::min(m_owed[i] + r * elapsed * jitter, r * 2.0 + 1.0);
    const int n = int(m_owed[i]);
    m_owed[i] -= n;
    return n;
}

QByteArray DemoTraffic::pick(std::initializer_list<std::pair<const char *, int>> weighted)
{
    int total = 0;
    for (const auto &w : weighted)
        total += w.second;
    int roll = int(m_random.bounded(total));
    for (const auto &w : weighted) {
        if (roll < w.second)
            return w.first;
        roll -= w.second;
    }
    return weighted.begin()->first;
}

QList<QByteArray> DemoTraffic::nextOrder()
{
    const QByteArray currency = pick({{"EUR", 50}, {"USD", 30}, {"GBP", 15}, {"KRW", 5}});
    // Skewed towards small baskets, with the occasional large one.
    const double u = m_random.generateDouble();
    const double base = 8.0 + 300.0 * u * u;
    const QByteArray amount = currency == "KRW" ? QByteArray::number(qint64(base * 1400.0)) : QByteArray::number(base, 'f', 2);
    Order order{"ord-" + QByteArray::number(++m_orderSeq).rightJustified(8, '0'), "cust-" + QByteArray::number(10'000 + m_random.bounded(5'000)),
                amount};
    const QByteArray items = QByteArray::number(1 + m_random.bounded(6));

    if (m_recent.size() < kRecentOrders)
        m_recent.append(order);
    else
        m_recent[m_recentNext] = order;
    m_recentNext = (m_recentNext + 1) % kRecentOrders;

    return {"order_id", order.id, "customer", order.customer, "amount", amount, "currency", currency, "items", items};
}

const DemoTraffic::Order &DemoTraffic::recentOrder()
{
    if (m_recent.isEmpty())
        nextOrder(); // payments before the first order still name a real-looking one
    // Recent orders are the likeliest to be paid or mailed about.
    const qsizetype window = std::min<qsizetype>(m_recent.size(), 50);
    const qsizetype back = 1 + m_random.bounded(int(window));
    return m_recent.at((m_recentNext - back + m_recent.size()) % m_recent.size());
}

QList<QByteArray> DemoTraffic::nextPayment()
{
    const Order order = recentOrder();
    const QByteArray id = "pay-" + QByteArray::number(++m_paymentSeq).rightJustified(8, '0');
    QByteArray method = pick({{"card", 60}, {"paypal", 20}, {"apple_pay", 12}, {"bank_transfer", 8}});
    QByteArray amount = order.amount;

    if (m_random.generateDouble() >= demo::kPoisonShare)
        return {"payment_id", id, "order_id", order.id, "amount", amount, "method", method};

    // Two defects, so the dead-letter stream shows more than one category.
    if (m_random.bounded(2) == 0)
        amount.prepend('-');
    else
        method = "corrupted";
    return {"payment_id", id, "order_id", order.id, "amount", amount, "method", method, "poison", "1"};
}

QList<QByteArray> DemoTraffic::nextEmail()
{
    const Order order = recentOrder();
    const QByteArray to = "customer" + order.customer.mid(5) + "@example.com";
    const QByteArray tmpl = pick({{"order_confirmation", 60}, {"payment_receipt", 30}, {"shipping_update", 10}});
    return {"to", to, "template", tmpl, "order_id", order.id};
}

} // namespace pelscope
