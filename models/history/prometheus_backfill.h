// The past of one group from a Prometheus that scrapes pelscope-cli exporter:
// when the window has no local history for the time a chart shows, it asks
// /api/v1/query_range for the group's series (lag, pending, oldest pending
// idle, how far behind), asynchronously. Unreachable, empty or wrong labels:
// said in `note`, never a dialog.
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
    QHash<int, BackfillSeries> series; // by int(Metric)
    QString note;                      // "from Prometheus at …", or why there is nothing
    bool ok = false;
};

class PrometheusBackfill : public QObject
{
    Q_OBJECT
public:
    // `connectionLabel`: the exporter's `connection` label (the redacted URL).
    PrometheusBackfill(QUrl prometheus, QString connectionLabel, QObject *parent = nullptr);

    // [fromMs, toMs] at `stepSeconds`; answers with finished(), once per request.
    void request(const GroupKey &key, qint64 fromMs, qint64 toMs, int stepSeconds);
    const QUrl &url() const { return m_url; }

Q_SIGNALS:
    void finished(const pelscope::BackfillResult &result);

private:
    QUrl m_url;
    QString m_connection;
    QNetworkAccessManager *m_net;
};

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
