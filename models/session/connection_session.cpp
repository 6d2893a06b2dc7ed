#include "connection_session.h"

#include "../polling/entry_reader.h"
#include "../polling/poller_thread.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QDateTime>
#include <QMap>

#include <algorithm>
#include <utility>

#include <spdlog/spdlog.h>

namespace pelscope {

ConnectionSession::ConnectionSession(QObject *parent)
    : QObject(parent)
    , m_historySession(new HistorySession(this))
{
    qRegisterMetaType<pelscope::TimelineEvent>();
    m_readerThread.setObjectName(QStringLiteral("payload reader"));
    connect(&m_staleTimer, &QTimer::timeout, this, &ConnectionSession::checkStale);
    m_staleTimer.start(500);
    connect(m_historySession, &HistorySession::judged, this, &ConnectionSession::acceptJudged);
    connect(m_historySession, &HistorySession::stateChanged, this, &ConnectionSession::historyStateChanged);
    connect(m_historySession, &HistorySession::pastReplayed, this, [this](int polls, qint64 loadMs, const QList<StoredEvent> &events) {
        // Failovers and annotations recorded before this window opened are marked on its charts too.
        for (const StoredEvent &e : events) {
            if (!e.group && e.kind == QLatin1String("failover"))
                m_events.append(TimelineEvent{e.atMs, tr("failover"), e.text});
            else if (e.kind == QLatin1String("annotation"))
                m_events.append(TimelineEvent{e.atMs, chartLabel(e.text), annotationDetail(e)});
        }
        spdlog::info("history: {} recorded polls replayed, read in {} ms", polls, loadMs);
        Q_EMIT pastReplayed(polls, loadMs);
    });
}

ConnectionSession::~ConnectionSession()
{
    m_poller.reset(); // joins the poller thread
    stopReader();
}

void ConnectionSession::start(const SessionSettings &settings)
{
    m_poller.reset(); // joins the old poller thread first: nothing of it arrives after this
    reset();
    m_historySession->start(settings.history);
    m_poller = std::make_unique<PollerThread>(settings.options, settings.probe);
    m_poller->setIntervalMs(settings.intervalMs);
    m_intervalMs = settings.intervalMs;
    connect(m_poller->poller(), &Poller::snapshotReady, this, &ConnectionSession::accept);
    connect(m_poller->poller(), &Poller::statusChanged, this, &ConnectionSession::acceptStatus);
    m_poller->setPaused(m_paused);
    m_poller->start();
}

void ConnectionSession::reset()
{
    m_historySession->reset();
    m_events.clear();
    m_lastSnapshot = {};
    m_generation = 0;
    m_lastFailoverAtMs = 0;
    m_lastSnapshotWallMs = 0;
}

void ConnectionSession::setPaused(bool paused)
{
    m_paused = paused;
    if (m_poller)
        m_poller->setPaused(paused);
}

void ConnectionSession::pollNow()
{
    if (m_poller)
        m_poller->pollNow();
}

void ConnectionSession::rereadGroup(const QByteArray &stream, const QByteArray &group)
{
    if (m_poller)
        m_poller->rereadGroup(stream, group);
}

void ConnectionSession::stopReader()
{
    if (m_readerThread.isRunning()) {
        m_readerThread.quit();
        m_readerThread.wait();
    }
}

EntryReader *ConnectionSession::openReader(const ConnectionOptions &options)
{
    stopReader(); // another server: a fresh reader (the old one is deleted with its thread's end)
    auto *reader = new EntryReader(options);
    reader->moveToThread(&m_readerThread);
    connect(&m_readerThread, &QThread::finished, reader, &QObject::deleteLater);
    m_readerThread.start();
    return reader;
}

void ConnectionSession::accept(const Snapshot &incoming)
{
    if (incoming->generation < m_generation)
        return; // from before a reconnect
    m_generation = incoming->generation;
    m_historySession->judge(incoming);
}

void ConnectionSession::acceptJudged(const Snapshot &snapshot)
{
    m_historySession->record(snapshot); // to disk, on the history writer's thread
    if (!m_lastSnapshot.isNull())
        noteNodeChanges(m_lastSnapshot, snapshot);
    for (const PublishedAnnotation &a : snapshot->annotations)
        showPublished(a); // the recorder keeps it (once) from the snapshot
    Snapshot previous = std::exchange(m_lastSnapshot, snapshot);
    m_lastSnapshotWallMs = QDateTime::currentMSecsSinceEpoch();
    if (m_stale) {
        m_stale = false;
        Q_EMIT stalenessChanged(false, m_lastSnapshotWallMs, 0);
    }
    Q_EMIT snapshotReady(snapshot);
    // Every view holds this poll now: the previous one is freed on the
    // history's thread (at 10,000 groups that took ~10 ms of the window's).
    m_historySession->dispose(std::move(previous));
}

void ConnectionSession::checkStale()
{
    if (m_lastSnapshotWallMs == 0 || m_paused)
        return;
    const qint64 age = QDateTime::currentMSecsSinceEpoch() - m_lastSnapshotWallMs;
    if (age > std::max<qint64>(3000, 3LL * m_intervalMs))
        m_stale = true;
    if (m_stale)
        Q_EMIT stalenessChanged(true, m_lastSnapshotWallMs, age);
}

void ConnectionSession::acceptStatus(const ConnectionStatus &status)
{
    Q_EMIT statusChanged(status);
    if (status.failoverAtMs > m_lastFailoverAtMs && !status.failover.isEmpty()) { // Sentinel promoted another master
        m_lastFailoverAtMs = status.failoverAtMs;
        noteEvent({status.failoverAtMs, tr("failover"), status.failover});
    }
}

qint64 ConnectionSession::serverNowMs() const
{
    const qint64 desktopNow = QDateTime::currentMSecsSinceEpoch();
    if (m_lastSnapshot.isNull() || m_lastSnapshotWallMs == 0)
        return desktopNow;
    return m_lastSnapshot->takenAtMs + std::max<qint64>(0, desktopNow - m_lastSnapshotWallMs);
}

qint64 ConnectionSession::latestServerTimeMs() const
{
    return m_lastSnapshot.isNull() ? QDateTime::currentMSecsSinceEpoch() : m_lastSnapshot->takenAtMs;
}

void ConnectionSession::notePublished(const PublishedAnnotation &a)
{
    m_historySession->recordEvent(annotationEvent(a)); // kept once: the poll reading it back finds it
    showPublished(a);
}

void ConnectionSession::showPublished(const PublishedAnnotation &a)
{
    // Marked unless the history's replay, or the operator who shared it,
    // marked it already.
    const StoredEvent e = annotationEvent(a);
    const TimelineEvent event{e.atMs, chartLabel(e.text), annotationDetail(e)};
    const bool shown =
        std::any_of(m_events.cbegin(), m_events.cend(), [&](const TimelineEvent &x) { return x.atMs == event.atMs && x.detail == event.detail; });
    if (shown)
        return;
    showEvent(event);
    Q_EMIT annotationNoted(e);
}

void ConnectionSession::showEvent(const TimelineEvent &event)
{
    m_events.append(event);
    if (m_events.size() > 200)
        m_events.removeFirst();
    Q_EMIT eventNoted(event);
}

void ConnectionSession::noteEvent(const TimelineEvent &event)
{
    StoredEvent stored;
    stored.atMs = event.atMs;
    stored.kind = QStringLiteral("failover");
    stored.text = event.detail;
    m_historySession->recordEvent(stored);
    showEvent(event);
}

void ConnectionSession::annotate(const QString &text)
{
    StoredEvent stored;
    stored.atMs = latestServerTimeMs();
    stored.kind = QStringLiteral("annotation");
    stored.text = text;
    stored.source = QStringLiteral("window");
    m_historySession->recordEvent(stored);
    showEvent({stored.atMs, chartLabel(text), annotationDetail(stored)});
    Q_EMIT annotationNoted(stored);
}

QString ConnectionSession::chartLabel(const QString &text)
{
    // Drawn along the marker's line: the whole text is in the tooltip and the status line.
    constexpr qsizetype kShown = 40;
    const QString shown = displayText(text);
    return shown.size() <= kShown ? shown : shown.left(kShown - 1) + QChar(0x2026);
}

QString ConnectionSession::annotationDetail(const StoredEvent &e)
{
    const QString at = QDateTime::fromMSecsSinceEpoch(e.atMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    return e.group ? fillText(tr("%1, %2 on %3 / %4: %5"), at, displayText(e.source), displayBytes(e.group->stream), displayBytes(e.group->group),
                              displayText(e.text))
                   : fillText(tr("%1, %2: %3"), at, displayText(e.source), displayText(e.text));
}

void ConnectionSession::noteNodeChanges(const Snapshot &previous, const Snapshot &current)
{
    if (current->server.mode != QLatin1String("cluster"))
        return;
    QHash<QByteArray, QString> before;
    for (const StreamSnapshot &s : previous->streams)
        before.insert(s.key, s.node);
    QMap<QPair<QString, QString>, QStringList> moves; // (from, to) -> streams
    for (const StreamSnapshot &s : current->streams) {
        const QString was = before.value(s.key);
        if (!was.isEmpty() && !s.node.isEmpty() && was != s.node)
            moves[{was, s.node}] << displayBytes(s.key);
    }
    for (auto it = moves.cbegin(); it != moves.cend(); ++it) {
        const QStringList &streams = it.value();
        const QString which = streams.size() <= 3 ? streams.join(QStringLiteral(", ")) : tr("%1 streams").arg(streams.size());
        noteEvent({current->takenAtMs, tr("node changed"),
                   tr("%1: now on %2 (was %3) — a failover or a slot migration").arg(which, it.key().second, it.key().first)});
    }
}

} // namespace pelscope
