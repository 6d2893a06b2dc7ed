// Believable business traffic for the demo: rates that swing like a busy day
// compressed into minutes, and entries whose fields refer to each other
// (payments and e-mails name orders that were really placed).
#pragma once

#include <QByteArray>
#include <QList>
#include <QRandomGenerator>
#include <array>

namespace pelscope {

class DemoTraffic
{
public:
    enum class Stream { Orders = 0, Payments = 1, Emails = 2 };

    explicit DemoTraffic(double rateScale = 1.0);

    // Entries per second for `stream`, `seconds` after the workload started.
    double rate(Stream stream, double seconds) const;
    // How many entries to add now, for `elapsed` seconds since the last call.
    // Fractions carry over, so low rates still come out right on average.
    int due(Stream stream, double seconds, double elapsed);

    // Field/value lists, ready to follow "XADD key MAXLEN ~ n *".
    QList<QByteArray> nextOrder();
    QList<QByteArray> nextPayment(); // about 3 % carry poison=1
    QList<QByteArray> nextEmail();

private:
    struct Order
    {
        QByteArray id;
        QByteArray customer;
        QByteArray amount;
    };

    const Order &recentOrder();
    QByteArray pick(std::initializer_list<std::pair<const char *, int>> weighted);

    QRandomGenerator m_random;
    double m_rateScale;
    std::array<double, 3> m_owed{};
    std::array<double, 3> m_phase{};
    qint64 m_orderSeq;
    qint64 m_paymentSeq;
    QList<Order> m_recent; // ring of the latest orders
    qsizetype m_recentNext = 0;
};

} // namespace pelscope
