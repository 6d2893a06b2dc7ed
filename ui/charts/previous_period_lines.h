// The previous period under a group's charts: which series to ask for (the
// same window a day or a week earlier), where from (the history file, else
// the window's memory, else a Prometheus), the faint dashed lines drawn from
// the answer, the captions that say where they came from, and the words when
// today is far outside them. The group page owns one and shows what it says.
#pragma once

#include "history/history_database.h"
#include "history/previous_period.h"
#include "history/shared_history_store.h"

#include <QHash>
#include <QObject>
#include <QVector>

namespace pelscope {

struct BackfillResult;
class PrometheusBackfill;
class TimeChartWidget;

class PreviousPeriodLines : public QObject
{
    Q_OBJECT
public:
    explicit PreviousPeriodLines(const SharedHistoryStore *history, QObject *parent = nullptr);

    void setBackfill(PrometheusBackfill *backfill) { m_backfill = backfill; }
    void setPeriod(PreviousPeriod period);
    PreviousPeriod period() const { return m_period; }

    // Today's window of `key` is [fromMs, nowMs]: asked again when the group,
    // the period or the window changes, and as the window moves on (every
    // 1/60 of its span, at least 10 s apart). `points`: what a chart can show.
    void follow(const GroupKey &key, int windowSeconds, qint64 fromMs, qint64 nowMs, int points);
    // The recorded series asked for with seriesRequested().
    void take(quint64 request, const QList<StoredPoint> &points);
    // A Prometheus answer: true when it was this one's (the previous period's range).
    bool takeBackfill(const BackfillResult &result);

    // Series `series` of `chart` (of `metric`): its previous period, or none.
    void feed(TimeChartWidget *chart, int series, Metric metric) const;
    // Where the dashed lines come from, or why there are none; empty when
    // nothing is compared or `chart` draws none and there is nothing to say.
    QString caption(const TimeChartWidget *chart) const;
    // Today's newest values (by int(Metric)) far outside the previous
    // period's at the same moment: lag, pending, behind, the in rate, each
    // with a size worth saying (100 entries, a minute, 1/s) and a factor of 3.
    QStringList contrasts(const QHash<int, double> &latest, double nowSeconds) const;

Q_SIGNALS:
    // The recorded series of [fromMs, toMs]; answered with take().
    void seriesRequested(const pelscope::GroupKey &key, qint64 fromMs, qint64 toMs, quint64 request);
    // New lines to draw (an answer came): the page draws its charts again.
    void changed();

private:
    bool current() const { return m_period != PreviousPeriod::None && m_shown.key == m_key && m_shown.period == m_period; }
    QString sourceText(const char *recorded) const;

    const SharedHistoryStore *m_history;
    PrometheusBackfill *m_backfill = nullptr;
    PreviousPeriod m_period = PreviousPeriod::None;
    GroupKey m_key; // the group the page shows
    int m_points = 200;
    struct Shown
    {
        GroupKey key;
        PreviousPeriod period = PreviousPeriod::None;
        int windowSeconds = 0;
        qint64 fromMs = 0; // the previous period's range, as asked
        qint64 toMs = 0;
        quint64 request = 0;
        bool pending = false;
        QHash<int, std::pair<QVector<double>, QVector<double>>> series; // by int(Metric), moved under today's window
        QString source; // where they came from, or why there are none
    };
    Shown m_shown;
    quint64 m_requests = 0;
};

} // namespace pelscope
