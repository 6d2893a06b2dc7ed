// A connection tab's status line: the profile's colour tag, the connection's
// state in words, and on the right which replica is read (and how far behind
// it is), where the history is kept, and what the last poll cost.
#pragma once

#include "profiles/connection_profile_store.h"
#include "history/history_recorder.h"
#include "history/history_store.h"
#include "probe/connection_status.h"
#include "snapshot/snapshot.h"

#include <QDeadlineTimer>
#include <QStatusBar>

#include <optional>

class QLabel;

namespace pelscope {

class ConnectionStatusLine : public QStatusBar
{
    Q_OBJECT
public:
    explicit ConnectionStatusLine(QWidget *parent = nullptr);

    void showProfileTag(ConnectionProfile::ColorTag tag);
    // A message for `ms`, cut with "…" where the line's figures begin (the
    // status bar clipped it mid-word against them) and whole in the tooltip.
    void say(const QString &text, int ms);
    void showConnection(const ConnectionStatus &status);
    void showPoll(const Snapshot &snapshot);
    void showHistory(const HistoryState &state, std::optional<qint64> recordedSinceMs);
    // What the window keeps in memory, said under the history's tooltip.
    void showHistoryHeld(const HistoryStore::Held &held);

Q_SIGNALS:
    // The claim and XACK activity was clicked: its chart.
    void activityClicked();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void showPollCost(const Snapshot &snapshot);
    // read_from=replica: which replica, its link and offset lag behind the primary.
    void showReplicas(const Snapshot &snapshot);
    void showActivity(const Snapshot &snapshot);

    bool m_tagShown = false; // a profile's colour tag is set (shown when no message covers it)
    QLabel *m_profileTag;
    QLabel *m_connectionLabel;
    QLabel *m_replicaLabel;
    QLabel *m_historyLabel;
    QLabel *m_pollLabel;
    QLabel *m_activityLabel; // claim and XACK activity (server-wide)
    QString m_message;       // say()'s whole text while it is shown
    QDeadlineTimer m_messageUntil;
    void fitMessage();
    void onMessageChanged(const QString &message);       // shown again, cut to the room left by the figures as they are now
    // Until the first poll succeeds nothing is recorded, whatever the file says.
    bool m_polled = false;
    HistoryState m_history;
    std::optional<qint64> m_recordedSinceMs;
    std::optional<HistoryStore::Held> m_held;
};

} // namespace pelscope
