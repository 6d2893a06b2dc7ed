#include "widgets/connection_status_line.h"

#include "health_style.h"
#include "snapshot/activity_text.h"

#include <QEvent>
#include "snapshot/format.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QDateTime>
#include <QLabel>
#include <QLocale>

#include <QResizeEvent>
#include <QTimer>

#include <algorithm>

namespace pelscope {

ConnectionStatusLine::ConnectionStatusLine(QWidget *parent)
    : QStatusBar(parent)
    , m_profileTag(new QLabel)
    , m_connectionLabel(new QLabel)
    , m_replicaLabel(new QLabel)
    , m_historyLabel(new QLabel)
    , m_pollLabel(new QLabel)
    , m_activityLabel(new QLabel)
{
    setSizeGripEnabled(false);
    m_profileTag->hide();
    addWidget(m_profileTag);
    // The address may be long: the label gives way in a narrow window (its
    // tooltip has it whole) rather than widen the window past the screen.
    m_connectionLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_connectionLabel->setObjectName(QStringLiteral("connectionLabel"));
    addWidget(m_connectionLabel, 1);
    connect(this, &QStatusBar::messageChanged, this, &ConnectionStatusLine::onMessageChanged);
    m_replicaLabel->setObjectName(QStringLiteral("replicaLabel"));
    m_replicaLabel->setTextFormat(Qt::RichText);
    m_replicaLabel->hide();
    addPermanentWidget(m_replicaLabel);
    m_historyLabel->setObjectName(QStringLiteral("historyLabel"));
    m_historyLabel->setTextFormat(Qt::RichText);
    addPermanentWidget(m_historyLabel);
    m_activityLabel->setObjectName(QStringLiteral("activityLabel"));
    m_activityLabel->setTextFormat(Qt::PlainText);
    m_activityLabel->hide();
    m_activityLabel->setCursor(Qt::PointingHandCursor);
    m_activityLabel->installEventFilter(this);
    addPermanentWidget(m_activityLabel);
    addPermanentWidget(m_pollLabel);
    connect(this, &QStatusBar::messageChanged, this, [this](const QString &shown) {
        if (shown.isEmpty() && !m_message.isEmpty()) { // timed out, or another message cleared it
            m_message.clear();
            setToolTip({});
        }
    });
}

void ConnectionStatusLine::showConnection(const ConnectionStatus &status)
{
    using State = RedisConnection::State;
    QString text;
    switch (status.state) {
    case State::Ready:
        text = tr("● Connected to %1 — %2 %3 (%4)").arg(status.address, productName(status.server.product), status.server.version, status.server.mode);
        if (status.server.mode == QLatin1String("sentinel")) // the master in use, and a failover when there was one
            text += tr(", master %1").arg(status.server.node) + (status.failover.isEmpty() ? QString() : QStringLiteral(" — ⚠ ") + status.failover);
        if (status.certificateUnverified)
            text += tr(" — ⚠ TLS certificate not verified");
        break;
    case State::Connecting:
    case State::Handshake: text = tr("Connecting to %1…").arg(status.address); break;
    case State::Backoff:
        text = fillText(tr("Reconnecting to %1 (attempt %2, next in %3)"), status.address, status.attempt, formatDuration(status.nextRetryMs));
        break;
    case State::Disconnected: text = tr("Disconnected from %1").arg(status.address); break;
    }
    m_connectionLabel->setText(text);
    m_connectionLabel->setToolTip(text);
}

void ConnectionStatusLine::say(const QString &text, int ms)
{
    m_message = text;
    m_messageUntil = QDeadlineTimer(ms);
    setToolTip(text);
    showMessage(text, ms);
    fitMessage();
    // The figures beside it settle after the next layout: cut it again then.
    QTimer::singleShot(0, this, &ConnectionStatusLine::fitMessage);
}

void ConnectionStatusLine::fitMessage()
{
    if (m_message.isEmpty())
        return;
    int room = width() - 24; // QStatusBar's own margins around a message
    for (QLabel *label : {m_replicaLabel, m_historyLabel, m_activityLabel, m_pollLabel})
        if (label->isVisible())
            room = std::min(room, label->geometry().left() - 12);
    const QString line = m_message.section(QLatin1Char('\n'), 0, 0); // one line is drawn
    const QString fitted = fontMetrics().elidedText(line, Qt::ElideRight, std::max(room, 40));
    // showMessage starts its timeout again: the time left of the one said.
    if (fitted != currentMessage() && !m_messageUntil.hasExpired())
        showMessage(fitted, int(std::max<qint64>(1, m_messageUntil.remainingTime())));
}

void ConnectionStatusLine::resizeEvent(QResizeEvent *event)
{
    QStatusBar::resizeEvent(event);
    fitMessage();
}

// QStatusBar hides its normal widgets under a message only when they are
// visible at that moment: a message said while the tab was hidden (the window
// opening on a page, a mark read at start) was drawn over the address, both
// unreadable. The address and the tag give way to a message, then come back.
void ConnectionStatusLine::onMessageChanged(const QString &message)
{
    m_connectionLabel->setVisible(message.isEmpty());
    m_profileTag->setVisible(message.isEmpty() && m_tagShown);
}

void ConnectionStatusLine::showProfileTag(ConnectionProfile::ColorTag tag)
{
    m_tagShown = tag != ConnectionProfile::ColorTag::None;
    m_profileTag->setVisible(m_tagShown && currentMessage().isEmpty());
    m_profileTag->setText(QStringLiteral(" %1 ").arg(ConnectionProfile::colorTagName(tag).toUpper()));
    m_profileTag->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; font-weight: bold; border-radius: 3px; padding: 1px 6px; }")
                                    .arg(colorTagColor(tag).name()));
}

