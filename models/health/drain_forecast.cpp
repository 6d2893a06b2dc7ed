#include "drain_forecast.h"

#include "health_rules.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdlib>

namespace pelscope {

void BacklogSeries::include(const Sample &sample, double sign)
{
    const double t = double(sample.atMs - m_originMs) / 1000.0;
    const double v = double(sample.value);
    m_n += sign;
    m_st += sign * t;
    m_sv += sign * v;
    m_stt += sign * t * t;
    m_stv += sign * t * v;
}

void BacklogSeries::add(qint64 nowMs, qint64 value, qint64 windowMs)
{
    if (!m_samples.empty() && nowMs <= m_samples.back().atMs)
        return;
    while (m_samples.size() > 1 && m_samples[1].atMs <= nowMs - windowMs) {
        if (!m_dirty)
            include(m_samples.front(), -1);
        if (std::abs(m_samples[1].value - m_samples[0].value) >= m_step)
            m_stepDirty = true; // the largest step may have left
        m_samples.pop_front();
        ++m_changes;
    }
    if (m_samples.empty() || nowMs - m_samples.back().atMs >= windowMs / 32) {
        if (!m_samples.empty())
            m_step = std::max(m_step, std::abs(value - m_samples.back().value));
        m_samples.push_back({nowMs, value});
        if (!m_dirty)
            include(m_samples.back(), +1);
        ++m_changes;
    }
    if (m_changes >= kResumAfter)
        m_dirty = true; // added and taken away long enough: summed afresh, nothing drifts
}

void BacklogSeries::refreshSums()
{
    if (m_stepDirty || m_dirty) {
        m_step = 0;
        for (size_t i = 1; i < m_samples.size(); ++i)
            m_step = std::max(m_step, std::abs(m_samples[i].value - m_samples[i - 1].value));
        m_stepDirty = false;
    }
    if (!m_dirty)
        return;
    m_dirty = false;
    m_changes = 0;
    m_originMs = m_samples.empty() ? 0 : m_samples.front().atMs;
    m_n = m_st = m_sv = m_stt = m_stv = 0;
    for (const Sample &sample : m_samples)
        include(sample, +1);
}

qint64 BacklogSeries::largestStep() const
{
    if (!m_stepDirty && !m_dirty)
        return m_step;
    qint64 step = 0;
    for (size_t i = 1; i < m_samples.size(); ++i)
        step = std::max(step, std::abs(m_samples[i].value - m_samples[i - 1].value));
    return step;
}

DrainForecast BacklogSeries::forecast(qint64 nowMs, std::optional<qint64> backlog, qint64 windowMs, const std::optional<WindowRate> &in,
                                      const std::optional<WindowRate> &out)
{
    DrainForecast f;
    if (!backlog) {
        m_samples.clear();
        m_dirty = true;
        m_stepDirty = true;
        f.why = healthReason("drain_unknown_backlog", QT_TRANSLATE_NOOP("Health", "the backlog is unknown this poll"));
        return f;
    }
    add(nowMs, *backlog, windowMs);
    f.basisMs = m_samples.empty() ? 0 : nowMs - m_samples.front().atMs;
    if (f.basisMs < kDrainMinBasisMs) {
        f.why = healthReason("drain_too_few_polls", QT_TRANSLATE_NOOP("Health", "too few polls: %1 of the %2 a forecast needs"),
                             {ReasonArg::duration(f.basisMs), ReasonArg::duration(kDrainMinBasisMs)});
        return f;
    }
    // Least squares over the window's samples and now: a batch reader's
    // sawtooth, read at any phase, moves the slope by its height over the
    // window at most, where two end points moved it by all of it.
    // The slope does not depend on where t = 0 is: the kept samples' sums
    // (relative to the first) stand until the samples change; now is added.
    refreshSums();
    double n = m_n, st = m_st, sv = m_sv, stt = m_stt, stv = m_stv;
    if (m_samples.back().atMs != nowMs) {
        const double t = double(nowMs - m_originMs) / 1000.0;
        n += 1;
        st += t;
        sv += double(*backlog);
        stt += t * t;
        stv += t * double(*backlog);
    }
    const double denominator = n * stt - st * st;
    f.perSecond = denominator > 0 ? (n * stv - st * sv) / denominator : 0.0;
    // In ≈ out within 5 % of the flow, two items over the window, or one
    // and a half of the largest step between two polls (a batch reader's
    // batch: the fit of a sawtooth moves by about that over the window): steady.
    const double flow = std::max(in ? in->perSecond : 0.0, out ? out->perSecond : 0.0);
    const qint64 step = std::max(m_step, std::abs(*backlog - m_samples.back().value));
    const double tolerance = std::max({0.05 * flow, 2000.0 / double(f.basisMs), 1500.0 * double(step) / double(f.basisMs)});
    if (out && out->perSecond <= 0 && *backlog > 0 && f.perSecond > -tolerance) {
        f.why = healthReason("drain_nothing_read", QT_TRANSLATE_NOOP("Health", "nothing read in %1: no pace to forecast from"),
                             {ReasonArg::duration(out->windowMs)});
        return f;
    }
    if (*backlog == 0 && f.perSecond <= tolerance) {
        f.state = DrainForecast::State::Steady;
        f.why = healthReason("drain_clear", QT_TRANSLATE_NOOP("Health", "nothing waiting"));
        return f;
    }
    if (f.perSecond < -tolerance) {
        f.state = DrainForecast::State::Draining;
        f.etaMs = qint64(double(*backlog) / -f.perSecond * 1000.0);
        f.why = healthReason("draining", QT_TRANSLATE_NOOP("Health", "clears in about %1 at the pace of the last %2 (%3 fewer a second)"),
                             {ReasonArg::duration(*f.etaMs), ReasonArg::duration(f.basisMs), ReasonArg::text(QString::number(-f.perSecond, 'f', 1))});
    } else if (f.perSecond > tolerance) {
        f.state = DrainForecast::State::Growing;
        f.why = healthReason("growing", QT_TRANSLATE_NOOP("Health", "will not drain at this pace: %1 more a second over the last %2"),
                             {ReasonArg::text(QString::number(f.perSecond, 'f', 1)), ReasonArg::duration(f.basisMs)});
    } else {
        f.state = DrainForecast::State::Steady;
        f.why = healthReason("steady", QT_TRANSLATE_NOOP("Health", "holds at about %1: as much goes out as comes in over the last %2"),
                             {ReasonArg::count(*backlog), ReasonArg::duration(f.basisMs)});
    }
    return f;
}

} // namespace pelscope
