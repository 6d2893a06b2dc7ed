// Section 4: how fast the UI stays with a day of history. Update time of the
// group page's chart widget fed through HistoryStore::window() (decimated)
// against the raw day, the group page itself, and the time from a snapshot's
// arrival to the repainted overview table.
#pragma once

#include <QList>
#include <QString>
#include <functional>

namespace pelscope::bench {

struct Percentiles
{
    double median = 0, p95 = 0, max = 0;
    static Percentiles of(QList<double> ms);
};

struct ReplotResult
{
    int series = 0;
    int pointsPerSeries = 0; // what window() returned for 24 h
    Percentiles fetch;       // window() + setSeries for every series
    Percentiles window;      // of which HistoryStore::window()
    Percentiles replot;      // rescale + replot
    Percentiles total;       // both: what one update of the page costs
    int rawPointsPerSeries = 0;
    Percentiles rawReplot; // every 1 Hz point of the day in the graph
};

struct TableResult
{
    int rows = 0;
    Percentiles arrivalToRepaint;
};

struct UiResults
{
    double feedSeconds = 0; // filling the store with 24 h for the largest case
    QList<ReplotResult> replot;
    QList<TableResult> table;
    Percentiles groupPage; // GroupPage::applySnapshot + replot of its charts, 24 h window
    QString plotPng;       // a sample of the decimated 20-series chart
};

UiResults runUiBench(bool quick, const QString &samplePngPath, const std::function<void(const QString &)> &progress);

} // namespace pelscope::bench
