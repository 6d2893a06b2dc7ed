// What a row of the overview says: each cell's text, the tooltips, the
// trend's series and its words for a screen reader, since when.
#include "group_table_model.h"

#include "health/incident_tracker.h"
#include "history/shared_history_store.h"
#include "snapshot/format.h"
#include "snapshot/status_words.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelscope {

namespace {

// "48 (+3)": the DLQ's length and what it gained over the growth window.
QString dlqText(const DeadLetterSnapshot *d)
{
    if (!d)
        return QStringLiteral("—");
    QString text = d->length ? formatCount(*d->length) : QStringLiteral("?");
    if (d->growth.value_or(0) > 0)
        text += QStringLiteral(" (+%1)").arg(formatCount(*d->growth));
    return text;
}

QString oldestIdleText(const GroupSnapshot &g)
{
    if (!g.oldestIdleMs)
        return g.pending.value_or(0) == 0 ? QStringLiteral("—") : QStringLiteral("?");
    QString text = formatDuration(*g.oldestIdleMs);
    // A range when the head ID's timestamp allows much more than we saw.
    if (g.oldestIdleUpperMs && *g.oldestIdleUpperMs > *g.oldestIdleMs + 1000 && !g.pelScanComplete)
        text += QStringLiteral(" – ") + formatDuration(*g.oldestIdleUpperMs);
    return text;
}

} // namespace

QString GroupTableModel::displayText(int row, int column) const
{
    const StreamSnapshot &s = streamAt(row);
    const GroupSnapshot &g = groupAt(row);
    switch (column) {
    case Status: return statusWord(g.health.status); // the pill is painted; this is what a screen reader and a copy say
    case Since: {
        // "14m", or "≥ 14m" when it already had this status as recording began.
        const auto since = sinceOf(row);
        if (!since)
            return QStringLiteral("—");
        const qint64 ms = std::max<qint64>(0, m_snapshot->takenAtMs - since->atMs);
        if (ms < 1000 && !since->atLeast && since->derivedFrom.isEmpty()) // changed at this poll: "0ms" read as a measurement
            return QCoreApplication::translate("pelscope::GroupTableModel", "just now");
        const QString d = formatDuration(ms);
        return since->atLeast ? QStringLiteral("≥ ") + d : !since->derivedFrom.isEmpty() ? QStringLiteral("≈ ") + d : d;
    }
    case Connection: return m_connectionLabel;
    case Node: return s.node.isEmpty() ? QStringLiteral("—") : s.node;
    case Stream: return elidedName(s.key, kCellNameCap);
    case Group: return elidedName(g.name, kCellNameCap);
    case Lag: return g.lag ? formatCount(*g.lag) : QCoreApplication::translate("pelscope::GroupTableModel", "unknown");
    case Behind: return g.oldestUnreadAgeMs ? formatDuration(*g.oldestUnreadAgeMs) : QStringLiteral("—");
    case Pending: return g.pending ? formatCount(*g.pending) : QStringLiteral("?");
    case OldestIdle: return oldestIdleText(g);
    case Consumers: {
        // How many, and how many of them hold old work (the health verdict's
        // stalled consumers: what the PEL proves, not a guess from idle).
        const QString consumers = g.consumers ? formatCount(*g.consumers) : QStringLiteral("?");
        if (g.health.stalled.isEmpty())
            return consumers;
        return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 (%2 stalled)"), consumers, g.health.stalled.size());
    }
    case MaxDeliveries: return g.maxDeliveryCount ? QString::number(*g.maxDeliveryCount) : QStringLiteral("—");
    case InRate:
    case OutRate: {
        const std::optional<WindowRate> &r = column == InRate ? s.inRate : g.outRate;
        return r ? formatRate(r->perSecond) : QStringLiteral("—");
    }
    case Drain: {
        const DrainForecast &d = g.health.drain;
        switch (d.state) {
        case DrainForecast::State::Draining: return QStringLiteral("≈ ") + formatDuration(d.etaMs.value_or(0));
        case DrainForecast::State::Growing:
            return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "growing +%1/s"), QString::number(d.perSecond, 'f', 1));
        case DrainForecast::State::Steady:
            return d.why.code == "drain_clear" ? QCoreApplication::translate("pelscope::GroupTableModel", "clear")
                                               : QCoreApplication::translate("pelscope::GroupTableModel", "steady");
        case DrainForecast::State::Unknown: break;
        }
        return QStringLiteral("—");
    }
    case DeadLetters: return dlqText(deadLettersOf(s.key));
    case Trend: return {}; // drawn by a delegate from SparklineRole
    case ReadAge: {
        const qint64 age = m_snapshot->takenAtMs - s.readAtMs;
        return s.readAtMs <= 0 ? QStringLiteral("—") : age <= 0 ? QCoreApplication::translate("pelscope::GroupTableModel", "now") : formatDuration(age) + QCoreApplication::translate("pelscope::GroupTableModel", " ago");
    }
    case Reasons: {
        // "Is it getting worse" beside why, for what is not OK.
        const QString why = joinReasons(g.health.reasons, QStringLiteral("; "));
        const QString change = g.health.status == Health::Ok ? QString() : trendChangeWords(row);
        return change.isEmpty() ? why : why.isEmpty() ? change : fillText(QStringLiteral("%1; %2"), why, change);
    }
    default: return {};
    }
}

