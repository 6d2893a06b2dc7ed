#include "health_rules.h"

#include "../snapshot/format.h"
#include "../text/fill_text.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>

namespace pelscope {


void addReason(HealthVerdict &v, Health level, Reason reason)
{
    if (int(level) > int(v.status))
        v.status = level;
    v.reasons << std::move(reason);
}

Reason deadLetterGrowth(const DeadLetterSnapshot &d)
{
    return healthReason("dlq_growing", QT_TRANSLATE_NOOP("Health", "dead-letter stream %1 grew by %2 in the last %3 (now %4)"),
                        {ReasonArg::name(d.key), ReasonArg::count(d.growth.value_or(0)), ReasonArg::duration(d.growthWindowMs),
                         ReasonArg::count(d.length.value_or(0))});
}

QStringList HealthThresholds::keys()
{
    return {QStringLiteral("oldest_idle_warn"),   QStringLiteral("oldest_idle_crit"), QStringLiteral("delivery_count_warn"),
            QStringLiteral("lag_warn"),           QStringLiteral("lag_crit"),         QStringLiteral("lag_unknown_warns"),
            QStringLiteral("consumer_idle_warn"), QStringLiteral("behind_warn"),      QStringLiteral("behind_crit"),
            QStringLiteral("delayed_overdue_warn"), QStringLiteral("delayed_overdue_crit"), QStringLiteral("processing_timeout"),
            QStringLiteral("unserved_warn"), QStringLiteral("celery_visibility_timeout"),
            QStringLiteral("dramatiq_heartbeat_timeout"), QStringLiteral("taskiq_idle_timeout"), QStringLiteral("recover_after"),
            QStringLiteral("incident_end_after"), QStringLiteral("rate_window"), QStringLiteral("trend_window"),
            QStringLiteral("failed_growth_warn")};
}

QString HealthThresholds::set(const QString &key, const QString &value)
{
    // "stream/group:key": checked on a scratch copy, kept as text, applied by forGroup().
    if (const qsizetype colon = key.lastIndexOf(QLatin1Char(':')); colon > 0) {
        const QString target = key.left(colon).trimmed();
        const QString name = key.mid(colon + 1).trimmed();
        if (!target.contains(QLatin1Char('/')) || target.startsWith(QLatin1Char('/')) || target.endsWith(QLatin1Char('/')))
            return QStringLiteral("threshold %1: name a group as STREAM/GROUP:%2 (or STREAM/*:%2)").arg(key, name);
        HealthThresholds scratch;
        if (QString error = scratch.set(name, value); !error.isEmpty())
            return error;
        QList<QPair<QString, QString>> &list = groupOverrides[target];
        list.removeIf([&](const auto &kv) { return kv.first == name; });
        list.append({name, value});
        return {};
    }
    auto duration = [&](qint64 &target) -> QString {
        const auto ms = parseDurationMs(value);
        if (!ms)
            return QStringLiteral("threshold %1: '%2' is not a duration (e.g. 60s, 5m)").arg(key, value);
        target = *ms;
        return {};
    };
    auto count = [&](qint64 &target) -> QString {
        bool ok = false;
        const qint64 v = value.trimmed().toLongLong(&ok);
        if (!ok || v < 0)
            return QStringLiteral("threshold %1: '%2' is not a count").arg(key, value);
        target = v;
        return {};
    };
    if (key == QLatin1String("oldest_idle_warn"))
        return duration(oldestIdleWarnMs);
    if (key == QLatin1String("oldest_idle_crit"))
        return duration(oldestIdleCritMs);
    if (key == QLatin1String("consumer_idle_warn"))
        return duration(consumerIdleWarnMs);
    if (key == QLatin1String("behind_warn"))
        return duration(behindWarnMs);
    if (key == QLatin1String("behind_crit"))
        return duration(behindCritMs);
    if (key == QLatin1String("delayed_overdue_warn"))
        return duration(delayedOverdueWarnMs);
    if (key == QLatin1String("delayed_overdue_crit"))
        return duration(delayedOverdueCritMs);
    if (key == QLatin1String("processing_timeout"))
        return duration(processingTimeoutMs);
    if (key == QLatin1String("unserved_warn"))
        return duration(unservedWarnMs);
    if (key == QLatin1String("celery_visibility_timeout"))
        return duration(celeryVisibilityTimeoutMs);
    if (key == QLatin1String("dramatiq_heartbeat_timeout"))
        return duration(dramatiqHeartbeatTimeoutMs);
    if (key == QLatin1String("taskiq_idle_timeout"))
        return duration(taskiqIdleTimeoutMs);
    if (key == QLatin1String("recover_after"))
        return duration(recoverAfterMs);
    if (key == QLatin1String("incident_end_after"))
        return duration(incidentEndAfterMs);
    if (key == QLatin1String("trend_window"))
        return duration(trendWindowMs);
    if (key == QLatin1String("rate_window")) {
        // Shorter than a few polls is the per-poll rate again.
        if (QString error = duration(rateWindowMs); !error.isEmpty())
            return error;
        if (rateWindowMs < 5'000)
            return QStringLiteral("threshold %1: '%2' is shorter than 5s").arg(key, value);
        return {};
    }
    if (key == QLatin1String("delivery_count_warn"))
        return count(deliveryCountWarn);
    if (key == QLatin1String("lag_warn"))
        return count(lagWarn);
    if (key == QLatin1String("failed_growth_warn"))
        return count(failedGrowthWarn);
    if (key == QLatin1String("lag_crit"))
        return count(lagCrit);
    if (key == QLatin1String("lag_unknown_warns")) {
        const QString v = value.trimmed().toLower();
        if (v != QLatin1String("true") && v != QLatin1String("false"))
            return QStringLiteral("threshold %1: expected true or false").arg(key);
        lagUnknownWarns = v == QLatin1String("true");
        return {};
    }
    return QStringLiteral("unknown threshold '%1' (known: %2)").arg(key, keys().join(QStringLiteral(", ")));
}

QString HealthThresholds::validate() const
{
    auto check = [](const HealthThresholds &t, const QString &where) -> QString {
        if (t.lagWarn > t.lagCrit)
            return fillText(QStringLiteral("threshold lag_warn (%1) is above lag_crit (%2)%3"), t.lagWarn, t.lagCrit, where);
        if (t.oldestIdleWarnMs > t.oldestIdleCritMs)
            return QStringLiteral("threshold oldest_idle_warn (%1) is above oldest_idle_crit (%2)%3")
                .arg(formatDuration(t.oldestIdleWarnMs), formatDuration(t.oldestIdleCritMs), where);
        if (t.behindWarnMs > t.behindCritMs)
            return QStringLiteral("threshold behind_warn (%1) is above behind_crit (%2)%3")
                .arg(formatDuration(t.behindWarnMs), formatDuration(t.behindCritMs), where);
        if (t.delayedOverdueWarnMs > t.delayedOverdueCritMs)
            return QStringLiteral("threshold delayed_overdue_warn (%1) is above delayed_overdue_crit (%2)%3")
                .arg(formatDuration(t.delayedOverdueWarnMs), formatDuration(t.delayedOverdueCritMs), where);
        return {};
    };
    if (QString e = check(*this, QString()); !e.isEmpty())
        return e;
    for (auto it = groupOverrides.cbegin(); it != groupOverrides.cend(); ++it) {
        const qsizetype slash = it.key().indexOf(QLatin1Char('/'));
        const HealthThresholds t = forGroup(it.key().left(slash).toUtf8(), it.key().mid(slash + 1).toUtf8());
        if (QString e = check(t, QStringLiteral(" for %1").arg(it.key())); !e.isEmpty())
            return e;
    }
    return {};
}

HealthThresholds HealthThresholds::forGroup(const QByteArray &stream, const QByteArray &group) const
{
    if (groupOverrides.isEmpty())
        return *this;
    HealthThresholds t = *this;
    t.groupOverrides.clear();
    const QString streamName = QString::fromUtf8(stream);
    for (const QString &target : {streamName + QStringLiteral("/*"), streamName + QLatin1Char('/') + QString::fromUtf8(group)})
        for (const auto &[name, value] : groupOverrides.value(target))
            t.set(name, value); // checked when it was set
    return t;
}

QString HealthThresholds::loadFile(const QString &path)
{
    QSettings file(path, QSettings::IniFormat);
    if (file.status() != QSettings::NoError)
        return QStringLiteral("cannot read config file %1").arg(path);
    file.beginGroup(QStringLiteral("health"));
    // allKeys: "orders/fulfillment:oldest_idle_crit = 10m" reads as a key path.
    for (const QString &key : file.allKeys()) {
        const QString error = set(key, file.value(key).toString());
        if (!error.isEmpty())
            return QStringLiteral("%1: %2").arg(path, error);
    }
    file.endGroup();
    file.beginGroup(QStringLiteral("runbooks"));
    for (const QString &key : file.allKeys())
        if (const QString error = runbooks.set(key, file.value(key).toString()); !error.isEmpty())
            return QStringLiteral("%1: %2").arg(path, error);
    return {};
}

QList<StalledConsumer> stalledConsumers(const GroupSnapshot &g, qint64 thresholdMs)
{
    QList<StalledConsumer> out;
    for (const ConsumerSnapshot &c : g.consumerList) {
        if (c.pending <= 0)
            continue;
        // Its own idle is a lower bound of every entry it holds (each was
        // delivered at or before its last interaction); an entry of its read
        // this tick may prove more (a consumer that keeps polling resets its
        // own idle while its old entries stay).
        const qint64 proven = std::max(c.idleMs.value_or(-1), g.heldIdleMs.value(c.name, -1));
        if (proven >= thresholdMs)
            out.append({c.name, c.pending, proven});
    }
    std::stable_sort(out.begin(), out.end(), [](const StalledConsumer &a, const StalledConsumer &b) { return a.idleMs > b.idleMs; });
    return out;
}

namespace {

Health levelOf(std::optional<qint64> value, qint64 warnAt, qint64 critAt)
{
    return !value ? Health::Ok : *value >= critAt ? Health::Crit : *value >= warnAt ? Health::Warn : Health::Ok;
}

// The series that explains the verdict: of the measured rules (oldest idle,
// behind, lag, in the order the reasons list them) the first at the
// verdict's level, else the worst of them, else lag.
HealthTrend trendOf(const GroupSnapshot &g, const HealthThresholds &t, Health status)
{
    using M = HealthTrend::Measure;
    const QList<std::pair<HealthTrend, Health>> measured{
        {{M::OldestIdle, double(t.oldestIdleWarnMs), double(t.oldestIdleCritMs)}, levelOf(g.oldestIdleMs, t.oldestIdleWarnMs, t.oldestIdleCritMs)},
        {{M::Behind, double(t.behindWarnMs), double(t.behindCritMs)}, levelOf(g.oldestUnreadAgeMs, t.behindWarnMs, t.behindCritMs)},
        {{M::Lag, double(t.lagWarn), double(t.lagCrit)}, levelOf(g.lag, t.lagWarn, t.lagCrit)},
    };
    for (const auto &[trend, level] : measured)
        if (level != Health::Ok && level == status)
            return trend;
    const auto worst = std::max_element(measured.cbegin(), measured.cend(), [](const auto &a, const auto &b) { return int(a.second) < int(b.second); });
    return worst->second != Health::Ok ? worst->first : measured.last().first;
}

} // namespace

HealthVerdict evaluateGroup(const StreamSnapshot &stream, const GroupSnapshot &g, const HealthThresholds &all)
{
    HealthThresholds t = all.forGroup(stream.key, g.name);
    HealthVerdict v;
    if (g.taskiq) {
        // taskiq-redis reclaims entries idle idle_timeout (XAUTOCLAIM, on
        // every live worker's loop): before that, a consumer idle holding
        // entries is as likely busy (its slots full, not reading) as dead;
        // after it, nobody is reclaiming.
        t.consumerIdleWarnMs = t.taskiqIdleTimeoutMs;
        t.oldestIdleWarnMs = t.taskiqIdleTimeoutMs;
        t.oldestIdleCritMs = 2 * t.taskiqIdleTimeoutMs;
    }

    if (g.oldestIdleMs && g.taskiq) {
        const qint64 idle = *g.oldestIdleMs;
        if (idle >= t.oldestIdleWarnMs)
            addReason(v, idle >= t.oldestIdleCritMs ? Health::Crit : Health::Warn,
                      healthReason("taskiq_unreclaimed",
                                   QT_TRANSLATE_NOOP("Health", "oldest pending idle %1, past taskiq's reclaim timeout %2: no live worker reclaimed it"),
                                   {ReasonArg::duration(idle), ReasonArg::duration(t.taskiqIdleTimeoutMs)}));
    } else if (g.oldestIdleMs) {
        const qint64 idle = *g.oldestIdleMs;
        const bool crit = idle >= t.oldestIdleCritMs;
        if (crit || idle >= t.oldestIdleWarnMs)
            addReason(v, crit ? Health::Crit : Health::Warn,
                      healthReason("oldest_idle", QT_TRANSLATE_NOOP("Health", "oldest pending idle %1 ≥ %2"),
                                   {ReasonArg::duration(idle), ReasonArg::duration(crit ? t.oldestIdleCritMs : t.oldestIdleWarnMs)}));
    }

    if (g.maxDeliveryCount && *g.maxDeliveryCount >= t.deliveryCountWarn) {
        qint64 poison = 0;
        for (auto it = g.deliveryCounts.constBegin(); it != g.deliveryCounts.constEnd(); ++it)
            if (it.key() >= t.deliveryCountWarn)
                poison += it.value();
        addReason(v, Health::Warn,
                  healthReasonChosen("poison", poison == 1 ? QT_TRANSLATE_NOOP("Health", "%1 pending entry delivered ≥ %2 times (max %3): likely poison")
                                                     : QT_TRANSLATE_NOOP("Health", "%1 pending entries delivered ≥ %2 times (max %3): likely poison"),
                               {ReasonArg::count(poison), ReasonArg::number(t.deliveryCountWarn), ReasonArg::number(*g.maxDeliveryCount)}));
    }

    if (g.oldestUnreadAgeMs) {
        const qint64 behind = *g.oldestUnreadAgeMs;
        const bool crit = behind >= t.behindCritMs;
        if (crit || behind >= t.behindWarnMs)
            addReason(v, crit ? Health::Crit : Health::Warn,
                      healthReason("behind", QT_TRANSLATE_NOOP("Health", "behind by %1 ≥ %2: the oldest unread entry waits that long"),
                                   {ReasonArg::duration(behind), ReasonArg::duration(crit ? t.behindCritMs : t.behindWarnMs)}));
    }

    else if (g.oldestUnreadAheadMs && g.lag.value_or(1) > 0)
        addReason(v, Health::Warn,
                  healthReason("behind_unknown",
                               QT_TRANSLATE_NOOP("Health", "behind unknown: the oldest unread entry's ID is %1 ahead of the server's clock (IDs "
                                                           "set by the producer, or a clock moved back)"),
                               {ReasonArg::duration(*g.oldestUnreadAheadMs)}));

    if (g.lag) {
        const bool crit = *g.lag >= t.lagCrit;
        if (crit || *g.lag >= t.lagWarn)
            addReason(v, crit ? Health::Crit : Health::Warn,
                      healthReason("lag", QT_TRANSLATE_NOOP("Health", "lag %1 ≥ %2 unread entries"),
                                   {ReasonArg::count(*g.lag), ReasonArg::count(crit ? t.lagCrit : t.lagWarn)}));
    } else if (t.lagUnknownWarns) {
        const Reason why = g.lagNote.isEmpty() ? healthReason("lag_not_reported", QT_TRANSLATE_NOOP("Health", "Redis did not report it")) : g.lagNote;
        addReason(v, Health::Warn, healthReason("lag_unknown", QT_TRANSLATE_NOOP("Health", "lag unknown: %1"), {ReasonArg::note(why)}));
    }

    // Who holds old work, as the PEL proves it (stalledConsumers): named in
    // one line each, the longest idle first.
    v.stalled = stalledConsumers(g, t.consumerIdleWarnMs);
    if (g.taskiq) {
        // Idle alone proves nothing of a taskiq worker: a busy one stops reading.
        for (const StalledConsumer &c : std::as_const(v.stalled))
            addReason(v, Health::Warn,
                      healthReason("taskiq_consumer_idle",
                                   QT_TRANSLATE_NOOP("Health", "%1 idle %2, holding %3 (dead, or busy and not reading): past taskiq's reclaim timeout %4"),
                                   {ReasonArg::name(c.name), ReasonArg::duration(c.idleMs), ReasonArg::count(c.pending),
                                    ReasonArg::duration(t.taskiqIdleTimeoutMs)}));
        // taskiq-redis names a new consumer (a uuid) at each worker start and
        // never deletes one: the group's consumer list only grows.
        qint64 leftovers = 0;
        for (const ConsumerSnapshot &c : g.consumerList)
            leftovers += c.pending == 0 && c.idleMs && *c.idleMs >= t.taskiqIdleTimeoutMs;
        if (leftovers > 0)
            addReason(v, Health::Ok,
                      healthReason("taskiq_leftover_consumers",
                                   QT_TRANSLATE_NOOP("Health", "%1 consumer(s) holding nothing, idle longer than taskiq's reclaim timeout: left by restarted workers "
                                                               "(taskiq-redis never deletes a consumer; XGROUP DELCONSUMER removes one)"),
                                   {ReasonArg::count(leftovers)}));
    } else if (v.stalled.size() == 1) {
        const StalledConsumer &c = v.stalled.first();
        addReason(v, Health::Warn,
                  healthReasonChosen("consumer_stalled", c.pending == 1 ? QT_TRANSLATE_NOOP("Health", "%1 holds %2 entry idle %3 ≥ %4")
                                                                  : QT_TRANSLATE_NOOP("Health", "%1 holds %2 entries idle %3 ≥ %4"),
                               {ReasonArg::name(c.name), ReasonArg::count(c.pending), ReasonArg::duration(c.idleMs),
                                ReasonArg::duration(t.consumerIdleWarnMs)}));
    } else if (!v.stalled.isEmpty()) {
        QList<Reason> who;
        for (const StalledConsumer &c : std::as_const(v.stalled))
            who << healthReason("consumer_held", QT_TRANSLATE_NOOP("Health", "%1 (%2, idle %3)"),
                                {ReasonArg::name(c.name), ReasonArg::count(c.pending), ReasonArg::duration(c.idleMs)});
        addReason(v, Health::Warn,
                  healthReason("consumers_stalled", QT_TRANSLATE_NOOP("Health", "%1 consumers hold entries idle ≥ %2: %3"),
                               {ReasonArg::number(v.stalled.size()), ReasonArg::duration(t.consumerIdleWarnMs), ReasonArg::notes(who)}));
    }
    v.trend = trendOf(g, t, v.status);
    return v;
}

} // namespace pelscope
