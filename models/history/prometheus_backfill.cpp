#include "prometheus_backfill.h"

#include "../export/prometheus_exposition.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>
#include <QCoreApplication>
#include <QUrlQuery>

#include <cmath>
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
        const QString group = w.groupLabel ? fillText(QStringLiteral(",group=\"%1\""), prometheusLabelValue(displayBytes(key.group))) : QString();
        const QString selector = fillText(QStringLiteral("%1{stream=\"%2\"%3}"), QLatin1String(w.name), prometheusLabelValue(displayBytes(key.stream)), group);
        // A 1 min rate, as the chart's own rates are smoothed over a few ticks.
        const QString series = w.rate ? fillText(QStringLiteral("rate(%1[1m])"), selector) : selector;
        // The group's series carry no connection label: the exporter that
        // watches this connection is the target whose info series names it.
        return fillText(QStringLiteral("%1 and on(instance, job) pelscope_connection_info{connection=\"%2\"}"), series, prometheusLabelValue(connection));
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

PrometheusBackfill::PrometheusBackfill(QUrl prometheus, QString connectionLabel, QObject *parent, BackfillLimits limits)
    : QObject(parent)
    , m_url(std::move(prometheus))
    , m_connection(std::move(connectionLabel))
    , m_limits(limits)
    , m_net(new QNetworkAccessManager(this))
{
    // "http://host:9090/prom" and "…/prom/" both mean the API under /prom/.
    if (!m_url.path().endsWith(QLatin1Char('/')))
        m_url.setPath(m_url.path() + QLatin1Char('/'));
    qRegisterMetaType<pelscope::BackfillResult>();
}

int backfillStepSeconds(qint64 fromMs, qint64 toMs, int stepSeconds, int maxPoints)
{
    const qint64 spanSeconds = std::max<qint64>(0, toMs - fromMs) / 1000;
    maxPoints = std::max(1, maxPoints);
    return int(std::max<qint64>({1, stepSeconds, (spanSeconds + maxPoints - 1) / maxPoints}));
}

BackfillParse parseQueryRange(const QByteArray &body, qint64 fromMs, qint64 toMs, int maxPoints)
{
    BackfillParse out;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (!doc.isObject()) {
        out.problem = fillText(QStringLiteral("Prometheus answered something that is not JSON (%1)"), error.errorString());
        return out;
    }
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("status")).toString() != QLatin1String("success")) {
        out.problem = fillText(QStringLiteral("Prometheus said: %1"), displayText(root.value(QLatin1String("error")).toString().left(500)));
        return out;
    }
    const QJsonArray series = root.value(QLatin1String("data")).toObject().value(QLatin1String("result")).toArray();
    if (series.isEmpty())
        return out;
    out.found = true;
    const QJsonArray values = series.at(0).toObject().value(QLatin1String("values")).toArray();
    if (values.size() > maxPoints) {
        out.problem = fillText(QStringLiteral("Prometheus sent %1 points where at most %2 were asked for: not drawn"), qint64(values.size()), maxPoints);
        out.found = false;
        return out;
    }
    // A reading the exporter could have published: finite, not negative (lag,
    // pending, seconds, rates), and below 1e15 (no stream holds that many).
    const auto plausible = [](double v) { return std::isfinite(v) && v >= 0 && v < 1e15; };
    const double from = double(fromMs) / 1000.0, to = double(toMs) / 1000.0;
    double last = -1;
    for (const QJsonValue &point : values) {
        const QJsonArray tv = point.toArray();
        const double t = tv.at(0).toDouble(std::nan(""));
        if (tv.size() != 2 || !std::isfinite(t) || t < from - 1 || t > to + 1 || t <= last)
            continue; // outside what was asked, or out of order: not a point of this window
        last = t;
        bool ok = false;
        const double v = tv.at(1).toString().toDouble(&ok);
        out.series.t.append(t);
        if (ok && plausible(v)) {
            out.series.v.append(v);
        } else {
            out.series.v.append(std::nan(""));
            ++out.gaps;
        }
    }
    return out;
}