void ConnectionStatusLine::showHistory(const HistoryState &state, std::optional<qint64> recordedSinceMs)
{
    m_history = state;
    m_recordedSinceMs = recordedSinceMs;
    QString text, tip;
    if (state.path.isEmpty()) {
        text = tr("History: in memory only");
    } else if (!state.problem.isEmpty()) {
        text = tr("<span style='color:%1'>History: in memory only</span>").arg(warningTextColor());
        tip = state.problem;
    } else if (state.writing && !m_polled) {
        text = tr("History: waiting for the first poll");
        tip = tr("Polls will be kept in %1").arg(state.path);
    } else if (state.writing) {
        text = tr("History: recording");
        tip = tr("Every poll is kept in %1").arg(state.path);
    } else if (state.open) {
        text = tr("History: %1 records").arg(state.holder.section(QLatin1Char(' '), 0, 1).toHtmlEscaped());
        tip = tr("%1 writes this connection's history (%2); this window shows it and adds no second copy, and takes over when it stops")
                  .arg(state.holder, state.path);
    }
    if (const auto since = recordedSinceMs)
        tip += (tip.isEmpty() ? QString() : QStringLiteral("\n"))
               + tr("Recorded since %1").arg(QDateTime::fromMSecsSinceEpoch(*since).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    if (const auto held = m_held)
        tip += (tip.isEmpty() ? QString() : QStringLiteral("\n"))
               + fillText(tr("In this window's memory: %1 group(s), %2 of them gone from the server (the %3 last seen are kept); "
                             "%4 consumer(s); %5 of series. The file keeps the rest."),
                          formatCount(held->groups), formatCount(held->goneGroups), HistoryStore::GoneGroupsKept, formatCount(held->consumers),
                          QLocale().formattedDataSize(held->bytes));
    m_historyLabel->setText(text);
    m_historyLabel->setToolTip(tip);
}

void ConnectionStatusLine::showHistoryHeld(const HistoryStore::Held &held)
{
    m_held = held;
    showHistory(m_history, m_recordedSinceMs);
}

void ConnectionStatusLine::showPoll(const Snapshot &snapshot)
{
    if (!m_polled && !snapshot.isNull()) {
        m_polled = true;
        showHistory(m_history, m_recordedSinceMs); // "recording" from now on
    }
    showPollCost(snapshot);
    showReplicas(snapshot);
    showActivity(snapshot);
    if (!m_message.isEmpty()) // the figures may have widened: a message beside them is cut again
        QTimer::singleShot(0, this, &ConnectionStatusLine::fitMessage);
}

// Claims and acknowledgements, short; the whole sentence in the tooltip. XACK
// calls clearly above the entries acknowledged is said in the line itself.
void ConnectionStatusLine::showActivity(const Snapshot &snapshot)
{
    const std::optional<CommandActivity> &a = snapshot->activity;
    m_activityLabel->setVisible(a.has_value());
    if (!a)
        return;
    const double seconds = std::max<double>(1.0, double(a->windowMs) / 1000.0);
    QString text = tr("Claims %1/s").arg(double(a->xclaimCalls + a->xautoclaimCalls) / seconds, 0, 'f', 1);
    if (a->claimFailed + a->claimRejected > 0)
        text += tr(" (%1 failed)").arg(formatCount(a->claimFailed + a->claimRejected));
    text += tr(" · XACK %1").arg(formatCount(a->xackCalls));
    if (a->entriesAcked)
        text += tr(" / %1 acked").arg(formatCount(*a->entriesAcked));
    if (a->duplicateAcks)
        text = QStringLiteral("⚠ ") + text + tr(": duplicate processing?");
    m_activityLabel->setText(text);
    m_activityLabel->setStyleSheet(a->duplicateAcks ? QStringLiteral("color: %1; font-weight: bold;").arg(healthStyle(Health::Warn).strong.name())
                                                    : QString());
    m_activityLabel->setToolTip(describeActivity(*a) + tr("\n\nClick for the last hour."));
}

bool ConnectionStatusLine::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_activityLabel && event->type() == QEvent::MouseButtonRelease)
        Q_EMIT activityClicked();
    return QStatusBar::eventFilter(watched, event);
}

