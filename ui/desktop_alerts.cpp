#include "desktop_alerts.h"

#include "snapshot/status_words.h"

#include "text/fill_text.h"
#include "session/page_route.h"

#include "connection_view.h"
#include "health_style.h"
#include "itemmodels/group_table_model.h"

#include <QDateTime>
#include <QPainter>
#include <QPixmap>
#include <QMenu>
#include <QSettings>
#include <QSystemTrayIcon>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

// A round icon in the status's colour, with its glyph: readable in any tray.
QIcon statusIcon(Health h)
{
    QPixmap pixmap(64, 64);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const HealthStyle style = healthStyle(h);
    p.setBrush(style.strong);
    p.setPen(Qt::NoPen);
    p.drawEllipse(4, 4, 56, 56);
    p.setPen(Qt::white);
    QFont f = p.font();
    f.setPixelSize(34);
    f.setBold(true);
    p.setFont(f);
    p.drawText(pixmap.rect(), Qt::AlignCenter, style.glyph);
    return QIcon(pixmap);
}

const QString kMutesKey = QStringLiteral("alerts/mutes");

} // namespace

TrayNotifier::TrayNotifier(QObject *parent)
    : QObject(parent)
    , m_tray(new QSystemTrayIcon(this))
{
    m_tray->setIcon(statusIcon(Health::Ok));
    m_tray->setToolTip(QStringLiteral("Pelscope"));
    connect(m_tray, &QSystemTrayIcon::messageClicked, this, &TrayNotifier::messageClicked);
    if (available())
        m_tray->show();
}

bool TrayNotifier::available() const
{
    return QSystemTrayIcon::isSystemTrayAvailable();
}

