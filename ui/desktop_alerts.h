// The window's desktop notifications (issue 16, part 1): each connection's
// polls go through its own AlertPolicy (models/alerts: held 3 polls, worse at
// once, a reminder at most every 10 minutes while bad, recovery once, a burst
// as one summary), muted subjects are left out, and what remains is shown by
// a Notifier: the system tray's balloon in the program, a recording one in the
// tests. Clicking the notification opens that group or queue.
#pragma once

#include "alert_interfaces.h"
#include "alerts/alert_policy.h"
#include "itemmodels/alert_inbox_model.h"

#include <QHash>
#include <QObject>
#include <QPointer>

class QMenu;
class QSystemTrayIcon;

namespace pelscope {

class ConnectionView;

// The system tray: an icon coloured by the worst status, its balloon messages.
class TrayNotifier : public QObject, public Notifier
{
    Q_OBJECT
public:
    explicit TrayNotifier(QObject *parent = nullptr);
    bool available() const override;
    void show(const QString &title, const QString &text, Health severity) override;
    void setOverall(Health worst, const QString &tooltip) override;
    QSystemTrayIcon *tray() const { return m_tray; }

Q_SIGNALS:
    void messageClicked();

private:
    QSystemTrayIcon *m_tray;
};

class DesktopAlerts : public QObject, public AlertActions
{
    Q_OBJECT
public:
    enum class Mute { None, OneHour, UntilOk, Always };

    // `notifier` is not owned.
    explicit DesktopAlerts(Notifier *notifier, QObject *parent = nullptr);
    void setNotifier(Notifier *notifier) { m_notifier = notifier; }

    void watch(ConnectionView *view);
    void forget(ConnectionView *view);

    // Kept in the settings per connection (its label) and subject.
    void mute(const QString &connection, const AlertSubject &subject, Mute how);
    Mute muteOf(const QString &connection, const AlertSubject &subject) const;
    // The mute choices for `subject`, the one in force checked (the overview's
    // right-click menu, the group page's Notifications button).
    void fillMuteMenu(QMenu *menu, const QString &connection, const AlertSubject &subject) override;
    // The alerts shown, newest last, the last AlertInboxModel::kCapacity of them (the tests read it).
    const QList<Alert> &shown() const { return m_shown; }

    // What the last notification was about, opened when it is clicked.
    void openLast();
    // Every alert told, kept after the notification is gone (the inbox).
    AlertInboxModel *inbox() const override { return m_inbox; }
    // Opens `subject` on the connection labelled `connection`, if it is still open.
    void open(const QString &connection, const AlertSubject &subject) override;

Q_SIGNALS:
    void openRequested(pelscope::ConnectionView *view, const QString &page);

private:
    void onPoll(ConnectionView *view, const Snapshot &snapshot);
    void updateOverall();
    static QString muteKey(const QString &connection, const AlertSubject &subject);
    // The overview's muted marks, from the mutes in force.
    void showMutes(ConnectionView *view);
    static QString pageOf(const AlertSubject &subject);

    Notifier *m_notifier;
    AlertInboxModel *m_inbox;
    QHash<ConnectionView *, AlertPolicy> m_policies;
    QVariantMap m_mutes; // the settings' alerts/mutes, read once
    QHash<ConnectionView *, Health> m_worst;
    QList<Alert> m_shown;
    QPointer<ConnectionView> m_lastView;
    QString m_lastPage;
    bool m_saidUnavailable = false;
};

} // namespace pelscope
