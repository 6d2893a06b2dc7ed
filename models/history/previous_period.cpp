#include "previous_period.h"

#include "../snapshot/format.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace pelscope {

qint64 previousPeriodOffsetMs(PreviousPeriod period)
{
    switch (period) {
    case PreviousPeriod::None: return 0;
    case PreviousPeriod::Day: return 86'400'000;
    case PreviousPeriod::Week: return 7 * 86'400'000LL;
    }
    return 0;
}

void recordedSeries(const QList<StoredPoint> &points, Metric metric, qint64 shiftMs, QVector<double> &t, QVector<double> &v)
{
    t.clear();
    v.clear();
    QVector<qint64> steps;
    for (qsizetype i = 1; i < points.size(); ++i)
        steps << points.at(i).atMs - points.at(i - 1).atMs;
    qint64 usual = 0;
    if (!steps.isEmpty()) {
        std::nth_element(steps.begin(), steps.begin() + steps.size() / 2, steps.end());
        usual = steps.at(steps.size() / 2);
    }
    for (qsizetype i = 0; i < points.size(); ++i) {
        const StoredPoint &p = points.at(i);
        if (i > 0 && usual > 0 && p.atMs - points.at(i - 1).atMs > 3 * usual) {
            t << (p.atMs + points.at(i - 1).atMs + 2 * shiftMs) / 2000.0;
            v << std::nan("");
        }
        t << (p.atMs + shiftMs) / 1000.0;
        v << double(p.values[int(metric)]);
    }
}

namespace {

Reason periodReason(const char *code, const char *text, QList<ReasonArg> args = {})
{
    return Reason{code, "Period", text, std::move(args)};
}

Reason metricName(Metric metric)
{
    switch (metric) {
    case Metric::Lag: return periodReason("lag", QT_TRANSLATE_NOOP("Period", "lag"));
    case Metric::Pending: return periodReason("pending", QT_TRANSLATE_NOOP("Period", "pending"));
    case Metric::OldestIdleSeconds: return periodReason("oldest_idle", QT_TRANSLATE_NOOP("Period", "the oldest pending idle"));
    case Metric::BehindSeconds: return periodReason("behind", QT_TRANSLATE_NOOP("Period", "behind"));
    case Metric::InRate: return periodReason("in_rate", QT_TRANSLATE_NOOP("Period", "the in rate"));
    case Metric::OutRate: return periodReason("out_rate", QT_TRANSLATE_NOOP("Period", "the out rate"));
    case Metric::ConsumersAlive: return periodReason("consumers_alive", QT_TRANSLATE_NOOP("Period", "consumers alive"));
    case Metric::ConsumersTotal: return periodReason("consumers", QT_TRANSLATE_NOOP("Period", "consumers"));
    }
    return {};
}

// A value as its chart's readout says it: a count, a duration, a rate.
ReasonArg valueArg(Metric metric, double value)
{
    switch (metric) {
    case Metric::OldestIdleSeconds:
    case Metric::BehindSeconds: return ReasonArg::duration(qint64(std::llround(value * 1000)));
    case Metric::InRate:
    case Metric::OutRate: return ReasonArg::text(formatRate(value));
    default: return ReasonArg::count(qint64(std::llround(value)));
    }
}

// "6", "2.5": how many times, as a person says it.
QString factorText(double f)
{
    return f >= 10 ? QString::number(std::llround(f)) : QString::number(std::round(f * 10) / 10, 'f', f == std::round(f) ? 0 : 1);
}

} // namespace

std::optional<PeriodContrast> contrastWithPrevious(PreviousPeriod period, Metric metric, double now, double atSeconds,
                                                   const QVector<double> &previousT, const QVector<double> &previousV, double meaningful,
                                                   double factor)
{
    if (period == PreviousPeriod::None || std::isnan(now) || now < 0)
        return std::nullopt;
    QVector<double> near;
    for (qsizetype i = 0; i < previousT.size() && i < previousV.size(); ++i)
        if (std::abs(previousT.at(i) - atSeconds) <= 300 && !std::isnan(previousV.at(i)) && previousV.at(i) >= 0)
            near << previousV.at(i);
    if (near.isEmpty())
        return std::nullopt;
    std::nth_element(near.begin(), near.begin() + near.size() / 2, near.end());
    const double before = near.at(near.size() / 2);
    if (std::max(now, before) < meaningful)
        return std::nullopt;
    const double hi = std::max(now, before), lo = std::min(now, before);
    if (lo > 0 && hi < factor * lo)
        return std::nullopt;
    PeriodContrast c;
    c.now = now;
    c.before = before;
    c.above = now > before;
    const Reason when = period == PreviousPeriod::Day ? periodReason("day", QT_TRANSLATE_NOOP("Period", "the same time a day earlier"))
                                                      : periodReason("week", QT_TRANSLATE_NOOP("Period", "the same time a week earlier"));
    const QByteArray code = (c.above ? QByteArray("above_previous_") : QByteArray("below_previous_")) + when.code;
    const ReasonArg what = ReasonArg::note(metricName(metric));
    if (lo <= 0)
        c.reason = c.above ? periodReason(code, QT_TRANSLATE_NOOP("Period", "%1 is %2 where %3 it was none"),
                                          {what, valueArg(metric, now), ReasonArg::note(when)})
                           : periodReason(code, QT_TRANSLATE_NOOP("Period", "%1 is none where %3 it was %2"),
                                          {what, valueArg(metric, before), ReasonArg::note(when)});
    else
        c.reason = c.above ? periodReason(code, QT_TRANSLATE_NOOP("Period", "%1 is %2× %3 (%4 against %5)"),
                                          {what, ReasonArg::text(factorText(hi / lo)), ReasonArg::note(when), valueArg(metric, now),
                                           valueArg(metric, before)})
                           : periodReason(code, QT_TRANSLATE_NOOP("Period", "%1 is %2× lower than %3 (%4 against %5)"),
                                          {what, ReasonArg::text(factorText(hi / lo)), ReasonArg::note(when), valueArg(metric, now),
                                           valueArg(metric, before)});
    return c;
}

} // namespace pelscope