GroupTableModel::TrendSeries GroupTableModel::trendSeries(int row) const
{
    TrendSeries out;
    const HealthTrend &t = groupAt(row).health.trend;
    out.metric = Metric::Lag;
    double unit = 1; // thresholds' units per series unit
    switch (t.measure) {
    case HealthTrend::Measure::Lag:
        out.name = QCoreApplication::translate("pelscope::GroupTableModel", "lag");
        out.format = [](double v) { return formatCount(qint64(v)); };
        out.floor = 100; // a lag jittering between 0 and 7 is a flat line near the bottom, not a storm
        break;
    case HealthTrend::Measure::OldestIdle:
    case HealthTrend::Measure::Behind:
        out.metric = t.measure == HealthTrend::Measure::OldestIdle ? Metric::OldestIdleSeconds : Metric::BehindSeconds;
        out.name = t.measure == HealthTrend::Measure::OldestIdle ? QCoreApplication::translate("pelscope::GroupTableModel", "oldest pending idle")
                                                                 : QCoreApplication::translate("pelscope::GroupTableModel", "behind");
        out.format = [](double v) { return formatDuration(qint64(v * 1000.0)); };
        unit = 1000; // the thresholds are ms, the series seconds
        break;
    }
    out.warnAt = t.warnAt / unit;
    out.critAt = t.critAt / unit;
    out.floor = std::max(out.floor, out.warnAt); // the warn line is always in the picture
    if (m_history) {
        const qint64 now = m_snapshot->takenAtMs;
        const GroupKey &key = m_rows.at(row).key;
        LastRead &last = lastRead(key);
        if (auto read = m_history->tryRead([&](const HistoryStore &h) { return h.window(key, out.metric, now - 15LL * 60'000, now, 90).v; })) {
            last.trendMetric = int(out.metric);
            last.trend = std::move(*read);
        }
        if (last.trendMetric == int(out.metric)) // else the history's thread is busy and this measure was never read: none drawn
            out.values = last.trend;
    }
    return out;
}

// "oldest pending idle now 6m; lowest 4m, highest 6m over 15 minutes; oldest pending idle up 20% in 5m00s; warn at 1m, crit at 5m".
QString GroupTableModel::sparklineWords(int row) const
{
    if (!m_history)
        return {};
    const TrendSeries series = trendSeries(row);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, last = std::nan("");
    for (double x : series.values)
        if (!std::isnan(x)) {
            lo = std::min(lo, x);
            hi = std::max(hi, x);
            last = x;
        }
    if (hi < lo)
        return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 over the last 15 minutes: not known yet"), series.name);
    // Not the first point against the last: a batch reader's lag would be "rising" and "falling" by turns.
    QString trend = trendChangeWords(row);
    if (trend.isEmpty())
        trend = QCoreApplication::translate("pelscope::GroupTableModel", "too little history yet to say where it is heading");
    return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 now %2; lowest %3, highest %4 over 15 minutes; %5; warn at %6, crit at %7"),
                    series.name, series.format(last), series.format(lo), series.format(hi), trend, series.format(series.warnAt),
                    series.format(series.critAt));
}

namespace {

// "lag up 12% in 5m" from the polls of the last 5 minutes (`times` in
// seconds): the mean of the first fifth against the mean of the last, so
// that one batch read or one burst is not called a trend; empty under 30 s.
QString changeWordsOf(const QVector<double> &times, const QVector<double> &values, const QString &name,
                      const std::function<QString(double)> &format)
{
    constexpr qint64 kLeastMs = 30'000;
    auto timeOf = [&](qsizetype i) { return qint64(times[i] * 1000.0); };
    qint64 first = -1, last = -1;
    for (qsizetype i = 0; i < values.size(); ++i)
        if (!std::isnan(values[i])) {
            if (first < 0)
                first = timeOf(i);
            last = timeOf(i);
        }
    const qint64 span = last - first;
    if (first < 0 || span < kLeastMs)
        return {};
    const qint64 part = span / 5;
    double early = 0, late = 0;
    int earlyN = 0, lateN = 0;
    for (qsizetype i = 0; i < values.size(); ++i) {
        const double v = values[i];
        const qint64 t = timeOf(i);
        if (std::isnan(v) || t < first)
            continue;
        if (t <= first + part) {
            early += v;
            ++earlyN;
        }
        if (t >= last - part) {
            late += v;
            ++lateN;
        }
    }
    early /= std::max(earlyN, 1);
    late /= std::max(lateN, 1);
    // Less than one entry or one second (the series' units), or 5%, is no change worth a word.
    constexpr double unit = 1;
    if (std::abs(late - early) < std::max(unit, 0.05 * std::abs(early)))
        return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 about flat over %2"), name, formatDuration(span));
    if (early < unit)
        return fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 up from %2 to %3 in %4"), name, format(early),
                        format(late), formatDuration(span));
    const double percent = std::round(100.0 * std::abs(late - early) / early);
    const QString amount = percent >= 1000 ? fillText(QStringLiteral("×%1"), QString::number(late / early, 'f', 0))
                                           : fillText(QStringLiteral("%1%"), QString::number(percent, 'f', 0));
    return fillText(late > early ? QCoreApplication::translate("pelscope::GroupTableModel", "%1 up %2 in %3")
                                 : QCoreApplication::translate("pelscope::GroupTableModel", "%1 down %2 in %3"),
                    name, amount, formatDuration(span));
}

} // namespace

// Is it getting worse, in words: the trend's measure over the last 5
// minutes, every poll (the sparkline's 90 points would average them into
// columns that start anywhere). Only the words are kept per row, not the
// polls: sorting or scrolling 10,000 rows held ~10 KB each.
QString GroupTableModel::trendChangeWords(int row) const
{
    if (!m_history)
        return {};
    const TrendSeries series = trendSeries(row);
    constexpr qint64 kSpanMs = 5 * 60'000;
    const qint64 now = m_snapshot->takenAtMs;
    const GroupKey &key = m_rows.at(row).key;
    LastRead &last = lastRead(key);
    if (auto read = m_history->tryRead([&](const HistoryStore &h) { return h.window(key, series.metric, now - kSpanMs, now, 600); })) {
        last.changeMetric = int(series.metric);
        last.changeWords = changeWordsOf(read->t, read->v, series.name, series.format);
    }
    return last.changeMetric == int(series.metric) ? last.changeWords : QString();
}

std::optional<StatusSince> GroupTableModel::sinceOf(int row) const
{
    if (!m_history)
        return incidentSince(groupAt(row).health, std::nullopt);
    const GroupKey &key = m_rows.at(row).key;
    const HealthVerdict &verdict = groupAt(row).health;
    const Health status = verdict.status;
    LastRead &last = lastRead(key);
    if (auto read = m_history->tryRead([&](const HistoryStore &h) { return h.statusSince(key, status); })) {
        last.sinceFor = status;
        last.since = *read;
    }
    return incidentSince(verdict, last.sinceFor == status ? last.since : std::nullopt);
}

QString GroupTableModel::toolTip(int row, int column) const
{
    const StreamSnapshot &s = streamAt(row);
    const GroupSnapshot &g = groupAt(row);
    switch (column) {
    case Status:
    case Reasons: return g.health.reasons.isEmpty() ? QCoreApplication::translate("pelscope::GroupTableModel", "No rule is broken") : joinReasons(g.health.reasons, QStringLiteral("\n"));
    case Since: {
        const auto since = sinceOf(row);
        if (!since)
            return QCoreApplication::translate("pelscope::GroupTableModel", "No status change recorded for this group yet");
        const QString at = QDateTime::fromMSecsSinceEpoch(since->atMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        if (!since->derivedFrom.isEmpty())
            return fillText(QCoreApplication::translate("pelscope::GroupTableModel",
                                                        "%1 since about %2, %3: it already was when Pelscope began watching"),
                            statusWord(g.health.status), at, QCoreApplication::translate("Health", derivedFromText(since->derivedFrom)));
        return since->atLeast
                   ? fillText(QCoreApplication::translate("pelscope::GroupTableModel",
                                                          "%1 at least since %2: it already was when recording began, so it may have started earlier"),
                              statusWord(g.health.status), at)
                   : fillText(QCoreApplication::translate("pelscope::GroupTableModel", "%1 since %2"), statusWord(g.health.status), at);
    }
    case Drain: return renderReason(g.health.drain.why);
    case InRate:
    case OutRate: {
        const std::optional<WindowRate> &r = column == InRate ? s.inRate : g.outRate;
        if (!r)
            return QCoreApplication::translate("pelscope::GroupTableModel", "Not known yet: a rate needs two polls");
        return fillText(column == InRate ? QCoreApplication::translate("pelscope::GroupTableModel", "%1 entries added to the stream per second, over the last %2")
                                         : QCoreApplication::translate("pelscope::GroupTableModel", "%1 entries delivered to the group per second, over the last %2"),
                        formatRate(r->perSecond), formatDuration(r->windowMs));
    }
    case Node: return s.stale ? QCoreApplication::translate("pelscope::GroupTableModel", "This node did not answer the last poll: the values are from an earlier tick") : QString();
    case Lag: return g.lag ? QString() : renderReason(g.lagNote);
    case Behind:
        return g.oldestUnreadAgeMs
                   ? QCoreApplication::translate("pelscope::GroupTableModel", "The oldest entry not yet delivered to the group was added %1 ago").arg(formatDuration(*g.oldestUnreadAgeMs))
                   : g.oldestUnreadNote;
    case DeadLetters: {
        const DeadLetterSnapshot *d = deadLettersOf(s.key);
        if (!d)
            return QCoreApplication::translate("pelscope::GroupTableModel", "No dead-letter stream found for this stream");
        return QCoreApplication::translate("pelscope::GroupTableModel", "%1: %2 entries%3; Enter on this cell browses them")
            .arg(displayBytes(d->key), d->length ? formatCount(*d->length) : QStringLiteral("?"),
                 d->growth ? QCoreApplication::translate("pelscope::GroupTableModel", ", +%1 in the last %2").arg(formatCount(*d->growth), formatDuration(d->growthWindowMs)) : QString());
    }
    case Trend: {
        // The sparkline is drawn from zero with a floor: here are its numbers.
        const QString words = sparklineWords(row);
        return words.isEmpty() ? QString()
                               : fillText(QCoreApplication::translate("pelscope::GroupTableModel",
                                                                      "%1. Drawn from 0, with the warn (amber) and crit (red) lines; the "
                                                                      "measure is the one that explains the status, lag when the group is OK."),
                                          words);
    }
    case ReadAge:
        return s.readAtMs <= 0
                   ? QString()
                   : fillText(QCoreApplication::translate(
                                  "pelscope::GroupTableModel",
                                  "Read at %1 (server time). %2 of %3 groups are read each poll, in turn: each at least every %4 polls."),
                              QDateTime::fromMSecsSinceEpoch(s.readAtMs).toString(QStringLiteral("HH:mm:ss")),
                              formatCount(m_snapshot->stats.groupsRead), formatCount(m_snapshot->stats.groupsKnown), m_snapshot->stats.refreshTicks);
    case OldestIdle:
        return g.pelSampled ? QCoreApplication::translate("pelscope::GroupTableModel", "Lower bound from the %1 entries inspected; upper bound from the oldest entry's ID").arg(g.pelInspected)
                            : QString();
    default: return {};
    }
}

} // namespace pelscope
