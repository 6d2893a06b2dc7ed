#include "format.h"
#include "../text/fill_text.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>
#include <limits>

namespace pelscope {

QString formatDuration(qint64 ms)
{
    if (ms < 0) // the lowest qint64 has no positive twin: a day short of it reads the same
        return QStringLiteral("-") + formatDuration(ms == std::numeric_limits<qint64>::min() ? std::numeric_limits<qint64>::max() : -ms);
    if (ms < 1000)
        return QCoreApplication::translate("Duration", "%1ms").arg(ms);
    qint64 s = ms / 1000;
    if (s < 60) {
        const qint64 tenths = (ms % 1000) / 100;
        return s < 10 && tenths ? fillText(QCoreApplication::translate("Duration", "%1.%2s"), s, tenths)
                                : QCoreApplication::translate("Duration", "%1s").arg(s);
    }
    const qint64 d = s / 86400;
    const qint64 h = (s % 86400) / 3600;
    const qint64 m = (s % 3600) / 60;
    s %= 60;
    if (d > 0)
        return fillText(QCoreApplication::translate("Duration", "%1d%2h%3m"), d, h, m);
    if (h > 0)
        return fillText(QCoreApplication::translate("Duration", "%1h%2m"), h, m);
    return fillText(QCoreApplication::translate("Duration", "%1m%2s"), m, QString::number(s).rightJustified(2, QLatin1Char('0')));
}

// About 285 years: far past any sensible duration, far below what a qint64 holds.
constexpr double kMaxDurationMs = 9.0e15;

std::optional<qint64> parseDurationMs(const QString &input)
{
    const QString text = input.trimmed().toLower();
    if (text.isEmpty())
        return std::nullopt;
    struct Unit
    {
        const char *suffix;
        double factor;
    };
    static const Unit units[] = {{"ms", 1}, {"s", 1000}, {"m", 60000}, {"h", 3600000}, {"d", 86400000}};
    for (const Unit &u : units) {
        const QString suffix = QString::fromLatin1(u.suffix);
        if (text.endsWith(suffix)) {
            const QString number = text.left(text.size() - suffix.size());
            // "ms" also ends with "s": let the "ms" entry (first) win.
            bool ok = false;
            const double v = number.toDouble(&ok);
            if (!ok || !(v >= 0) || v * u.factor > kMaxDurationMs) // found by fuzz_config: 1e29 overflowed
                return std::nullopt;
            return std::llround(v * u.factor);
        }
    }
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !(v >= 0) || v * 1000 > kMaxDurationMs)
        return std::nullopt;
    return std::llround(v * 1000);
}

std::optional<qint64> parseByteSize(const QString &input)
{
    const QString text = input.trimmed().toUpper();
    struct Unit
    {
        const char *suffix;
        qint64 factor;
    };
    static const Unit units[] = {{"TB", 1LL << 40}, {"GB", 1LL << 30}, {"MB", 1LL << 20}, {"KB", 1LL << 10}, {"B", 1}};
    qint64 factor = 1;
    QString number = text;
    for (const Unit &u : units) {
        if (text.endsWith(QLatin1String(u.suffix))) {
            factor = u.factor;
            number = text.left(text.size() - qsizetype(strlen(u.suffix))).trimmed();
            break;
        }
    }
    bool ok = false;
    const double v = number.toDouble(&ok);
    if (!ok || !(v >= 0) || v * double(factor) > 9.0e18)
        return std::nullopt;
    return qint64(v * double(factor));
}

QString formatCount(qint64 n)
{
    return QLocale(QLocale::English).toString(n);
}

QString productName(const QString &product)
{
    if (product == QLatin1String("redis"))
        return QStringLiteral("Redis");
    if (product == QLatin1String("valkey"))
        return QStringLiteral("Valkey");
    return product;
}

QString jobQueueTitle(const JobQueueSnapshot &q)
{
    const bool defaultPrefix = q.prefix.isEmpty() || (q.framework == JobFramework::BullMQ && q.prefix == "bull")
                               || (q.framework == JobFramework::Rq && q.prefix == "rq")
                               || (q.framework == JobFramework::Dramatiq && q.prefix == "dramatiq");
    return defaultPrefix ? fillText(QStringLiteral("%1 %2"), frameworkName(q.framework), displayBytes(q.name))
                         : fillText(QStringLiteral("%1 %2:%3"), frameworkName(q.framework), displayBytes(q.prefix), displayBytes(q.name));
}

QString formatRate(double perSecond)
{
    return QString::number(perSecond, 'f', perSecond < 10 ? 1 : 0) + QStringLiteral("/s");
}

} // namespace pelscope