void ConnectionStatusLine::showPollCost(const Snapshot &snapshot)
{
    const QString when = QDateTime::fromMSecsSinceEpoch(snapshot->takenAtMs).toString(QStringLiteral("HH:mm:ss"));
    m_pollLabel->setText(fillText(tr("Last poll %1 · %2 ms · %3 round trip · %4 commands · %5 read"), when, snapshot->stats.durationMs,
                                  snapshot->stats.roundTrips, snapshot->stats.commands,
                                  snapshot->stats.bytesIn < 10'000 ? QStringLiteral("%1 B").arg(snapshot->stats.bytesIn)
                                                                   : QStringLiteral("%1 KiB").arg(snapshot->stats.bytesIn / 1024)));
    m_pollLabel->setToolTip(snapshot->warning);
    const PollStats &st = snapshot->stats;
    if (st.refreshTicks > 1) { // more groups than a tick reads: said, with how fresh a row can be
        m_pollLabel->setText(m_pollLabel->text()
                             + fillText(tr(" · %1 of %2 groups read this poll, each at least every %3 polls (the Read column)"),
                                        formatCount(st.groupsRead), formatCount(st.groupsKnown), st.refreshTicks));
    }
    if (snapshot->stats.budgetTooSmall) { // --poll-budget: say that figures are old or missing, not just show them
        m_pollLabel->setText(m_pollLabel->text() + tr(" · poll budget too small: some figures are old or missing"));
        m_pollLabel->setToolTip(snapshot->stats.budgetNote + QLatin1Char('\n') + snapshot->warning);
    }
}

void ConnectionStatusLine::showReplicas(const Snapshot &snapshot)
{
    const std::optional<ReplicaSnapshot> &r = snapshot->server.replica;
    const bool clusterReplicas =
        std::any_of(snapshot->nodes.cbegin(), snapshot->nodes.cend(), [](const ClusterNodeSnapshot &n) { return n.readFromReplica; });
    m_replicaLabel->setVisible(r.has_value() || clusterReplicas);
    if (clusterReplicas) {
        // Per shard: which replica, and the worst lag, so a shard far behind stands out.
        int read = 0;
        qint64 worst = 0;
        bool unknown = false;
        QStringList details;
        for (const ClusterNodeSnapshot &n : snapshot->nodes) {
            read += !n.polledAddress.isEmpty();
            worst = std::max(worst, n.lagBytes.value_or(0));
            unknown |= !n.polledAddress.isEmpty() && !n.lagBytes;
            details << (n.polledAddress.isEmpty() ? tr("%1: not read — %2").arg(n.address, n.note)
                                                  : tr("%1: replica %2, link %3, lag %4")
                                                        .arg(n.address, n.polledAddress, n.replicaLink,
                                                             n.lagBytes ? tr("%1 B").arg(formatCount(*n.lagBytes)) : tr("unknown")));
        }
        const qsizetype shards = snapshot->nodes.size();
        const bool trouble = read < shards || unknown || worst > 1024LL * 1024;
        const QString text = fillText(tr("Shards read from replicas: %1 of %2 · worst offset lag %3"), read, shards,
                                      unknown ? tr("unknown") : tr("%1 B").arg(formatCount(worst)));
        m_replicaLabel->setText(
            trouble ? QStringLiteral("<span style='color:%1'><b>⚠ %2</b></span>").arg(healthStyle(Health::Warn).strong.name(), text) : text);
        m_replicaLabel->setToolTip(details.join(QLatin1Char('\n')));
        return;
    }
    if (!r)
        return;
    // A replica behind its primary shows old values: say by how much, next to the data.
    QString lag = r->lagBytes ? tr("offset lag %1 B").arg(formatCount(*r->lagBytes)) : tr("offset lag unknown");
    if (r->lastIoS && r->link == QLatin1String("up"))
        lag += tr(", last I/O %1 s ago").arg(*r->lastIoS);
    const bool trouble = r->link != QLatin1String("up") || r->syncing || !r->lagBytes || *r->lagBytes > 1024LL * 1024;
    const QString colour = trouble ? healthStyle(Health::Warn).strong.name() : QString();
    QString text = tr("Replica %1 of %2 · link %3 · %4").arg(r->address.toHtmlEscaped(), r->primary.toHtmlEscaped(), r->link.toHtmlEscaped(), lag);
    if (r->syncing)
        text += tr(" · full resync running");
    m_replicaLabel->setText(colour.isEmpty() ? text : QStringLiteral("<span style='color:%1'><b>⚠ %2</b></span>").arg(colour, text));
    m_replicaLabel->setToolTip(r->note.isEmpty() ? tr("Polling a replica: the primary only gets one ROLE per tick, for this lag.") : r->note);
}

} // namespace pelscope
