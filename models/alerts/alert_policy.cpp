#include "alert_policy.h"

#include "../snapshot/format.h"
#include "../snapshot/status_words.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QSet>

#include <iterator>

namespace pelscope {

QString AlertSubject::text() const
{
    switch (kind) {
    case Kind::Group:
        return QStringLiteral("%1/%2").arg(displayBytes(key), displayBytes(group));
    case Kind::DelayedQueue:
        return QCoreApplication::translate("Alerts", "delayed queue %1").arg(displayBytes(key));
    case Kind::ListQueue:
        return QCoreApplication::translate("Alerts", "reliable list %1").arg(displayBytes(key));
    case Kind::JobQueue:
        return QString::fromUtf8(group);
    }
    return {};
}

QString Alert::title() const
{
    switch (kind) {
    case Kind::Raised:
    case Kind::Worse:
        return fillText(QCoreApplication::translate("Alerts", "%1 is %2"), subject.text(), statusWord(to));
    case Kind::Reminder:
        return fillText(QCoreApplication::translate("Alerts", "%1 is still %2"), subject.text(), statusWord(to));
    case Kind::Recovered:
        return fillText(QCoreApplication::translate("Alerts", "%1 recovered (%2)"), subject.text(), statusWord(Health::Ok));
    case Kind::Summary: {
        int crit = 0, warn = 0, ok = 0;
        for (const Alert &a : members)
            (a.to == Health::Crit ? crit : a.to == Health::Warn ? warn : ok)++;
        QStringList parts;
        if (crit)
            parts << fillText(QCoreApplication::translate("Alerts", "%1 %2", "a count and a status: 2 CRIT"), crit, statusWord(Health::Crit));
        if (warn)
            parts << fillText(QCoreApplication::translate("Alerts", "%1 %2", "a count and a status: 2 CRIT"), warn, statusWord(Health::Warn));
        if (ok)
            parts << QCoreApplication::translate("Alerts", "%1 recovered").arg(ok);
        return fillText(QCoreApplication::translate("Alerts", "%1 changed at once: %2"), members.size(), parts.join(QStringLiteral(", ")));
    }
    }
    return {};
}

QString Alert::message() const
{
    if (kind != Kind::Summary)
        return joinReasons(reasons, QStringLiteral("; "));
    QStringList lines;
    for (const Alert &a : members.mid(0, 5))
        lines << a.title();
    if (members.size() > 5)
        lines << QCoreApplication::translate("Alerts", "and %1 more").arg(members.size() - 5);
    return lines.join(QLatin1Char('\n'));
}

namespace {

Reason recoveredReason(const IncidentMark &i, qint64 atMs)
{
    if (i.sinceMs <= 0 || i.quietSinceMs <= 0)
        return Reason{"recovered", "Alerts", QT_TRANSLATE_NOOP("Alerts", "no rule is broken any more"), {}};
    const QList<ReasonArg> args{ReasonArg::duration(std::max<qint64>(0, i.quietSinceMs - i.sinceMs)), ReasonArg::duration(std::max<qint64>(0, atMs - i.quietSinceMs))};
    return i.worst == Health::Crit
               ? Reason{"recovered", "Alerts", QT_TRANSLATE_NOOP("Alerts", "no rule is broken any more: the trouble lasted %1 and was CRIT at its worst; OK for %2"), args}
               : Reason{"recovered", "Alerts", QT_TRANSLATE_NOOP("Alerts", "no rule is broken any more: the trouble lasted %1 and was WARN at its worst; OK for %2"), args};
}

} // namespace

AlertPolicy::AlertPolicy(AlertSettings settings)
    : m_settings(settings)
{
    m_settings.holdPolls = std::max(1, m_settings.holdPolls);
    m_settings.burstAtLeast = std::max(2, m_settings.burstAtLeast);
}

void AlertPolicy::observe(const AlertSubject &subject, const HealthVerdict &verdict, qint64 atMs, QList<Alert> &out)
{
    // Every subject, every poll (10,000 groups at 1 Hz): nothing is built
    // unless something is told.
    Track &t = m_tracks[subject];
    t.seenInPoll = m_poll;
    const Health now = verdict.status;
    t.heldPolls = now == t.seen ? t.heldPolls + 1 : 1;
    t.seen = now;
    if (t.heldPolls < m_settings.holdPolls)
        return;
    Alert::Kind kind;
    if (now == Health::Ok) {
        if (t.told == Health::Ok)
            return;
        kind = Alert::Kind::Recovered;
    } else if (t.told == Health::Ok) {
        kind = Alert::Kind::Raised;
    } else if (int(now) > int(t.told)) {
        kind = Alert::Kind::Worse; // WARN to CRIT: at once
    } else if (atMs - t.toldAtMs >= m_settings.repeatMs) {
        kind = Alert::Kind::Reminder; // still bad (maybe less so): at most every repeatMs
    } else {
        return; // CRIT back to WARN and forth: not a new incident
    }
    Alert a;
    a.kind = kind;
    a.subject = subject;
    a.from = t.told;
    a.to = now;
    a.reasons = verdict.reasons;
    if (kind == Alert::Kind::Recovered) // OK has no reasons of its own: say what ended, from its incident
        a.reasons = {recoveredReason(verdict.incident, atMs)};
    a.atMs = atMs;
    a.sinceMs = verdict.incident.sinceMs;
    a.runbook = verdict.runbook;
    t.told = now;
    t.toldAtMs = atMs;
    out.append(a);
}

QList<Alert> AlertPolicy::onSnapshot(const Snapshot &snapshot)
{
    QList<Alert> out;
    if (snapshot.isNull())
        return out;
    const qint64 at = snapshot->takenAtMs;
    ++m_poll;
    for (const StreamSnapshot &s : snapshot->streams)
        for (const GroupSnapshot &g : s.groups)
            observe({AlertSubject::Kind::Group, s.key, g.name}, g.health, at, out);
    for (const DelayedQueueSnapshot &q : snapshot->delayedQueues)
        observe({AlertSubject::Kind::DelayedQueue, q.key, {}}, q.health, at, out);
    for (const ListQueueSnapshot &q : snapshot->listQueues)
        observe({AlertSubject::Kind::ListQueue, q.key, {}}, q.health, at, out);
    for (const JobQueueSnapshot &q : snapshot->jobQueues)
        if (q.error.isEmpty())
            observe({AlertSubject::Kind::JobQueue, q.key, jobQueueTitle(q).toUtf8()}, q.health, at, out);
    for (auto it = m_tracks.begin(); it != m_tracks.end();)
        it = it->seenInPoll == m_poll ? std::next(it) : m_tracks.erase(it);
    if (out.size() < m_settings.burstAtLeast)
        return out;
    Alert summary;
    summary.kind = Alert::Kind::Summary;
    summary.atMs = at;
    summary.members = out;
    for (const Alert &a : std::as_const(out))
        summary.to = int(a.to) > int(summary.to) ? a.to : summary.to;
    return {summary};
}

QJsonObject alertToJson(const Alert &alert, const QString &connection)
{
    static const char *kinds[] = {"raised", "worse", "reminder", "recovered", "summary"};
    QJsonObject o{{QLatin1String("schema"), QStringLiteral("pelscope.alert/1")},
                  {QLatin1String("kind"), QLatin1String(kinds[int(alert.kind)])},
                  {QLatin1String("connection"), connection},
                  {QLatin1String("title"), alert.title()},
                  {QLatin1String("time_ms"), double(alert.atMs)},
                  {QLatin1String("time"), QDateTime::fromMSecsSinceEpoch(alert.atMs, Qt::UTC).toString(Qt::ISODateWithMs)}};
    if (alert.kind == Alert::Kind::Summary) {
        QJsonArray members;
        for (const Alert &m : alert.members) {
            QJsonObject mo = alertToJson(m, connection);
            mo.remove(QLatin1String("schema"));
            mo.remove(QLatin1String("connection"));
            members.append(mo);
        }
        o.insert(QLatin1String("alerts"), members);
        o.insert(QLatin1String("new_status"), healthName(alert.to));
        return o;
    }
    // Every AlertSubject::Kind has its word (a job queue's alert read past
    // the end of this list before).
    static constexpr const char *subjects[] = {"group", "delayed_queue", "list_queue", "job_queue"};
    static_assert(std::size(subjects) == int(AlertSubject::Kind::JobQueue) + 1);
    o.insert(QLatin1String("subject"), QLatin1String(subjects[int(alert.subject.kind)]));
    o.insert(QLatin1String("since_ms"), alert.sinceMs > 0 ? QJsonValue(double(alert.sinceMs)) : QJsonValue(QJsonValue::Null));
    o.insert(QLatin1String("runbook"), alert.runbook.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(alert.runbook));
    switch (alert.subject.kind) {
    case AlertSubject::Kind::Group:
        o.insert(QLatin1String("stream"), displayBytes(alert.subject.key));
        o.insert(QLatin1String("group"), displayBytes(alert.subject.group));
        break;
    case AlertSubject::Kind::JobQueue:
        o.insert(QLatin1String("queue"), displayBytes(alert.subject.key));
        o.insert(QLatin1String("job_queue"), displayBytes(alert.subject.group)); // the framework's name for it: "BullMQ mail"
        break;
    case AlertSubject::Kind::DelayedQueue:
    case AlertSubject::Kind::ListQueue:
        o.insert(QLatin1String("queue"), displayBytes(alert.subject.key));
        break;
    }
    o.insert(QLatin1String("old_status"), healthName(alert.from));
    o.insert(QLatin1String("new_status"), healthName(alert.to));
    o.insert(QLatin1String("reasons"), reasonsJson(alert.reasons));
    return o;
}

} // namespace pelscope
