#include "forecast_bench.h"

#include "health/drain_forecast.h"
#include "health/incident_tracker.h"
#include "text/fill_text.h"

#include <QElapsedTimer>
#include <QMap>

#include <algorithm>
#include <vector>

namespace pelscope::bench {

namespace {

const char *const kStateNames[] = {"unknown", "draining", "growing", "steady"}; // DrainForecast::State, as the JSON says them

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5))];
}

// Poll `i` of a fleet of 100 streams × (groups / 100) groups: a third
// draining, a third growing, a third steady, each with its own batchy pace.
SnapshotData fleetPoll(int groups, int i, qint64 t0)
{
    SnapshotData d;
    d.takenAtMs = t0 + qint64(i) * 1'000;
    const int perStream = std::max(1, groups / 100);
    for (int s = 0; s * perStream < groups; ++s) {
        StreamSnapshot st;
        st.key = "stream:" + QByteArray::number(s);
        st.readAtMs = d.takenAtMs;
        const qint64 added = 100'000 + qint64(i) * 20;
        st.entriesAdded = added;
        for (int g = 0; g < perStream && s * perStream + g < groups; ++g) {
            GroupSnapshot gs;
            gs.name = "group:" + QByteArray::number(g);
            const int kind = (s * perStream + g) % 3;
            const qint64 perSecond = kind == 0 ? 30 : kind == 1 ? 10 : 20; // out against 20 in
            const qint64 read = std::min(added, 95'000 + (qint64(i) * perSecond / 5) * 5);
            gs.entriesRead = read;
            gs.lag = added - read;
            gs.pending = 3;
            st.groups.append(gs);
        }
        d.streams.append(st);
    }
    return d;
}

} // namespace

ForecastCostResult runForecastBench(int groups, int polls, const std::function<void(const QString &)> &progress)
{
    ForecastCostResult r;
    r.groups = groups;
    r.polls = polls;
    progress(fillText(QStringLiteral("forecast: %1 polls of %2 groups through the incident tracker"), polls, groups));
    const qint64 t0 = 1'800'000'000'000;
    IncidentTracker tracker;
    tracker.setThresholds({});
    std::vector<BacklogSeries> alone(static_cast<size_t>(groups));
    std::vector<double> trackerMs, forecastMs;
    QMap<QString, int> states;
    for (int i = 0; i < polls; ++i) {
        SnapshotData poll = fleetPoll(groups, i, t0);
        QElapsedTimer clock;
        clock.start();
        tracker.apply(poll);
        trackerMs.push_back(double(clock.nsecsElapsed()) / 1e6);
        // The forecasts alone, on the rates the tracker found, over the same window.
        clock.restart();
        size_t n = 0;
        for (const StreamSnapshot &s : std::as_const(poll.streams))
            for (const GroupSnapshot &g : s.groups)
                (void)alone[n++].forecast(poll.takenAtMs, g.lag, HealthThresholds{}.rateWindowMs, s.inRate, g.outRate);
        forecastMs.push_back(double(clock.nsecsElapsed()) / 1e6);
        if (i == polls - 1)
            for (const StreamSnapshot &s : std::as_const(poll.streams))
                for (const GroupSnapshot &g : s.groups)
                    ++states[QString::fromLatin1(kStateNames[int(g.health.drain.state)])];
    }
    // The first polls fill the windows: timed from the second minute on.
    const auto steady = [&](const std::vector<double> &v) { return std::vector<double>(v.begin() + std::min<size_t>(v.size() / 2, 60), v.end()); };
    r.trackerMedianMs = percentile(steady(trackerMs), 0.5);
    r.trackerP95Ms = percentile(steady(trackerMs), 0.95);
    r.forecastMedianMs = percentile(steady(forecastMs), 0.5);
    r.forecastP95Ms = percentile(steady(forecastMs), 0.95);
    QStringList parts;
    for (auto it = states.cbegin(); it != states.cend(); ++it)
        parts << fillText(QStringLiteral("%1 %2"), it.value(), it.key());
    r.states = parts.join(QStringLiteral(", "));
    progress(fillText(QStringLiteral("forecast: tracker median %1 ms (p95 %2), forecasts alone median %3 ms (p95 %4); %5"), r.trackerMedianMs,
                      r.trackerP95Ms, r.forecastMedianMs, r.forecastP95Ms, r.states));
    return r;
}

} // namespace pelscope::bench
