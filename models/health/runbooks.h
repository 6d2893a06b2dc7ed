// Where an operator reads what to do: the [runbooks] section of --config maps
// a reason code ("lag", "stalled_consumer", "falling_behind") or a subject
// ("orders/billing", "orders/*", a queue's key) to a URL. The verdict carries
// the one that applies (IncidentTracker), so the window, the alerts and their
// hooks (PELSCOPE_RUNBOOK), the inbox, the JSON and the report all link it.
#pragma once

#include "../snapshot/snapshot.h"

#include <QList>
#include <QString>

namespace pelscope {

class Runbooks
{
public:
    // key = url, as the INI's [runbooks] line says it. An error names a bad URL.
    QString set(const QString &key, const QString &url);
    // The URL for a verdict of `subject` ("stream/group", or a queue's key):
    // a key naming its subject exactly (any key, "delayed_queue" too), then a "stream/*" for its stream, then the first of
    // its reasons (in their order) that has one. Empty when none applies.
    QString urlFor(const QString &subject, const HealthVerdict &verdict) const;
    bool isEmpty() const { return m_bySubject.isEmpty() && m_byCode.isEmpty(); }

private:
    QList<QPair<QString, QString>> m_bySubject; // subject or "stream/*" -> url
    QList<QPair<QByteArray, QString>> m_byCode; // reason code -> url
};

} // namespace pelscope
