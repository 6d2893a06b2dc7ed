// The past of one group from a Prometheus that scrapes pelscope-cli exporter:
// when the window has no local history for the time a chart shows, it asks
// /api/v1/query_range for the group's series (lag, pending, oldest pending
// idle, how far behind), asynchronously. Unreachable, empty or wrong labels:
// said in `note`, never a dialog. Prometheus is trusted with nothing: each
// answer is capped (8 MB, and the points the query asked for), read off the
// GUI thread, the whole request has a deadline (20 s, however slowly bytes
// trickle), and a value that is not a plausible reading (NaN, ±Inf, a
// negative count, 1e308, "garbage") is a gap, never a spike or a zero.
#pragma once

#include "group_key.h"
#include "poll_values.h"

#include <QHash>
#include <QObject>
#include <QUrl>
#include <QVector>

class QNetworkAccessManager;

namespace pelscope {

struct BackfillSeries
{
    QVector<double> t; // seconds since the epoch
    QVector<double> v;
};

struct BackfillResult
{
    GroupKey key;
    qint64 fromMs = 0; // the range asked for: a page asks for today's
    qint64 toMs = 0;   // window and for the previous period's
    QHash<int, BackfillSeries> series; // by int(Metric)
    QString note;                      // "from Prometheus at …", or why there is nothing
    bool ok = false;
};

// What one request may cost: the largest answer read for one series, the
// most points a window asks for, and the time the whole request may take.
struct BackfillLimits
{
    qint64 maxReplyBytes = 8 << 20;
    int maxPoints = 2'000;
    int deadlineMs = 20'000;
};

class PrometheusBackfill : public QObject
{
    Q_OBJECT
public:
    // `connectionLabel`: the exporter's `connection` label (the redacted URL).
    PrometheusBackfill(QUrl prometheus, QString connectionLabel, QObject *parent = nullptr, BackfillLimits limits = {});

    // [fromMs, toMs] at `stepSeconds`; answers with finished(), once per request.
    void request(const GroupKey &key, qint64 fromMs, qint64 toMs, int stepSeconds);
    const QUrl &url() const { return m_url; }

Q_SIGNALS:
    void finished(const pelscope::BackfillResult &result);

private:
    QUrl m_url;
    QString m_connection;
    BackfillLimits m_limits;
    QNetworkAccessManager *m_net;
};


// The step a window is asked at: at least `stepSeconds`, and coarse enough
// that the window never asks for more than `maxPoints` points.
int backfillStepSeconds(qint64 fromMs, qint64 toMs, int stepSeconds, int maxPoints);

// One /api/v1/query_range answer read as a series: its first series' points
// within [fromMs, toMs], time ascending; at most `maxPoints` (more: refused,
// `problem` says so). Values that are not plausible readings become NaN
// (gaps) and are counted in `gaps`. Pure: the fuzzer reads it as the page does.
struct BackfillParse
{
    BackfillSeries series;
    bool found = false; // the answer held a series
    qint64 gaps = 0;    // values drawn as gaps
    QString problem;    // why nothing is drawn from this answer
};
BackfillParse parseQueryRange(const QByteArray &body, qint64 fromMs, qint64 toMs, int maxPoints);

// A Prometheus server's address as given by an operator: http(s) with a host.
// Invalid (and `error` said) otherwise; an empty text is an empty URL, no error.
QUrl parsePrometheusUrl(const QString &text, QString *error);

// The PromQL of one group's series of `metric`: a selector
// (pelscope_group_lag{...}) or, for the rates, rate() of the exporter's counter.
QString backfillQuery(Metric metric, const QString &connection, const GroupKey &key);
// The metrics a backfill answers for (lag, pending, oldest idle, behind, in and out rates).
QList<Metric> backfilledMetrics();

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::BackfillResult)
