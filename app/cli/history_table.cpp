#include "history_table.h"
#include "text/text_columns.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace pelscope {

qint64 historyStepMs(qint64 spanMs)
{
    constexpr qint64 kMin = 60'000, kHour = 60 * kMin;
    constexpr std::array<qint64, 13> steps{10'000,    30'000,    kMin,      2 * kMin,  5 * kMin,   10 * kMin, 15 * kMin,
                                           30 * kMin, kHour,     2 * kHour, 6 * kHour, 12 * kHour, 24 * kHour};
    for (qint64 s : steps)
        if (spanMs <= 40 * s)
            return s;
    return steps.back() * ((spanMs + 40 * steps.back() - 1) / (40 * steps.back())); // whole days
}

namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();

void keepMax(float &into, float v)
{
    if (!std::isnan(v) && (std::isnan(into) || v > into))
        into = v;
}

void keepMin(float &into, float v)
{
    if (!std::isnan(v) && (std::isnan(into) || v < into))
        into = v;
}

} // namespace

QList<HistoryStep> aggregateHistory(const QList<StoredPoint> &points, qint64 stepMs)
{
    QList<HistoryStep> out;
    double inSum = 0, outSum = 0;
    int inN = 0, outN = 0;
    const auto closeRates = [&] {
        if (!out.isEmpty()) {
            out.last().inRate = inN ? float(inSum / inN) : kNan;
            out.last().outRate = outN ? float(outSum / outN) : kNan;
        }
        inSum = outSum = 0;
        inN = outN = 0;
    };
    for (const StoredPoint &p : points) {
        const qint64 start = p.atMs - p.atMs % stepMs; // on the clock: 18:20:00, 18:20:30
        if (out.isEmpty() || out.last().startMs != start) {
            closeRates();
            HistoryStep s{start, 0, kNan, kNan, kNan, kNan, kNan, kNan, kNan, kNan, kNan, std::nullopt};
            out.append(s);
        }
        HistoryStep &s = out.last();
        ++s.polls;
        keepMax(s.lag, p.values[int(Metric::Lag)]);
        keepMax(s.pending, p.values[int(Metric::Pending)]);
        keepMax(s.idleLower, p.values[int(Metric::OldestIdleSeconds)]);
        keepMax(s.idleUpper, p.idleUpperSeconds);
        keepMin(s.alive, p.values[int(Metric::ConsumersAlive)]);
        keepMax(s.total, p.values[int(Metric::ConsumersTotal)]);
        keepMax(s.maxDeliveries, p.maxDeliveries);
        if (const float v = p.values[int(Metric::InRate)]; !std::isnan(v)) {
            inSum += v;
            ++inN;
        }
        if (const float v = p.values[int(Metric::OutRate)]; !std::isnan(v)) {
            outSum += v;
            ++outN;
        }
        if (p.status && (!s.worst || int(*p.status) > int(*s.worst)))
            s.worst = p.status;
    }
    closeRates();
    return out;
}

QString alignedTable(const QList<QStringList> &rows, int leftColumns)
{
    QList<qsizetype> widths;
    for (const QStringList &row : rows)
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (widths.size() <= c)
                widths.append(0);
            widths[c] = std::max(widths[c], columnsOf(row.at(c))); // a terminal's columns, not UTF-16 units
        }
    QString out;
    for (const QStringList &row : rows) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (c > 0)
                line += QStringLiteral("  ");
            const bool left = c < leftColumns || c == row.size() - 1;
            const bool last = c == row.size() - 1;
            line += last ? row.at(c) : padToColumns(row.at(c), widths[c], !left);
        }
        out += line + QLatin1Char('\n');
    }
    return out;
}

} // namespace pelscope
