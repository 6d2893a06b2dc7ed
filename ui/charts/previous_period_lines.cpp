#include "charts/previous_period_lines.h"

#include "charts/time_chart_widget.h"
#include "history/prometheus_backfill.h"
#include "text/fill_text.h"

#include <algorithm>
#include <cmath>

namespace pelscope {

namespace {

constexpr Metric kCharted[] = {Metric::Lag, Metric::Pending, Metric::OldestIdleSeconds, Metric::BehindSeconds, Metric::InRate, Metric::OutRate};

bool anyKnown(const QVector<double> &v)
{
    return std::any_of(v.cbegin(), v.cend(), [](double x) { return !std::isnan(x); });
}

} // namespace

PreviousPeriodLines::PreviousPeriodLines(const SharedHistoryStore *history, QObject *parent)
    : QObject(parent)
    , m_history(history)
{}

void PreviousPeriodLines::setPeriod(PreviousPeriod period)
{
    m_period = period;
    if (period == PreviousPeriod::None)
        m_shown = {};
}

void PreviousPeriodLines::follow(const GroupKey &key, int windowSeconds, qint64 fromMs, qint64 nowMs, int points)
{
    m_key = key;
    m_points = points;
    if (m_period == PreviousPeriod::None)
        return;
    const qint64 offset = previousPeriodOffsetMs(m_period);
    const bool same = m_shown.key == key && m_shown.period == m_period && m_shown.windowSeconds == windowSeconds;
    if (same && (m_shown.pending || nowMs - offset - m_shown.toMs < std::max<qint64>(10'000, windowSeconds * 1000LL / 60)))
        return;
    if (!same)
        m_shown = {};
    m_shown.key = key;
    m_shown.period = m_period;
    m_shown.windowSeconds = windowSeconds;
    m_shown.fromMs = fromMs - offset;
    m_shown.toMs = nowMs - offset;
    m_shown.request = ++m_requests;
    m_shown.pending = true;
    Q_EMIT seriesRequested(key, m_shown.fromMs, m_shown.toMs, m_shown.request);
}

QString PreviousPeriodLines::sourceText(const char *recorded) const
{
    const bool day = m_shown.period == PreviousPeriod::Day;
    if (qstrcmp(recorded, "file") == 0)
        return day ? tr("dashed: a day earlier, recorded") : tr("dashed: a week earlier, recorded");
    if (qstrcmp(recorded, "prometheus") == 0)
        return day ? tr("dashed: a day earlier, from Prometheus") : tr("dashed: a week earlier, from Prometheus");
    if (qstrcmp(recorded, "asking") == 0)
        return day ? tr("asking Prometheus for a day earlier…") : tr("asking Prometheus for a week earlier…");
    return day ? tr("nothing recorded a day earlier") : tr("nothing recorded a week earlier");
}

void PreviousPeriodLines::take(quint64 request, const QList<StoredPoint> &points)
{
    if (request != m_shown.request || !m_shown.pending)
        return; // an answer for another group, period or window
    const qint64 offset = previousPeriodOffsetMs(m_shown.period);
    QHash<int, std::pair<QVector<double>, QVector<double>>> series;
    bool known = false;
    for (const Metric metric : kCharted) {
        QVector<double> t, v;
        recordedSeries(points, metric, offset, t, v);
        known = known || anyKnown(v);
        series.insert(int(metric), {t, v});
    }
    const char *source = "file";
    if (!known && m_history) {
        // Nothing in the file (or history is kept in memory only): what the
        // window's memory holds (a day at most).
        series.clear();
        for (const Metric metric : kCharted) {
            SeriesWindow w = m_history->read([&](const HistoryStore &h) { return h.window(m_shown.key, metric, m_shown.fromMs, m_shown.toMs, m_points); });
            known = known || anyKnown(w.v);
            for (double &t : w.t)
                t += offset / 1000.0;
            series.insert(int(metric), {w.t, w.v});
        }
    }
    if (!known && m_backfill) { // then a Prometheus, answered with takeBackfill()
        m_shown.source = sourceText("asking");
        m_backfill->request(m_shown.key, m_shown.fromMs, m_shown.toMs, std::max(1, m_shown.windowSeconds / 400));
        Q_EMIT changed();
        return;
    }
    m_shown.pending = false;
    m_shown.series = known ? series : decltype(series){};
    m_shown.source = sourceText(known ? source : "nothing");
    Q_EMIT changed();
}

bool PreviousPeriodLines::takeBackfill(const BackfillResult &result)
{
    if (!m_shown.pending || !(result.key == m_shown.key) || result.fromMs != m_shown.fromMs || result.toMs != m_shown.toMs)
        return false;
    const qint64 offset = previousPeriodOffsetMs(m_shown.period);
    m_shown.pending = false;
    m_shown.series.clear();
    for (auto it = result.series.cbegin(); it != result.series.cend(); ++it) {
        QVector<double> t = it->t;
        for (double &x : t)
            x += offset / 1000.0;
        m_shown.series.insert(it.key(), {t, it->v});
    }
    m_shown.source = result.ok ? sourceText("prometheus") : result.note;
    Q_EMIT changed();
    return true;
}

void PreviousPeriodLines::feed(TimeChartWidget *chart, int series, Metric metric) const
{
    const auto it = m_shown.series.constFind(int(metric));
    if (!current() || it == m_shown.series.cend()) {
        chart->setPreviousSeries(series, {}, {}, {});
        return;
    }
    const QString name = chart->graph(series)->name();
    chart->setPreviousSeries(series, it->first, it->second,
                             m_period == PreviousPeriod::Day ? fillText(tr("%1, a day earlier"), name) : fillText(tr("%1, a week earlier"), name));
}

QString PreviousPeriodLines::caption(const TimeChartWidget *chart) const
{
    // Said where a dashed line is drawn, or where none could be (and why).
    if (!current() || m_shown.source.isEmpty() || (!chart->showsPrevious() && !m_shown.series.isEmpty()))
        return {};
    return m_shown.source;
}

QStringList PreviousPeriodLines::contrasts(const QHash<int, double> &latest, double nowSeconds) const
{
    QStringList lines;
    if (!current())
        return lines;
    for (const auto &[metric, meaningful] : {std::pair{Metric::Lag, 100.0}, {Metric::Pending, 100.0}, {Metric::BehindSeconds, 60.0}, {Metric::InRate, 1.0}}) {
        const auto prev = m_shown.series.constFind(int(metric));
        if (prev == m_shown.series.cend() || !latest.contains(int(metric)))
            continue;
        if (const auto c = contrastWithPrevious(m_period, metric, latest.value(int(metric)), nowSeconds, prev->first, prev->second, meaningful))
            lines << renderReason(c->reason);
    }
    return lines;
}

} // namespace pelscope