void PrometheusBackfill::request(const GroupKey &key, qint64 fromMs, qint64 toMs, int stepSeconds)
{
    // One query per series, answered together: the result is emitted when
    // the last one is in, or at the deadline with what came.
    struct Pending
    {
        BackfillResult result;
        int left = int(std::size(kWanted));
        QStringList problems;
        qint64 gaps = 0;
        QList<QPointer<QNetworkReply>> replies;
        QTimer deadline;
        bool done = false;
    };
    auto pending = std::make_shared<Pending>();
    pending->result.key = key;
    pending->result.fromMs = fromMs;
    pending->result.toMs = toMs;
    const int step = backfillStepSeconds(fromMs, toMs, stepSeconds, m_limits.maxPoints);
    const int maxPoints = int((toMs - fromMs) / 1000 / step) + 2;

    // Takes `pending` as an argument: the deadline's timer lives in it, and a
    // lambda it keeps must not keep it alive.
    const auto finish = [this](const std::shared_ptr<Pending> &pending) {
        if (pending->done)
            return;
        pending->done = true;
        pending->deadline.stop();
        for (const QPointer<QNetworkReply> &r : std::as_const(pending->replies))
            if (r && r->isRunning())
                r->abort();
        BackfillResult &result = pending->result;
        result.ok = !result.series.isEmpty();
        if (result.ok)
            result.note = pending->gaps ? fillText(QStringLiteral("earlier part from Prometheus at %1 (%2 values that were not readings shown as gaps)"),
                                                   hostAndPort(m_url), pending->gaps)
                                        : fillText(QStringLiteral("earlier part from Prometheus at %1"), hostAndPort(m_url));
        else if (!pending->problems.isEmpty())
            result.note = pending->problems.first();
        else
            result.note = fillText(QStringLiteral("Prometheus at %1 has no series for this group (looked for connection=\"%2\")"), hostAndPort(m_url),
                                   m_connection);
        Q_EMIT finished(result);
    };
    const auto oneDone = [pending, finish] {
        if (--pending->left == 0)
            finish(pending);
    };
    pending->deadline.setSingleShot(true);
    connect(&pending->deadline, &QTimer::timeout, this, [this, weak = std::weak_ptr<Pending>(pending), finish] {
        const std::shared_ptr<Pending> pending = weak.lock();
        if (!pending)
            return;
        pending->problems.prepend(fillText(QStringLiteral("Prometheus at %1 did not answer within %2 s"), hostAndPort(m_url), m_limits.deadlineMs / 1000.0));
        finish(pending);
    });
    pending->deadline.start(m_limits.deadlineMs);

    for (const Wanted &w : kWanted) {
        QUrl url = m_url.resolved(QUrl(QStringLiteral("api/v1/query_range")));
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("query"), backfillQuery(w.metric, m_connection, key));
        q.addQueryItem(QStringLiteral("start"), QString::number(double(fromMs) / 1000.0, 'f', 3));
        q.addQueryItem(QStringLiteral("end"), QString::number(double(toMs) / 1000.0, 'f', 3));
        q.addQueryItem(QStringLiteral("step"), QString::number(step));
        url.setQuery(q);
        QNetworkRequest request(url);
        request.setTransferTimeout(10'000);
        QNetworkReply *reply = m_net->get(request);
        pending->replies.append(reply);
        const Metric metric = w.metric;
        // Past the cap (said in advance, or as it arrives): aborted, nothing drawn from it.
        auto tooLarge = std::make_shared<bool>(false);
        const qint64 cap = m_limits.maxReplyBytes;
        connect(reply, &QNetworkReply::downloadProgress, reply, [reply, tooLarge, cap](qint64 received, qint64 total) {
            if (received > cap || total > cap) {
                *tooLarge = true;
                reply->abort();
            }
        });
        connect(reply, &QNetworkReply::finished, this, [this, reply, pending, metric, tooLarge, fromMs, toMs, maxPoints, oneDone] {
            reply->deleteLater();
            if (pending->done)
                return;
            if (*tooLarge) {
                pending->problems.append(fillText(QStringLiteral("Prometheus at %1 answered more than %2 MB for one series: not drawn"), hostAndPort(m_url),
                                                  m_limits.maxReplyBytes >> 20));
                oneDone();
                return;
            }
            if (reply->error() != QNetworkReply::NoError) {
                pending->problems.append(
                    fillText(QStringLiteral("cannot reach Prometheus at %1: %2"), m_url.toString(QUrl::RemoveUserInfo), reply->errorString()));
                oneDone();
                return;
            }
            // Parsed on a pool thread: a large answer must not stop the window.
            const QByteArray body = reply->read(m_limits.maxReplyBytes);
            QPointer<PrometheusBackfill> self(this);
            QThreadPool::globalInstance()->start([self, body, fromMs, toMs, maxPoints, pending, metric, oneDone] {
                BackfillParse parsed = parseQueryRange(body, fromMs, toMs, maxPoints);
                QMetaObject::invokeMethod(
                    QCoreApplication::instance(),
                    [self, parsed = std::move(parsed), pending, metric, oneDone] {
                        if (!self || pending->done)
                            return; // the page changed connection, or the deadline came first
                        if (!parsed.problem.isEmpty())
                            pending->problems.append(parsed.problem);
                        else if (parsed.found) {
                            pending->result.series.insert(int(metric), parsed.series);
                            pending->gaps += parsed.gaps;
                        }
                        oneDone();
                    },
                    Qt::QueuedConnection);
            });
        });
    }
}

} // namespace pelscope
