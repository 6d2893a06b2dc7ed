// When Pelscope tells someone: the one policy behind the window's desktop
// notifications and `pelscope-cli watch|record --on-alert`. A group's (or a
// queue's) status must hold for `holdPolls` polls before it is told (a blip
// is not an incident); a subject that turns WARN or CRIT is told once, again
// only when it gets worse or, while it stays bad, every `repeatMs` as a
// reminder; its recovery to OK is told once; when `burstAtLeast` or more would
// be told at one poll, they become one summary (a failover turning forty
// groups red is one notification, not forty).
#pragma once

#include "../snapshot/snapshot.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>

namespace pelscope {

struct AlertSubject
{
    enum class Kind { Group, DelayedQueue, ListQueue, JobQueue };
    Kind kind = Kind::Group;
    QByteArray key;   // the stream, or the queue's key (a reliable list's main list; a job queue's waiting list or set)
    QByteArray group; // Kind::Group: the group; Kind::JobQueue: its title ("BullMQ mail", UTF-8)

    QString text() const; // "orders/fulfillment", "delayed queue delayed_queue"
    friend bool operator==(const AlertSubject &a, const AlertSubject &b) { return a.kind == b.kind && a.key == b.key && a.group == b.group; }
};

inline size_t qHash(const AlertSubject &s, size_t seed = 0) noexcept
{
    return qHashMulti(seed, int(s.kind), s.key, s.group);
}

struct Alert
{
    enum class Kind { Raised, Worse, Reminder, Recovered, Summary };
    Kind kind = Kind::Raised;
    AlertSubject subject;
    Health from = Health::Ok;
    Health to = Health::Ok;
    QList<Reason> reasons;
    qint64 atMs = 0;      // the poll's server time
    qint64 sinceMs = 0;   // when the subject's incident began (IncidentMark); 0 when none is known
    QString runbook;      // [runbooks]: where to read what to do; empty when none applies
    QList<Alert> members; // Summary: what it stands for

    QString title() const;   // "orders/fulfillment is CRIT", "5 groups changed: 4 CRIT, 1 OK"
    QString message() const; // the reasons, or the members, in a line or a few
};

struct AlertSettings
{
    int holdPolls = 3;
    qint64 repeatMs = 600'000;
    int burstAtLeast = 5;
};

class AlertPolicy
{
public:
    explicit AlertPolicy(AlertSettings settings = {});

    // What this poll tells, in the order to tell it. Subjects no longer in the
    // snapshot are forgotten (a deleted group does not "recover").
    QList<Alert> onSnapshot(const Snapshot &snapshot);
    const AlertSettings &settings() const { return m_settings; }

private:
    struct Track
    {
        Health told = Health::Ok; // what was last told (OK: nothing is)
        Health seen = Health::Ok; // the status being held
        int heldPolls = 0;
        qint64 toldAtMs = 0;
        quint64 seenInPoll = 0; // the last poll that had the subject
    };
    void observe(const AlertSubject &subject, const HealthVerdict &verdict, qint64 atMs, QList<Alert> &out);

    AlertSettings m_settings;
    QHash<AlertSubject, Track> m_tracks;
    quint64 m_poll = 0;
};

// One alert as `--on-alert` hands it to its command (schema pelscope.alert/1):
// `connection` is the redacted URL (never a password).
QJsonObject alertToJson(const Alert &alert, const QString &connection);

} // namespace pelscope
