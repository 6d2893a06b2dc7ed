#include "prometheus_backfill.h"

#include "../export/prometheus_exposition.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

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
    bool rate;       // a counter: the chart draws its rate()
    bool groupLabel; // stream counters carry no group label
};

// What the exporter publishes that the group page draws.
const Wanted kWanted[] = {
    {Metric::Lag, "pelscope_group_lag", false, true},
    {Metric::Pending, "pelscope_group_pending", false, true},
    {Metric::OldestIdleSeconds, "pelscope_group_oldest_pending_idle_lower_seconds", false, true},
    {Metric::BehindSeconds, "pelscope_group_oldest_unread_age_seconds", false, true},
    {Metric::InRate, "pelscope_stream_entries_added_total", true, false},
    {Metric::OutRate, "pelscope_group_entries_read_total", true, true},
};

} // namespace

QString backfillQuery(Metric metric, const QString &connection, const GroupKey &key)
{
    for (const Wanted &w : kWanted) {
        if (w.metric != metric)
            continue;
        QString selector = QStringLiteral("%1{connection=\"%2\",stream=\"%3\"")
                               .arg(QLatin1String(w.name), prometheusLabelValue(connection), prometheusLabelValue(displayBytes(key.stream)));
        if (w.groupLabel)
            selector += QStringLiteral(",group=\"%1\"").arg(prometheusLabelValue(displayBytes(key.group)));
        selector += QLatin1Char('}');
        // A 1 min rate, as the chart's own rates are smoothed over a few ticks.
        return w.rate ? QStringLiteral("rate(%1[1m])").arg(selector) : selector;
    }
    return {};
}

namespace {

// "prometheus:9090": where, without any user or password the URL holds.
QString hostAndPort(const QUrl &url)
{
    return url.port() > 0 ? fillText(QStringLiteral("%1:%2"), url.host(), url.port()) : url.host();
}

} // namespace

QUrl parsePrometheusUrl(const QString &text, QString *error)
{
    error->clear();
    if (text.trimmed().isEmpty())
        return {};
    QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()) {
        *error = QStringLiteral("a Prometheus address is http:// or https:// and a host, such as http://127.0.0.1:9090");
        return {};
    }
    return url;
}

QList<Metric> backfilledMetrics()
{
    QList<Metric> out;
    for (const Wanted &w : kWanted)
        out << w.metric;
    return out;
}

PrometheusBackfill::PrometheusBackfill(QUrl prometheus, QString connectionLabel, QObject *parent)
    : QObject(parent)
    , m_url(std::move(prometheus))
    , m_connection(std::move(connectionLabel))
    , m_net(new QNetworkAccessManager(this))
{
    // "http://host:9090/prom" and "…/prom/" both mean the API under /prom/.
    if (!m_url.path().endsWith(QLatin1Char('/')))
        m_url.setPath(m_url.path() + QLatin1Char('/'));
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
                    const QJsonArray values = series.at(0).toObject().value(QStringLiteral("values")).toArray();
                    for (const QJsonValue point : values) {
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
                result->note = QStringLiteral("earlier part from Prometheus at %1").arg(hostAndPort(m_url));
            else if (!problems->isEmpty())
                result->note = problems->first();
            else
                result->note = QStringLiteral("Prometheus at %1 has no series for this group (looked for connection=\"%2\")")
                                   .arg(hostAndPort(m_url), m_connection);
            Q_EMIT finished(*result);
        });
    }
}

} // namespace pelscope
