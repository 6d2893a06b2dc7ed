// What the alert widgets and the window's alert service (DesktopAlerts, a
// composer) need of each other, so the banner and the inbox dialog depend on
// these and never on the service itself.
#pragma once

#include "alerts/alert_policy.h"
#include "snapshot/snapshot.h"

#include <QString>

class QMenu;

namespace pelscope {

class AlertInboxModel;

// What shows a notification. Injectable: the tests record what would be shown.
class Notifier
{
public:
    virtual ~Notifier() = default;
    // False where the platform has no tray or notification service.
    virtual bool available() const = 0;
    virtual void show(const QString &title, const QString &text, Health severity) = 0;
    // The worst status of every connection, for the tray icon.
    virtual void setOverall(Health worst, const QString &tooltip) = 0;
};

// What the alert inbox asks of whoever tells the alerts.
class AlertActions
{
public:
    virtual ~AlertActions() = default;
    // Every alert told, kept after the notification is gone.
    virtual AlertInboxModel *inbox() const = 0;
    // The mute choices for `subject`, the one in force checked.
    virtual void fillMuteMenu(QMenu *menu, const QString &connection, const AlertSubject &subject) = 0;
    // Opens `subject` on the connection labelled `connection`, if it is still open.
    virtual void open(const QString &connection, const AlertSubject &subject) = 0;
};

} // namespace pelscope
