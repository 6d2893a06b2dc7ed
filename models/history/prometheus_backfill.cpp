#include "prometheus_backfill.h"

#include "../export/prometheus_exposition.h"
#include "../text/display_text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

#include <memory>

namespace pelscope {

namespace {

struct Wanted
{
    Metric metric;
    const char *name;
};

// What the exporter publishes that the group page draws.
const Wanted kWanted[] = {
    {Metric::Lag, "pelscope_group_lag"},
    {Metric::Pending, "pelscope_group_pending"},
    {Metric::OldestIdleSeconds, "pelscope_group_oldest_pending_idle_lower_seconds"},
    {Metric::BehindSeconds, "pelscope_group_oldest_unread_age_seconds"},
};

} // namespace

QString backfillQuery(Metric metric, const QString &connection, const GroupKey &key)
{
    const char *name = "pelscope_group_lag";
    for (const Wanted &w : kWanted)
        if (w.metric == metric)
            name = w.name;
    return QStringLiteral("%1{connection=\"%2\",stream=\"%3\",group=\"%4\"}")
        .arg(QLatin1String(name), prometheusLabelValue(connection), prometheusLabelValue(displayBytes(key.stream)),
             prometheusLabelValue(displayBytes(key.group)));
}

PrometheusBackfill::PrometheusBackfill(QUrl prometheus, QString connectionLabel, QObject *parent)
    : QObject(parent)
    , m_url(std::move(prometheus))
    , m_connection(std::move(connectionLabel))
    , m_net(new QNetworkAccessManager(this))
{
    qRegisterMetaType<pelscope::BackfillResult>();
}

void PrometheusBackfill::request(const GroupKey &key, qint64 fromMs, qint64 toMs, int stepSeconds)
{
    // One query per series, answered together: the result is emitted when the last one is in.
    auto result = std::make_shared<BackfillResult>();
    result->key = key;
    auto left = std::make_shared<int>(int(std::size(kWanted)));
    auto problems = std::make_shared<QStringList>();
    for (const Wanted &w : kWanted) {
        QUrl url = m_url.resolved(QUrl(QStringLiteral("api/v1/query_range")));
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("query"), backfillQuery(w.metric, m_connection, key));
        q.addQueryItem(QStringLiteral("start"), QString::number(double(fromMs) / 1000.0, 'f', 3));
        q.addQueryItem(QStringLiteral("end"), QString::number(double(toMs) / 1000.0, 'f', 3));
        q.addQueryItem(QStringLiteral("step"), QString::number(std::max(1, stepSeconds)));
        url.setQuery(q);
        QNetworkRequest request(url);
        request.setTransferTimeout(10'000);
        QNetworkReply *reply = m_net->get(request);
        const Metric metric = w.metric;
        connect(reply, &QNetworkReply::finished, this, [this, reply, result, left, problems, metric] {
            reply->deleteLater();
            if (reply->error() != QNetworkReply::NoError) {
                problems->append(QStringLiteral("cannot reach Prometheus at %1: %2").arg(m_url.toString(QUrl::RemoveUserInfo), reply->errorString()));
            } else {
                const QJsonObject doc = QJsonDocument::fromJson(reply->readAll()).object();
                const QJsonArray series = doc.value(QStringLiteral("data")).toObject().value(QStringLiteral("result")).toArray();
                if (doc.value(QStringLiteral("status")).toString() != QLatin1String("success"))
                    problems->append(QStringLiteral("Prometheus said: %1").arg(displayText(doc.value(QStringLiteral("error")).toString())));
                else if (!series.isEmpty()) {
                    BackfillSeries &out = result->series[int(metric)];
                    for (const QJsonValue &point : series.at(0).toObject().value(QStringLiteral("values")).toArray()) {
                        const QJsonArray tv = point.toArray();
                        out.t.append(tv.at(0).toDouble());
                        out.v.append(tv.at(1).toString().toDouble());
                    }
                }
            }
            if (--*left > 0)
                return;
            result->ok = !result->series.isEmpty();
            if (result->ok)
                result->note = QStringLiteral("from Prometheus (%1)").arg(m_url.host());
            else if (!problems->isEmpty())
                result->note = problems->first();
            else
                result->note = QStringLiteral("Prometheus at %1 has no series for this group (exporter labels: connection=\"%2\")")
                                   .arg(m_url.host(), m_connection);
            Q_EMIT finished(*result);
        });
    }
}

} // namespace pelscope