void TrayNotifier::show(const QString &title, const QString &text, Health severity)
{
    m_tray->showMessage(title, text,
                        severity == Health::Crit   ? QSystemTrayIcon::Critical
                        : severity == Health::Warn ? QSystemTrayIcon::Warning
                                                   : QSystemTrayIcon::Information,
                        15'000);
}

void TrayNotifier::setOverall(Health worst, const QString &tooltip)
{
    m_tray->setIcon(statusIcon(worst));
    m_tray->setToolTip(tooltip);
}

DesktopAlerts::DesktopAlerts(Notifier *notifier, QObject *parent)
    : QObject(parent)
    , m_notifier(notifier)
    , m_inbox(new AlertInboxModel(this))
    , m_mutes(QSettings().value(kMutesKey).toMap())
{}

void DesktopAlerts::watch(ConnectionView *view)
{
    m_policies.insert(view, AlertPolicy{});
    connect(view, &ConnectionView::polled, this, [this, view](const Snapshot &s) { onPoll(view, s); });
    // Marks are on the inbox's timeline too: "what changed just before?"
    connect(view->session(), &ConnectionSession::annotationNoted, this, [this, view](const StoredEvent &e) {
        m_inbox->addMark(view->label(), e.atMs, e.text, e.source, e.group ? e.group->stream : QByteArray(), e.group ? e.group->group : QByteArray());
    });
    showMutes(view);
}

void DesktopAlerts::forget(ConnectionView *view)
{
    view->disconnect(this);
    view->session()->disconnect(this);
    m_policies.remove(view);
    m_worst.remove(view);
    updateOverall();
}

QString DesktopAlerts::muteKey(const QString &connection, const AlertSubject &subject)
{
    // Bytes as hex: a key is any binary string, a settings key is not.
    return QStringLiteral("%1|%2|%3|%4")
        .arg(QString::fromLatin1(connection.toUtf8().toHex()), QString::number(int(subject.kind)), QString::fromLatin1(subject.key.toHex()),
             QString::fromLatin1(subject.group.toHex()));
}

void DesktopAlerts::mute(const QString &connection, const AlertSubject &subject, Mute how)
{
    QVariantMap &mutes = m_mutes;
    const QString key = muteKey(connection, subject);
    switch (how) {
    case Mute::None:
        mutes.remove(key);
        break;
    case Mute::OneHour:
        mutes.insert(key, QStringLiteral("until:%1").arg(QDateTime::currentMSecsSinceEpoch() + 3'600'000));
        break;
    case Mute::UntilOk:
        mutes.insert(key, QStringLiteral("until-ok"));
        break;
    case Mute::Always:
        mutes.insert(key, QStringLiteral("always"));
        break;
    }
    QSettings().setValue(kMutesKey, mutes);
    for (auto it = m_policies.cbegin(); it != m_policies.cend(); ++it)
        showMutes(it.key());
}

void DesktopAlerts::showMutes(ConnectionView *view)
{
    QSet<GroupKey> muted;
    const QString prefix = QString::fromLatin1(view->label().toUtf8().toHex()) + QLatin1Char('|');
    for (auto it = m_mutes.cbegin(); it != m_mutes.cend(); ++it) {
        const QStringList parts = it.key().split(QLatin1Char('|'));
        if (!it.key().startsWith(prefix) || parts.size() != 4 || parts.at(1).toInt() != int(AlertSubject::Kind::Group))
            continue;
        const AlertSubject subject{AlertSubject::Kind::Group, QByteArray::fromHex(parts.at(2).toLatin1()), QByteArray::fromHex(parts.at(3).toLatin1())};
        if (muteOf(view->label(), subject) != Mute::None)
            muted.insert(GroupKey{subject.key, subject.group});
    }
    view->groupModel()->setMuted(muted);
}

DesktopAlerts::Mute DesktopAlerts::muteOf(const QString &connection, const AlertSubject &subject) const
{
    const QString value = m_mutes.value(muteKey(connection, subject)).toString();
    if (value == QLatin1String("always"))
        return Mute::Always;
    if (value == QLatin1String("until-ok"))
        return Mute::UntilOk;
    if (value.startsWith(QLatin1String("until:")) && value.mid(6).toLongLong() > QDateTime::currentMSecsSinceEpoch())
        return Mute::OneHour;
    return Mute::None;
}

QString DesktopAlerts::pageOf(const AlertSubject &subject)
{
    switch (subject.kind) {
    case AlertSubject::Kind::Group: return PageRoute::groupOf(subject.key, subject.group).toText();
    case AlertSubject::Kind::JobQueue: return PageRoute::overview().toText(); // its row is on the overview
    default: return PageRoute::queue(subject.key).toText();
    }
}

void DesktopAlerts::onPoll(ConnectionView *view, const Snapshot &snapshot)
{
    auto policy = m_policies.find(view);
    if (policy == m_policies.end() || snapshot.isNull())
        return;
    const QString connection = view->label();
    QList<Alert> alerts;
    for (const Alert &a : policy->onSnapshot(snapshot)) {
        const QList<Alert> members = a.kind == Alert::Kind::Summary ? a.members : QList<Alert>{a};
        QList<Alert> kept;
        for (const Alert &m : members) {
            const Mute mute = muteOf(connection, m.subject);
            if (mute == Mute::UntilOk && m.kind == Alert::Kind::Recovered)
                this->mute(connection, m.subject, Mute::None); // OK again: the mute has done its job
            if (mute == Mute::None)
                kept.append(m);
        }
        if (kept.isEmpty())
            continue;
        if (a.kind == Alert::Kind::Summary && kept.size() > 1) {
            Alert summary = a;
            summary.members = kept;
            alerts.append(summary);
        } else {
            alerts += kept;
        }
    }
    Health worst = Health::Ok;
    for (const StreamSnapshot &s : snapshot->streams)
        for (const GroupSnapshot &g : s.groups)
            worst = std::max(worst, g.health.status);
    for (const DelayedQueueSnapshot &q : snapshot->delayedQueues)
        worst = std::max(worst, q.health.status);
    for (const ListQueueSnapshot &q : snapshot->listQueues)
        worst = std::max(worst, q.health.status);
    for (const JobQueueSnapshot &q : snapshot->jobQueues)
        worst = std::max(worst, q.health.status);
    m_worst.insert(view, worst);
    updateOverall();
    showMutes(view); // a mute for an hour ends by itself
    if (alerts.isEmpty())
        return;
    if (!m_notifier->available()) {
        if (!m_saidUnavailable) // once, then carry on: the window itself still shows everything
            spdlog::warn("no system tray or notification service here: desktop notifications are off (pelscope-cli watch --on-alert works without one)");
        m_saidUnavailable = true;
    }
    for (const Alert &a : std::as_const(alerts)) {
        m_shown.append(a);
        if (m_shown.size() > AlertInboxModel::kCapacity)
            m_shown.removeFirst();
        m_inbox->add(connection, a); // stays after the notification is gone
    }
    m_lastView = view;
    // Several at one poll are one notification that says how many and lists
    // them: one after another, each replaced the last, and the bar showed one
    // of three (issue 45).
    Alert told = alerts.first();
    if (alerts.size() > 1) {
        told = Alert{};
        told.kind = Alert::Kind::Summary;
        told.atMs = alerts.first().atMs;
        for (const Alert &a : std::as_const(alerts)) {
            told.members += a.kind == Alert::Kind::Summary ? a.members : QList<Alert>{a};
            told.to = std::max(told.to, a.to);
        }
    }
    m_lastPage = told.kind == Alert::Kind::Summary ? QStringLiteral("overview") : pageOf(told.subject);
    if (m_notifier->available())
        m_notifier->show(connection.isEmpty() ? told.title() : fillText(QStringLiteral("%1 — %2"), told.title(), connection), told.message(), told.to);
}

void DesktopAlerts::updateOverall()
{
    Health worst = Health::Ok;
    QStringList lines{QStringLiteral("Pelscope")};
    for (auto it = m_worst.cbegin(); it != m_worst.cend(); ++it) {
        worst = std::max(worst, it.value());
        lines << QStringLiteral("%1: %2").arg(it.key()->label(), statusWord(it.value()));
    }
    m_notifier->setOverall(worst, lines.join(QLatin1Char('\n')));
}

void DesktopAlerts::openLast()
{
    if (m_lastView)
        Q_EMIT openRequested(m_lastView, m_lastPage);
}

void DesktopAlerts::open(const QString &connection, const AlertSubject &subject)
{
    for (auto it = m_policies.cbegin(); it != m_policies.cend(); ++it)
        if (it.key()->label() == connection) {
            Q_EMIT openRequested(it.key(), pageOf(subject));
            return;
        }
}

// The overview's right-click menu and the group page's Notifications button.
void DesktopAlerts::fillMuteMenu(QMenu *menu, const QString &connection, const AlertSubject &subject)
{
    menu->clear();
    const Mute now = muteOf(connection, subject);
    menu->addSection(tr("Notifications for %1").arg(subject.text()));
    const QList<QPair<QString, Mute>> choices{{tr("Mute for 1 hour"), Mute::OneHour},
                                                            {tr("Mute until it is OK again"), Mute::UntilOk},
                                                            {tr("Mute always"), Mute::Always},
                                                            {tr("Unmute"), Mute::None}};
    for (const auto &[text, how] : choices) {
        QAction *action = menu->addAction(text);
        action->setCheckable(true);
        action->setChecked(now == how);
        connect(action, &QAction::triggered, this, [this, connection, subject, how = how] { mute(connection, subject, how); });
    }
}

} // namespace pelscope
