// Section 11: what the drain forecast costs a poll at 10,000 groups (issue
// 50): the incident tracker's whole judging of a poll (rates, incidents,
// trend, forecast) and, side by side in the same run, the forecasts alone
// (one least-squares fit a group), on a synthetic two minutes of 1 s polls.
#pragma once

#include <QString>

#include <functional>

namespace pelscope::bench {

struct ForecastCostResult
{
    int groups = 0;
    int polls = 0;
    double trackerMedianMs = 0, trackerP95Ms = 0;   // IncidentTracker::apply, a poll
    double forecastMedianMs = 0, forecastP95Ms = 0; // BacklogSeries::forecast for every group, a poll
    QString states;                                 // the forecasts' states at the last poll, counted
};

ForecastCostResult runForecastBench(int groups, int polls, const std::function<void(const QString &)> &progress);

} // namespace pelscope::bench
